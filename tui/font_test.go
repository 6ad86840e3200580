package tui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFonts_GlyphsAreRectangular(t *testing.T) {
	for _, f := range []font{bigFont, smallFont} {
		for r, g := range f.glyphs {
			if len(g) != f.rows {
				t.Errorf("%s font %q: %d rows, want %d", f.name, r, len(g), f.rows)
				continue
			}
			for y, row := range g {
				if utf8.RuneCountInString(row) != utf8.RuneCountInString(g[0]) {
					t.Errorf("%s font %q row %d: %q is not as wide as row 0", f.name, r, y, row)
				}
			}
		}
		for _, r := range "0123456789:." {
			if _, ok := f.glyphs[r]; !ok {
				t.Errorf("%s font lacks %q", f.name, r)
			}
		}
	}
}

func TestFonts_DigitsDistinct(t *testing.T) {
	for _, f := range []font{bigFont, smallFont} {
		seen := map[string]rune{}
		for _, r := range "0123456789" {
			k := strings.Join(f.glyphs[r], "\n")
			if o, ok := seen[k]; ok {
				t.Errorf("%s font draws %q and %q alike", f.name, o, r)
			}
			seen[k] = r
		}
	}
}

func TestFont_Render(t *testing.T) {
	got := smallFont.render("1:05.3")
	want := []string{
		"▀█  ▄ █▀█ █▀▀   ▀▀█",
		" █  ▄ █ █ ▀▀█    ▀█",
		"▀▀▀   ▀▀▀ ▀▀▀ ▀ ▀▀▀",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("render 1:05.3:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if w := smallFont.width("1:05.3"); w != utf8.RuneCountInString(want[0]) {
		t.Errorf("width %d, want %d", w, utf8.RuneCountInString(want[0]))
	}
	if got := textFont.render("4:59"); len(got) != 1 || got[0] != "4:59" {
		t.Errorf("text font: %q", got)
	}
	// A rune the font lacks keeps its place as blank space.
	if got := bigFont.render("1?1")[0]; got != "████  "+"  "+"      "+"  "+"████  " {
		t.Errorf("unknown rune: %q", got)
	}
}
