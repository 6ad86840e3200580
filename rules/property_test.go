package rules

// Property tests: random sequences of events at non-decreasing instants
// (presses by random seats, pauses, resumes with random choices, arbiter
// adjustments, claims, results, advances, resets), checked after every
// step. The test is inside the package only to read each board's own flag
// instant (property e); everything else goes through the exported API.

import (
	"reflect"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
)

// stageModel is the test's own account of a seat's credits, walked one
// completed move at a time (independent of clock's stage arithmetic).
type stageModel struct {
	st      []clock.Stage
	before  bool
	stage   int // stage of the next move
	inStage int // moves completed in it
	// hist holds, per completed move, the state before it and its credit,
	// so that a move taken back (an upheld illegal move) can be undone.
	hist []stageStep
}

type stageStep struct {
	stage, inStage int
	credit         time.Duration
}

// retract takes back the last completed move and returns its credit.
func (m *stageModel) retract() time.Duration {
	h := m.hist[len(m.hist)-1]
	m.hist = m.hist[:len(m.hist)-1]
	m.stage, m.inStage = h.stage, h.inStage
	return h.credit
}

// complete records a completed move and returns what its press credits.
func (m *stageModel) complete() time.Duration {
	stage, inStage := m.stage, m.inStage
	credit := time.Duration(0)
	if !m.before {
		credit += m.st[m.stage].Increment
	}
	m.inStage++
	if s := m.st[m.stage]; s.Moves > 0 && m.inStage == s.Moves {
		if m.stage+1 < len(m.st) {
			m.stage++
		}
		m.inStage = 0
		credit += m.st[m.stage].Time
	}
	if m.before {
		credit += m.st[m.stage].Increment
	}
	m.hist = append(m.hist, stageStep{stage, inStage, credit})
	return credit
}

func genControl(t *rapid.T, label string) clock.Control {
	var c clock.Control
	n := rapid.IntRange(1, 3).Draw(t, label+"Stages")
	delay := rapid.Bool().Draw(t, label+"Delay")
	c.DelayKind = clock.DelayKind(rapid.IntRange(0, 1).Draw(t, label+"Kind"))
	c.IncrementBeforeFirstMove = rapid.Bool().Draw(t, label+"Before")
	for i := 0; i < n; i++ {
		var s clock.Stage
		if i < n-1 || rapid.Bool().Draw(t, label+"Repeats") {
			s.Moves = rapid.IntRange(1, 4).Draw(t, label+"Moves")
		}
		s.Time = time.Duration(rapid.Int64Range(1_000, 40_000).Draw(t, label+"TimeMs")) * time.Millisecond // clock.MinStageTime
		bonus := time.Duration(rapid.Int64Range(0, 3_000_000_000).Draw(t, label+"BonusNs"))
		if delay {
			s.Delay = bonus
		} else {
			s.Increment = bonus
		}
		c.Stages = append(c.Stages, s)
	}
	return c
}

// genOptions returns options and whether they meet property (c)'s
// premises: no increment or delay, the same base time for every seat.
func genOptions(t *rapid.T) (Options, bool) {
	p, err := LookupPreset(rapid.SampledFrom(PresetNames()).Draw(t, "preset"))
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	plain := rapid.IntRange(0, 2).Draw(t, "plain") == 0
	if plain {
		o.Control = clock.SuddenDeath(time.Duration(rapid.Int64Range(1_000, 60_000).Draw(t, "baseMs")) * time.Millisecond)
	} else {
		o.Control = genControl(t, "ctl")
		if rapid.IntRange(0, 3).Draw(t, "handicap") == 0 {
			h := genControl(t, "handicap")
			o.SeatControls[rapid.IntRange(0, 3).Draw(t, "handicapSeat")] = &h
		}
	}
	o.Start = StartMode(rapid.IntRange(0, 1).Draw(t, "start"))
	o.OneBoardDraw = OneBoardDraw(rapid.IntRange(0, 1).Draw(t, "oneBoardDraw"))
	o.IllegalMove = IllegalMovePolicy(rapid.IntRange(0, 2).Draw(t, "illegal"))
	o.Stalemate = board.StalemateRule(rapid.IntRange(0, 3).Draw(t, "stalemate"))
	o.RepetitionDraw = rapid.Bool().Draw(t, "repetition")
	switch rapid.IntRange(0, 3).Draw(t, "window") {
	case 0:
		o.SimultaneousWindow = 0
	case 1:
		o.SimultaneousWindow = time.Duration(rapid.Int64Range(0, 1_000_000_000).Draw(t, "windowNs"))
	default:
		o.SimultaneousWindow = time.Millisecond
	}
	if err := o.Validate(); err != nil {
		t.Fatalf("generated invalid options: %v", err)
	}
	return o, plain
}

