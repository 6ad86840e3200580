package rules

import (
	"errors"
	"fmt"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
)

// Status is the match's state: ready -> running <-> paused -> decided.
type Status uint8

// Match statuses.
const (
	Ready Status = iota
	Running
	Paused
	Decided
)

var statusNames = [...]string{"ready", "running", "paused", "decided"}

// String returns "ready", "running", "paused" or "decided".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

type boardState struct {
	clk     clock.Pair
	outcome Outcome
	reason  Reason
	at      time.Duration // instant the board was decided
	// halted: the board's game is over (drawn while the other continues,
	// or the match is decided).
	halted bool
	// strikes counts upheld illegal moves per color (three-strikes).
	strikes [2]uint8
	// last is the instant of the last press on the board (Earliest).
	last time.Duration
}

// PendingClaim is a claim waiting for the arbiter.
type PendingClaim struct {
	Active   bool
	Claimant bughouse.Seat
	Reason   Reason
	At       time.Duration
	// Accused is the seat an illegal-move claim accuses: the last mover
	// of his board (Event.Accuses); for other claims the claimant's board
	// opponent.
	Accused bughouse.Seat
}

// Match is one bughouse match: two boards, four clocks, one result. It is a
// value with no pointers into shared mutable state: copying it (e.g. to
// look ahead) copies the whole match.
//
// The zero Match is not usable; make one with New.
type Match struct {
	opts   Options
	status Status
	boards [2]boardState
	now    time.Duration // the latest instant applied: an event's, or Advance's
	wide   time.Duration // instant of the last event of both boards (all but a press)
	seq    uint64        // events applied

	result    Result
	reason    Reason
	decisive  [2]bughouse.Seat
	ndecisive uint8
	decidedAt time.Duration

	claim     PendingClaim
	started   bool
	startedAt time.Duration
	last      Event
	effect    Effect

	// warnings counts each seat's warnings (Art 40), saturating.
	warnings [4]uint8
	// blackPressed: under start = both-black, the boards whose Black has
	// pressed before the start.
	blackPressed [2]bool
	// call is the no-show countdown (Art 44).
	call NoShow
}

// New returns a match ready to start under opts. It returns the error of
// opts.Validate.
func New(opts Options) (*Match, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	m := &Match{opts: opts}
	m.reset()
	return m, nil
}

func (m *Match) reset() {
	for b := range m.boards {
		bd := bughouse.Board(b)
		m.boards[b] = boardState{clk: clock.NewPair(
			m.opts.ControlFor(bughouse.SeatOf(bd, bughouse.White)),
			m.opts.ControlFor(bughouse.SeatOf(bd, bughouse.Black)))}
	}
	m.status = Ready
	m.result, m.reason, m.ndecisive, m.decidedAt = NoResult, NoReason, 0, 0
	m.decisive = [2]bughouse.Seat{}
	m.claim = PendingClaim{}
	m.started, m.startedAt = false, 0
	m.warnings, m.blackPressed, m.call = [4]uint8{}, [2]bool{}, NoShow{}
}

// Options returns the match's options.
func (m *Match) Options() Options { return m.opts }

// Status returns the match's status.
func (m *Match) Status() Status { return m.status }

// Now returns the instant of the last applied event or deadline.
func (m *Match) Now() time.Duration { return m.now }

// Result returns the match result, its reason, the decisive seats (the
// player who flagged, was mated, resigned, ...; two for simultaneous flags,
// none for agreed draws) and the decision instant. Result is NoResult until
// decided.
func (m *Match) Result() (r Result, why Reason, seats []bughouse.Seat, at time.Duration) {
	return m.result, m.reason, append([]bughouse.Seat(nil), m.decisive[:m.ndecisive]...), m.decidedAt
}

// Remaining returns seat s's remaining time at instant at (nanoseconds),
// as clock.Pair.Remaining. For instants after a flag that Advance has not
// yet applied it still counts down to zero, never below.
func (m *Match) Remaining(s bughouse.Seat, at time.Duration) time.Duration {
	return m.boards[s.Board()].clk.Remaining(s.Color(), at)
}

// Running returns the seat whose clock runs on board b, if any.
func (m *Match) Running(b bughouse.Board) (bughouse.Seat, bool) {
	c, ok := m.boards[b].clk.Running()
	return bughouse.SeatOf(b, c), ok
}

