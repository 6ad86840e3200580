package gpio

import (
	"tandem/bughouse"
	"tandem/wiring"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Properties of a button's debouncing over any edge sequence: presses are
// active edges, at least a lockout apart, and an active edge after a quiet
// line (no edge for a lockout) is always a press.
func TestDebouncer_ButtonProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := wiring.DefaultWiring()
		w.Lockout = time.Duration(rapid.Int64Range(int64(time.Millisecond), int64(100*time.Millisecond)).Draw(t, "lockout"))
		d := NewDebouncer(&w, false)
		t0 := time.Unix(1000, 0)
		at := t0
		var lastEdge, lastPress time.Time
		pressed := false
		n := rapid.IntRange(1, 200).Draw(t, "edges")
		for i := range n {
			at = at.Add(time.Duration(rapid.Int64Range(0, int64(200*time.Millisecond)).Draw(t, "gap")))
			rising := rapid.Bool().Draw(t, "rising")
			in, ok := d.Edge(int(bughouse.BWhite), rising, at)
			active := !rising // active low
			if ok {
				if in.Kind != Button || in.Seat != bughouse.BWhite || !in.At.Equal(at) {
					t.Fatalf("edge %d: input %+v", i, in)
				}
				if !active {
					t.Fatalf("edge %d: a release reported as a press", i)
				}
				if pressed && at.Sub(lastPress) < w.Lockout {
					t.Fatalf("edge %d: presses %v apart, lockout %v", i, at.Sub(lastPress), w.Lockout)
				}
				pressed, lastPress = true, at
			} else if active && (i == 0 || at.Sub(lastEdge) >= w.Lockout) {
				t.Fatalf("edge %d: an active edge %v after a quiet line is not a press", i, at.Sub(lastEdge))
			}
			lastEdge = at
		}
	})
}

// The pause switch always ends where it was left: after the last edge and
// a lockout, the position reported (by Edge or Settle) is the line's.
func TestDebouncer_SwitchFollowsFinalPosition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := wiring.DefaultWiring()
		d := NewDebouncer(&w, false)
		at := time.Unix(1000, 0)
		on, level := false, false
		take := func(in Input, ok bool) {
			if !ok {
				return
			}
			want := map[Kind]bool{PauseOn: true, PauseOff: false}
			v, known := want[in.Kind]
			if !known || v == on {
				t.Fatalf("reported %v while the switch was reported on=%v", in.Kind, on)
			}
			on = v
		}
		for range rapid.IntRange(1, 100).Draw(t, "edges") {
			at = at.Add(time.Duration(rapid.Int64Range(0, int64(80*time.Millisecond)).Draw(t, "gap")))
			take(d.Settle(at))
			level = !level // edges alternate on a real line
			take(d.Edge(pauseIndex, !level, at))
		}
		take(d.Settle(at.Add(time.Hour)))
		if on != level {
			t.Fatalf("switch left on=%v, reported on=%v", level, on)
		}
	})
}
