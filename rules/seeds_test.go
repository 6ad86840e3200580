package rules_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/rules"
)

// The rules of the five seeds that docs/rules.md's options carry: each
// test is named after the requirement it checks.

// presetMatch returns a match under preset name with the given option
// settings, not started.
func presetMatch(t testing.TB, name string, kv ...string) *rules.Match {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	for i := 0; i+1 < len(kv); i += 2 {
		if err := o.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	return newMatch(t, o)
}

// presses presses seat s, then its opponent, n times each, one press
// every step from at, and returns the instant after the last.
func presses(t testing.TB, m *rules.Match, b bughouse.Board, n int, at, step time.Duration) time.Duration {
	t.Helper()
	for range n {
		for _, c := range []bughouse.Color{bughouse.White, bughouse.Black} {
			applied(t, m, press(bughouse.SeatOf(b, c), at))
			at += step
		}
	}
	return at
}

// A deadlock (seed 002): A-white is in a check a drop could block but has
// nothing to drop, B-black is stalemated and waits (the boards of
// board/deadlock_test.go).
const deadlockFEN = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3 | 7k/P4Q2/8/8/3KP3/8/1PPP1PPP/RNB2BNR[] b - - 2 25"

// article is the article m's options cite for r.
func article(m *rules.Match, r rules.Reason) string {
	o := m.Options()
	return o.Article(r)
}

func game(t testing.TB, fen string, o rules.Options) *board.Game {
	t.Helper()
	g, err := board.ParseGameFEN(fen, o.Rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Requirement 1, seed 002: the match is drawn at the exact instant no
// player to move on either board can move again: Moved says so from the
// position, and the event it returns draws the match at its instant.
func TestSafetyRules_DeadlockDrawsAtItsInstant(t *testing.T) {
	m := presetMatch(t, "online")
	o := m.Options()
	g := game(t, deadlockFEN, o)
	if _, ok := m.Moved(g); ok {
		t.Error("Moved before the start returned an event")
	}
	applied(t, m, ev(rules.Start, 0))
	if _, ok := m.Moved(board.NewGame(o.Rules)); ok {
		t.Error("the initial position is no deadlock")
	}
	e, ok := m.Moved(g)
	if !ok || e.Kind != rules.Deadlocked {
		t.Fatalf("Moved(deadlock) = %v %v, want the deadlock event", e, ok)
	}
	e.At = 12345 * ms
	eff := applied(t, m, e)
	if !eff.Decided {
		t.Error("the deadlock did not decide the match")
	}
	wantResult(t, m, rules.MatchDraw, rules.Deadlock, 12345*ms)
	if a := article(m, rules.Deadlock); !strings.Contains(a, "seed 002") {
		t.Errorf("article %q: the message must say which rule ended the match", a)
	}
	if s := m.Snapshot(20 * sec); s.Clocks[bughouse.AWhite].Remaining != 3*time.Minute-12345*ms {
		t.Errorf("A-white %v: the clocks stop at the deadlock's instant", s.Clocks[bughouse.AWhite].Remaining)
	}
	// Where the preset has no such rule the position changes nothing, and
	// the event is refused citing the option.
	r := presetMatch(t, "fics")
	applied(t, r, ev(rules.Start, 0))
	if _, ok := r.Moved(g); ok {
		t.Error("fics: Moved returned a deadlock event")
	}
	wantRefused(t, r, rules.Event{Kind: rules.Deadlocked, At: sec}, "deadlock_draw = false")
}

// Requirement 1, seed 002: the 800th move of both boards together draws
// the match at the instant of its press.
func TestSafetyRules_800MovesDrawAtTheLastPress(t *testing.T) {
	m := presetMatch(t, "online", "move_limit", "800")
	applied(t, m, ev(rules.Start, 0))
	at := presses(t, m, bughouse.BoardA, 200, ms, ms) // 400 moves
	at = presses(t, m, bughouse.BoardB, 199, at, ms)  // 798
	applied(t, m, press(bughouse.BWhite, at))         // 799
	wantUndecided(t, m)
	eff := applied(t, m, press(bughouse.BBlack, at+ms)) // 800
	if !eff.Decided {
		t.Fatal("the 800th move did not decide the match")
	}
	wantResult(t, m, rules.MatchDraw, rules.MoveLimit, at+ms)
	if a := article(m, rules.MoveLimit); a != "move_limit = 800: seed 002" {
		t.Errorf("article %q", a)
	}
	// The online preset's own limit is 800.
	if p, _ := rules.LookupPreset("online"); p.Options.MoveLimit != 800 || !p.Options.DeadlockDraw {
		t.Errorf("online: move_limit %d, deadlock_draw %v", p.Options.MoveLimit, p.Options.DeadlockDraw)
	}
}

// Requirement 1, seed 002: under online a draw by agreement needs all
// four players, and draws the match; one board's agreement is refused.
func TestSafetyRules_AgreementOfAllFourUnderOnline(t *testing.T) {
	m := presetMatch(t, "online")
	applied(t, m, ev(rules.Start, 0))
	_, err := m.Apply(declare(bughouse.BoardA, rules.Drawn, rules.Agreement, sec))
	var r *rules.Refusal
	if !errors.As(err, &r) || r.Rule != "draw_agreement = all-four" {
		t.Fatalf("one board's agreement: %v, want a refusal citing draw_agreement = all-four", err)
	}
	wantUndecided(t, m)
	eff := applied(t, m, rules.Event{Kind: rules.AgreeAll, At: 2 * sec})
	if !eff.Decided {
		t.Fatal("the agreement of all four did not decide")
	}
	wantResult(t, m, rules.MatchDraw, rules.AllAgreed, 2*sec)
	s := m.Snapshot(2 * sec)
	if s.Boards[0].Outcome != rules.Drawn || s.Boards[1].Outcome != rules.Drawn || s.Boards[0].Reason != rules.AllAgreed {
		t.Errorf("boards %+v: both drawn by the agreement", s.Boards)
	}
	if a := article(m, rules.AllAgreed); a != "draw_agreement = all-four: seed 002" {
		t.Errorf("article %q", a)
	}
	// Before the start and after the decision it is refused.
	wantRefused(t, presetMatch(t, "online"), rules.Event{Kind: rules.AgreeAll}, "has not started")
	wantRefused(t, m, rules.Event{Kind: rules.AgreeAll, At: 3 * sec}, "already decided")
	// Under a one-board preset all four agreeing is both boards agreed
	// drawn at once (Art 34).
	g := started(t)
	applied(t, g, rules.Event{Kind: rules.AgreeAll, At: sec})
	wantResult(t, g, rules.MatchDraw, rules.AllAgreed, sec)
	if a := article(g, rules.AllAgreed); a != "Art 34" {
		t.Errorf("reglamento article %q", a)
	}
}

// Requirement 2: a board's draw ends the match in the presets whose seed
// ends it when either board ends (001, 002, 003); reglamento keeps Art 34.
func TestOneBoardDraw_PerSeed(t *testing.T) {
	for name, want := range map[string]rules.OneBoardDraw{
		"reglamento": rules.OtherContinues, "pasapiezas": rules.MatchDrawn, "online": rules.MatchDrawn,
		"uscf-fics": rules.MatchDrawn, "panoriental": rules.OtherContinues, "fics": rules.MatchDrawn,
	} {
		p, err := rules.LookupPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.Options.OneBoardDraw != want {
			t.Errorf("%s: one_board_draw %s, want %s", name, p.Options.OneBoardDraw, want)
		}
		if p.Notes["one_board_draw"] == "" {
			t.Errorf("%s: no seed sentence for one_board_draw", name)
		}
	}
	for _, name := range []string{"pasapiezas", "uscf-fics"} {
		m := presetMatch(t, name, "start", "arbiter")
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, declare(bughouse.BoardB, rules.Drawn, rules.Agreement, 5*sec))
		wantResult(t, m, rules.MatchDraw, rules.Agreement, 5*sec)
	}
}

// Requirement 3, seeds 001 and 003: under illegal_move_claim =
// opposing-team either player of the other team may claim; the accused is
// the last mover of that board.
func TestIllegalMoveClaim_OpposingTeam(t *testing.T) {
	m := presetMatch(t, "pasapiezas")
	applied(t, m, ev(rules.Start, 0))
	applied(t, m, press(bughouse.AWhite, sec))
	// B-white (team 2) accuses A-white (team 1), the last mover on A.
	c := rules.Event{Kind: rules.Claim, Seat: bughouse.BWhite, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true, At: 2 * sec}
	if got := c.String(); got != "claim B-white illegal-move A-white" {
		t.Errorf("String %q", got)
	}
	applied(t, m, c)
	if pc := m.Claim(); !pc.Active || pc.Claimant != bughouse.BWhite || pc.Accused != bughouse.AWhite {
		t.Fatalf("claim %+v", pc)
	}
	applied(t, m, ev(rules.Uphold, 3*sec))
	wantResult(t, m, rules.Team2Wins, rules.IllegalMove, 3*sec, bughouse.AWhite)

	m = presetMatch(t, "pasapiezas")
	applied(t, m, ev(rules.Start, 0))
	applied(t, m, press(bughouse.AWhite, sec))
	// A partner may not accuse his own team; the accused must be the last
	// mover of his board.
	wantRefused(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.BBlack, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true, At: 2 * sec}, "his own team")
	wantRefused(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.AWhite, Reason: rules.IllegalMove, Accused: bughouse.BWhite, AccusedSet: true, At: 2 * sec}, "has not moved")
	wantRefused(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.AWhite, Reason: rules.Flag, Accused: bughouse.ABlack, AccusedSet: true, At: 2 * sec}, "only an illegal-move claim")
	// Left out, the accused is the claimant's board opponent.
	applied(t, m, claim(bughouse.ABlack, rules.IllegalMove, 2*sec))
	if pc := m.Claim(); pc.Accused != bughouse.AWhite {
		t.Errorf("accused %s, want A-white", pc.Accused)
	}
}

