package kernelvm

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
	"tandem/timeline"
)

// Interval is the checkpoint interval of the power-cut trials: the
// product's default ([journal] checkpoint_interval). A restored clock may
// show up to Interval more than it had at the cut (docs/record.md), and
// the trial's bound is that it is within 1 s of the truth.
const Interval = time.Second

// Bounds of a restored time against the truth at the cut: at most Over
// more (the checkpoint interval; the record is never more than 9/10 of it
// behind, plus the fsync), at most Under less (the cut is dated from the
// guest's heartbeat, read on the host some ms late).
var (
	Over  = Interval
	Under = 50 * time.Millisecond
)

// Script returns a random scripted match of about five seconds (timeline
// format): presses mostly in turn, some long thinks (only checkpoints are
// written then), pauses, and declared results followed by a reset and a
// new start. Results returns the instants of its results.
func Script(r *rand.Rand) (src string, results []time.Duration) {
	var b strings.Builder
	b.WriteString("control 1m\n0 start\n")
	turn := [2]bughouse.Seat{bughouse.AWhite, bughouse.BWhite}
	at := 0.0
	paused := false
	for at < 5 {
		at += 0.02 + r.Float64()*0.15
		if r.Float64() < 0.1 {
			at += 0.5 + 1.5*r.Float64()
		}
		switch x := r.Float64(); {
		case paused:
			fmt.Fprintf(&b, "%.3f resume\n", at)
			paused = false
		case x < 0.04:
			fmt.Fprintf(&b, "%.3f pause\n", at)
			paused = true
		case x < 0.09:
			fmt.Fprintf(&b, "%.3f result %s 1-0 resignation\n", at, []string{"A", "B"}[r.IntN(2)])
			results = append(results, time.Duration(at*float64(time.Second)))
			at += 0.1 + r.Float64()*0.3
			fmt.Fprintf(&b, "%.3f reset\n", at)
			at += 0.05
			fmt.Fprintf(&b, "%.3f start\n", at)
			turn = [2]bughouse.Seat{bughouse.AWhite, bughouse.BWhite}
		default:
			bd := r.IntN(2)
			s := turn[bd]
			if r.Float64() < 0.1 {
				s = s.Opponent() // out of turn: ignored, still recorded
			} else {
				turn[bd] = s.Opponent()
			}
			fmt.Fprintf(&b, "%.3f press %s\n", at, s)
		}
	}
	return b.String(), results
}

// Trial is what the host saw of one power-cut trial.
type Trial struct {
	Seed   uint64
	Script string
	// How names where the cut fell: "random", "after-result" (within
	// 30 ms after a declared result's instant), "after-final" (just after
	// the table reported a result final).
	How string
	// Finals are the "final RESULT REASON at=NS" lines the table printed
	// before the cut.
	Finals []string
	// Cut is the cut's instant in script time (from the script's instant
	// 0), dated from the guest's heartbeat.
	Cut time.Duration
	// Start is the table's instant at the script's instant 0 (its start
	// line: "script: start wall=W instant=I").
	Start time.Duration
	// Before is how many records the restart found (CHECK-BEFORE), Verify
	// tandem verify-record's exit status and output after the restart.
	Before      int
	Torn        bool
	VerifyExit  int
	VerifyText  string
	Data        []byte // the record after the restart
	RestartExit string
}

// Verdict is a trial's result.
type Verdict struct {
	// Problems is empty when the trial passed.
	Problems []string
	// Over is the largest amount a restored time exceeded the true one
	// (negative: all were below), Decided whether the match came back
	// decided, Recovered whether a started match was restored.
	Over      time.Duration
	Decided   bool
	Recovered bool
	Finals    int
	// LostStart: the cut came so soon after the start that the disk had
	// nothing of the record yet (the restart began a new match).
	LostStart bool
	// LostReset: the cut came so soon after a reset that the disk never
	// had it; the match it ended came back (as it should: the record
	// does not know it ended).
	LostReset bool
}

var finalLine = regexp.MustCompile(`^final (\S+) (\S+) at=(\d+)$`)

