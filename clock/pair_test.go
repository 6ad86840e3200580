package clock_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/clock"
)

func TestPair_StartTwiceDoesNothing(t *testing.T) {
	c := clock.SuddenDeath(time.Minute)
	p := clock.NewPair(c, c)
	if _, ok := p.Turn(); ok {
		t.Errorf("turn in progress before Start")
	}
	p.Start(bughouse.White, 0)
	p.Start(bughouse.Black, 5*time.Second)
	if run, ok := p.Running(); !ok || run != bughouse.White {
		t.Errorf("running = %s %v, want white", run, ok)
	}
	wantRemaining(t, &p, bughouse.White, 5*time.Second, 55*time.Second)
}

func TestPair_PressByWaitingSide_ChangesNothing(t *testing.T) {
	c := clock.Fischer(time.Minute, time.Second)
	p := clock.NewPair(c, c)
	if err := p.Press(bughouse.White, 0); !errors.Is(err, clock.ErrNotRunning) {
		t.Errorf("press before start: %v, want ErrNotRunning", err)
	}
	p.Start(bughouse.White, 0)
	before := p
	if err := p.Press(bughouse.Black, time.Second); !errors.Is(err, clock.ErrNotRunning) {
		t.Errorf("press by black: %v, want ErrNotRunning", err)
	}
	if !reflect.DeepEqual(p, before) {
		t.Errorf("refused press changed the pair")
	}
}

// A pause keeps the turn: the time used stays charged and the delay is not
// granted again on resume.
func TestPair_StopResume_KeepsTurn(t *testing.T) {
	c := clock.Delayed(60*time.Second, 5*time.Second, clock.Bronstein)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	p.Stop(7 * time.Second) // 7 s used: 2 s charged
	wantRemaining(t, &p, bughouse.White, 100*time.Second, 58*time.Second)
	if err := p.Press(bughouse.White, 8*time.Second); !errors.Is(err, clock.ErrNotRunning) {
		t.Errorf("press while stopped: %v", err)
	}
	p.Resume(bughouse.White, 100*time.Second)
	wantRemaining(t, &p, bughouse.White, 101*time.Second, 57*time.Second)
	wantFlag(t, &p, 158*time.Second, bughouse.White) // 100 + 58
	// Resume while running does nothing.
	p.Resume(bughouse.Black, 102*time.Second)
	if run, _ := p.Running(); run != bughouse.White {
		t.Errorf("Resume while running switched the clock")
	}
}

// The arbiter may choose the other side on resume (docs/rules.md clock rule 8):
// the interrupted turn is settled without a move or an increment.
func TestPair_ResumeOtherSide_SettlesTurn(t *testing.T) {
	c := clock.Fischer(60*time.Second, 2*time.Second)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	p.Stop(10 * time.Second)
	p.Resume(bughouse.Black, 20*time.Second)
	if p.Moves(bughouse.White) != 0 {
		t.Errorf("settled turn counted as a move")
	}
	wantRemaining(t, &p, bughouse.White, 30*time.Second, 50*time.Second) // no increment
	wantRemaining(t, &p, bughouse.Black, 30*time.Second, 50*time.Second) // 10 s into a fresh turn
	wantFlag(t, &p, 80*time.Second, bughouse.Black)
	mustPress(t, &p, bughouse.Black, 30*time.Second)
	wantRemaining(t, &p, bughouse.Black, 30*time.Second, 52*time.Second)
	// A flagged side cannot be resumed.
	q := clock.NewPair(c, c)
	q.Start(bughouse.White, 0)
	q.Stop(60 * time.Second)
	q.Flag(bughouse.White)
	q.Resume(bughouse.White, 70*time.Second)
	if _, ok := q.Running(); ok {
		t.Errorf("a flagged side was resumed")
	}
}

