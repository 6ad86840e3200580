package hub

import (
	"slices"
	"time"

	"tandem/hall"
	"tandem/rules"
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
	// Alerts are the current alerts, in AlertKind order.
	Alerts []Alert `json:"alerts"`
}

// Remaining returns seat's remaining time at instant now (hub clock):
// the snapshot's time, less what a running clock has used since its
// instant (on the table's clock up to the send, on the hub's since the
// arrival). Never negative. seat is in rules.Seat order (0-3).
func (s TableState) Remaining(seat int, now time.Time) time.Duration {
	c := s.Snap.Clocks[seat]
	left := time.Duration(c.Ms) * time.Millisecond
	if c.Running && s.Online {
		if s.Snap.ClocksAtMs > 0 && s.Snap.SentMs > s.Snap.ClocksAtMs {
			left -= time.Duration(s.Snap.SentMs-s.Snap.ClocksAtMs) * time.Millisecond
		}
		left -= now.Sub(s.LastSeen)
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
			s.Alerts = append(s.Alerts, Alert{AlertFlag, "flag: " + rules.Seats[i].String()})
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
}

func (t *TableState) clone() TableState {
	c := *t
	c.Alerts = slices.Clone(t.Alerts)
	c.Snap.Decisive = slices.Clone(t.Snap.Decisive)
	if t.Snap.Claim != nil {
		cl := *t.Snap.Claim
		c.Snap.Claim = &cl
	}
	return c
}