// Requirement 3, Art 29 (reglamento) and seed 004: only the board
// opponent may claim.
func TestIllegalMoveClaim_BoardOpponent(t *testing.T) {
	for _, name := range []string{"reglamento", "panoriental"} {
		m := presetMatch(t, name)
		applied(t, m, ev(rules.Start, 0))
		applied(t, m, press(bughouse.AWhite, sec))
		_, err := m.Apply(rules.Event{Kind: rules.Claim, Seat: bughouse.BWhite, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true, At: 2 * sec})
		var r *rules.Refusal
		if !errors.As(err, &r) || r.Rule != "illegal_move_claim = board-opponent" {
			t.Errorf("%s: the partner's claim: %v, want refused citing the option", name, err)
		}
		applied(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true, At: 2 * sec})
	}
	for name, want := range map[string]rules.ClaimRight{"pasapiezas": rules.ClaimOpposingTeam, "uscf-fics": rules.ClaimOpposingTeam,
		"reglamento": rules.ClaimBoardOpponent, "panoriental": rules.ClaimBoardOpponent} {
		if p, _ := rules.LookupPreset(name); p.Options.ClaimIllegal != want {
			t.Errorf("%s: illegal_move_claim %s, want %s", name, p.Options.ClaimIllegal, want)
		}
	}
}