func TestPair_Adjust(t *testing.T) {
	c := clock.SuddenDeath(60 * time.Second)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	if err := p.Adjust(bughouse.Black, time.Second, time.Second); err == nil || !strings.Contains(err.Error(), "stop the clocks") {
		t.Errorf("adjust while running: %v", err)
	}
	p.Stop(10 * time.Second)
	if err := p.Adjust(bughouse.White, 30*time.Second, 11*time.Second); err != nil {
		t.Fatal(err)
	}
	wantRemaining(t, &p, bughouse.White, 12*time.Second, 80*time.Second) // 60 - 10 + 30
	if err := p.Adjust(bughouse.White, -80*time.Second, 12*time.Second); err == nil || !strings.Contains(err.Error(), "no time") {
		t.Errorf("adjust to zero: %v", err)
	}
	if err := p.Adjust(bughouse.White, clock.MaxStageTime, 12*time.Second); err == nil || !strings.Contains(err.Error(), "more than 24h") {
		t.Errorf("adjust above the maximum: %v", err)
	}
	if err := p.Adjust(bughouse.White, -79*time.Second, 12*time.Second); err != nil {
		t.Errorf("adjust to 1 s: %v", err)
	}
	wantRemaining(t, &p, bughouse.White, 12*time.Second, time.Second)
	p.Resume(bughouse.White, 20*time.Second)
	wantFlag(t, &p, 21*time.Second, bughouse.White)
	p.Stop(21 * time.Second)
	p.Flag(bughouse.White)
	if err := p.Adjust(bughouse.White, time.Minute, 22*time.Second); err == nil || !strings.Contains(err.Error(), "flag has fallen") {
		t.Errorf("adjust after the flag: %v", err)
	}
}

// Pair is a value: a copy evolves independently.
func TestPair_IsAValue(t *testing.T) {
	c := clock.SuddenDeath(60 * time.Second)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	q := p
	mustPress(t, &q, bughouse.White, time.Second)
	if run, _ := p.Running(); run != bughouse.White || p.Moves(bughouse.White) != 0 {
		t.Errorf("pressing a copy changed the original")
	}
}

// model is the test's own account of one side's credits: which stage a
// move belongs to, walked forward one completed move at a time.
type model struct {
	st      []clock.Stage
	before  bool
	stage   int // stage of the next move
	inStage int // moves completed in that stage
}

// complete records one completed move and returns what the press credits.
func (m *model) complete() time.Duration {
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
	return credit
}

func (m *model) delay() time.Duration { return m.st[m.stage].Delay }

