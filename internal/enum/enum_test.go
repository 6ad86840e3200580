package enum

import (
	"strings"
	"testing"
)

type color uint8

var names = Names[color]{"white", "black"}

func TestNames_RoundTrip(t *testing.T) {
	for i, n := range names {
		v, err := names.Parse("color", n)
		if err != nil || v != color(i) || names.Name(v) != n || !names.Valid(v) {
			t.Errorf("%q: got %d, %v", n, v, err)
		}
	}
	if names.Valid(2) || names.Name(2) != "2" {
		t.Errorf("value 2: valid %v, name %q", names.Valid(2), names.Name(2))
	}
}

func TestNames_SetLeavesValueOnError(t *testing.T) {
	v := color(1)
	err := names.Set(&v, "color", []byte("green"))
	if err == nil || v != 1 || !strings.Contains(err.Error(), `unknown color "green"; allowed: white, black`) {
		t.Errorf("got %d, %v", v, err)
	}
}
