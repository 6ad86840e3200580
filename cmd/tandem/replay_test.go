package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const td = "../../testdata/"

func replayCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(append([]string{"replay"}, args...), nil, &o, &e)
	return code, o.String(), e.String()
}

func TestReplay_JSONFlagBeforeOrAfterFile(t *testing.T) {
	f := td + "bpgn/fics_1934461_flag.bpgn"
	for _, args := range [][]string{{"--json", f}, {f, "--json"}, {f, "--json", "--preset", "fics"}, {"--preset=fics", f, "-json"}} {
		code, out, errs := replayCmd(args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
		}
		if strings.Count(out, "\n") != 1 {
			t.Errorf("%v: want exactly one JSON line, got %q", args, out)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("%v: %v in %q", args, err, out)
		}
		clocks := m["clocks_ms"].(map[string]any)
		if m["result"] != "1-0" || m["reason"] != "flag" || m["decided"] != true || m["decided_at_ms"] != 463262.0 ||
			clocks["B-white"] != 0.0 || clocks["A-black"] != 63635.0 || m["seats"].([]any)[0] != "B-white" {
			t.Errorf("%v: %s", args, out)
		}
	}
}

func TestReplay_Text(t *testing.T) {
	code, out, errs := replayCmd(td + "bpgn/fics_1934301_checkmate.bpgn")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"result      0-1  checkmate  (Art 22-23)  team 2 wins (A-black + B-white)", "decisive    B-black (Dario)", "decided at  5:48.720  (348720 ms)",
		"A-black   2:14.326  (134326 ms)", "ignored     0", ": agrees"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestReplay_UndecidedExitsZero(t *testing.T) {
	code, out, _ := replayCmd("--json", td+"bpgn/fics_1283326_aborted.bpgn")
	if code != 0 || !strings.Contains(out, `"result":"*"`) || !strings.Contains(out, `"decided":false`) {
		t.Errorf("exit %d: %s", code, out)
	}
	code, out, _ = replayCmd(td + "timeline/undecided.timeline")
	if code != 0 || !strings.Contains(out, "not decided") {
		t.Errorf("exit %d: %s", code, out)
	}
}

func TestReplay_PresetFlagWinsOverFile(t *testing.T) {
	f := td + "timeline/preset_fics.timeline"
	_, out, _ := replayCmd("--json", f)
	if !strings.Contains(out, `"preset":"fics"`) || !strings.Contains(out, `"result":"1/2-1/2"`) {
		t.Errorf("file preset: %s", out)
	}
	_, out, _ = replayCmd("--json", f, "--preset", "reglamento")
	if !strings.Contains(out, `"preset":"reglamento"`) || !strings.Contains(out, `"result":"*"`) {
		t.Errorf("--preset reglamento: %s", out)
	}
}

func TestReplay_MalformedExitsTwoWithFileLine(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.timeline")
	os.WriteFile(bad, []byte("0 start\n1 press A-white\n0.5 pause\n"), 0o644)
	for _, tc := range []struct{ file, prefix string }{
		{bad, bad + ":3: "},
	} {
		code, out, errs := replayCmd(tc.file, "--json")
		if code != 2 || out != "" || !strings.HasPrefix(errs, tc.prefix) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.file, code, out, errs)
		}
	}
}

func TestReplay_MismatchExitsOne(t *testing.T) {
	src, err := os.ReadFile(td + "bpgn/fics_1934461_flag.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "wrong.bpgn")
	os.WriteFile(f, bytes.Replace(src, []byte("{Carla forfeits on time}"), []byte("{Dario forfeits on time}"), 1), 0o644)
	code, out, errs := replayCmd(f, "--json")
	if code != 1 || !strings.Contains(out, `"agrees":false`) || !strings.Contains(errs, "disagrees with the record") {
		t.Errorf("exit %d, stdout %s, stderr %q", code, out, errs)
	}
}

func TestReplay_Usage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--preset", "blitz", td + "timeline/flag.timeline"}, 2, "presets are fics, online, panoriental, pasapiezas, reglamento, uscf-fics"},
		{[]string{td + "timeline/flag.timeline", "--preset"}, 2, "--preset needs a name"},
		{[]string{}, 2, "expected one FILE, got 0"},
		{[]string{"a.bpgn", "b.bpgn"}, 2, `unexpected argument "b.bpgn" after FILE a.bpgn`},
		{[]string{"--fast", "a.bpgn"}, 2, "unknown flag --fast"},
		{[]string{"no-such-file.bpgn"}, 2, "no-such-file.bpgn"},
	} {
		code, _, errs := replayCmd(tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	code, out, _ := replayCmd("--help")
	if code != 0 || !strings.Contains(out, "--preset NAME") || !strings.Contains(out, "wins over everything") {
		t.Errorf("help: exit %d %q", code, out)
	}
}

// Inputs that are no match to replay exit 2 with FILE:LINE: what is wrong,
// and print nothing on stdout.
func TestReplay_RefusedInputsExitTwo(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(td + "bpgn/fics_1934461_flag.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	const noEvents = `no events: a timeline needs at least one event line, e.g. "0 start"`
	for _, tc := range []struct{ name, text, want string }{
		{"empty.timeline", "", ":1: " + noEvents},
		{"comments.timeline", "# a comment\n", ":1: " + noEvents},
		{"headers.timeline", "preset fics\ncontrol 5m\n", ":1: " + noEvents},
		{"empty", "", ":1: the file is empty: it is neither a BPGN record nor a timeline (" + noEvents + ")"},
		{"neg.timeline", "-1 start\n", ":1: time -1 is negative; times count seconds from the match start"},
		{"adjust.timeline", "0 pause\n1 adjust A-white 30s\n", ":2: adjust needs a signed amount: +30s adds, -30s removes"},
		{"t.bpgn", string(src[:3000]), `:13: the record ends without its ending (the Result tag says 0-1 but no "{... checkmated/resigns/forfeits on time}" comment or result follows the last move); it may be truncated`},
		{"stamp.bpgn", "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[TimeControl \"60+0\"]\n1A. e4{59} 1a. e5{58}\n2A. d4 {-5} *\n",
			":4: move 2A. d4: clock stamp {-5} is not a time: write the remaining seconds, e.g. {118.585}"},
	} {
		f := filepath.Join(dir, tc.name)
		if err := os.WriteFile(f, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := replayCmd(f, "--json")
		if code != 2 || out != "" || errs != f+tc.want+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, code, out, errs, f+tc.want)
		}
	}
}

func TestReplay_PresetFlagOnce(t *testing.T) {
	f := td + "timeline/flag.timeline"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "fics", f, "--preset=reglamento"}, "tandem replay: --preset given twice (fics, then reglamento); give it once\n"},
		{[]string{"--preset=", f}, "tandem replay: --preset needs a name; presets are fics, online, panoriental, pasapiezas, reglamento, uscf-fics\n"},
	} {
		code, out, errs := replayCmd(tc.args...)
		if code != 2 || out != "" || errs != tc.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", tc.args, code, out, errs, tc.want)
		}
	}
}