func genControl(t *rapid.T) clock.Control {
	var c clock.Control
	n := rapid.IntRange(1, 3).Draw(t, "stages")
	useDelay := rapid.Bool().Draw(t, "delay")
	c.DelayKind = clock.DelayKind(rapid.IntRange(0, 1).Draw(t, "kind"))
	c.IncrementBeforeFirstMove = rapid.Bool().Draw(t, "before")
	for i := 0; i < n; i++ {
		var s clock.Stage
		if i < n-1 || rapid.Bool().Draw(t, "lastRepeats") {
			s.Moves = rapid.IntRange(1, 4).Draw(t, "moves")
		}
		s.Time = time.Duration(rapid.Int64Range(1_000, 30_000).Draw(t, "timeMs")) * ms
		if i == 0 && rapid.IntRange(0, 4).Draw(t, "zeroBase") == 0 {
			s.Time = 0
		}
		bonus := time.Duration(rapid.Int64Range(0, 5_000_000_000).Draw(t, "bonusNs"))
		if useDelay {
			s.Delay = bonus
		} else {
			s.Increment = bonus
		}
		c.Stages = append(c.Stages, s)
	}
	if c.Stages[0].Time == 0 {
		// Keep it playable (Validate): a delay, or an increment before move 1.
		c.Stages[0].Delay, c.Stages[0].Increment = 0, 0
		if useDelay {
			c.Stages[0].Delay = time.Second
		} else {
			c.Stages[0].Increment = time.Second
			c.IncrementBeforeFirstMove = true
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("generated an invalid control %v: %v", c, err)
	}
	return c
}

// Property: remaining is never negative; while a clock runs, remaining
// plus unused delay equals exactly the time to the flag instant, so it
// reaches 0 exactly at NextFlag (a press 1 ns earlier counts, a press at
// it does not); a stopped clock never changes; a press credits exactly the
// increment and stage time of the test's own model.
func TestPairProperty_RemainingAndFlag(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ctl := [2]clock.Control{genControl(t), genControl(t)}
		if rapid.Bool().Draw(t, "sameControl") {
			ctl[1] = ctl[0]
		}
		models := [2]model{{st: ctl[0].Stages, before: ctl[0].IncrementBeforeFirstMove}, {st: ctl[1].Stages, before: ctl[1].IncrementBeforeFirstMove}}
		p := clock.NewPair(ctl[0], ctl[1])
		for c := range 2 {
			want := ctl[c].Stages[0].Time
			if ctl[c].IncrementBeforeFirstMove {
				want += ctl[c].Stages[0].Increment
			}
			if got := p.Remaining(bughouse.Color(c), 0); got != want {
				t.Fatalf("%s initial = %v, want %v", bughouse.Color(c), got, want)
			}
		}
		now := time.Duration(0)
		p.Start(bughouse.Color(rapid.IntRange(0, 1).Draw(t, "first")), now)
		steps := rapid.IntRange(30, 150).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			dt := time.Duration(rapid.Int64Range(0, 2_000_000_000).Draw(t, "dtNs"))
			if rapid.IntRange(0, 29).Draw(t, "long") == 0 {
				dt = time.Duration(rapid.Int64Range(0, 60_000_000_000).Draw(t, "longDtNs"))
			}
			at := now + dt
			run, running := p.Running()
			if running {
				f, fc, ok := p.NextFlag()
				if !ok || fc != run || f <= now {
					t.Fatalf("NextFlag = %v %s %v at now %v", f, fc, ok, now)
				}
				// The exact flag: remaining + delay left == f - t up to f.
				for _, probe := range []time.Duration{now, (now + f) / 2, f - 1, f} {
					r, d := p.Remaining(run, probe), p.DelayLeft(run, probe)
					if r < 0 || d < 0 || r+d != f-probe {
						t.Fatalf("at %v: remaining %v + delay left %v != %v (flag at %v)", probe, r, d, f-probe, f)
					}
				}
				if p.Remaining(run, f+time.Hour) != 0 {
					t.Fatalf("remaining after the flag instant is not 0")
				}
				late, early := p, p
				if err := late.Press(run, f); !errors.Is(err, clock.ErrFlagged) {
					t.Fatalf("press at the flag instant: %v", err)
				}
				if !reflect.DeepEqual(late, p) {
					t.Fatalf("a press at the flag instant changed the pair")
				}
				if err := early.Press(run, f-1); err != nil {
					t.Fatalf("press 1 ns before the flag: %v", err)
				}
				if at >= f {
					// The flag falls: the match applies it at f.
					p.Stop(f)
					p.Flag(run)
					if p.Remaining(run, at) != 0 || !p.Flagged(run) {
						t.Fatalf("flag not applied")
					}
					if p.Remaining(run.Other(), at) < 0 {
						t.Fatalf("negative remaining")
					}
					return
				}
			}
			other := bughouse.White
			if running {
				other = run.Other()
			}
			stoppedBefore := [2]time.Duration{p.Remaining(bughouse.White, now), p.Remaining(bughouse.Black, now)}
			switch op := rapid.IntRange(0, 9).Draw(t, "op"); {
			case op <= 5 && running: // the running side presses
				want := p.Remaining(run, at) + models[run].complete()
				moves := p.Moves(run)
				if err := p.Press(run, at); err != nil {
					t.Fatalf("press at %v: %v", at, err)
				}
				if got := p.Remaining(run, at); got != want {
					t.Fatalf("%s after press %d = %v, want %v", run, moves+1, got, want)
				}
				if p.Moves(run) != moves+1 {
					t.Fatalf("moves not counted")
				}
				if got := p.DelayLeft(run.Other(), at); got != models[run.Other()].delay() {
					t.Fatalf("%s delay at turn start = %v, want %v", run.Other(), got, models[run.Other()].delay())
				}
			case op == 6: // the waiting side presses: refused
				q := p
				if err := p.Press(other, at); !errors.Is(err, clock.ErrNotRunning) {
					t.Fatalf("press by the waiting side: %v", err)
				}
				if !reflect.DeepEqual(p, q) {
					t.Fatalf("a refused press changed the pair")
				}
			case op == 7 && running:
				p.Stop(at)
			case op >= 8 && !running:
				// Resume, possibly with the other side chosen.
				turn, _ := p.Turn()
				c := bughouse.Color(rapid.IntRange(0, 1).Draw(t, "resume"))
				if c != turn {
					// The settled turn keeps what it had at the stop.
					held := p.Remaining(turn, at)
					p.Resume(c, at)
					if got := p.Remaining(turn, at+time.Hour); got != held {
						t.Fatalf("settled turn: %v, want %v", got, held)
					}
				} else {
					p.Resume(c, at)
				}
			default:
				// Time passes: a stopped pair shows the same times.
				if !running {
					for c := range 2 {
						if got := p.Remaining(bughouse.Color(c), at); got != stoppedBefore[c] {
							t.Fatalf("stopped %s changed: %v -> %v", bughouse.Color(c), stoppedBefore[c], got)
						}
					}
				}
			}
			now = at
			for c := range 2 {
				if r := p.Remaining(bughouse.Color(c), now); r < 0 {
					t.Fatalf("negative remaining %v", r)
				}
			}
		}
	})
}