// NextDeadline returns the earliest instant at which the match changes by
// itself: the next flag of a running clock, or before the start the end
// of a called match's no-show tolerance (Art 44). ok is false when there
// is none. The loop arms its timer for it and then calls Advance with that
// instant.
func (m *Match) NextDeadline() (at time.Duration, ok bool) {
	if m.status == Ready && m.call.Active {
		return m.call.Deadline, true
	}
	for b := range m.boards {
		if f, _, run := m.boards[b].clk.NextFlag(); run && (!ok || f < at) {
			at, ok = f, true
		}
	}
	return at, ok
}

// ErrBackwards is returned when an event's instant is before the last
// applied instant: the loop must order events first (clock case C18, testdata/clock-cases.md).
var ErrBackwards = errors.New("rules: event instant is before the last applied instant")

// Advance applies what happens by itself up to instant at: if a running
// clock reaches zero at or before at, its board is decided at that exact
// flag instant (docs/rules.md clock rules 4-6), whatever at is, and with
// it the match (under match_format = both-boards only once both boards
// are over: the other board's flag may still follow, and Advance applies
// it too); before the start, a called match's no-show tolerance that ran
// out by at decides it by forfeit at its end (Art 44). It reports whether
// the match was decided by it.
func (m *Match) Advance(at time.Duration) (decided bool) {
	if at < m.now {
		return false
	}
	if m.status == Ready && m.call.Active && m.call.Deadline <= at && m.noShow(m.call.Deadline) {
		m.now = m.call.Deadline
		return true
	}
	for m.status == Running {
		f, ok := m.NextDeadline()
		if !ok || f > at {
			break
		}
		m.now = f
		if m.flag(f) {
			return true
		}
	}
	m.now = at
	return false
}

// flag decides the board of the first flag instant f1 and the match
// (clock rules 4-6), reporting whether the match is decided. The other
// board's running clock counts as simultaneous when its own flag instant
// is within SimultaneousWindow of f1. Under match_format = both-boards
// only the flagged boards end, and the match once both are over.
func (m *Match) flag(f1 time.Duration) bool {
	var fallen [2]bughouse.Seat
	n := 0
	for b := range m.boards {
		f, c, ok := m.boards[b].clk.NextFlag()
		if ok && f-f1 <= m.opts.SimultaneousWindow {
			fallen[n] = bughouse.SeatOf(bughouse.Board(b), c)
			n++
		}
	}
	if m.opts.Format == FormatBothBoards {
		return m.flagBoards(fallen[:n], f1)
	}
	m.halt(f1)
	for _, s := range fallen[:n] {
		bs := &m.boards[s.Board()]
		bs.clk.Flag(s.Color())
		if s.Color() == bughouse.White {
			bs.outcome = BlackWins
		} else {
			bs.outcome = WhiteWins
		}
		bs.reason, bs.at = Flag, f1
	}
	m.status, m.decidedAt = Decided, f1
	m.decisive, m.ndecisive = fallen, uint8(n)
	switch {
	case n == 1:
		m.result, m.reason = LossFor(fallen[0].Team()), Flag
	case fallen[0].Team() == fallen[1].Team():
		m.result, m.reason = LossFor(fallen[0].Team()), SimultaneousFlag
	default:
		m.result, m.reason = MatchDraw, SimultaneousFlag
	}
	return true
}

// halt stops every clock at instant at.
func (m *Match) halt(at time.Duration) {
	for b := range m.boards {
		m.boards[b].clk.Stop(at)
		m.boards[b].halted = true
	}
}

