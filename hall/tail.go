package hall

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"time"

	"tandem/internal/inputfile"
	"tandem/journal"
	"tandem/rules"
)

// tail reads a table's journal file as it grows (package journal's frame
// format: a header, then length, CRC-32C and JSON payload per record) and
// keeps where each record starts, so the Link can publish any record
// again after an outage without holding the records in memory.
type tail struct {
	path string
	f    *os.File
	pos  int64    // the offset after the last good frame read
	offs []int64  // offs[i]: frame offset of record first+i
	seqs []uint64 // seqs[i]: its sequence number (contiguous in a good file)
	// matches holds what a result needs about each match: its KindMatch
	// record and the instant its start was applied.
	matches map[string]*matchInfo
	err     error // the file's damage: nothing after it is read
}

type matchInfo struct {
	rec     journal.Record
	started time.Duration
	hasT0   bool
}

func newTail(path string) *tail {
	return &tail{path: path, matches: map[string]*matchInfo{}}
}

func (t *tail) close() {
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
}

// read takes the frames written since the last call. A frame cut short
// (being written) is left for the next call.
func (t *tail) read() error {
	if t.err != nil {
		return t.err
	}
	if t.f == nil {
		// inputfile.Open: a FIFO or device put where the record should
		// be is refused at once, never waited on.
		f, err := inputfile.Open(t.path)
		if err != nil {
			return err
		}
		t.f = f
	}
	if t.pos == 0 {
		t.pos = int64(len(journal.Header))
	}
	// At most MaxFile at a time: a frame cut there is read whole next time.
	data, err := io.ReadAll(io.NewSectionReader(t.f, t.pos, journal.MaxFile))
	if err != nil {
		return err
	}
	if len(data) == 0 {
		return nil
	}
	l, err := journal.Load(append([]byte(journal.Header), data...))
	if err != nil {
		return err
	}
	base := t.pos - int64(len(journal.Header))
	for i, r := range l.Records {
		if n := len(t.seqs); n > 0 && r.Seq != t.seqs[n-1]+1 {
			t.err = fmt.Errorf("%s: record %d follows record %d: not one table's record", t.path, r.Seq, t.seqs[n-1])
			return t.err
		}
		t.offs = append(t.offs, base+l.Offsets[i])
		t.seqs = append(t.seqs, r.Seq)
		t.note(r)
	}
	t.pos = base + l.Size
	if l.Damage != nil {
		t.err = fmt.Errorf("%s: %w", t.path, l.Damage)
		return t.err
	}
	return nil
}

// note keeps what a later result needs from r.
func (t *tail) note(r journal.Record) {
	switch r.Kind {
	case journal.KindMatch:
		t.matches[r.Match] = &matchInfo{rec: r}
	case journal.KindEvent:
		m := t.matches[r.Match]
		if m != nil && !m.hasT0 && r.Event != nil && r.Event.Kind == rules.Start && r.Ignored == "" && r.Refused == "" {
			m.started, m.hasT0 = r.At, true
		}
	}
}

// last returns the last sequence number read (0: none).
func (t *tail) last() uint64 {
	if len(t.seqs) == 0 {
		return 0
	}
	return t.seqs[len(t.seqs)-1]
}

// get returns record seq and its payload as on disk.
func (t *tail) get(seq uint64) (journal.Record, []byte, error) {
	if len(t.seqs) == 0 || seq < t.seqs[0] || seq > t.last() {
		return journal.Record{}, nil, fmt.Errorf("%s: no record %d", t.path, seq)
	}
	off := t.offs[seq-t.seqs[0]]
	var head [8]byte
	if _, err := t.f.ReadAt(head[:], off); err != nil {
		return journal.Record{}, nil, err
	}
	payload := make([]byte, binary.LittleEndian.Uint32(head[:]))
	if _, err := t.f.ReadAt(payload, off+8); err != nil {
		return journal.Record{}, nil, err
	}
	l, err := journal.Load(append(append([]byte(journal.Header), head[:]...), payload...))
	if err != nil || len(l.Records) != 1 {
		return journal.Record{}, nil, fmt.Errorf("%s: record %d no longer reads", t.path, seq)
	}
	return l.Records[0], payload, nil
}

// result returns the Result of decision record r of table id.
func (t *tail) result(id string, r journal.Record) Result {
	res := Result{V: Version, Table: id, Match: r.Match, Seq: r.Seq, Result: r.Result, Reason: r.Reason,
		Decisive: r.Decisive, Wall: r.Wall, Boards: r.Boards, Points: r.Points}
	if m := t.matches[r.Match]; m != nil {
		if m.rec.Players != nil {
			res.Players = *m.rec.Players
		}
		res.Preset, res.Control = m.rec.Preset, m.rec.Options["control"]
		if m.hasT0 {
			res.MatchMs = ms(r.At - m.started)
		}
	}
	return res
}
