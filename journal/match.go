package journal

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/scoresheet"
	"tandem/table"
)

// Match is one match read back from a record: its KindMatch record and
// every record that names it, in file order.
type Match struct {
	// Begin is the match's KindMatch record: id, preset, options, table,
	// players, and the instant and wall time it began.
	Begin Record
	// Options are Begin.Options decoded.
	Options rules.Options
	// Records are the match's records after Begin, in file order.
	Records []Record
}

// ID returns the match id.
func (m *Match) ID() string { return m.Begin.Match }

// Events returns the match's recorded events, as applied, without the
// reset that ended it (a new match begins there).
func (m *Match) Events() []rules.Event {
	var es []rules.Event
	for _, r := range m.Records {
		if r.Kind == KindEvent && r.Event != nil && !isReset(r) {
			es = append(es, *r.Event)
		}
	}
	return es
}

// Until returns the last instant the record vouches for: the largest At
// of the match's records (checkpoints included), at least Begin's.
func (m *Match) Until() time.Duration {
	u := m.Begin.At
	for _, r := range m.Records {
		u = max(u, r.At)
	}
	return u
}

// LastWall returns the wall time of the match's last record written while
// the match was played: the "last recorded" of a recovery message. What a
// restart writes (KindRecovered, the recovery pause, a decision written
// again) does not count, so that after several restarts it is still the
// instant of the cut, not of the previous restart.
func (m *Match) LastWall() time.Time {
	for i := len(m.Records) - 1; i >= 0; i-- {
		if r := &m.Records[i]; !restartRecord(r) {
			return r.Wall
		}
	}
	return m.Begin.Wall
}

// restartRecord reports whether r was written by a restart rather than by
// play.
func restartRecord(r *Record) bool {
	return r.Kind == KindRecovered || r.Kind == KindEvent && r.Recovered || r.Kind == KindDecision && r.Restored
}

// Decision returns the match's KindDecision record, nil when none was
// recorded.
func (m *Match) Decision() *Record {
	for i := range m.Records {
		if m.Records[i].Kind == KindDecision {
			return &m.Records[i]
		}
	}
	return nil
}

// LostDecision returns the KindDecision record the match should hold and
// does not: its replay (Replay, up to Until) is decided, but no
// KindDecision record was recorded. A power cut inside the group commit
// that wrote the deciding event can keep that event and lose the
// decision's frame after it (docs/record.md, "Restart and recovery"). The
// record returned is the one the table would have written (Recorder.Entry
// of the decision): the match's id, the decision instant (At), result,
// reason, decisive seats and the four times at At, Restored set; its Wall
// is estimated from the last record before the decision (the wall time of
// that record plus the instants between). A restoring table writes the
// decision again itself (table.Restore.Decided is false: Restore), so
// that the record, and whatever reads it (the hall's results), has it;
// LostDecision is what an audit reads (verify-record).
//
// It returns nil when the match has its KindDecision record or is not
// decided, and Replay's error when the events cannot be replayed.
func (m *Match) LostDecision() (*Record, error) {
	if m.Decision() != nil {
		return nil, nil
	}
	rm, err := m.Replay()
	if err != nil {
		return nil, err
	}
	if rm.Status() != rules.Decided {
		return nil, nil
	}
	res, why, seats, at := rm.Result()
	var clocks [4]time.Duration
	for _, s := range bughouse.Seats {
		clocks[s] = rm.Remaining(s, at)
	}
	d := &Record{Kind: KindDecision, Match: m.ID(), At: at, Wall: m.wallAt(at), Result: res.String(),
		Reason: why.String(), Decisive: []string{}, Clocks: &clocks, Restored: true}
	for _, s := range seats {
		d.Decisive = append(d.Decisive, s.String())
	}
	return d, nil
}

// wallAt estimates the wall time of instant at from the last record at or
// before it (Begin's when none).
func (m *Match) wallAt(at time.Duration) time.Time {
	ref := &m.Begin
	for i := range m.Records {
		if r := &m.Records[i]; r.At <= at && !restartRecord(r) {
			ref = r
		}
	}
	return ref.Wall.Add(at - ref.At).UTC()
}

// Replay applies the match's events to a new rules.Match and advances it
// to Until (a flag that fell by then is decided): the match as the record
// knows it. It returns ErrReplay when the events cannot be applied in
// order.
func (m *Match) Replay() (*rules.Match, error) {
	rm, err := rules.New(m.Options)
	if err != nil {
		return nil, err
	}
	for i, e := range m.Events() {
		if _, err := rm.Apply(e); errors.Is(err, rules.ErrBackwards) {
			return nil, fmt.Errorf("%w: match %s, event %d: %v", ErrReplay, m.ID(), i+1, err)
		}
	}
	rm.Advance(max(m.Until(), rm.Now()))
	return rm, nil
}

// ErrReplay is wrapped by Replay's error.
var ErrReplay = errors.New("journal: the recorded events cannot be replayed")

// Started reports whether the match has any event recorded.
func (m *Match) Started() bool { return len(m.Events()) > 0 }

// Ended reports whether the arbiter ended the match with an accepted reset
// (a new match): its record is complete, and a restart must not bring it
// back even when the new match's own record did not reach the disk before
// the cut.
func (m *Match) Ended() bool {
	for _, r := range m.Records {
		if r.Kind == KindEvent && r.Event != nil && isReset(r) {
			return true
		}
	}
	return false
}