func TestReplay_HelpSaysWhereTheGrammarIs(t *testing.T) {
	code, out, _ := replayCmd("--help")
	if code != 0 || !strings.Contains(out, "timeline/doc.go") || !strings.Contains(out, "go doc tandem/timeline") {
		t.Errorf("help: exit %d %q", code, out)
	}
	if _, err := os.Stat("../../timeline/doc.go"); err != nil {
		t.Errorf("the help names timeline/doc.go: %v", err)
	}
}

// A record without the stamps the clocks need (chess.com: board A has
// none) is still checked move by move: exit 0 when the moves are legal
// and the recorded checkmate is on the board, with "clocks: not
// adjudicated" and the line of the first unstamped move.
func TestReplay_NoClocksStillChecksMovesAndMate(t *testing.T) {
	f := td + "bpgn/chesscom_export_sample.bpgn"
	code, out, errs := replayCmd("--json", f)
	// A success: nothing on standard error (the report says why the
	// clocks were not adjudicated, with the line).
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if _, text, _ := replayCmd(f); !strings.Contains(text, "clocks      not adjudicated: move 1A. e4 (line 20) has no clock stamp") {
		t.Errorf("the report does not say why:\n%s", text)
	}
	var j struct {
		Result, Reason, Clocks string
		Seats                  []string
		Record                 struct{ Agrees bool }
		Moves                  struct {
			Legal bool
			Mate  string
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw["clocks_ms"]; !ok {
		t.Errorf("clocks_ms missing (it is null without the clocks): %s", out)
	}
	if j.Result != "0-1" || j.Reason != "checkmate" || len(j.Seats) != 1 || j.Seats[0] != "A-white" || j.Clocks != "not adjudicated" ||
		!strings.Contains(raw["clocks_reason"].(string), "line 20") || raw["clocks_ms"] != nil || !j.Record.Agrees || !j.Moves.Legal || j.Moves.Mate != "checkmate" {
		t.Errorf("json %s", out)
	}
	code, out, _ = replayCmd(f)
	if code != 0 || !strings.Contains(out, "clocks      not adjudicated: move 1A. e4 (line 20)") || !strings.Contains(out, "the recorded checkmate: the board is checkmate") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

// Without the clocks, a recorded checkmate that is not on the board and
// an illegal move still exit 1.
func TestReplay_NoClocksDisagreementExitsOne(t *testing.T) {
	src, err := os.ReadFile(td + "bpgn/chesscom_export_sample.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, old, new, want string }{
		// Without the mating move, the record's last move is 21B. Ke1:
		// B-black is not mated.
		{"nomate.bpgn", "19a. Qxg1# 0-1", "0-1", "the replay disagrees with the record"},
		// A drop of a piece B-black does not hold.
		{"illegal.bpgn", "19b. $146@e4+", "19b. Q@e4+", "illegal move under fics: board B, move 19b. Q@e4+ (B-black)"},
	} {
		f := filepath.Join(dir, tc.name)
		changed := bytes.Replace(src, []byte(tc.old), []byte(tc.new), 1)
		if bytes.Equal(changed, src) {
			t.Fatalf("%s: %q not in the record", tc.name, tc.old)
		}
		os.WriteFile(f, changed, 0o644)
		code, _, errs := replayCmd(f)
		if code != 1 || !strings.Contains(errs, "clocks not adjudicated") || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stderr %q", tc.name, code, errs)
		}
	}
}
