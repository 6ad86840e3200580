package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// tandem help lists every export format, and says it in the language of
// the environment.
func TestHelp_ListsBPGNAndVersion(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "C.UTF-8")
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, nil, &out, &errb); code != 0 {
		t.Fatal(code, errb.String())
	}
	for _, want := range []string{"--format timeline|json|csv|bpgn", "tandem version"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
	t.Setenv("LANG", "es_ES.UTF-8")
	out.Reset()
	run([]string{"help"}, nil, &out, &errb)
	if !strings.HasPrefix(out.String(), "tandem: el reloj y la consola del árbitro") || !strings.Contains(out.String(), "--format timeline|json|csv|bpgn") {
		t.Errorf("Spanish help:\n%s", out.String())
	}
}

func TestVersion(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errb); code != 0 {
		t.Fatal(code)
	}
	if !regexp.MustCompile(`^tandem \S.* \(go1\.[0-9]+`).MatchString(out.String()) {
		t.Errorf("version: %q", out.String())
	}
	old := version
	version = "1.2.3"
	defer func() { version = old }()
	out.Reset()
	run([]string{"--version"}, nil, &out, &errb)
	if !strings.HasPrefix(out.String(), "tandem 1.2.3 (go1.") {
		t.Errorf("a packaged version: %q", out.String())
	}
}

// recordMatch records a match played with presses only (no moves typed),
// the clocks started 5 s after the table was ready, and returns the
// record's path.
func recordMatch(t *testing.T) string {
	rec := filepath.Join(t.TempDir(), "tandem.db")
	p, _ := rules.LookupPreset("reglamento")
	synctest.Test(t, func(t *testing.T) {
		w, _, err := journal.Open(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := journal.NewRecorder(w, "T1")
		tb, _ := table.New(&table.Opts{Options: p.Options, Preset: p.Name, Record: r.Entry})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); tb.Run(ctx) }()
		time.Sleep(5 * time.Second)
		tb.Do(ctx, rules.Event{Kind: rules.Start}, time.Now())
		time.Sleep(2*time.Second + 500*time.Microsecond)
		tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now())
		time.Sleep(3 * time.Second)
		tb.Command(ctx, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}, time.Now())
		cancel()
		<-done
		w.Close()
	})
	return rec
}

// A match played without typed moves: its .bpgn has no moves, and the
// export says at once that tandem replay cannot replay it and what does;
// the timeline it points to replays, its times from the match's start
// (the CSV's decision instant); JSON times are whole milliseconds unless
// --exact.
func TestExport_WhatReplays(t *testing.T) {
	rec := recordMatch(t)
	code, _, errs := runCmd("export", "last", "--record", rec, "--format", "bpgn")
	if code != 0 || !strings.Contains(errs, "has no moves on its scoresheet") || !strings.Contains(errs, "--format timeline` replays its clocks and result") {
		t.Errorf("bpgn: exit %d, stderr %q", code, errs)
	}
	code, tl, errs := runCmd("export", "last", "--record", rec, "--format", "timeline")
	if code != 0 || errs != "" {
		t.Fatalf("timeline: %d %s", code, errs)
	}
	if !strings.Contains(tl, "\n0 start\n2.0005 press A-white\n5.0005 pause\n5.0005 result A 1-0 resignation\n") {
		t.Errorf("timeline not from the start:\n%s", tl)
	}
	file := filepath.Join(t.TempDir(), "m.timeline")
	os.WriteFile(file, []byte(tl), 0o644)
	code, rep, errs := runCmd("replay", file)
	if code != 0 || errs != "" || !strings.Contains(rep, "1-0  resignation") {
		t.Errorf("replay of the timeline: %d %q\n%s", code, errs, rep)
	}
	_, csv, _ := runCmd("export", "all", "--record", rec, "--format", "csv")
	if !strings.Contains(csv, ",5.000,298.000,") { // the timeline's instant, to 3 decimals
		t.Errorf("csv decided_at_s:\n%s", csv)
	}
	_, js, _ := runCmd("export", "last", "--record", rec, "--format", "json")
	_, exact, _ := runCmd("export", "last", "--record", rec, "--format", "json", "--exact")
	if !strings.Contains(js, `"A-white": 298000,`) { // 297999.5 ms, rounded
		t.Errorf("json: %s", grepLine(js, `"A-white": 2`))
	}
	if !strings.Contains(exact, `"A-white": 297999.5`) {
		t.Errorf("json --exact: %s", grepLine(exact, `"A-white": 2`))
	}
}

func grepLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
