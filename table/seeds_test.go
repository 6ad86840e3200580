package table

import (
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/rules"
)

// The seeds' rules through the loop, which owns both boards' scoresheet:
// each test is named after the requirement it checks.

func preset(t *testing.T, name string, kv ...string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := p.Options.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	return p.Options
}

func move(t *testing.T, tb *Table, b bughouse.Board, text string) arbiter.Result {
	t.Helper()
	r := command(t, tb, arbiter.Command{Kind: arbiter.Move, Board: b, Text: text})
	if !r.OK {
		t.Fatalf("move %s %s: %+v", b, text, r)
	}
	return r
}

// Requirement 1, seed 002: the loop hands the rules the position after
// each move; when no player to move on either board can move again the
// match is drawn at that move's instant, with its own reason, and the
// record holds the event.
func TestSafetyRules_DeadlockDrawnAtTheMoveThatMadeIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &entries{}
		tb, stop := start(t, &Opts{Options: preset(t, "online"), Record: rec.add})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		// The fool's mate on both boards: each White is in a check a drop
		// could block, with nothing in hand (mate = bughouse: he waits),
		// and his opponent cannot move out of turn.
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			for i, text := range []string{"f3", "e5", "g4", "Qh4+"} {
				time.Sleep(time.Second)
				r := move(t, tb, b, text)
				last := b == bughouse.BoardB && i == 3
				if last != (r.Notice != "") {
					t.Errorf("move %s %s: notice %q", b, text, r.Notice)
				}
			}
		}
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.Result != rules.MatchDraw || s.Reason != rules.Deadlock || s.DecidedAt != 8*time.Second {
			t.Fatalf("%s %s %s at %v, want drawn by deadlock at 8s", s.Status, s.Result, s.Reason, s.DecidedAt)
		}
		var found bool
		for _, e := range rec.all() {
			if e.Kind == EntryEvent && e.Event.Kind == rules.Deadlocked && e.At == 8*time.Second {
				found = true
			}
		}
		if !found {
			t.Error("the deadlock event is not in the record")
		}
	})
}

// Requirement 8, seed 003's other format: when board A ends the loop
// marks it over on the scoresheet, so a capture on board B passes nothing
// ("no se pasan nuevas piezas"), and the match is the sum of both boards.
func TestBothBoardsFormat_TheSheetPassesNothingOnceABoardEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: preset(t, "uscf-fics", "match_format", "both-boards", "start", "arbiter")})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		for _, text := range []string{"e4", "d5", "exd5"} {
			move(t, tb, bughouse.BoardB, text)
		}
		if r := tb.Snapshot().Sheet.Reserves()[bughouse.ABlack]; r["P"] != 1 {
			t.Fatalf("A-black's reserve %v: a capture passes while both boards play", r)
		}
		r := command(t, tb, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation})
		if !r.OK || r.Status != rules.Paused {
			t.Fatalf("board A's result: %+v", r)
		}
		command(t, tb, arbiter.Command{Kind: arbiter.Resume})
		move(t, tb, bughouse.BoardB, "Qxd5")
		s := tb.Snapshot()
		if r := s.Sheet.Reserves()[bughouse.AWhite]; len(r) != 0 {
			t.Errorf("A-white's reserve %v: nothing passes to an ended board", r)
		}
		if s.Status != rules.Running || !s.Boards[0].Over || s.Boards[1].Over {
			t.Fatalf("status %s, boards %+v: board B plays on", s.Status, s.Boards)
		}
		command(t, tb, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement})
		s = tb.Snapshot()
		if p1, p2 := s.Points(); s.Result != rules.Team1Wins || s.Reason != rules.BoardSum || p1 != 1.5 || p2 != 0.5 {
			t.Errorf("result %s %s %v-%v, want 1-0 by the sum 1.5-0.5", s.Result, s.Reason, p1, p2)
		}
	})
}

// Requirement 8: under both-boards a flag ends its board only; the loop's
// timer judges it at its instant and logs it, and the other board plays
// on.
func TestBothBoardsFormat_AFlagEndsItsBoardOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: preset(t, "reglamento", "match_format", "both-boards")})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		time.Sleep(time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite})
		time.Sleep(5 * time.Minute)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Status != rules.Running || s.Boards[0].Outcome != rules.BlackWins || s.Boards[0].At != 5*time.Minute {
			t.Fatalf("status %s, board A %+v: A-white's flag at 5m ends board A only", s.Status, s.Boards[0])
		}
		l := s.Log[len(s.Log)-1]
		if !l.Flag || l.NFlagged != 1 || l.Flagged[0] != bughouse.AWhite || l.Effect.Decided {
			t.Errorf("log %+v: the flag of board A", l)
		}
		time.Sleep(6 * time.Second)
		synctest.Wait()
		s = tb.Snapshot()
		if p1, p2 := s.Points(); s.Status != rules.Decided || s.Result != rules.Team2Wins || s.Reason != rules.BoardSum || p1 != 0 || p2 != 2 ||
			s.DecidedAt != 5*time.Minute+time.Second {
			t.Errorf("%s %s %s at %v: B-black's flag at 5m1s ends the match 0-2", s.Status, s.Result, s.Reason, s.DecidedAt)
		}
	})
}

