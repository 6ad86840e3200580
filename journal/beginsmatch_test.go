package journal

import (
	"testing"

	"tandem/rules"
	"tandem/table"
)

// TestBeginsMatch: a reset that brought the table back to Ready and a
// reconfiguration begin a match; a refused or ignored reset, a reset
// that left the table elsewhere, other events and decisions do not.
func TestBeginsMatch(t *testing.T) {
	reset := rules.Event{Kind: rules.Reset}
	for _, c := range []struct {
		name string
		e    table.Entry
		want bool
	}{
		{"reset", table.Entry{Kind: table.EntryEvent, Event: reset, Status: rules.Ready}, true},
		{"reset refused", table.Entry{Kind: table.EntryEvent, Event: reset, Effect: rules.Effect{Refused: "pause first"}, Status: rules.Running}, false},
		{"reset ignored", table.Entry{Kind: table.EntryEvent, Event: reset, Effect: rules.Effect{Ignored: "no"}, Status: rules.Ready}, false},
		{"reset not ready", table.Entry{Kind: table.EntryEvent, Event: reset, Status: rules.Paused}, false},
		{"start", table.Entry{Kind: table.EntryEvent, Event: rules.Event{Kind: rules.Start}, Status: rules.Running}, false},
		{"press to ready", table.Entry{Kind: table.EntryEvent, Event: rules.Event{Kind: rules.Press}, Status: rules.Ready}, false},
		{"decision", table.Entry{Kind: table.EntryDecision, Status: rules.Decided}, false},
		{"reconfigure", table.Entry{Kind: table.EntryReconfigure, Status: rules.Ready}, true},
	} {
		if got := BeginsMatch(c.e); got != c.want {
			t.Errorf("%s: BeginsMatch = %v, want %v", c.name, got, c.want)
		}
	}
}