// Requirement 4, seed 003 ("los jugadores con piezas negras ponen a
// correr ambos relojes simultáneamente"): under uscf-fics both Black
// players press; the second press starts both White clocks at its
// instant, and the arbiter's pause switch does not start the match.
func TestUSCFStart_BothBlackPlayersPress(t *testing.T) {
	m := presetMatch(t, "uscf-fics")
	wantIgnored(t, m, ev(rules.Resume, sec), "ready")
	wantIgnored(t, m, press(bughouse.AWhite, sec), "not started")
	applied(t, m, press(bughouse.BBlack, 2*sec))
	if s := m.Snapshot(2 * sec); s.Status != rules.Ready || !s.BlackPressed[bughouse.BoardB] || s.BlackPressed[bughouse.BoardA] {
		t.Fatalf("after B-black's press: %s, black pressed %v", s.Status, s.BlackPressed)
	}
	wantIgnored(t, m, press(bughouse.BBlack, 3*sec), "waiting for A-black")
	applied(t, m, press(bughouse.ABlack, 4*sec))
	s := m.Snapshot(5 * sec)
	if s.Status != rules.Running || s.StartedAt != 4*sec {
		t.Fatalf("status %s started at %v, want running from 4s", s.Status, s.StartedAt)
	}
	wantRunning(t, m, int(bughouse.AWhite), int(bughouse.BWhite))
	wantAll(t, m, 5*sec, 5*time.Minute-sec, 5*time.Minute, 5*time.Minute-sec, 5*time.Minute)
	// The arbiter's start still starts both boards at once.
	a := presetMatch(t, "uscf-fics")
	applied(t, a, ev(rules.Start, sec))
	wantRunning(t, a, int(bughouse.AWhite), int(bughouse.BWhite))
}

