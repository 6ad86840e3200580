package replay_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"tandem/replay"
)

// The timeline examples people copy from the README and the timeline
// package doc must replay with no event ignored or refused.
func TestDocumentedTimelineExamplesReplayCleanly(t *testing.T) {
	for _, c := range []struct {
		file string
		re   *regexp.Regexp
		trim string
	}{
		{"../README.md", regexp.MustCompile("(?s)```\n(  0     start\n.*?)  ```"), "  "},
		{"../timeline/doc.go", regexp.MustCompile(`(?s)// Example:\n//\n(.*?)\n//\n`), "//\t"},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		m := c.re.FindSubmatch(src)
		if m == nil {
			t.Fatalf("%s: no timeline example found", c.file)
		}
		var lines []string
		for _, l := range strings.Split(string(m[1]), "\n") {
			lines = append(lines, strings.TrimPrefix(l, c.trim))
		}
		p, err := replay.Load(c.file+".timeline", []byte(strings.Join(lines, "\n")), "")
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		r, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Ignored != 0 {
			t.Errorf("%s: the example has %d ignored or refused events: %+v", c.file, r.Ignored, r.Notes)
		}
	}
}
