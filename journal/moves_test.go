package journal

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/replay"
	"tandem/rules"
	"tandem/scoresheet"
)

// step is one move of a scripted game: the seat moves (entered on the
// scoresheet) after think, then presses its clock unless nopress.
type step struct {
	board   bughouse.Board
	text    string
	think   time.Duration
	nopress bool
}

// move enters text on board b through the table's command path, as the
// console does, and returns the move as recorded.
func move(t *testing.T, s *session, b bughouse.Board, text string) scoresheet.Move {
	t.Helper()
	r, err := s.t.Command(context.Background(), arbiter.Command{Kind: arbiter.Move, Board: b, Text: text}, time.Now())
	if err != nil || !r.OK {
		t.Fatalf("move %s %s: %+v %v", b, text, r, err)
	}
	return *r.Move
}

// takeBack takes back board b's last move through the table.
func takeBack(t *testing.T, s *session, b bughouse.Board) {
	t.Helper()
	r, err := s.t.Command(context.Background(), arbiter.Command{Kind: arbiter.TakeBack, Board: b}, time.Now())
	if err != nil || !r.OK {
		t.Fatalf("take back %s: %+v %v", b, r, err)
	}
}

// gameWithMoves starts the match and plays steps on a recording table:
// enter the move, press. It returns the table's scoresheet then.
func gameWithMoves(t *testing.T, s *session, steps []step) *scoresheet.Sheet {
	t.Helper()
	ctx := context.Background()
	if _, err := s.t.Do(ctx, rules.Event{Kind: rules.Start}, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		time.Sleep(st.think)
		m := move(t, s, st.board, st.text)
		if !st.nopress {
			if _, err := s.t.Do(ctx, rules.Event{Kind: rules.Press, Seat: m.Seat}, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s.t.Snapshot().Sheet
}

// A match's moves go to the record with its clock events, come back from
// it (take backs applied), and export as BPGN that tandem replay checks
// move by move under the match's preset: every move legal, the recorded
// checkmate on the board, the result agreed, the stamps the remaining
// times after each press.
func TestMoves_RecordedAndExportedAsBPGN_RoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	o := preset(t, "reglamento")
	var sheet *scoresheet.Sheet
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, time.Second)
		A, B := bughouse.BoardA, bughouse.BoardB
		gameWithMoves(t, s, []step{
			{A, "f3", 2 * time.Second, false},
			{B, "e4", time.Second, false},
			{A, "e5", 3 * time.Second, false},
			{B, "d5", 2 * time.Second, false},
			{A, "g4", time.Second, false},
			{B, "exd5", 4 * time.Second, false}, // A-black receives a pawn (Art 10)
			{A, "P@h3", 5 * time.Second, false},
			{A, "a3", time.Second, false},
		})
		// A slip on board B: entered, then taken back before the press.
		move(t, s, B, "Qxd5")
		time.Sleep(time.Second)
		takeBack(t, s, B)
		// Board B's reply, entered and pressed; then the mate on A, entered
		// while the clock is not yet pressed, and declared.
		time.Sleep(time.Second)
		move(t, s, B, "Nf6")
		s.t.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.BBlack}, time.Now())
		time.Sleep(2 * time.Second)
		if m := move(t, s, A, "Qh4"); m.SAN != "Qh4#" {
			t.Fatalf("the mate entered as %+v", m)
		}
		s.t.Do(context.Background(), rules.Event{Kind: rules.Declare, Board: A, Outcome: rules.BlackWins, Reason: rules.Checkmate}, time.Now())
		sheet = s.t.Snapshot().Sheet
		s.stop()
	})
	l, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	m := ms[len(ms)-1]
	got, err := m.Moves()
	if err != nil {
		t.Fatal(err)
	}
	want := sheet.Moves()
	if len(got) != len(want) {
		t.Fatalf("record has %d moves, sheet %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("move %d: record %+v, sheet %+v", i, got[i], want[i])
		}
	}
	if _, ok := m.StartedAt(); !ok {
		t.Fatal("StartedAt: not started")
	}

	var out bytes.Buffer
	if err := WriteBPGN(&out, m); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, w := range []string{`[WhiteA "Ana"]`, `[BlackB "Di"]`, `[Site "T1"]`, `[TimeControl "300"]`, `[Result "0-1"]`, `[Variant "bughouse"]`,
		"1A. f3{298}", "1B. e4{297}", "3a. Qh4#", "{Ana checkmated} 0-1"} {
		if !strings.Contains(text, w) {
			t.Errorf("export lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "Qxd5") {
		t.Errorf("the taken back move is exported:\n%s", text)
	}
	g, err := bpgn.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	// Both White clocks run from the start (clock rule 1). B-white: e4
	// pressed at 3 s, exd5 thought from d5's press (8 s) to 13 s: 8 s
	// used. A-black: e5 from 2 to 6 s, P@h3 from 9 to 18 s, then the mate
	// entered at 23 s, 4 s after a3's press, before his own press: the
	// stamp is his time at the entry, 17 s used.
	stamps := map[string]time.Duration{"e4": 297 * time.Second, "exd5": 292 * time.Second, "Qh4#": 283 * time.Second}
	for _, mv := range g.Moves {
		if w, ok := stamps[mv.SAN]; ok && (mv.Stamp != w || mv.StampKind != bpgn.Remaining) {
			t.Errorf("%s stamped %v (%v), want %v", mv.SAN, mv.Stamp, mv.StampKind, w)
		}
	}
	plan, err := replay.Load("export.bpgn", out.Bytes(), "reglamento")
	if err != nil {
		t.Fatalf("the export does not read: %v\n%s", err, text)
	}
	rep, err := plan.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Moves == nil || rep.Moves.Illegal != nil || rep.Moves.Checked != len(want) {
		t.Fatalf("replay checked %+v\n%s", rep.Moves, text)
	}
	if !rep.Moves.MateClaimed || !rep.Moves.Mated {
		t.Errorf("replay does not see the mate: %+v", rep.Moves)
	}
	if rep.Mismatch != "" || rep.Result != rules.Team2Wins || rep.Reason != rules.Checkmate {
		t.Errorf("replay: %v %v mismatch %q\n%s", rep.Result, rep.Reason, rep.Mismatch, text)
	}
	if rep.Moves.Reserves[bughouse.ABlack] != "" || rep.Moves.FEN != sheet.FEN() {
		t.Errorf("replay ends at %s, the sheet at %s", rep.Moves.FEN, sheet.FEN())
	}
	var tl bytes.Buffer
	if err := WriteTimeline(&tl, m); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"move 1A. f3 (A-white)", "takeback of 2b. Qxd5 (B-black)"} {
		if !strings.Contains(tl.String(), w) {
			t.Errorf("timeline lacks %q:\n%s", w, tl.String())
		}
	}
	if _, err := replay.Load("export.timeline", tl.Bytes(), ""); err != nil {
		t.Errorf("the timeline with moves does not read: %v", err)
	}
	if _, p, err := Verify(mustRead(t, path)); err != nil || p != nil {
		t.Errorf("Verify: %v %v", p, err)
	}
}

