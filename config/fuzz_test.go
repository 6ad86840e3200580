package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"testing"
)

// FuzzParse feeds Parse arbitrary bytes. It must not panic; an error must
// be an *Error with a sensible line; a success must validate and survive
// Write and Parse unchanged. `go test` runs the seeds only; fuzz with
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 60s ./config
func FuzzParse(f *testing.F) {
	for _, file := range exampleFiles(f) {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"", "mode = \"hardware\"\n", "preset = \"fics\"\n[time]\ncontrol = \"0s+2s\"\n",
		"[time.seats]\nA-white = \"3m\"\na-w = \"4m\"\n", "rules = { stalemate = \"wait\" }\n",
		"[rules]\npawn_drop_ranks = [2, 7]\nsimultaneous_window = \"0.5s\"\n",
		"[gpio]\n[[gpio.leds]]\npin = 4\n[hall]\nx = 1979-05-27T07:32:00Z\n",
		"[display]\ntenths_below = 5\n", "[time]\ncontrol = \"40/90m+30s, 30m+30s us5s\"\n",
		// A warning (a bare number is seconds) that the round trip
		// drops: Write writes "3s", which draws none.
		"[time.seats]\nA-white=\"3\"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.toml", data)
		if err != nil {
			if c != nil {
				t.Fatalf("config and error %v", err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			if lines := bytes.Count(data, []byte("\n")) + 1; e.Line < 1 || e.Line > lines {
				t.Fatalf("line %d outside the %d lines: %v", e.Line, lines, err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Parse returned an invalid config: %v", err)
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, w := range c.Warnings {
			var line int
			if _, err := fmt.Sscanf(w, "fuzz.toml:%d: ", &line); err != nil || line < 1 || line > lines {
				t.Fatalf("warning %q does not name a line of the %d lines", w, lines)
			}
		}
		if _, d := roundTrip(c); d != "" {
			t.Fatal(d)
		}
	})
}
