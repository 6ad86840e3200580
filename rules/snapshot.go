package rules

import (
	"errors"
	"tandem/bughouse"
	"time"
)

// SeatClock is one seat's clock in a Snapshot.
type SeatClock struct {
	// Remaining is the time left at the snapshot instant (ns); 0 if flagged.
	Remaining time.Duration
	// DelayLeft is the unused part of the current move's delay (ns).
	DelayLeft time.Duration
	// Running is true while this clock counts down.
	Running bool
	// Turn is true when it is this seat's turn (its clock runs, or would
	// run on resume).
	Turn    bool
	Flagged bool
	// Moves counts completed moves (presses that ended a turn).
	Moves int
}

// BoardView is one board's game in a Snapshot.
type BoardView struct {
	Outcome Outcome
	Reason  Reason
	// At is the instant the board's game ended (valid if Outcome is set).
	At time.Duration
	// Over is true when the board's clocks can no longer run.
	Over bool
}

// Snapshot is an immutable view of a match at one instant: plain values
// only, safe to hand to any goroutine.
type Snapshot struct {
	// At is the instant the times were computed for (ns since the epoch).
	At time.Duration
	// Seq counts the events applied so far.
	Seq    uint64
	Status Status
	Clocks [4]SeatClock // indexed by Seat
	Boards [2]BoardView // indexed by Board

	Result Result
	Reason Reason
	// Decisive lists the decisive seats (NDecisive of them).
	Decisive  [2]bughouse.Seat
	NDecisive int
	DecidedAt time.Duration

	Claim PendingClaim
	// Started is true once the match has started, at StartedAt (ns since
	// the epoch): event times can then be shown from the start.
	Started   bool
	StartedAt time.Duration
	// Strikes counts each seat's upheld illegal moves (three-strikes).
	Strikes [4]uint8
	// Warnings counts each seat's warnings (Art 40), indexed by Seat.
	Warnings [4]uint8
	// BlackPressed: under start = both-black, the boards (indexed by
	// Board) whose Black has pressed before the start; the second press
	// starts the match.
	BlackPressed [2]bool
	// NoShow is the no-show countdown of a called match (Art 44): while
	// Active, the tolerance left at the snapshot's instant is
	// NoShow.Left(At).
	NoShow NoShow
	// Last is the last applied event and Effect what it did.
	Last   Event
	Effect Effect
	// Final is true once a decided result may be reported as final: the
	// publisher (package table) sets it when the decision is on disk, or
	// at once when nothing records the match. Match.Snapshot leaves it
	// false; until it is true, outputs show the result as provisional
	// ("a decided result is on disk before it is reported final").
	Final bool
}

// Snapshot returns the match at instant at, which should not be before Now.
// It does not apply flags: call Advance first so a flag that fell is
// decided (the loop does).
func (m *Match) Snapshot(at time.Duration) Snapshot {
	s := Snapshot{
		At: at, Seq: m.seq, Status: m.status,
		Result: m.result, Reason: m.reason, NDecisive: int(m.ndecisive),
		DecidedAt: m.decidedAt, Claim: m.claim, Last: m.last, Effect: m.effect,
		Started: m.started, StartedAt: m.startedAt,
		Warnings: m.warnings, BlackPressed: m.blackPressed, NoShow: m.call,
	}
	copy(s.Decisive[:], m.decisive[:m.ndecisive])
	for _, seat := range bughouse.Seats {
		bs := &m.boards[seat.Board()]
		c := seat.Color()
		run, ok := bs.clk.Running()
		turn, started := bs.clk.Turn()
		s.Clocks[seat] = SeatClock{
			Remaining: bs.clk.Remaining(c, at),
			DelayLeft: bs.clk.DelayLeft(c, at),
			Running:   ok && run == c,
			Turn:      started && turn == c && !bs.halted,
			Flagged:   bs.clk.Flagged(c),
			Moves:     bs.clk.Moves(c),
		}
		s.Strikes[seat] = bs.strikes[c]
	}
	for b := range m.boards {
		bs := &m.boards[b]
		s.Boards[b] = BoardView{Outcome: bs.outcome, Reason: bs.reason, At: bs.at, Over: bs.halted}
	}
	return s
}

// Reconfigure replaces the options and resets the match (a new match with
// another preset or time control). It is refused while a match is in
// progress (running or paused), so no displayed field is ever half-updated
// (clock case C24, testdata/clock-cases.md), and when opts is invalid; nothing changes then.
func (m *Match) Reconfigure(opts Options) error {
	if m.status == Running || m.status == Paused {
		return errors.New("rules: a match is in progress; the options can change only before the start or after the decision")
	}
	if err := opts.Validate(); err != nil {
		return err
	}
	m.opts = opts
	m.reset()
	return nil
}
