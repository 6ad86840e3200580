package hub

import (
	"fmt"
	"slices"
	"time"

	"tandem/bughouse"
	"tandem/clocksync"
	"tandem/hall"
)

// This file holds a table as the hub sees it: its state, its alerts.

// AlertKind names an alert on a table.
type AlertKind string

// The alerts the hub raises (TableState.Alerts), in this order.
const (
	// AlertOffline: no snapshot for Opts.OfflineAfter.
	AlertOffline AlertKind = "offline"
	// AlertRefused: the embedded server refuses the table's login or its
	// messages (TableState.Refused).
	AlertRefused AlertKind = "refused"
	// AlertFlag: a flag fell (a clock ran out).
	AlertFlag AlertKind = "flag"
	// AlertClaim: a claim waits for the arbiter (Art 29).
	AlertClaim AlertKind = "claim"
	// AlertRecovered: the table restarted (a power cut) and restored its
	// match from the record: it comes back paused.
	AlertRecovered AlertKind = "recovered"
	// AlertRecord: the table's record failed (its clocks run on without
	// one), or its records cannot reach the hall.
	AlertRecord AlertKind = "record"
	// AlertClock: the table's wall clock was never synchronised since
	// boot (hall.Snap.WallClock), or it is more than Opts.ClockTolerance
	// from the hub's: its record's wall times and its results' times of
	// day are not to be trusted (docs/hall.md, "Time without internet").
	AlertClock AlertKind = "clock"
	// AlertLogin: someone fails to log in to the table's console (wrong
	// PINs or codes: hall.Snap.Logins), or to the dashboard. The text
	// stays the same while they go on, save the count's order of
	// magnitude ("10+ failed ...").
	AlertLogin AlertKind = "login"
	// AlertEBoard: an e-board shows a position no legal move explains
	// (docs/eboard.md).
	AlertEBoard AlertKind = "eboard"
)

// Alert is one thing the head arbiter should look at.
type Alert struct {
	Kind AlertKind `json:"kind"`
	// Text says it for people, e.g. "claim by A-white (illegal-move)".
	Text string `json:"text"`
}

// TableState is the hub's view of one table.
type TableState struct {
	// ID is the table id.
	ID string `json:"id"`
	// Online is true while snapshots arrive; Since is when it last became
	// online or offline (hub clock; zero for a configured table never
	// seen), LastSeen the last snapshot's arrival (zero: never).
	Online   bool      `json:"online"`
	Since    time.Time `json:"since"`
	LastSeen time.Time `json:"last_seen"`
	// Snap is the latest snapshot (zero when never seen).
	Snap hall.Snap `json:"snap"`
	// Refused says why the embedded server refuses this table's login or
	// messages (see Opts.OnRefused); "" when it has not for 10 s.
	Refused   string `json:"refused,omitempty"`
	refusedAt time.Time
	// ClockOffset is the table's wall clock less the hub's, from the
	// latest snapshot (its SentMs against its arrival, so the network's
	// few ms are in it); zero before the first.
	ClockOffset time.Duration `json:"clock_offset_ns"`
	clockFar    bool          // |ClockOffset| > Opts.ClockTolerance
	// Alerts are the current alerts, in AlertKind order.
	Alerts []Alert `json:"alerts"`
}

// Remaining returns seat's remaining time at instant now (hub clock):
// the snapshot's time, less what a running clock has used since its
// instant (on the table's clock up to the send, on the hub's since the
// arrival), and the unused delay first. An offline table's clock is
// taken at its last snapshot's arrival (LastSeen), the last value the
// hub knew, not now: what it did since is unknown. Never negative. seat
// is in bughouse.Seat order (0-3).
func (s TableState) Remaining(seat int, now time.Time) time.Duration {
	c := s.Snap.Clocks[seat]
	left := time.Duration(c.Ms) * time.Millisecond
	if c.Running && s.Snap.Status == "running" && !s.LastSeen.IsZero() {
		if !s.Online && now.After(s.LastSeen) {
			now = s.LastSeen
		}
		used := now.Sub(s.LastSeen)
		if s.Snap.ClocksAtMs > 0 && s.Snap.SentMs > s.Snap.ClocksAtMs {
			used += time.Duration(s.Snap.SentMs-s.Snap.ClocksAtMs) * time.Millisecond
		}
		left -= max(0, used-time.Duration(c.DelayMs)*time.Millisecond)
	}
	return max(left, 0)
}

