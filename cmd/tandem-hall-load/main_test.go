package main

import (
	"bytes"
	"strings"
	"testing"
)

// Bad usage is exit status 2 with a message, before anything starts.
func TestRun_BadUsage(t *testing.T) {
	for _, args := range [][]string{
		{},                                  // no --hub
		{"--hub", "x", "--tables", "0"},     // no tables
		{"--hub", "x", "--duration", "-1s"}, // no time
		{"--hub", "x", "extra"},             // an argument
		{"--hub", "x", "--period", "often"}, // not a duration
	} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		if errb.Len() == 0 {
			t.Errorf("%q: no message", args)
		}
	}
}

// A hub that cannot start is exit status 2, saying why.
func TestRun_HubDoesNotStart(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"--hub", "/nonexistent/tandem-hall", "--tables", "1", "--duration", "1s", "--quiet"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "starting the hub") {
		t.Fatalf("exit %d, %q; want 2 and the hub's start failure", code, errb.String())
	}
}
