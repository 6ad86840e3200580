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
	for _, want := range []string{"result      0-1  checkmate", "decisive    B-black (Dario)", "decided at  5:48.720  (348720 ms)",
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
		{td + "bpgn/chesscom_export_sample.bpgn", td + "bpgn/chesscom_export_sample.bpgn:20: move 1A. e4 has no clock stamp"},
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
		{[]string{"a.bpgn", "b.bpgn"}, 2, "expected one FILE, got 2"},
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
