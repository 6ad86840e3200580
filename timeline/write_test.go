package timeline

import (
	"bytes"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// What the Writer writes, Read reads back: headers, every kind of event
// at exact instants (nanoseconds), notes and comments, the end.
func TestWriter_ReadBack(t *testing.T) {
	ctl, err := clock.Parse("3m+2s")
	if err != nil {
		t.Fatal(err)
	}
	events := []rules.Event{
		{Kind: rules.Start, At: 0},
		{Kind: rules.Press, Seat: bughouse.AWhite, At: 1250 * time.Millisecond},
		{Kind: rules.Press, Seat: bughouse.BWhite, At: 1250*time.Millisecond + 1},
		{Kind: rules.Pause, At: 30 * time.Second},
		{Kind: rules.Adjust, Seat: bughouse.BBlack, Delta: -10 * time.Second, At: 31 * time.Second},
		{Kind: rules.Resume, Run: rules.RunChoice{}.Choose(bughouse.ABlack), At: 32 * time.Second},
		{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove, At: 40 * time.Second},
		{Kind: rules.Reject, At: 41 * time.Second},
		{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement, At: 42 * time.Second},
	}
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Comment("a match\nof two lines")
	w.Preset("online")
	w.Control(ctl)
	w.Option("pawn_drop_ranks", "[2, 6]")
	for i, e := range events {
		note := ""
		if i == 3 {
			note = "ignored: paused\nreally"
		}
		w.Event(e.At, e, note)
	}
	w.End(90 * time.Second)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	s, err := Parse(b.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if s.Preset != "online" || s.End != 90*time.Second || len(s.Entries) != len(events) {
		t.Fatalf("read back preset %q end %v, %d events\n%s", s.Preset, s.End, len(s.Entries), b.String())
	}
	for i, e := range s.Entries {
		if e.Event != events[i] {
			t.Errorf("event %d: %+v, want %+v", i, e.Event, events[i])
		}
	}
	p, _ := rules.LookupPreset(s.Preset)
	o, err := s.Options(p)
	if err != nil || o.PawnDropRanks != [2]int{2, 6} || o.Control.String() != "3m+2s" {
		t.Errorf("options %v %v", o, err)
	}
}