// Requirement 5, Art 40: a warning is recorded and counted per player; a
// time deduction is an adjustment; a loss by penalty decides the match
// with its own reason and article.
func TestArt40Penalties_WarningDeductionAndLoss(t *testing.T) {
	m := started(t)
	w := rules.Event{Kind: rules.Warn, Seat: bughouse.BBlack, At: sec}
	if w.String() != "warn B-black" {
		t.Errorf("String %q", w.String())
	}
	applied(t, m, w)
	applied(t, m, rules.Event{Kind: rules.Warn, Seat: bughouse.BBlack, At: 2 * sec})
	applied(t, m, rules.Event{Kind: rules.Warn, Seat: bughouse.AWhite, At: 2 * sec})
	s := m.Snapshot(2 * sec)
	if s.Warnings != [4]uint8{1, 0, 0, 2} || m.Warnings(bughouse.BBlack) != 2 {
		t.Errorf("warnings %v", s.Warnings)
	}
	wantUndecided(t, m)
	if !s.Clocks[bughouse.AWhite].Running {
		t.Error("a warning stopped the clocks")
	}
	applied(t, m, ev(rules.Pause, 3*sec))
	applied(t, m, adjust(bughouse.BBlack, -30*sec, 3*sec))
	wantRemaining(t, m, bughouse.BBlack, 3*sec, 5*time.Minute-30*sec)
	applied(t, m, ev(rules.Resume, 4*sec))
	eff := applied(t, m, rules.Event{Kind: rules.Penalize, Seat: bughouse.BBlack, At: 5 * sec})
	if !eff.Decided {
		t.Fatal("the penalty did not decide")
	}
	wantResult(t, m, rules.Team2Wins, rules.Penalty, 5*sec, bughouse.BBlack)
	if a := article(m, rules.Penalty); a != "Art 40" {
		t.Errorf("article %q, want Art 40", a)
	}
	if b := m.Snapshot(5 * sec).Boards[bughouse.BoardB]; b.Outcome != rules.WhiteWins || b.Reason != rules.Penalty {
		t.Errorf("board B %+v: B-black lost it by penalty", b)
	}
	wantRefused(t, m, rules.Event{Kind: rules.Warn, Seat: bughouse.AWhite, At: 6 * sec}, "decided")
	wantRefused(t, m, rules.Event{Kind: rules.Penalize, Seat: bughouse.AWhite, At: 6 * sec}, "already decided")
}