// Requirement 5, Art 40: warnings, a time deduction and a loss by penalty
// are arbiter commands of the loop.
func TestArt40Penalties_Commands(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		r := command(t, tb, arbiter.Command{Kind: arbiter.Warn, Seat: bughouse.ABlack})
		r = command(t, tb, arbiter.Command{Kind: arbiter.Warn, Seat: bughouse.ABlack})
		if !r.OK || r.Notice != "A-black warned (Art 40): 2 warning(s)" || r.Status != rules.Running {
			t.Errorf("warn: %+v", r)
		}
		if w := tb.Snapshot().Warnings; w != [4]uint8{0, 2, 0, 0} {
			t.Errorf("warnings %v", w)
		}
		command(t, tb, arbiter.Command{Kind: arbiter.Pause})
		if r := command(t, tb, arbiter.Command{Kind: arbiter.Adjust, Seat: bughouse.ABlack, Delta: -time.Minute}); !r.OK {
			t.Errorf("the time deduction: %+v", r)
		}
		r = command(t, tb, arbiter.Command{Kind: arbiter.Penalty, Seat: bughouse.ABlack})
		s := tb.Snapshot()
		if !r.OK || s.Result != rules.Team1Wins || s.Reason != rules.Penalty || s.Clocks[bughouse.ABlack].Remaining != 4*time.Minute {
			t.Errorf("penalty: %+v; %s %s, A-black %v", r, s.Result, s.Reason, s.Clocks[bughouse.ABlack].Remaining)
		}
	})
}

// Requirement 6, Art 44: the loop's timer ends a called match's tolerance
// at its exact instant: the absent team loses by forfeit, logged as a
// no-show.
func TestArt44NoShow_TheLoopForfeitsAtTheDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &entries{}
		tb, stop := start(t, &Opts{Options: preset(t, "reglamento", "no_show_tolerance", "10m"), Record: rec.add})
		defer stop()
		time.Sleep(time.Second)
		r := command(t, tb, arbiter.Command{Kind: arbiter.Call})
		if !r.OK || r.Notice == "" {
			t.Fatalf("call: %+v", r)
		}
		for _, s := range []bughouse.Seat{bughouse.ABlack, bughouse.BWhite, bughouse.AWhite} {
			command(t, tb, arbiter.Command{Kind: arbiter.Arrive, Seat: s})
		}
		if n := tb.Snapshot().NoShow; !n.Active || n.Deadline != 10*time.Minute+time.Second || !n.Present(bughouse.Team2) {
			t.Fatalf("no-show %+v", n)
		}
		time.Sleep(10*time.Minute + time.Second)
		synctest.Wait()
		s := tb.Snapshot()
		if s.Status != rules.Decided || s.Result != rules.Team2Wins || s.Reason != rules.Forfeit || s.DecidedAt != 10*time.Minute+time.Second {
			t.Fatalf("%s %s %s at %v, want team 1's forfeit at 10m1s", s.Status, s.Result, s.Reason, s.DecidedAt)
		}
		if l := s.Log[len(s.Log)-1]; !l.NoShow || l.Result != rules.Team2Wins {
			t.Errorf("log %+v", l)
		}
		if es := rec.all(); es[len(es)-1].Kind != EntryDecision || es[len(es)-1].Reason != rules.Forfeit {
			t.Errorf("the record's last entry %+v", es[len(es)-1])
		}
	})
}

// Requirement 7: a fifty-move draw is checked against the scoresheet when
// the table keeps one.
func TestFIDEDraws_FiftyMovesCheckedOnTheScoresheet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		move(t, tb, bughouse.BoardA, "Nf3")
		r := command(t, tb, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.FiftyMoves})
		if r.OK || r.Rule != "Art 2: FIDE Laws 9.3" || tb.Snapshot().Status != rules.Running {
			t.Errorf("fifty moves after one: %+v", r)
		}
		// Board B has no moves on the sheet: the arbiter's word stands.
		r = command(t, tb, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.FiftyMoves})
		if !r.OK || tb.Snapshot().Boards[1].Reason != rules.FiftyMoves {
			t.Errorf("fifty moves on a board without a sheet: %+v", r)
		}
	})
}

// Requirement 3: the loop carries the accused of an illegal-move claim;
// the upheld claim punishes him, not the claimant's board opponent.
func TestIllegalMoveClaim_TheAccusedThroughTheLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: preset(t, "pasapiezas")})
		defer stop()
		command(t, tb, arbiter.Command{Kind: arbiter.Start})
		time.Sleep(time.Second)
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite})
		r := command(t, tb, arbiter.Command{Kind: arbiter.Claim, Seat: bughouse.AWhite, Reason: rules.IllegalMove, Accused: bughouse.BWhite, AccusedSet: true})
		if !r.OK || tb.Snapshot().Claim.Accused != bughouse.BWhite {
			t.Fatalf("claim: %+v", r)
		}
		command(t, tb, arbiter.Command{Kind: arbiter.Uphold})
		if s := tb.Snapshot(); s.Result != rules.Team1Wins || s.Decisive[0] != bughouse.BWhite {
			t.Errorf("%s %v: B-white's illegal move loses", s.Result, s.Decisive)
		}
	})
}