// Apply applies e. It first applies any flag that fell at or before e.At
// (Advance), so a press after the flag instant is too late.
//
// A nil error means e was applied or recorded: Effect.Ignored then says
// why an event changed nothing (a press by the wrong seat, while paused,
// after the decision: clock rule 3). A non-nil error means e was refused as
// invalid (an adjustment while clocks run, a result after the decision, an
// unknown seat) and nothing changed except the flag Advance applied; a
// refusal a rule gives is a *Refusal.
//
// e.At may not be before Earliest(e) (ErrBackwards): a press counts at
// its own instant even when it arrives after a later press on the other
// board, but nothing is applied before an event that concerns both boards
// or before the decision. A PauseSwitch is resolved first (Resolve).
func (m *Match) Apply(e Event) (Effect, error) {
	e = m.Resolve(e)
	if err := e.check(); err != nil {
		return Effect{}, err
	}
	if min := m.Earliest(e); e.At < min {
		return Effect{}, fmt.Errorf("%w (%v < %v)", ErrBackwards, e.At, min)
	}
	decided := m.Advance(e.At)
	// Advance leaves Now at the flag instant when a flag fell before e.At;
	// e itself is still the last applied event, so a later event stamped
	// before e.At must be refused (ErrBackwards) rather than applied, e.g.
	// as a result "at the same instant" as the flag that would reopen the
	// decision (clock case C18, testdata/clock-cases.md; tested by TestC18_EventAfterFlagStaysLastApplied).
	m.now = max(m.now, e.At)
	was := m.status
	eff, err := m.apply(e)
	if err != nil {
		eff = Effect{Refused: err.Error()}
	}
	if e.Kind == Press && m.status == was {
		b := &m.boards[e.Seat.Board()]
		b.last = max(b.last, e.At)
	} else {
		m.wide = e.At // a press that starts the match concerns both boards
	}
	eff.Decided = eff.Decided || decided
	m.seq++
	m.last, m.effect = e, eff
	return eff, err
}

// Earliest returns the earliest instant at which e may still be applied
// (Apply refuses an earlier one with ErrBackwards; the loop stamps an
// event that arrives too late with it). A press on a board is charged at
// its own instant as long as nothing later has happened on that board:
// no later press there, no event of both boards (start, pause, resume,
// claim, result, ...) and no decision after it; its clock pair is
// independent of the other board's (clock rule 2). Any other event comes
// after everything applied (Now).
func (m *Match) Earliest(e Event) time.Duration {
	e = m.Resolve(e)
	if e.Kind != Press || e.Seat > bughouse.BBlack {
		return m.now
	}
	at := max(m.wide, m.boards[e.Seat.Board()].last)
	if m.status == Decided {
		at = max(at, m.decidedAt)
	}
	return at
}

// Resolve returns e as the match applies it now: a PauseSwitch is a Pause
// while the clocks run and a Resume of the turns in progress otherwise
// (before the start it starts both boards, clock rule 1); any other event
// is returned as it is.
func (m *Match) Resolve(e Event) Event {
	if e.Kind != PauseSwitch {
		return e
	}
	e.Kind = Resume
	if m.status == Running {
		e.Kind = Pause
	}
	return e
}

func (e *Event) check() error {
	if e.Seat > bughouse.BBlack {
		return fmt.Errorf("rules: unknown seat %d", e.Seat)
	}
	if e.Board > bughouse.BoardB {
		return fmt.Errorf("rules: unknown board %d", e.Board)
	}
	if e.AccusedSet && e.Accused > bughouse.BBlack {
		return fmt.Errorf("rules: unknown accused seat %d", e.Accused)
	}
	for b := range e.Run.Set {
		if e.Run.Set[b] && e.Run.Seat[b].Board() != bughouse.Board(b) {
			return fmt.Errorf("rules: resume: %s is not on board %s", e.Run.Seat[b], bughouse.Board(b))
		}
	}
	if e.Kind < Start || e.Kind >= lastKind {
		return fmt.Errorf("rules: unknown event kind %d", e.Kind)
	}
	return nil
}

func ignored(why string) (Effect, error) { return Effect{Ignored: why}, nil }

func (m *Match) apply(e Event) (Effect, error) {
	switch e.Kind {
	case Start:
		switch m.status {
		case Decided:
			return ignored("match decided")
		case Running, Paused:
			return ignored("already started")
		}
		m.start(e.At)
		return Effect{}, nil
	case Press:
		return m.press(e)
	case Pause:
		if m.status != Running {
			return ignored(m.status.String())
		}
		m.stopAll(e.At)
		m.status = Paused
		return Effect{}, nil
	case Resume:
		return m.resume(e)
	case Adjust:
		return m.adjust(e)
	case Claim:
		return m.claimEvent(e)
	case Uphold, Reject:
		return m.resolve(e)
	case Declare:
		return m.declare(e.Board, e.Outcome, e.Reason, e.At)
	case Reset:
		m.reset()
		return Effect{}, nil
	case Warn:
		return m.warn(e)
	case Penalize:
		return m.penalize(e)
	case AgreeAll:
		return m.agreeAll(e)
	case Deadlocked:
		return m.deadlocked(e)
	case Call:
		return m.callEvent(e)
	case Arrive:
		return m.arrive(e)
	}
	return Effect{}, fmt.Errorf("rules: unknown event kind %d", e.Kind)
}