// Judge checks a trial: the record reads and its chain holds
// (journal.Verify, and verify-record exited 0); every result reported
// final before the cut is in it; a started match came back paused (the
// recovery pause) with each time within [-Under, +Over] of the truth at
// the cut (the script replayed through rules.Match to the cut), or decided
// as the truth is; a match the arbiter had ended was not brought back.
func Judge(t *Trial) Verdict {
	var v Verdict
	bad := func(format string, args ...any) { v.Problems = append(v.Problems, fmt.Sprintf(format, args...)) }
	if t.VerifyExit != 0 {
		bad("verify-record exited %d: %s", t.VerifyExit, t.VerifyText)
	}
	l, p, err := journal.Verify(t.Data)
	if err != nil {
		bad("the record after the restart does not read: %v", err)
		return v
	}
	if p != nil || l.Damage != nil || l.Torn != "" {
		bad("the record after the restart: err %v, problem %v, torn %q", err, p, l.Torn)
		return v
	}
	for _, f := range t.Finals {
		m := finalLine.FindStringSubmatch(f)
		if m == nil {
			continue
		}
		at, _ := strconv.ParseInt(m[3], 10, 64)
		found := false
		for _, r := range l.Records {
			if r.Kind == journal.KindDecision && int64(r.At) == at && r.Result == m[1] && r.Reason == m[2] {
				found = true
			}
		}
		if !found {
			bad("%q was reported final before the cut but is not in the record", f)
		}
		v.Finals++
	}
	if t.Before == 0 {
		// Nothing was on the disk yet: the cut came before the fresh
		// record's first group commit, which may take up to the
		// checkpoint interval (docs/record.md). What is lost is then the
		// play before the cut, which must be within Over, nothing
		// reported final (checked above), and the restart begins a new
		// match: it has nothing to recover.
		v.LostStart = true
		if t.Cut > Over {
			bad("the record held nothing %v after the start: more than the %v a record may be behind", t.Cut, Over)
		}
		for _, r := range l.Records {
			if r.Kind == journal.KindRecovered {
				bad("a match was recovered from a record that held nothing")
				break
			}
		}
		return v
	}
	if t.Before > len(l.Records) {
		bad("the restart found %d records, the record has %d", t.Before, len(l.Records))
		return v
	}
	end := int64(len(t.Data))
	if t.Before < len(l.Offsets) {
		end = l.Offsets[t.Before]
	}
	before, err := journal.Load(t.Data[:end])
	if err != nil || len(before.Records) != t.Before {
		bad("the record as the cut left it: %v (%d records, want %d)", err, len(before.Records), t.Before)
		return v
	}
	ms, err := before.Matches()
	if err != nil || len(ms) == 0 {
		bad("matches: %v", err)
		return v
	}
	last := ms[len(ms)-1]
	after := l.Records[t.Before:]
	recovered := false
	var pause *journal.Record
	for i := range after {
		if after[i].Kind == journal.KindRecovered {
			recovered = true
		}
		if after[i].Kind == journal.KindEvent && after[i].Recovered {
			pause = &after[i]
		}
	}
	if !last.Started() || last.Ended() {
		// Cut between a reset and the next start: a new match, never the
		// ended one brought back.
		if recovered {
			bad("the match the arbiter ended (reset) was recovered")
		}
		return v
	}
	if !recovered {
		bad("a started match was not recovered")
		return v
	}
	v.Recovered = true
	sc, err := timeline.Parse([]byte(t.Script))
	if err != nil {
		bad("the script: %v", err)
		return v
	}
	pr, _ := rules.LookupPreset(rules.DefaultPreset)
	o, err := sc.Options(pr)
	if err != nil {
		bad("the script's options: %v", err)
		return v
	}
	// The truth: the script to the cut, on the table's instants (the
	// script's instant 0 is the table's "instant" in its start line). The
	// record holds len(ms) matches: a reset the cut kept from the disk
	// ended none of them, so the restored match's truth stops at that
	// reset (it was the match in play until then, and the record's last
	// word on it).
	truth, _ := rules.New(o)
	start := t.Start
	at := t.Cut
	resets := 0
	for _, e := range sc.Entries {
		if e.Event.At > t.Cut {
			break
		}
		if e.Event.Kind == rules.Reset {
			if resets == len(ms)-1 {
				at = e.Event.At
				v.LostReset = true
				break
			}
			resets++
		}
		ev := e.Event
		ev.At += start
		truth.Apply(ev)
	}
	cut := start + at
	truth.Advance(cut)
	rm, err := last.Replay()
	if err != nil {
		bad("replaying the restored match: %v", err)
		return v
	}
	if rm.Status() == rules.Decided {
		v.Decided = true
		r1, why1, _, _ := rm.Result()
		r2, why2, _, _ := truth.Result()
		if truth.Status() != rules.Decided || r1 != r2 || why1 != why2 {
			bad("restored decided %v %v, the truth at the cut %v %v (%v)", r1, why1, r2, why2, truth.Status())
		}
		return v
	}
	if pause == nil && rm.Status() == rules.Running {
		bad("a running match came back without its recovery pause")
	}
	until := last.Until()
	v.Over = -time.Hour
	for _, s := range bughouse.Seats {
		got, want := rm.Remaining(s, until), truth.Remaining(s, cut)
		d := got - want
		v.Over = max(v.Over, d)
		if d > Over || d < -Under {
			bad("%v restored %v, %v at the cut: off by %v", s, got, want, d)
		}
		if pause != nil && pause.Clocks != nil && pause.Clocks[s] != got {
			bad("the recovery pause shows %v %v, the record's replay %v", s, pause.Clocks[s], got)
		}
	}
	return v
}