// A match's moves stay in its own record: a reset begins a new match
// whose scoresheet is empty.
func TestMoves_EachMatchItsOwn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	o := preset(t, "reglamento")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
		ctx := context.Background()
		time.Sleep(time.Second)
		s.t.Do(ctx, rules.Event{Kind: rules.Start}, time.Now())
		move(t, s, bughouse.BoardA, "e4")
		s.t.Do(ctx, rules.Event{Kind: rules.Pause}, time.Now())
		s.t.Do(ctx, rules.Event{Kind: rules.Reset}, time.Now())
		if n := s.t.Snapshot().Moves(); n != 0 {
			t.Fatalf("the new match has %d moves", n)
		}
		time.Sleep(time.Second)
		s.t.Do(ctx, rules.Event{Kind: rules.Start}, time.Now())
		move(t, s, bughouse.BoardB, "d4")
		move(t, s, bughouse.BoardB, "d5")
		s.stop()
	})
	l, _ := LoadFile(path)
	ms, _ := l.Matches()
	if len(ms) != 2 {
		t.Fatalf("%d matches", len(ms))
	}
	first, _ := ms[0].Moves()
	second, _ := ms[1].Moves()
	if len(first) != 1 || len(second) != 2 || first[0].SAN != "e4" || second[0].SAN != "d4" {
		t.Fatalf("moves: first match %v, second %v", first, second)
	}
}

// A restarted table continues the match with its moves: the restored
// scoresheet holds them (and the reserves), and moves entered after the
// restart belong to the same match.
func TestMoves_RestoredAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	o := preset(t, "reglamento")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
		gameWithMoves(t, s, []step{{bughouse.BoardA, "e4", time.Second, false}, {bughouse.BoardA, "d5", time.Second, false}, {bughouse.BoardA, "exd5", time.Second, false}})
		s.stop()
	})
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
		snap := s.t.Snapshot()
		if snap.Moves() != 3 || snap.Sheet.Reserves()[bughouse.BBlack]["P"] != 1 || !snap.Recovered {
			t.Fatalf("restored: %d moves, reserves %v, recovered %v", snap.Moves(), snap.Sheet.Reserves(), snap.Recovered)
		}
		s.t.Do(context.Background(), rules.Event{Kind: rules.Resume}, time.Now())
		move(t, s, bughouse.BoardB, "e4")
		s.stop()
	})
	l, _ := LoadFile(path)
	ms, _ := l.Matches()
	if moves, _ := ms[len(ms)-1].Moves(); len(moves) != 4 || len(ms) != 1 {
		t.Fatalf("%d matches, moves %v", len(ms), moves)
	}
}

func TestMatchMoves_TakeBackWithoutMoveIsAnError(t *testing.T) {
	m := &Match{Begin: Record{Kind: KindMatch, Match: "x"}, Records: []Record{
		{Seq: 2, Kind: KindTakeBack, Match: "x", Board: "A", Ply: 1, Seat: "A-white", SAN: "e4"},
	}}
	if _, err := m.Moves(); err == nil || !strings.Contains(err.Error(), "seq 2") {
		t.Fatalf("got %v", err)
	}
	m.Records[0] = Record{Seq: 3, Kind: KindMove, Match: "x", Board: "C"}
	if _, err := m.Moves(); err == nil || !strings.Contains(err.Error(), "seq 3") {
		t.Fatalf("got %v", err)
	}
}