// start starts both boards at instant at: both White clocks run. A
// no-show countdown ends: the match is played.
func (m *Match) start(at time.Duration) {
	m.started, m.startedAt = true, at
	for b := range m.boards {
		m.boards[b].clk.Start(bughouse.White, at)
	}
	m.status = Running
	m.call.Active = false
}

func (m *Match) press(e Event) (Effect, error) {
	switch m.status {
	case Ready:
		if e.Seat.Color() == bughouse.Black {
			switch m.opts.Start {
			case StartBlackPress:
				m.start(e.At)
				return Effect{}, nil
			case StartBothBlack:
				return m.blackPress(e)
			}
		}
		return ignored("not started")
	case Paused:
		return ignored("paused")
	case Decided:
		return ignored("match decided")
	}
	bs := &m.boards[e.Seat.Board()]
	if bs.halted {
		return ignored(fmt.Sprintf("board %s is over", e.Seat.Board()))
	}
	switch err := bs.clk.Press(e.Seat.Color(), e.At); err {
	case nil:
		if m.opts.MoveLimit > 0 && m.moves() >= m.opts.MoveLimit {
			// Seed 002's safety rule: the move that completes the limit
			// draws the match at its press.
			return m.drawMatch(e.At, MoveLimit), nil
		}
		return Effect{}, nil
	case clock.ErrNotRunning:
		return ignored(fmt.Sprintf("not %s's turn", e.Seat))
	default:
		// Advance applied every flag up to e.At, so this cannot happen;
		// refusing keeps the pair consistent if it ever does.
		return Effect{}, fmt.Errorf("rules: press by %s: %v", e.Seat, err)
	}
}

func (m *Match) stopAll(at time.Duration) {
	for b := range m.boards {
		m.boards[b].clk.Stop(at)
	}
}

func (m *Match) resume(e Event) (Effect, error) {
	if m.status == Ready && m.opts.Start == StartArbiter && e.Run == (RunChoice{}) {
		// The arbiter releasing the pause switch before the start starts
		// both boards (clock rule 1).
		m.start(e.At)
		return Effect{}, nil
	}
	if m.status != Paused {
		return ignored(m.status.String())
	}
	if m.claim.Active {
		return Effect{}, refuse("Art 29", "a claim by %s is pending; uphold or reject it first", m.claim.Claimant)
	}
	for b := range m.boards {
		bs := &m.boards[b]
		if bs.halted {
			if e.Run.Set[b] {
				return Effect{}, fmt.Errorf("rules: board %s is over; its clocks cannot run", bughouse.Board(b))
			}
			continue
		}
		c, _ := bs.clk.Turn()
		if e.Run.Set[b] {
			c = e.Run.Seat[b].Color()
		}
		if bs.clk.Flagged(c) {
			return Effect{}, fmt.Errorf("rules: %s has flagged", bughouse.SeatOf(bughouse.Board(b), c))
		}
	}
	for b := range m.boards {
		bs := &m.boards[b]
		if bs.halted {
			continue
		}
		c, _ := bs.clk.Turn()
		if e.Run.Set[b] {
			c = e.Run.Seat[b].Color()
		}
		bs.clk.Resume(c, e.At)
	}
	m.status = Running
	return Effect{}, nil
}

func (m *Match) adjust(e Event) (Effect, error) {
	switch m.status {
	case Running:
		return Effect{}, errors.New("rules: pause the match before adjusting time")
	case Decided:
		return Effect{}, refuse("Art 31", "the match is decided; its clocks are final")
	}
	if e.Delta == 0 {
		return ignored("no change")
	}
	bs := &m.boards[e.Seat.Board()]
	if err := bs.clk.Adjust(e.Seat.Color(), e.Delta, e.At); err != nil {
		return Effect{}, fmt.Errorf("rules: adjust %s: %w", e.Seat, err)
	}
	return Effect{}, nil
}