// Requirement 6, Art 44: a called match counts the tolerance down; a team
// not complete at the table when it runs out loses by forfeit, at that
// exact instant.
func TestArt44NoShow_ForfeitWhenToleranceRunsOut(t *testing.T) {
	m := newMatch(t, options(t, "no_show_tolerance", "15m"))
	c := rules.Event{Kind: rules.Call, At: 10 * sec}
	applied(t, m, c)
	dl, ok := m.NextDeadline()
	if !ok || dl != 10*sec+15*time.Minute {
		t.Fatalf("deadline %v %v, want 15m10s", dl, ok)
	}
	for _, s := range []bughouse.Seat{bughouse.AWhite, bughouse.BBlack, bughouse.ABlack} {
		applied(t, m, rules.Event{Kind: rules.Arrive, Seat: s, At: time.Minute})
	}
	wantIgnored(t, m, rules.Event{Kind: rules.Arrive, Seat: bughouse.AWhite, At: time.Minute}, "already at the table")
	s := m.Snapshot(5 * time.Minute)
	if !s.NoShow.Active || s.NoShow.Left(s.At) != 10*time.Minute+10*sec || !s.NoShow.Present(bughouse.Team1) || s.NoShow.Present(bughouse.Team2) {
		t.Errorf("no-show %+v at 5m", s.NoShow)
	}
	if m.Advance(dl - 1) {
		t.Fatal("decided before the tolerance ran out")
	}
	if !m.Advance(dl + time.Minute) {
		t.Fatal("not decided when the tolerance ran out")
	}
	wantResult(t, m, rules.Team1Wins, rules.Forfeit, dl, bughouse.ABlack, bughouse.BWhite)
	if b := m.Snapshot(dl).Boards; b[0].Outcome != rules.WhiteWins || b[1].Outcome != rules.BlackWins || b[0].Reason != rules.Forfeit {
		t.Errorf("boards %+v: both lost by team 2's forfeit", b)
	}
	// Late is too late: the arrival after the deadline changes nothing.
	wantIgnored(t, m, rules.Event{Kind: rules.Arrive, Seat: bughouse.BWhite, At: dl + 2*time.Minute}, "decided")

	// Both absent: both lose.
	d := newMatch(t, options(t))
	wantRefused(t, d, c, "no_show_tolerance")
	applied(t, d, rules.Event{Kind: rules.Call, Delta: time.Minute, At: 10 * sec})
	if !d.Advance(time.Hour) {
		t.Fatal("not decided")
	}
	wantResult(t, d, rules.DoubleForfeit, rules.Forfeit, time.Minute+10*sec)
	if rules.DoubleForfeit.String() != "0-0" {
		t.Errorf("double forfeit %q", rules.DoubleForfeit)
	}
	// Everyone present, or a start, ends the countdown.
	p := newMatch(t, options(t, "no_show_tolerance", "1m"))
	applied(t, p, c)
	for _, s := range bughouse.Seats {
		applied(t, p, rules.Event{Kind: rules.Arrive, Seat: s, At: 20 * sec})
	}
	if _, ok := p.NextDeadline(); ok || p.Advance(time.Hour) {
		t.Error("a countdown with all four at the table")
	}
	q := newMatch(t, options(t, "no_show_tolerance", "1m"))
	applied(t, q, c)
	applied(t, q, ev(rules.Start, 20*sec))
	if q.Snapshot(20 * sec).NoShow.Active {
		t.Error("the start kept the countdown")
	}
	wantIgnored(t, q, rules.Event{Kind: rules.Call, At: 30 * sec}, "already started")
}

