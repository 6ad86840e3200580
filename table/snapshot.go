package table

import (
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/scoresheet"
)

// Snapshot is the whole match at one instant, as the loop published it:
// the clocks and the result (rules.Snapshot), both boards' scoresheet, the
// players, the rules in force, the match id and the record's state. It is
// immutable: every field is a value, or points to something the loop
// never changes again (Sheet, Options' stage list), so any goroutine may
// keep and read it.
type Snapshot struct {
	rules.Snapshot
	// Match is the match id, e.g. "20261129-212200-3f9a" (NewMatchID): a
	// new one at each new match.
	Match string
	// Preset and Options are the rules of the match: the preset's name
	// ("reglamento") and every option in force (the configuration's, a
	// restored match's, or a new match's chosen by the arbiter).
	Preset  string
	Options rules.Options
	// Players are the players' names of this match, indexed by
	// bughouse.Seat ("" unknown); NextPlayers those the next match takes
	// (the hall sends the next round's pairing while a match is on).
	Players     [4]string
	NextPlayers [4]string
	// Sheet is both boards' scoresheet: the moves entered, the positions
	// and the four reserves at any move. A frozen copy: call only its read
	// methods (scoresheet.Sheet.Clone).
	Sheet *scoresheet.Sheet
	// SheetNote says why a restored match's scoresheet is shorter than
	// its record ("" when every recorded move entered again).
	SheetNote string
	// Recovered is true when this match was restored from the record
	// after a restart, whose last record was written at RecoveredAt (wall
	// clock); both are cleared when a new match begins.
	Recovered   bool
	RecoveredAt time.Time
	// Recording is true when the match is recorded (Opts.Record), and
	// RecordErr says why recording failed ("" while it works): the clocks
	// run on without a record then, and a decided result is never Final.
	Recording bool
	RecordErr string
	// Log is the table's recent events, oldest first: the last LogLength
	// the loop applied, with the decisions a flag made by itself. The
	// record keeps them all.
	Log []Logged
	// Offers are the arbiter's commands (of OfferKinds) the table would
	// take at the snapshot's instant with some arguments: a page shows
	// only these (a Start while the clocks run could only be ignored).
	Offers Offers
}

// LogLength is how many events Snapshot.Log keeps.
const LogLength = 200

// Logged is one line of Snapshot.Log: an event the loop applied, or a
// decision the clock made by itself (Flag, with no event).
type Logged struct {
	// N numbers the table's log lines from 1: a reader that has seen line
	// N takes the lines after it.
	N uint64
	// Seq is the snapshot's Seq once the event was applied (for a flag,
	// the Seq of the event before it).
	Seq uint64
	// Event and Effect are the event as applied and what it did.
	Event  rules.Event
	Effect rules.Effect
	// Flag is true for a flag that no event made: a decision, or under
	// match_format = both-boards the end of one board; Flagged
	// (NFlagged of them) are the seats whose flag fell. NoShow is true for
	// a decision by the end of a no-show tolerance (Art 44). At is then
	// the instant.
	Flag     bool
	Flagged  [2]bughouse.Seat
	NFlagged int
	NoShow   bool
	At       time.Duration
	// Match is the id of the match the line belongs to (Snapshot.Match
	// then): a reset is the last line of the match it ends, and the lines
	// after it carry the new match's id.
	Match string
	// Started and StartedAt are the match's start then (times in the log
	// count from it).
	Started   bool
	StartedAt time.Duration
	// Result, Reason and Decisive (NDecisive of them) are the match's
	// decision when this line decided it (Effect.Decided, Flag or
	// NoShow).
	Result    rules.Result
	Reason    rules.Reason
	Decisive  [2]bughouse.Seat
	NDecisive int
}

// Moves returns how many moves the scoresheet holds on both boards.
func (s Snapshot) Moves() int {
	if s.Sheet == nil {
		return 0
	}
	return len(s.Sheet.Moves())
}
