package config

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestEBoard_Settings(t *testing.T) {
	src := `[eboard]
a = "/dev/serial/by-id/usb-DGT-A-if00"
b = "/dev/ttyACM1"
orientation_b = "rotated"
alert_after = "2s"
`
	c, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e := c.EBoard
	if !e.Enabled() || e.Device != [2]string{"/dev/serial/by-id/usb-DGT-A-if00", "/dev/ttyACM1"} ||
		e.Orientation != [2]string{"", "rotated"} || e.Delay() != 2*time.Second {
		t.Fatalf("parsed %+v", e)
	}
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	c2, err := Parse("w.toml", b.Bytes())
	if err != nil {
		t.Fatalf("Write's output does not parse: %v\n%s", err, b.String())
	}
	e2 := c2.EBoard
	if e2.Device != e.Device || e2.Delay() != e.Delay() || e2.Orientation[1] != "rotated" {
		t.Errorf("round trip: %+v, want %+v\n%s", e2, e, b.String())
	}
	if d := Default(); d.EBoard.Enabled() || d.EBoard.Delay() != DefaultAlertAfter {
		t.Errorf("default %+v", d.EBoard)
	}
}

func TestEBoard_Errors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[eboard]\nc = \"/dev/x\"", "t.toml:2: eboard.c: unknown key"},
		{"[eboard]\na = 3", "t.toml:2: eboard.a: expected a serial port path"},
		{"[eboard]\na = \"ttyACM0\"", "t.toml:2: eboard.a: \"ttyACM0\" is not a device path"},
		{"[eboard]\norientation_a = \"upside\"", "t.toml:2: eboard.orientation_a: expected one of auto, normal, rotated, got \"upside\""},
		{"[eboard]\nalert_after = \"2m\"", "t.toml:2: eboard.alert_after: \"2m\" is out of range"},
		{"[eboard]\nalert_after = \"0s\"", "t.toml:2: eboard.alert_after: \"0s\" is out of range"},
		{"[eboard]\na = \"/dev/ttyACM0\"\nb = \"/dev/ttyACM0\"", "t.toml:3: eboard.b: \"/dev/ttyACM0\" is board A's device too"},
	} {
		_, err := Parse("t.toml", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}