// alerts computes s.Alerts from its state.
func (s *TableState) alerts() {
	s.Alerts = s.Alerts[:0]
	if !s.Online {
		text := "offline"
		if !s.Since.IsZero() {
			text = "offline since " + s.Since.Format("15:04")
		}
		if s.LastSeen.IsZero() {
			text = "never seen"
		}
		s.Alerts = append(s.Alerts, Alert{AlertOffline, text})
	}
	if s.Refused != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRefused, s.Refused})
	}
	for i, c := range s.Snap.Clocks {
		if c.Flagged {
			s.Alerts = append(s.Alerts, Alert{AlertFlag, "flag: " + bughouse.Seats[i].String()})
		}
	}
	if c := s.Snap.Claim; c != nil {
		s.Alerts = append(s.Alerts, Alert{AlertClaim, "claim by " + c.Claimant + " (" + c.Reason + ")"})
	}
	if s.Snap.Recovered {
		text := "recovered after a restart"
		if s.Snap.RecoveredMs != 0 {
			text += " (last record " + time.UnixMilli(s.Snap.RecoveredMs).Format("15:04:05") + ")"
		}
		s.Alerts = append(s.Alerts, Alert{AlertRecovered, text})
	}
	if s.Snap.RecordErr != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRecord, s.Snap.RecordErr})
	}
	if s.Snap.HallErr != "" {
		s.Alerts = append(s.Alerts, Alert{AlertRecord, s.Snap.HallErr})
	}
	if text := s.clockText(); text != "" {
		s.Alerts = append(s.Alerts, Alert{AlertClock, text})
	}
	if l := s.Snap.Logins; l != nil && l.Failed > 0 {
		s.Alerts = append(s.Alerts, Alert{AlertLogin, LoginText("console", l.Failed, time.UnixMilli(l.SinceMs), l.First)})
	}
	for _, text := range s.Snap.EBoard {
		s.Alerts = append(s.Alerts, Alert{AlertEBoard, text})
	}
}

// LoginText says failed logins on page ("console", "dashboard") for an
// AlertLogin: the count rounded down to its order of magnitude ("1",
// "10+", "100+"), so that the text changes a few times, not at each
// failure.
func LoginText(page string, n int, since time.Time, first string) string {
	count := "1 failed login"
	switch {
	case n >= 10:
		m := 10
		for m*10 <= n {
			m *= 10
		}
		count = fmt.Sprintf("%d+ failed logins", m)
	case n > 1:
		count = "2+ failed logins"
	}
	return fmt.Sprintf("%s on the %s since %s, first from %s: wrong PINs or codes", count, page, since.Local().Format("15:04"), first)
}

// clockText says what is wrong with the table's wall clock, "" when
// nothing is. The offset is rounded (10 s under a minute, then minutes)
// so that the text, and so the dashboard's alert, stays the same from
// one heartbeat to the next.
func (s *TableState) clockText() string {
	never := s.Snap.WallClock == clocksync.Unsynced.String()
	if !never && !s.clockFar {
		return ""
	}
	far := ""
	if s.clockFar {
		d, way := s.ClockOffset, "ahead of"
		if d < 0 {
			d, way = -d, "behind"
		}
		far = roughly(d) + " " + way + " the hub's"
	}
	switch {
	case never && far != "":
		return "clock never synchronised since boot, " + far + ": its times of day are guesses"
	case never:
		return "clock never synchronised since boot: its times of day are guesses"
	}
	return "clock " + far + ": its times of day are wrong"
}

// roughly writes d to 10 s under a minute ("about 40 s"), else to the
// minute ("2 h 03 min", "12 min").
func roughly(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("about %d s", int((d+5*time.Second)/(10*time.Second))*10)
	}
	m := int((d + 30*time.Second) / time.Minute)
	if m < 60 {
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d h %02d min", m/60, m%60)
}

func (t *TableState) clone() TableState {
	c := *t
	c.Alerts = slices.Clone(t.Alerts)
	c.Snap.Decisive = slices.Clone(t.Snap.Decisive)
	if t.Snap.Logins != nil {
		l := *t.Snap.Logins
		c.Snap.Logins = &l
	}
	if t.Snap.Claim != nil {
		cl := *t.Snap.Claim
		c.Snap.Claim = &cl
	}
	return c
}