// Retract takes back the presser's last move with what its press
// credited (increment and stage time), and gives him the turn again.
func TestPair_Retract(t *testing.T) {
	c, err := clock.Parse("2/10s+1s, 10s+1s")
	if err != nil {
		t.Fatal(err)
	}
	p := clock.NewPair(c, c)
	sec := time.Second
	p.Start(bughouse.White, 0)
	if err := p.Retract(bughouse.White, 0); err != clock.ErrNothingToRetract {
		t.Fatalf("retract with no move: %v", err)
	}
	p.Press(bughouse.White, 1*sec) // move 1: 10 - 1 + 1 = 10
	p.Press(bughouse.Black, 2*sec) // black 10 - 1 + 1 = 10
	p.Press(bughouse.White, 4*sec) // move 2 (illegal): 10 - 2 + 1 + 10 (stage 2) = 19
	wantRemaining(t, &p, bughouse.White, 4*sec, 19*sec)
	if err := p.Retract(bughouse.White, 4*sec); err != clock.ErrNothingToRetract {
		t.Fatalf("retract while black's clock runs: %v", err)
	}
	p.Stop(5 * sec) // the claim: black used 1 s
	if err := p.Retract(bughouse.Black, 5*sec); err != clock.ErrNothingToRetract {
		t.Fatalf("retract of the player who did not press last: %v", err)
	}
	if err := p.Retract(bughouse.White, 5*sec); err != nil {
		t.Fatal(err)
	}
	// White keeps the 2 s he used, loses the increment and the stage time:
	// 8 s, move count back to 1; black's 1 s stays charged, no move.
	wantRemaining(t, &p, bughouse.White, 5*sec, 8*sec)
	wantRemaining(t, &p, bughouse.Black, 5*sec, 9*sec)
	if p.Moves(bughouse.White) != 1 || p.Moves(bughouse.Black) != 1 {
		t.Errorf("moves %d/%d, want 1/1", p.Moves(bughouse.White), p.Moves(bughouse.Black))
	}
	if turn, _ := p.Turn(); turn != bughouse.White {
		t.Errorf("turn %v, want white to move again", turn)
	}
	if err := p.Retract(bughouse.White, 5*sec); err != clock.ErrNothingToRetract {
		t.Errorf("second retract: %v", err)
	}
	// White moves again (legally): the stage time comes with this move 2.
	p.Resume(bughouse.White, 6*sec)
	p.Press(bughouse.White, 7*sec) // 8 - 1 + 1 + 10 = 18
	wantRemaining(t, &p, bughouse.White, 7*sec, 18*sec)
}
