package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
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

// TestExport_BPGNReplaysEveryMoveLegally: a match recorded with its
// scoresheet (moves entered as the console enters them, each followed by
// the mover's press; a mate declared) exports as BPGN, and tandem replay
// of that file under the match's preset checks every move legal, sees the
// mate and agrees with the result.
func TestExport_BPGNReplaysEveryMoveLegally(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "tandem.db")
	p, _ := rules.LookupPreset("pasapiezas")
	synctest.Test(t, func(t *testing.T) {
		w, _, err := journal.Open(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := journal.NewRecorder(w, "Table 3")
		tb, _ := table.New(&table.Opts{Options: p.Options, Preset: p.Name, Players: [4]string{"Alba", "Bruno", "Carla", "Dario"}, Record: r.Entry})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); tb.Run(ctx) }()
		tb.Do(ctx, rules.Event{Kind: rules.Start}, time.Now())
		A, B := bughouse.BoardA, bughouse.BoardB
		for _, mv := range []struct {
			b    bughouse.Board
			text string
		}{{A, "e4"}, {B, "d4"}, {A, "e5"}, {B, "d5"}, {A, "Bc4"}, {A, "Nc6"}, {A, "Qh5"}, {B, "Nf3"}, {A, "Nf6"}, {A, "Qxf7"}} {
			time.Sleep(1500 * time.Millisecond)
			res, err := tb.Command(ctx, arbiter.Command{Kind: arbiter.Move, Board: mv.b, Text: mv.text}, time.Now())
			if err != nil || !res.OK {
				t.Fatal(res, err)
			}
			tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: res.Move.Seat}, time.Now())
		}
		tb.Do(ctx, rules.Event{Kind: rules.Declare, Board: A, Outcome: rules.WhiteWins, Reason: rules.Checkmate}, time.Now())
		cancel()
		<-done
		w.Close()
	})
	code, out, errs := runCmd("export", "last", "--record", rec, "--format", "bpgn")
	if code != 0 {
		t.Fatalf("export: %d %s", code, errs)
	}
	for _, want := range []string{`[Site "Table 3"]`, `[WhiteA "Alba"]`, `[Result "1-0"]`, "4A. Qxf7#{", "{Bruno checkmated}", "\n1-0\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	file := filepath.Join(dir, "match.bpgn")
	os.WriteFile(file, []byte(out), 0o644)
	code, js, errs := runCmd("replay", file, "--preset", "pasapiezas", "--json")
	if code != 0 {
		t.Fatalf("replay: %d %s\n%s\n%s", code, errs, js, out)
	}
	var rep struct {
		Result, Reason string
		Seats          []string
		Record         struct{ Agrees bool }
		Moves          struct {
			Checked int
			Legal   bool
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Result != "1-0" || rep.Reason != "checkmate" || len(rep.Seats) != 1 || rep.Seats[0] != "A-black" ||
		!rep.Record.Agrees || !rep.Moves.Legal || rep.Moves.Checked != 10 {
		t.Errorf("replay: %+v\n%s", rep, js)
	}
}
