package config

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"pgregory.net/rapid"
)

// WriteComments with no function is Write, byte for byte.
func TestWriteComments_NilIsWrite(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genConfig(t)
		var a, b bytes.Buffer
		if err := c.Write(&a); err != nil {
			t.Fatal(err)
		}
		if err := c.WriteComments(&b, nil); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Fatalf("Write:\n%s\nWriteComments(nil):\n%s", a.String(), b.String())
		}
	})
}

// Whatever the comments say, in whatever length and script, with line
// breaks, control characters or a "#" in them, only the comments change:
// the lines are the same TOML, and Parse reads the printout back to the
// same configuration.
func TestWriteComments_OnlyTheCommentsChange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genConfig(t)
		texts := map[string]string{}
		comment := func(english string) string {
			if s, ok := texts[english]; ok {
				return s
			}
			s := rapid.StringOf(rapid.SampledFrom([]rune("abcñé表\n\r\t#\"\\= \x00\x7f"))).Draw(t, "comment")
			texts[english] = s
			return s
		}
		var en, other bytes.Buffer
		if err := c.Write(&en); err != nil {
			t.Fatal(err)
		}
		if err := c.WriteComments(&other, comment); err != nil {
			t.Fatal(err)
		}
		el, ol := strings.Split(en.String(), "\n"), strings.Split(other.String(), "\n")
		if len(el) != len(ol) {
			t.Fatalf("%d lines, want %d:\n%s", len(ol), len(el), other.String())
		}
		for i := range el {
			// The English comments hold no "  # ": the last is where
			// the line's comment starts, and what is before it (the
			// TOML and the spaces that align the comment) is the same.
			at := len(el[i])
			if k := strings.LastIndex(el[i], "  # "); k >= 0 {
				at = k + 4
			}
			if strings.HasPrefix(el[i], "# ") {
				at = 2
			}
			if len(ol[i]) < at || ol[i][:at] != el[i][:at] || at == len(el[i]) && ol[i] != el[i] {
				t.Fatalf("line %d: %q, want the TOML of %q", i+1, ol[i], el[i])
			}
		}
		back, err := Parse("written.toml", other.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, other.String())
		}
		if d := diffConfig(c, back); d != "" {
			t.Fatalf("%s\n%s", d, other.String())
		}
	})
}

// The comments after values start in one column, counted in a terminal's
// columns: a value with an accent (one column, two bytes) or in Chinese
// (two columns a character) moves the others' comments as far as it is
// wide, and a longer comment moves none.
func TestWriteComments_AlignedByDisplayWidth(t *testing.T) {
	c := mustParse(t, "mode = \"hardware\"\n[journal]\nfile = \"partidas.db\"\ntable = \"Peña 象棋\"\n")
	longer := func(s string) string { return "más largo que el inglés — " + s }
	var b bytes.Buffer
	if err := c.WriteComments(&b, longer); err != nil {
		t.Fatal(err)
	}
	want := "[journal]\n" +
		"file = \"partidas.db\"        # más largo que el inglés — default: \"/var/lib/tandem/tandem.db\"\n" +
		"checkpoint_interval = \"1s\"  # más largo que el inglés — default\n" +
		"table = \"Peña 象棋\"         # más largo que el inglés — for exports\n"
	if !strings.Contains(b.String(), want) {
		t.Fatalf("no\n%s\nin\n%s", want, b.String())
	}
	blocks := 0
	for _, block := range strings.Split(b.String(), "\n\n") {
		col := -1
		for _, l := range strings.Split(block, "\n") {
			i := strings.LastIndex(l, "  # ")
			if i < 0 || strings.HasPrefix(l, "#") {
				continue
			}
			w := runewidth.StringWidth(l[:i+2])
			if col < 0 {
				col, blocks = w, blocks+1
			} else if w != col {
				t.Errorf("%q: its comment at column %d, the block's first at %d", l, w, col)
			}
		}
	}
	if blocks < 5 {
		t.Fatalf("%d blocks of comments in\n%s", blocks, b.String())
	}
}
