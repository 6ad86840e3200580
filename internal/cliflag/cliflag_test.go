package cliflag

import "testing"

func TestDoubleDash(t *testing.T) {
	for in, want := range map[string]string{
		"flag needs an argument: -config":               "flag needs an argument: --config",
		"flag provided but not defined: -bogus":         "flag provided but not defined: --bogus",
		`invalid value "x" for flag -preset: bad`:       `invalid value "x" for flag --preset: bad`,
		`invalid boolean value "x" for -json: parse`:    `invalid boolean value "x" for --json: parse`,
		"bad flag syntax: ---x":                         "bad flag syntax: ---x",
		"flag provided but not defined: --already-long": "flag provided but not defined: --already-long",
	} {
		if got := DoubleDash(in); got != want {
			t.Errorf("DoubleDash(%q) = %q, want %q", in, got, want)
		}
	}
}