// Matches groups l's records by match, in the order the matches began.
// Records naming a match with no KindMatch record before them are an
// error, as are options that do not decode. A match whose records follow
// its KindMatch record without a gap (the usual case) shares l.Records'
// memory: a record of many MB is not held twice.
func (l *Log) Matches() ([]*Match, error) {
	var ms []*Match
	var spans []*matchSpan
	byID := map[string]*matchSpan{}
	for i, r := range l.Records {
		if r.Kind == KindMatch {
			o, err := DecodeOptions(r.Options)
			if err != nil {
				return ms, fmt.Errorf("record %d (seq %d): %w", i+1, r.Seq, err)
			}
			m := &Match{Begin: r, Options: o}
			ms = append(ms, m)
			sp := &matchSpan{m: m, start: i + 1, end: i + 1}
			spans = append(spans, sp)
			byID[r.Match] = sp
			continue
		}
		sp, ok := byID[r.Match]
		if !ok {
			for _, sp := range spans {
				sp.done(l)
			}
			return ms, fmt.Errorf("record %d (seq %d): match %q has no match record before it", i+1, r.Seq, r.Match)
		}
		if !sp.copied && sp.end == i {
			sp.end++
			continue
		}
		if !sp.copied {
			sp.m.Records = slices.Clone(l.Records[sp.start:sp.end])
			sp.copied = true
		}
		sp.m.Records = append(sp.m.Records, r)
	}
	for _, sp := range spans {
		sp.done(l)
	}
	return ms, nil
}

// matchSpan is where Matches finds a match's records.
type matchSpan struct {
	m          *Match
	start, end int  // l.Records[start:end] are m's, while contiguous
	copied     bool // m.Records holds its own copy
}

// done sets the match's records when they were contiguous: a slice of
// l.Records whose capacity ends with them (an append copies).
func (sp *matchSpan) done(l *Log) {
	if !sp.copied && sp.end > sp.start {
		sp.m.Records = l.Records[sp.start:sp.end:sp.end]
	}
}

// Find returns the match whose id is id or starts with id, or the last
// match for "last". It is an error when none or several match.
func Find(ms []*Match, id string) (*Match, error) {
	if len(ms) == 0 {
		return nil, errors.New("the record holds no match")
	}
	if id == "last" {
		return ms[len(ms)-1], nil
	}
	var found []*Match
	for _, m := range ms {
		if m.ID() == id {
			return m, nil
		}
		if strings.HasPrefix(m.ID(), id) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		if len(ms) == 1 {
			return nil, fmt.Errorf("no match %q in the record (its one match is %s)", id, ms[0].ID())
		}
		return nil, fmt.Errorf("no match %q in the record (%d matches, the last %s)", id, len(ms), ms[len(ms)-1].ID())
	case 1:
		return found[0], nil
	}
	return nil, fmt.Errorf("%q names %d matches (%s, %s, ...): give more of the id", id, len(found), found[0].ID(), found[1].ID())
}

// Restore returns what a table needs to go on with m after a restart
// (table.Opts.Restore): its id, preset and players, its events and the
// instant to pause at, its scoresheet, the wall time of its last record,
// and whether its decision is recorded. Its error is Moves': the
// scoresheet then holds the moves before the record that does not read.
func (m *Match) Restore() (*table.Restore, error) {
	r := &table.Restore{Match: m.ID(), Preset: m.Begin.Preset, Events: m.Events(), Until: m.Until(),
		RecoveredAt: m.LastWall(), Decided: m.Decision() != nil}
	if m.Begin.Players != nil {
		r.Players = *m.Begin.Players
	}
	var err error
	r.Moves, err = m.Moves()
	return r, err
}

// Moves returns the match's scoresheet as recorded: its KindMove records
// in file order, each KindTakeBack removing its board's last move. A
// record whose board or seat does not read is an error naming its
// sequence number, as is a take back with no move on its board.
func (m *Match) Moves() ([]scoresheet.Move, error) {
	var ms []scoresheet.Move
	for _, r := range m.Records {
		if r.Kind != KindMove && r.Kind != KindTakeBack {
			continue
		}
		b, err := bughouse.ParseBoard(r.Board)
		if err != nil {
			return ms, fmt.Errorf("record seq %d (%s): board: %w", r.Seq, r.Kind, err)
		}
		if r.Kind == KindTakeBack {
			i := len(ms) - 1
			for i >= 0 && ms[i].Board != b {
				i--
			}
			if i < 0 {
				return ms, fmt.Errorf("record seq %d: takeback of %s on board %s, which has no move", r.Seq, r.SAN, b)
			}
			ms = append(ms[:i], ms[i+1:]...)
			continue
		}
		seat, err := bughouse.ParseSeat(r.Seat)
		if err != nil {
			return ms, fmt.Errorf("record seq %d (move): seat: %w", r.Seq, err)
		}
		ms = append(ms, scoresheet.Move{Board: b, Ply: r.Ply, Seat: seat, SAN: r.SAN, UCI: r.UCI, At: r.At})
	}
	return ms, nil
}

// StartedAt returns the instant the match started (its replay's
// rules.Snapshot.StartedAt), and false when it has not started or cannot
// be replayed.
func (m *Match) StartedAt() (time.Duration, bool) {
	rm, err := m.Replay()
	if err != nil {
		return 0, false
	}
	s := rm.Snapshot(rm.Now())
	return s.StartedAt, s.Started
}
