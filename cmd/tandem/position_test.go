package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestPosition_JSONAfterMoves(t *testing.T) {
	for preset, status := range map[string]string{"fics": "must-wait", "reglamento": "checkmate"} {
		var out, errb bytes.Buffer
		code := run([]string{"position", "startpos", "--preset", preset, "--moves", "f3", "e5", "g4", "Qh4", "--json"}, nil, &out, &errb)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", preset, code, errb.String())
		}
		var j map[string]any
		if err := json.Unmarshal(out.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"side", "in_check", "status", "legal_count", "legal", "reserves"} {
			if _, ok := j[k]; !ok {
				t.Errorf("%s: key %s missing: %s", preset, k, out.String())
			}
		}
		if j["side"] != "white" || j["in_check"] != true || j["status"] != status || j["legal_count"] != 0.0 {
			t.Errorf("%s: %s", preset, out.String())
		}
	}
}

func TestPosition_TextLegalDrops(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"position", "7k/8/8/8/8/8/5PPP/r5K1[N]", "w", "-", "-", "0", "1"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"in check  yes", "status    ongoing", "reserves  white N, black -", "legal     5", "N@b1 N@c1 N@d1 N@e1 N@f1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}

func TestPosition_IllegalMoveStops(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"position", "4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1", "--moves", "P@a2", "Kd7", "P@a7"}, nil, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(errb.String(), "move 3 (P@a7") || !strings.Contains(errb.String(), "pawn_drop_ranks [2, 6]") {
		t.Errorf("stderr %q", errb.String())
	}
	if out.Len() != 0 {
		t.Errorf("printed a position after an illegal move: %s", out.String())
	}
}

func TestPosition_BadInput(t *testing.T) {
	for _, args := range [][]string{
		{"position"},
		{"position", "8/8/8 w"},
		{"position", "startpos", "--preset", "nope"},
		{"position", "startpos", "--fly"},
		{"perft", "startpos"},
		{"perft", "startpos", "x"},
		{"perft", "startpos", "2", "--variant", "loop"},
		{"perft", "8/8 w", "1"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 with a message", args, code, errb.String())
		}
	}
}

func TestPerft_Counts(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", "2"}, "3083"},
		{[]string{"2k5/8/8/8/8/8/8/4K3/Qn", "w", "-", "-", "0", "1", "2"}, "3083"},
		{[]string{"startpos", "3", "--variant", "bughouse", "--preset", "fics"}, "8902"},
		// reglamento: pawns only on ranks 2-6 (48 -> 40 pawn drops).
		{[]string{"4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", "1", "--preset", "reglamento"}, "45"},
		{[]string{"4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", "1"}, "53"},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"perft"}, c.args...), nil, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("%v: %s, want %s", c.args, got, c.want)
		}
	}
}
