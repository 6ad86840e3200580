package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// raw reports whether s holds a control character other than the line
// breaks and tabs of the layout.
func raw(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f })
}

// TestMessages_ControlCharactersEscaped: NUL and escape sequences in any
// input that a message or a report echoes back (moves and tags of a BPGN
// record, words of a timeline, keys and values of a configuration, names
// of a tournament file) come out escaped, never raw on the terminal.
func TestMessages_ControlCharactersEscaped(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	const bpgnHead = "[Event \"x\"]\n[TimeControl \"180\"]\n"
	for _, tc := range []struct {
		args []string
		want string // the escaped form, in stdout or stderr
	}{
		{[]string{"replay", write("move.bpgn", bpgnHead+"\n1A. e4 {179} 1a. e5\x00 {179} *\n")}, `1a. e5\x00`},
		{[]string{"replay", write("move2.bpgn", bpgnHead+"\n1A. e4\x1b {179} *\n")}, `1A. e4\x1b`},
		{[]string{"replay", write("tag.bpgn", bpgnHead+"[WhiteA \"Al\x1b[2Jba\"]\n\n1A. e4 {179} *\n")}, `Al\x1b[2Jba`},
		{[]string{"replay", "--json", write("tagj.bpgn", bpgnHead+"[WhiteA \"Al\x00ba\"]\n\n1A. e4 {179} *\n")}, `Al\u0000ba`},
		{[]string{"replay", write("word.timeline", "preset reglamento\n0 st\x1b[31mart\n")}, `st\x1b[31mart`},
		{[]string{"replay", write("seat.timeline", "preset reglamento\n0 start\n1 press A-wh\x00ite\n")}, `A-wh\x00ite`},
		{[]string{"check-config", write("key.toml", "\"mo\\u001bde\" = 1\n")}, `mo\x1bde`},
		{[]string{"check-config", write("val.toml", "[rules]\nstalemate = \"x\\u0000\\u001b[31m\"\n")}, `x\x00\x1b[31m`},
		{[]string{"check-config", write("name.toml", "[journal.players]\nA-white = \"Al\\u001b[2Jba\"\n")}, `holds the control character \x1b`},
		{[]string{"tournament", "check", write("t.toml", "name = \"Op\\u001ben\"\nrounds = 1\n")}, `holds the control character \x1b`},
	} {
		code, out, errs := runCmd(tc.args...)
		if raw(out) || raw(errs) {
			t.Errorf("tandem %s: a raw control character in the output:\nstdout %q\nstderr %q", tc.args[0], out, errs)
		}
		if !strings.Contains(out+errs, tc.want) {
			t.Errorf("tandem %s %s: exit %d, output lacks %q:\nstdout %q\nstderr %q", tc.args[0], filepath.Base(tc.args[len(tc.args)-1]), code, tc.want, out, errs)
		}
	}
}