// step is what a step does: an event, or an Advance to an instant.
type step struct {
	advance bool
	e       Event
}

func genStep(t *rapid.T, m *Match, at time.Duration) step {
	e := Event{At: at}
	k := rapid.IntRange(0, 99).Draw(t, "kind")
	switch {
	case k < 45:
		e.Kind = Press
		b := bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board"))
		if s, ok := m.Running(b); ok && rapid.IntRange(0, 5).Draw(t, "wrongSeat") > 0 {
			e.Seat = s
		} else {
			e.Seat = bughouse.Seat(rapid.IntRange(0, 3).Draw(t, "seat"))
		}
	case k < 52:
		e.Kind = Pause
	case k < 62:
		e.Kind = Resume
		for b := range 2 {
			switch rapid.IntRange(0, 2).Draw(t, "choice") {
			case 1:
				e.Run = e.Run.Choose(bughouse.SeatOf(bughouse.Board(b), bughouse.White))
			case 2:
				e.Run = e.Run.Choose(bughouse.SeatOf(bughouse.Board(b), bughouse.Black))
			}
		}
	case k < 68:
		e.Kind = Adjust
		e.Seat = bughouse.Seat(rapid.IntRange(0, 3).Draw(t, "seat"))
		e.Delta = time.Duration(rapid.Int64Range(-30_000_000_000, 30_000_000_000).Draw(t, "deltaNs"))
	case k < 72:
		e.Kind = Claim
		e.Seat = bughouse.Seat(rapid.IntRange(0, 3).Draw(t, "seat"))
		e.Reason = rapid.SampledFrom([]Reason{IllegalMove, IllegalMove, Flag, OtherClaim, Checkmate}).Draw(t, "claimReason")
	case k < 78:
		e.Kind = rapid.SampledFrom([]Kind{Uphold, Uphold, Reject}).Draw(t, "resolve")
	case k < 83:
		e.Kind = Declare
		e.Board = bughouse.Board(rapid.IntRange(0, 1).Draw(t, "board"))
		e.Outcome = Outcome(rapid.IntRange(1, 3).Draw(t, "outcome"))
		e.Reason = rapid.SampledFrom([]Reason{Checkmate, Resignation, IllegalMove, Forfeit, Agreement, Stalemate, Repetition, Flag}).Draw(t, "reason")
	case k < 92:
		return step{advance: true, e: e}
	case k < 97:
		e.Kind = Start
	default:
		e.Kind = Reset
	}
	return step{e: e}
}

// boardFlags returns each board's own flag instant, if its clock runs.
func boardFlags(m *Match) (f [2]time.Duration, seat [2]bughouse.Seat, ok [2]bool) {
	for b := range m.boards {
		var c bughouse.Color
		f[b], c, ok[b] = m.boards[b].clk.NextFlag()
		seat[b] = bughouse.SeatOf(bughouse.Board(b), c)
	}
	return
}

// outcome is the part of a snapshot that must never change once decided.
func outcome(s Snapshot) Snapshot {
	s.At, s.Seq, s.Last, s.Effect = 0, 0, Event{}, Effect{}
	return s
}

func TestMatchProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts, plain := genOptions(t)
		m, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var models [4]stageModel
		var adj [2]time.Duration // arbiter adjustments per board, for (c)
		resetModels := func() {
			for _, s := range bughouse.Seats {
				c := opts.ControlFor(s)
				models[s] = stageModel{st: c.Stages, before: c.IncrementBeforeFirstMove}
			}
			adj = [2]time.Duration{}
		}
		resetModels()
		var frozen *Snapshot // the decided match, property (d)
		now := time.Duration(0)
		steps := rapid.IntRange(10, 120).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			var dt time.Duration
			switch rapid.IntRange(0, 9).Draw(t, "dtKind") {
			case 0: // the same instant (C18)
			case 1, 2: // within a few windows
				dt = time.Duration(rapid.Int64Range(0, 3_000_000).Draw(t, "dtSmallNs"))
			default:
				dt = time.Duration(rapid.Int64Range(0, 4_000_000_000).Draw(t, "dtNs"))
			}
			at := now + dt
			st := genStep(t, m, at)
			e := st.e

			before := *m // a Match is a value: this copy is the state before the step
			fs, fseat, fok := boardFlags(&before)
			deadline, dok := before.NextDeadline()
			flagDue := before.Status() == Running && dok && deadline <= at

			var eff Effect
			if st.advance {
				eff.Decided = m.Advance(at)
			} else {
				eff, err = m.Apply(e)
			}
			r, why, seats, decidedAt := m.Result()

			// (e) A flag that fell by the step's instant decides the match
			// at exactly the earliest flag instant, with the seats whose own
			// flag is within the window; no flag decision otherwise.
			isReset := !st.advance && e.Kind == Reset
			if flagDue && !isReset {
				if m.Status() != Decided || decidedAt != deadline || (why != Flag && why != SimultaneousFlag) {
					t.Fatalf("step %d: flag due at %v (<= %v) but result %s %s at %v (status %s)", i, deadline, at, r, why, decidedAt, m.Status())
				}
				var want []bughouse.Seat
				for b := range 2 {
					if fok[b] && fs[b]-deadline <= opts.SimultaneousWindow {
						want = append(want, fseat[b])
						// The flagged clock had exactly nothing left.
						sn := before.Snapshot(fs[b] - 1)
						if c := sn.Clocks[fseat[b]]; c.Remaining+c.DelayLeft != 1 || before.Remaining(fseat[b], fs[b]) != 0 {
							t.Fatalf("step %d: %s at its flag: %+v, remaining %v", i, fseat[b], c, before.Remaining(fseat[b], fs[b]))
						}
					}
				}
				if !reflect.DeepEqual(seats, want) {
					t.Fatalf("step %d: flagged seats %v, want %v (flags %v %v)", i, seats, want, fs, fok)
				}
				if len(want) == 2 && why != SimultaneousFlag || len(want) == 1 && why != Flag {
					t.Fatalf("step %d: reason %s for %v", i, why, want)
				}
			} else if !isReset && before.Status() != Decided && (why == Flag || why == SimultaneousFlag) {
				t.Fatalf("step %d: decided by flag at %v with no flag due (deadline %v %v, at %v)", i, decidedAt, deadline, dok, at)
			}

			// An error, or an ignored event, changes nothing but the flag
			// that fell before it.
			if !st.advance && (err != nil || eff.Ignored != "") {
				adv := before
				adv.Advance(at)
				if !reflect.DeepEqual(outcome(adv.Snapshot(at)), outcome(m.Snapshot(at))) {
					t.Fatalf("step %d: %v at %v (err %v, ignored %q) changed the match", i, e, at, err, eff.Ignored)
				}
				for _, s := range bughouse.Seats {
					if adv.Strikes(s) != m.Strikes(s) {
						t.Fatalf("step %d: refused %v changed strikes", i, e)
					}
				}
			}

			applied := !st.advance && err == nil && eff.Ignored == ""

			// (b) No seat's time ever increases except by its own press's
			// credit, or an adjustment; and between events it does not
			// increase with time. Compared at the decision instant when the
			// step decided the match (the clocks stopped then).
			if !isReset {
				tb := at
				if before.Status() != Decided && m.Status() == Decided {
					tb = decidedAt
				}
				bs, as := before.Snapshot(tb), m.Snapshot(tb)
				prev := before.Snapshot(before.Now())
				for _, s := range bughouse.Seats {
					rb, ra := bs.Clocks[s].Remaining, as.Clocks[s].Remaining
					if prev.Clocks[s].Remaining < rb {
						t.Fatalf("step %d: %s grew with time: %v at %v -> %v at %v", i, s, prev.Clocks[s].Remaining, before.Now(), rb, tb)
					}
					want := rb
					switch {
					case as.Clocks[s].Flagged && !bs.Clocks[s].Flagged:
						want = 0
					case as.Clocks[s].Moves == bs.Clocks[s].Moves+1:
						want = rb + models[s].complete()
					case as.Clocks[s].Moves == bs.Clocks[s].Moves-1 && applied && e.Kind == Uphold:
						// An upheld illegal move that does not lose is
						// taken back with its credit.
						want = rb - models[s].retract()
					case as.Clocks[s].Moves != bs.Clocks[s].Moves:
						t.Fatalf("step %d: %s moves %d -> %d", i, s, bs.Clocks[s].Moves, as.Clocks[s].Moves)
					case applied && e.Kind == Adjust && e.Seat == s:
						want = rb + e.Delta
						adj[s.Board()] += e.Delta
					}
					if ra != want {
						t.Fatalf("step %d (%v at %v): %s remaining %v -> %v, want %v", i, e, at, s, rb, ra, want)
					}
				}
			} else {
				resetModels()
				frozen = nil
			}

			// (a) While the match runs, exactly one clock runs on every
			// board that is not over; otherwise none runs.
			s := m.Snapshot(at)
			for b := range 2 {
				n := 0
				for _, c := range []bughouse.Color{bughouse.White, bughouse.Black} {
					if s.Clocks[bughouse.SeatOf(bughouse.Board(b), c)].Running {
						n++
					}
				}
				want := 0
				if s.Status == Running && !s.Boards[b].Over {
					want = 1
				}
				if n != want {
					t.Fatalf("step %d: board %s has %d running clocks (status %s, over %v)", i, bughouse.Board(b), n, s.Status, s.Boards[b].Over)
				}
			}

			// (c) No increment or delay, equal bases, common start: while
			// both boards play, A.white + A.black == B.white + B.black, up
			// to the arbiter's adjustments, at every instant up to the next
			// flag.
			if plain && s.Status != Decided && !s.Boards[0].Over && !s.Boards[1].Over {
				probes := []time.Duration{at}
				if d, ok := m.NextDeadline(); ok {
					probes = append(probes, at+(d-at)/3, d-1, d)
				} else {
					probes = append(probes, at+time.Hour)
				}
				for _, p := range probes {
					sa := m.Remaining(bughouse.AWhite, p) + m.Remaining(bughouse.ABlack, p) - adj[bughouse.BoardA]
					sb := m.Remaining(bughouse.BWhite, p) + m.Remaining(bughouse.BBlack, p) - adj[bughouse.BoardB]
					if sa != sb {
						t.Fatalf("step %d: at %v board sums differ: A %v, B %v (adjustments %v)", i, p, sa, sb, adj)
					}
				}
			}

			// (d) Once decided, the result, the boards and every clock stay
			// as they were at the decision, whatever follows (except Reset,
			// and a result on the other board at the very same instant:
			// clock rule 7).
			if m.Status() == Decided {
				cur := outcome(m.Snapshot(at))
				if frozen != nil && !(applied && e.Kind == Declare && e.At == frozen.DecidedAt) {
					if !reflect.DeepEqual(cur, *frozen) {
						t.Fatalf("step %d: %v at %v changed the decided match:\n was %+v\n now %+v", i, e, at, *frozen, cur)
					}
				}
				if want := outcome(m.Snapshot(decidedAt)); !reflect.DeepEqual(cur, want) {
					t.Fatalf("step %d: clocks moved after the decision", i)
				}
				frozen = &cur
			}
			now = at
		}
	})
}