// Requirement 7, Art 2 (the FIDE Laws where the regulation is silent): a
// fifty-move draw may be declared where the preset allows it, and a
// scoresheet position must show the fifty moves.
func TestFIDEDraws_FiftyMoveRule(t *testing.T) {
	m := started(t)
	applied(t, m, declare(bughouse.BoardA, rules.Drawn, rules.FiftyMoves, sec))
	if s := m.Snapshot(sec); s.Boards[0].Outcome != rules.Drawn || s.Boards[0].Reason != rules.FiftyMoves {
		t.Errorf("board A %+v", s.Boards[0])
	}
	if a := article(m, rules.FiftyMoves); a != "Art 2: FIDE Laws 9.3" {
		t.Errorf("article %q", a)
	}
	o := presetMatch(t, "online")
	applied(t, o, ev(rules.Start, 0))
	wantRefused(t, o, declare(bughouse.BoardA, rules.Drawn, rules.FiftyMoves, sec), "fifty_move_draw = false")
	wantRefused(t, started(t), declare(bughouse.BoardA, rules.WhiteWins, rules.FiftyMoves, sec), "is a draw")

	r := options(t)
	g := game(t, "8/8/4k3/8/8/4K3/8/R7[] w - - 99 80 | "+board.Start, r)
	err := rules.CheckFiftyMoves(g, bughouse.BoardA)
	var ref *rules.Refusal
	if !errors.Is(err, rules.ErrFiftyMoves) || !errors.As(err, &ref) || ref.Rule != "Art 2: FIDE Laws 9.3" || !strings.Contains(err.Error(), "99 half-moves") {
		t.Errorf("99 half-moves: %v", err)
	}
	g = game(t, "8/8/4k3/8/8/4K3/8/R7[] w - - 100 80 | "+board.Start, r)
	if err := rules.CheckFiftyMoves(g, bughouse.BoardA); err != nil {
		t.Errorf("100 half-moves: %v", err)
	}
	for name, want := range map[string]bool{"reglamento": true, "pasapiezas": true, "uscf-fics": true, "panoriental": true, "online": false, "fics": false} {
		if p, _ := rules.LookupPreset(name); p.Options.FiftyMoveDraw != want {
			t.Errorf("%s: fifty_move_draw %v, want %v", name, p.Options.FiftyMoveDraw, want)
		}
	}
}

// Requirement 8, seed 003's other format: when a board ends the other
// plays on, and the match is the sum of both boards.
func TestBothBoardsFormat_TheOtherBoardPlaysOnAndTheBoardsAdd(t *testing.T) {
	m := presetMatch(t, "uscf-fics", "match_format", "both-boards")
	applied(t, m, ev(rules.Start, 0))
	applied(t, m, press(bughouse.AWhite, sec))
	applied(t, m, press(bughouse.BWhite, sec))
	// Board A is won by team 2 (A-black mates); board B plays on.
	eff := applied(t, m, declare(bughouse.BoardA, rules.BlackWins, rules.Checkmate, 2*sec))
	if eff.Decided || m.Status() != rules.Running {
		t.Fatalf("the first board's result decided the match (status %s)", m.Status())
	}
	wantRunning(t, m, -1, int(bughouse.BBlack))
	wantIgnored(t, m, press(bughouse.ABlack, 3*sec), "board A is over")
	applied(t, m, press(bughouse.BBlack, 4*sec))
	// B-white (team 2) flags on board B at 4s + 5m - 1s: team 1 wins B.
	at := 4*sec + 5*time.Minute - sec
	if m.Advance(at - 1) {
		t.Fatal("decided early")
	}
	if !m.Advance(at) {
		t.Fatal("the flag did not decide the match")
	}
	wantResult(t, m, rules.MatchDraw, rules.BoardSum, at, bughouse.AWhite, bughouse.BWhite)
	s := m.Snapshot(at)
	if p1, p2 := s.Points(); p1 != 1 || p2 != 1 {
		t.Errorf("points %v-%v, want 1-1", p1, p2)
	}
	if a := article(m, rules.BoardSum); !strings.Contains(a, "seed 003") {
		t.Errorf("article %q", a)
	}

	// A draw on one board and a win on the other: 1.5-0.5.
	d := presetMatch(t, "uscf-fics", "match_format", "both-boards", "start", "arbiter")
	applied(t, d, ev(rules.Start, 0))
	applied(t, d, declare(bughouse.BoardB, rules.Drawn, rules.Agreement, sec))
	applied(t, d, declare(bughouse.BoardA, rules.WhiteWins, rules.Resignation, 2*sec))
	wantResult(t, d, rules.Team1Wins, rules.BoardSum, 2*sec, bughouse.ABlack)
	if p1, p2 := d.Snapshot(2 * sec).Points(); p1 != 1.5 || p2 != 0.5 {
		t.Errorf("points %v-%v, want 1.5-0.5", p1, p2)
	}
	// Flags of different teams at once: 1-1, a simultaneous flag.
	f := presetMatch(t, "reglamento", "match_format", "both-boards")
	applied(t, f, ev(rules.Start, 0))
	f.Advance(time.Hour)
	wantResult(t, f, rules.MatchDraw, rules.SimultaneousFlag, 5*time.Minute, bughouse.AWhite, bughouse.BWhite)
	// A loss of the match by penalty loses the board still in play too.
	p := presetMatch(t, "reglamento", "match_format", "both-boards")
	applied(t, p, ev(rules.Start, 0))
	applied(t, p, declare(bughouse.BoardA, rules.Drawn, rules.Agreement, sec))
	applied(t, p, rules.Event{Kind: rules.Penalize, Seat: bughouse.BWhite, At: 2 * sec})
	wantResult(t, p, rules.Team1Wins, rules.Penalty, 2*sec, bughouse.BWhite)
	if p1, p2 := p.Snapshot(2 * sec).Points(); p1 != 1.5 || p2 != 0.5 {
		t.Errorf("penalty: points %v-%v, want 1.5-0.5", p1, p2)
	}
	// A deadlock or the agreement of all four draws what is still in play.
	a := presetMatch(t, "online", "match_format", "both-boards")
	applied(t, a, ev(rules.Start, 0))
	applied(t, a, declare(bughouse.BoardA, rules.WhiteWins, rules.Checkmate, sec))
	applied(t, a, rules.Event{Kind: rules.AgreeAll, At: 2 * sec})
	wantResult(t, a, rules.Team1Wins, rules.BoardSum, 2*sec, bughouse.ABlack)
}

