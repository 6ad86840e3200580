package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestLoadPreset_ReplacesTheFilesPresetKeepsItsSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.toml")
	if err := os.WriteFile(path, []byte("preset = \"online\"\n[time]\ncontrol = \"10s\"\n[rules]\nstalemate = \"draw\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadPreset(path, "panoriental")
	if err != nil {
		t.Fatal(err)
	}
	if c.Preset != "panoriental" || !c.Rules.CastleDroppedRook || c.Rules.Control.Stages[0].Time != 10*time.Second || c.Rules.Stalemate.String() != "draw" {
		t.Errorf("got preset %s castle %v control %s stalemate %s", c.Preset, c.Rules.CastleDroppedRook, c.Rules.Control, c.Rules.Stalemate)
	}
	c, err = LoadPreset("", "fics")
	if err != nil || c.Preset != "fics" || c.Rules.OneBoardDraw.String() != "match-draw" {
		t.Errorf("no file: %+v, %v", c, err)
	}
	_, err = LoadPreset(path, "blitz")
	var e *Error
	if !errors.As(err, &e) || e.Field != "preset" || !strings.Contains(e.Msg, "reglamento") {
		t.Errorf("unknown preset: %v", err)
	}
	_, err = LoadPreset("", "blitz")
	if !errors.As(err, &e) || e.Field != "--preset" {
		t.Errorf("unknown preset without a file: %v", err)
	}
}

func TestFaceTenthsBelow_ZeroMeansNever(t *testing.T) {
	c := Default()
	if got := c.FaceTenthsBelow(); got != DefaultTenthsBelow {
		t.Errorf("default: %v", got)
	}
	c.Display.TenthsBelow = 0
	if got := c.FaceTenthsBelow(); got >= 0 {
		t.Errorf("tenths_below 0 gives display TenthsBelow %v, want negative (never)", got)
	}
}

func TestNotes_OnlyUnusedSections(t *testing.T) {
	unowned(t, "hall") // as a section no feature owns yet
	c, err := Parse("t.toml", []byte("mode = \"hardware\"\n[gpio]\nchip = \"gpiochip0\"\n[hall]\nx = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Notes(); !slices.Equal(n, []string{"[hall] is not used by this version yet"}) {
		t.Errorf("notes %q", n)
	}
	if n := Default().Notes(); len(n) != 0 {
		t.Errorf("default notes %q", n)
	}
}

func TestParse_LimitsAndTinyControls(t *testing.T) {
	big := []byte("[hall]\n" + strings.Repeat("k = 1\n", MaxFileSize/6+1))
	if _, err := Parse("big.toml", big); err == nil || !strings.Contains(err.Error(), "big.toml:1: the file is") {
		t.Errorf("oversized file: %v", err)
	}
	_, err := Parse("t.toml", []byte("[time]\ncontrol = \"1ns\"\n"))
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 || e.Field != "time.control" || !strings.Contains(e.Msg, "less than 1s") {
		t.Errorf("control 1ns: %v", err)
	}
}