// declare decides board b with outcome o for reason why at instant at.
func (m *Match) declare(b bughouse.Board, o Outcome, why Reason, at time.Duration) (Effect, error) {
	switch why {
	case Checkmate, Resignation, IllegalMove, Forfeit:
		if o != WhiteWins && o != BlackWins {
			return Effect{}, fmt.Errorf("rules: %s needs a winner (1-0 or 0-1), not %s", why, o)
		}
	case Agreement, Repetition, FiftyMoves:
		if o != Drawn {
			return Effect{}, fmt.Errorf("rules: %s is a draw (1/2-1/2), not %s", why, o)
		}
		if why == Repetition && !m.opts.RepetitionDraw {
			return Effect{}, refuse("repetition_draw = false", "repetition does not draw under these rules (repetition_draw = false)")
		}
		if why == FiftyMoves && !m.opts.FiftyMoveDraw {
			return Effect{}, refuse("fifty_move_draw = false", "the fifty-move rule does not draw under these rules (fifty_move_draw = false)")
		}
		if why == Agreement && m.opts.DrawAgreement == AgreeAllFour {
			return Effect{}, refuse("draw_agreement = all-four", "a draw by agreement needs all four players under these rules (draw_agreement = all-four, seed 002): record it as the agreement of all four (agree)")
		}
	case Stalemate:
		switch m.opts.Stalemate {
		case board.StalemateWait:
			return Effect{}, refuse("stalemate = wait", "stalemate is no result under these rules (stalemate = wait): the player waits for a piece")
		case board.StalemateDraw:
			if o != Drawn {
				return Effect{}, refuse("stalemate = draw", "stalemate draws under these rules (stalemate = draw), not %s", o)
			}
		default:
			if o == Drawn || o == Undecided {
				return Effect{}, refuse("stalemate = "+m.opts.Stalemate.String(), "stalemate is decisive under these rules (stalemate = %s); give the winner", m.opts.Stalemate)
			}
		}
	default:
		return Effect{}, fmt.Errorf("rules: %q is not a reason for a board result; use checkmate, resignation, illegal-move, forfeit, agreement, stalemate, repetition or fifty-moves", why.String())
	}
	if m.status == Ready {
		return Effect{}, errors.New("rules: the match has not started")
	}
	bs := &m.boards[b]
	if m.status == Decided {
		// Clock rule 7: the other board decided at the very same instant
		// with the opposite result: the order cannot be determined.
		ob := &m.boards[b.Other()]
		if at == m.decidedAt && bs.outcome == Undecided && ob.outcome != Undecided && ob.at == at {
			bs.outcome, bs.reason, bs.at = o, why, at
			m.combineSameInstant(b, o)
			return Effect{Decided: true}, nil
		}
		return Effect{}, refuse("Art 31", "the match was already decided (%s, %s); the result cannot change", m.result, m.reason)
	}
	if bs.outcome != Undecided {
		return Effect{}, fmt.Errorf("rules: board %s is already over (%s)", b, bs.outcome)
	}
	if m.opts.Format == FormatBothBoards {
		return m.endBoard(b, o, why, at), nil
	}
	bs.outcome, bs.reason, bs.at = o, why, at
	if o == Drawn {
		other := &m.boards[b.Other()]
		if m.opts.OneBoardDraw == OtherContinues && other.outcome == Undecided {
			// Art 34: the other board decides the match.
			bs.clk.Stop(at)
			bs.halted = true
			return Effect{}, nil
		}
		m.halt(at)
		m.claim = PendingClaim{}
		m.status, m.decidedAt, m.result, m.ndecisive = Decided, at, MatchDraw, 0
		m.reason = why
		if other.outcome == Drawn {
			m.reason = BothDrawn
		}
		return Effect{Decided: true}, nil
	}
	m.halt(at)
	m.claim = PendingClaim{} // a result settles any claim still pending
	loser := bughouse.SeatOf(b, bughouse.White)
	if o == WhiteWins {
		loser = bughouse.SeatOf(b, bughouse.Black)
	}
	m.status, m.decidedAt, m.result, m.reason = Decided, at, matchResult(b, o), why
	m.decisive, m.ndecisive = [2]bughouse.Seat{loser}, 1
	return Effect{Decided: true}, nil
}

// combineSameInstant settles two boards decided at the same instant
// (clock rule 7, Art 35): opposite results draw; the same team winning
// both keeps its win.
func (m *Match) combineSameInstant(b bughouse.Board, o Outcome) {
	r := matchResult(b, o)
	if r == MatchDraw || r == m.result {
		if r == m.result && r != MatchDraw {
			loser := bughouse.SeatOf(b, bughouse.White)
			if o == WhiteWins {
				loser = bughouse.SeatOf(b, bughouse.Black)
			}
			if m.ndecisive < 2 {
				m.decisive[m.ndecisive] = loser
				m.ndecisive++
			}
		}
		return
	}
	m.result, m.reason, m.ndecisive = MatchDraw, BothBoards, 0
}