// Requirement 10: every preset names the seed sentence (or the article,
// or the seed's silence) behind each option added for the seeds.
func TestPresets_NoteEveryNewOption(t *testing.T) {
	for _, p := range rules.Presets() {
		for _, k := range []string{"start", "one_board_draw", "illegal_move_claim", "draw_agreement", "deadlock_draw",
			"move_limit", "fifty_move_draw", "match_format", "no_show_tolerance"} {
			if p.Notes[k] == "" {
				t.Errorf("%s: no note for %s", p.Name, k)
			}
		}
		for k := range p.Notes {
			if _, err := p.Options.Get(k); err != nil {
				t.Errorf("%s: a note for %q, which is no option", p.Name, k)
			}
		}
	}
	for k, v := range rules.AddedOptionKeys {
		var zero rules.Options
		if got, err := zero.Get(k); err != nil || got != v {
			t.Errorf("added key %s: the zero options read %q (%v), AddedOptionKeys %q", k, got, err, v)
		}
	}
}

// The new options' text forms refuse what they cannot hold, naming the
// option, and change nothing.
func TestPresets_NewOptionsRefuseBadValues(t *testing.T) {
	for _, tc := range [][3]string{
		{"move_limit", "-1", "move_limit"}, {"move_limit", "many", "0 (no limit) to 100000"},
		{"no_show_tolerance", "25h", "allowed 0 (none) to 24h"}, {"no_show_tolerance", "soon", "no_show_tolerance"},
		{"match_format", "sum", "unknown match_format"}, {"draw_agreement", "three", "allowed: one-board, all-four"},
		{"illegal_move_claim", "anyone", "allowed: board-opponent, opposing-team"}, {"deadlock_draw", "maybe", "not a switch"},
		{"start", "white-press", "allowed: arbiter, black-press, both-black"},
	} {
		o := options(t)
		before := o
		if err := o.Set(tc[0], tc[1]); err == nil || !strings.Contains(err.Error(), tc[2]) {
			t.Errorf("Set(%q, %q) = %v, want %q", tc[0], tc[1], err, tc[2])
		}
		if o.MoveLimit != before.MoveLimit || o.NoShowTolerance != before.NoShowTolerance || o.Format != before.Format {
			t.Errorf("a failed Set(%q) changed the options", tc[0])
		}
	}
}
