package table

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
)

func command(t *testing.T, tb *Table, c arbiter.Command) arbiter.Result {
	t.Helper()
	r, err := tb.Command(context.Background(), c, time.Now())
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return r
}

// A press charged at its own instant: the loop's wake-ups for a digit
// change never move the match's time, so a press that happened before
// one but reaches the loop after it (a starved process) is charged
// exactly, not at the wake-up.
func TestPress_ChargedAtItsOwnInstant_AfterDigitWakeUps(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), NextChange: display.NextChangeFunc(nil)})
		defer stop()
		t0 := tb.Epoch()
		do(t, tb, rules.Event{Kind: rules.Start})
		// The loop wakes at 1 s, 2 s, 3 s to redraw; B-white pressed at
		// 0.764 s and the press arrives at 3.5 s.
		time.Sleep(3500 * time.Millisecond)
		synctest.Wait()
		eff := do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite})
		if eff.Ignored != "" {
			t.Fatalf("press ignored: %s", eff.Ignored)
		}
		late, err := tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(764*time.Millisecond))
		if err != nil || late.Ignored != "" {
			t.Fatalf("late press: %+v, %v", late, err)
		}
		s := tb.Snapshot()
		if got, want := s.Clocks[bughouse.AWhite].Remaining, 5*time.Minute-764*time.Millisecond; got != want {
			t.Errorf("A-white %v, want %v: charged at its own instant", got, want)
		}
		if got, want := s.Clocks[bughouse.ABlack].Remaining, 5*time.Minute-(3500-764)*time.Millisecond; got != want {
			t.Errorf("A-black %v, want %v: running since the press", got, want)
		}
	})
}

// Only a decision fixes an instant: a press stamped before the flag that
// arrives after the flag was judged is ignored as after the decision.
func TestPress_AfterTheFlagWasJudged_IgnoredAsAfterTheDecision(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "10s")})
		defer stop()
		t0 := tb.Epoch()
		do(t, tb, rules.Event{Kind: rules.Start})
		do(t, tb, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}) // only A-white flags at 10 s
		time.Sleep(11 * time.Second)
		synctest.Wait()
		eff, err := tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(10*time.Second-time.Millisecond))
		if err != nil || eff.Ignored != "match decided" {
			t.Fatalf("late press: %+v, %v; want ignored as after the decision", eff, err)
		}
		if s := tb.Snapshot(); s.Result != rules.Team2Wins || s.DecidedAt != 10*time.Second || s.Last.At != 10*time.Second {
			t.Errorf("result %v at %v, late press recorded at %v", s.Result, s.DecidedAt, s.Last.At)
		}
	})
}

// The pause switch is one event, resolved inside the loop: two presses of
// it posted together pause and resume, whatever snapshot an input saw.
func TestPauseSwitch_ResolvedInsideTheLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Record: rec.add})
		defer stop()
		t0 := tb.Epoch()
		tb.Post(rules.Event{Kind: rules.PauseSwitch}, t0.Add(time.Second)) // starts the match
		tb.Post(rules.Event{Kind: rules.PauseSwitch}, t0.Add(2*time.Second))
		tb.Post(rules.Event{Kind: rules.PauseSwitch}, t0.Add(3*time.Second))
		tb.Post(rules.Event{Kind: rules.PauseSwitch}, t0.Add(4*time.Second))
		synctest.Wait()
		var kinds []rules.Kind
		for _, e := range rec.all() {
			if e.Kind == EntryEvent {
				kinds = append(kinds, e.Event.Kind)
			}
		}
		if want := []rules.Kind{rules.Resume, rules.Pause, rules.Resume, rules.Pause}; !slices.Equal(kinds, want) {
			t.Errorf("recorded %v, want %v (the resolved events)", kinds, want)
		}
		if s := tb.Snapshot(); s.Status != rules.Paused || s.Clocks[bughouse.AWhite].Remaining != 5*time.Minute-2*time.Second {
			t.Errorf("status %v, A-white %v", s.Status, s.Clocks[bughouse.AWhite].Remaining)
		}
	})
}

// Moves are the loop's: entered in instant order with the presses,
// recorded in that one order, shown in every snapshot with the reserves,
// and gone with the match.
func TestMoves_OwnedByTheLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Record: rec.add})
		defer stop()
		if r := command(t, tb, arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardA, Text: "e4"}); r.OK || r.Refused == "" {
			t.Fatalf("a move before the start: %+v, want refused", r)
		}
		do(t, tb, rules.Event{Kind: rules.Start})
		for _, m := range []struct {
			b    bughouse.Board
			text string
		}{{bughouse.BoardA, "e4"}, {bughouse.BoardA, "d5"}, {bughouse.BoardA, "exd5"}} {
			if r := command(t, tb, arbiter.Command{Kind: arbiter.Move, Board: m.b, Text: m.text}); !r.OK || r.Move == nil {
				t.Fatalf("%s: %+v", m.text, r)
			}
		}
		s := tb.Snapshot()
		if s.Moves() != 3 || s.Sheet.Reserves()[bughouse.BBlack]["P"] != 1 {
			t.Fatalf("moves %d, B-black's reserve %v: want 3 moves and the captured pawn with A-white's partner", s.Moves(), s.Sheet.Reserves()[bughouse.BBlack])
		}
		r := command(t, tb, arbiter.Command{Kind: arbiter.Move, Board: bughouse.BoardB, Text: "P@e5"})
		if r.OK || r.Rule == "" {
			t.Errorf("B-white dropping a pawn he does not hold: %+v, want refused with its rule", r)
		}
		if r := command(t, tb, arbiter.Command{Kind: arbiter.TakeBack, Board: bughouse.BoardA}); !r.OK || r.Move.SAN != "exd5" {
			t.Fatalf("take back: %+v", r)
		}
		if got := tb.Snapshot().Moves(); got != 2 || s.Moves() != 3 {
			t.Errorf("after the take back: %d moves, the older snapshot %d: want 2 and 3 (snapshots are frozen)", got, s.Moves())
		}
		var kinds []EntryKind
		for _, e := range rec.all()[1:] {
			kinds = append(kinds, e.Kind)
		}
		if want := []EntryKind{EntryEvent, EntryMove, EntryMove, EntryMove, EntryTakeBack}; !slices.Equal(kinds, want) {
			t.Errorf("recorded %v, want %v", kinds, want)
		}
		do(t, tb, rules.Event{Kind: rules.Pause})
		command(t, tb, arbiter.Command{Kind: arbiter.NewMatch})
		if got := tb.Snapshot().Moves(); got != 0 {
			t.Errorf("a new match has %d moves", got)
		}
	})
}

