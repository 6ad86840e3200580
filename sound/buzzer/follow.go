package buzzer

import (
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/sound"
	"tandem/table"
)

// follow finds the events with a sound between two snapshots of the
// table, prev (nil: the first one) and cur, in the order they are
// played: a flag or a claim before the rest. lowTime is the threshold of
// the match's time control (0: no low-time beep); warned says which
// seats have had theirs this match (it is updated; a new match clears
// it).
func follow(prev, cur *table.Snapshot, lowTime time.Duration, warned *[4]bool) []sound.Event {
	if prev == nil || prev.Match != cur.Match {
		*warned = [4]bool{}
		if prev == nil {
			return nil
		}
		if cur.Status != rules.Running {
			return nil
		}
	}
	var evs []sound.Event
	ps, cs := prev.Status, cur.Status
	switch {
	case cs == rules.Decided && ps != rules.Decided && (cur.Reason == rules.Flag || cur.Reason == rules.SimultaneousFlag):
		evs = append(evs, sound.Flag)
	case cur.Claim.Active && !prev.Claim.Active:
		evs = append(evs, sound.Claim)
	case cs == rules.Running && !prev.Started:
		evs = append(evs, sound.Start)
	case cs == rules.Paused && ps == rules.Running:
		evs = append(evs, sound.Pause)
	}
	if cur.Seq != prev.Seq && cur.Last.Kind == rules.Press && cur.Effect.Ignored == "" && cur.Effect.Refused == "" && cs == rules.Running {
		evs = append(evs, sound.Press)
	}
	if lowTime > 0 && cs == rules.Running {
		for _, s := range bughouse.Seats {
			c := cur.Clocks[s]
			if c.Running && c.Remaining < lowTime && !warned[s] {
				warned[s] = true
				evs = append(evs, sound.LowTime)
			}
		}
	}
	return evs
}