// The players are the loop's: set before the start they are this match's
// (a new match record begins with them); set during a match they are the
// next match's, which takes them when it begins.
func TestPlayers_ThisMatchOrTheNext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var rec entries
		first := [4]string{"Ana", "Bea", "Carla", "Dora"}
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Players: first, Record: rec.add})
		defer stop()
		if s := tb.Snapshot(); s.Players != first || rec.all()[0].Players != first {
			t.Fatalf("first match players %q", s.Players)
		}
		second := [4]string{"Eva", "Fe", "Gina", "Hilda"}
		if r := command(t, tb, arbiter.Command{Kind: arbiter.SetPlayers, Players: second}); r.Notice != "players set for this match" {
			t.Errorf("before the start: %+v", r)
		}
		es := rec.all()
		if s := tb.Snapshot(); s.Players != second || es[len(es)-1].Kind != EntryMatch || es[len(es)-1].Players != second {
			t.Fatalf("players %q, last entry %+v", s.Players, es[len(es)-1])
		}
		do(t, tb, rules.Event{Kind: rules.Start})
		third := [4]string{"Ida", "Juana", "Kati", "Lola"}
		if r := command(t, tb, arbiter.Command{Kind: arbiter.SetPlayers, Players: third}); r.Notice != "players set for the next match" {
			t.Errorf("during the match: %+v", r)
		}
		if s := tb.Snapshot(); s.Players != second || s.NextPlayers != third {
			t.Errorf("during the match: players %q next %q", s.Players, s.NextPlayers)
		}
		do(t, tb, rules.Event{Kind: rules.Pause})
		do(t, tb, rules.Event{Kind: rules.Reset})
		if s := tb.Snapshot(); s.Players != third {
			t.Errorf("the next match's players %q, want %q", s.Players, third)
		}
		if r, err := tb.Command(context.Background(), arbiter.Command{Kind: arbiter.SetPlayers, Players: [4]string{"a\nb"}}, time.Now()); err == nil {
			t.Errorf("a name of two lines accepted: %+v", r)
		}
	})
}

// A restored match says so until a new match begins.
func TestRecovered_ClearedByANewMatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		at := time.Date(2026, 12, 1, 14, 3, 59, 0, time.UTC)
		tb, stop := start(t, &Opts{Options: opts(t, "5m"), Restore: &Restore{Events: []rules.Event{{Kind: rules.Start}}, Until: time.Second, RecoveredAt: at}})
		defer stop()
		if s := tb.Snapshot(); !s.Recovered || !s.RecoveredAt.Equal(at) || s.Status != rules.Paused {
			t.Fatalf("restored: recovered %v at %v, %v", s.Recovered, s.RecoveredAt, s.Status)
		}
		command(t, tb, arbiter.Command{Kind: arbiter.NewMatch})
		if s := tb.Snapshot(); s.Recovered || !s.RecoveredAt.IsZero() {
			t.Errorf("a new match: recovered %v at %v", s.Recovered, s.RecoveredAt)
		}
	})
}

// A claim stops the clocks first and is one step of the loop; its
// refusal cites the article and says the clocks stay stopped.
func TestCommand_ClaimStopsFirst_RefusalCitesTheRule(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, stop := start(t, &Opts{Options: opts(t, "5m")})
		defer stop()
		do(t, tb, rules.Event{Kind: rules.Start})
		time.Sleep(time.Second)
		r := command(t, tb, arbiter.Command{Kind: arbiter.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove})
		if r.OK || r.Rule != "Art 26-27" || r.Notice != "the clocks stay stopped: resume when play goes on" || r.Status != rules.Paused {
			t.Errorf("an illegal-move claim with no move made: %+v", r)
		}
		if r := command(t, tb, arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.Agreement}); !r.OK ||
			r.Notice != "board A drawn; board B plays on and decides the match (Art 34): resume it" {
			t.Errorf("a draw on board A: %+v", r)
		}
		if _, err := tb.Command(context.Background(), arbiter.Command{Kind: arbiter.Adjust, Seat: bughouse.BWhite}, time.Now()); err == nil {
			t.Error("an adjustment of zero accepted")
		}
	})
}
