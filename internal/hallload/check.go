package hallload

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tandem/hall"
	"tandem/internal/inputfile"
	"tandem/journal"
)

// Journal is one table's record as the table wrote it: the source of
// truth the hub's streams are checked against.
type Journal struct {
	// Table is the table's hall id.
	Table string
	// Records are the file's records in order, each with its payload as
	// on disk (what the link publishes).
	Records []JournalRecord
}

// JournalRecord is one record of a Journal.
type JournalRecord struct {
	Seq     uint64
	Kind    journal.Kind
	Payload []byte
	// Match, Result and Reason are the decision's (KindDecision).
	Match, Result, Reason string
}

// ReadJournal reads table id's record file at path. A file with damage
// (not a torn tail) is an error: the check needs the whole record.
func ReadJournal(id, path string) (Journal, error) {
	data, err := inputfile.Read(path, journal.MaxFile)
	if err != nil {
		return Journal{}, err
	}
	l, err := journal.Load(data)
	if err != nil {
		return Journal{}, fmt.Errorf("%s: %w", path, err)
	}
	if l.Damage != nil {
		return Journal{}, fmt.Errorf("%s: %w", path, l.Damage)
	}
	j := Journal{Table: id, Records: make([]JournalRecord, len(l.Records))}
	for i, r := range l.Records {
		off := l.Offsets[i]
		n := int64(binary.LittleEndian.Uint32(data[off:]))
		j.Records[i] = JournalRecord{Seq: r.Seq, Kind: r.Kind, Payload: data[off+8 : off+8+n]}
		if r.Kind == journal.KindDecision {
			j.Records[i].Match, j.Records[i].Result, j.Records[i].Reason = r.Match, r.Result, r.Reason
		}
	}
	return j, nil
}

// Stored is one message of the hub's TANDEM_RECORDS or TANDEM_RESULTS
// stream, in stream order.
type Stored struct {
	// Subject is the message's subject ("tandem.table.<id>.record").
	Subject string
	// Seq is its hall.HeaderSeq header: the journal record's sequence
	// number (0 when the header is missing or not a number).
	Seq  uint64
	Data []byte
}

// TableCheck is one table's part of a Verdict.
type TableCheck struct {
	Table string
	// Journal counts the table's journal records, Stored the record
	// messages the stream holds for it, Decisions the decision records
	// and Results the result messages.
	Journal, Stored, Decisions, Results int
	// Missing, Duplicate and Foreign count records (and results) the
	// stream lacks, holds more than once, or holds without a journal
	// record (or with other contents) behind them.
	Missing, Duplicate, Foreign int
}

// Verdict is the outcome of Check.
type Verdict struct {
	// Tables are the per-table counts, in the order given.
	Tables []TableCheck
	// Records and Results are the journal records and decisions checked.
	Records, Results int
	// Problems describe each loss, duplicate or stranger found; at most
	// MaxProblems are kept, Dropped counts the rest.
	Problems []string
	Dropped  int
}

// MaxProblems bounds Verdict.Problems (the rest are counted in Dropped).
const MaxProblems = 50

// OK reports whether every journal record and decision was found in the
// streams exactly once, in order, with nothing else there.
func (v Verdict) OK() bool { return len(v.Problems) == 0 && v.Dropped == 0 }

func (v *Verdict) problem(format string, args ...any) {
	if len(v.Problems) < MaxProblems {
		v.Problems = append(v.Problems, fmt.Sprintf(format, args...))
	} else {
		v.Dropped++
	}
}

// Check compares the tables' journals with the hub's streams, in stream
// order (records and results as read from TANDEM_RECORDS and
// TANDEM_RESULTS). It requires, for every table:
//
//   - the stream holds each journal record exactly once, the same payload
//     byte for byte, and in journal order (the record stream of one table
//     is its journal: sequence numbers 1, 2, 3, ... with no gap);
//   - the results stream holds exactly one result per decision record,
//     naming its match, result and reason;
//   - nothing else: no message for a table that has no journal, no record
//     or result beyond the journal.
//
// The hub must have received everything the tables wrote before Check is
// called (the load test waits for it); a record still in flight is
// reported missing.
func Check(tables []Journal, records, results []Stored) Verdict {
	var v Verdict
	byTable := map[string]int{}
	for i, j := range tables {
		byTable[j.Table] = i
		v.Tables = append(v.Tables, TableCheck{Table: j.Table, Journal: len(j.Records)})
	}
	recs := make([][]Stored, len(tables))
	ress := make([][]Stored, len(tables))
	for _, m := range records {
		i, ok := tableOf(byTable, m.Subject, ".record")
		if !ok {
			v.problem("records stream: message %s seq %d: no such table", m.Subject, m.Seq)
			continue
		}
		recs[i] = append(recs[i], m)
	}
	for _, m := range results {
		i, ok := tableOf(byTable, m.Subject, ".result")
		if !ok {
			v.problem("results stream: message %s seq %d: no such table", m.Subject, m.Seq)
			continue
		}
		ress[i] = append(ress[i], m)
	}
	for i, j := range tables {
		checkRecords(&v, &v.Tables[i], j, recs[i])
		checkResults(&v, &v.Tables[i], j, ress[i])
		v.Records += len(j.Records)
		v.Results += v.Tables[i].Decisions
	}
	return v
}

// tableOf returns the index of the table of subject
// "tandem.table.<id><suffix>".
func tableOf(byTable map[string]int, subject, suffix string) (int, bool) {
	id, ok := strings.CutPrefix(subject, hall.SubjectPrefix)
	if !ok {
		return 0, false
	}
	id, ok = strings.CutSuffix(id, suffix)
	if !ok {
		return 0, false
	}
	i, ok := byTable[id]
	return i, ok
}

func checkRecords(v *Verdict, tc *TableCheck, j Journal, got []Stored) {
	tc.Stored = len(got)
	want := map[uint64]JournalRecord{}
	for _, r := range j.Records {
		want[r.Seq] = r
	}
	seen := map[uint64]int{}
	var last uint64
	for _, m := range got {
		seen[m.Seq]++
		r, ok := want[m.Seq]
		switch {
		case !ok:
			tc.Foreign++
			v.problem("table %s: the stream holds record %d, which its journal does not", j.Table, m.Seq)
			continue
		case seen[m.Seq] > 1:
			tc.Duplicate++
			v.problem("table %s: record %d is in the stream %d times", j.Table, m.Seq, seen[m.Seq])
			continue
		case !bytes.Equal(m.Data, r.Payload):
			tc.Foreign++
			v.problem("table %s: record %d in the stream differs from the journal's", j.Table, m.Seq)
		}
		if m.Seq < last {
			v.problem("table %s: record %d comes after record %d in the stream", j.Table, m.Seq, last)
		}
		last = max(last, m.Seq)
	}
	for _, r := range j.Records {
		if seen[r.Seq] == 0 {
			tc.Missing++
			v.problem("table %s: record %d (%s) is not in the stream", j.Table, r.Seq, r.Kind)
		}
	}
}

func checkResults(v *Verdict, tc *TableCheck, j Journal, got []Stored) {
	tc.Results = len(got)
	want := map[uint64]JournalRecord{}
	for _, r := range j.Records {
		if r.Kind == journal.KindDecision {
			want[r.Seq] = r
			tc.Decisions++
		}
	}
	seen := map[uint64]int{}
	for _, m := range got {
		seen[m.Seq]++
		d, ok := want[m.Seq]
		if !ok {
			tc.Foreign++
			v.problem("table %s: the results stream holds a result for record %d, which is no decision in its journal", j.Table, m.Seq)
			continue
		}
		if seen[m.Seq] > 1 {
			tc.Duplicate++
			v.problem("table %s: the result of decision %d is in the results stream %d times", j.Table, m.Seq, seen[m.Seq])
			continue
		}
		var r hall.Result
		if err := json.Unmarshal(m.Data, &r); err != nil {
			tc.Foreign++
			v.problem("table %s: the result of decision %d does not read: %v", j.Table, m.Seq, err)
			continue
		}
		if r.Table != j.Table || r.Seq != d.Seq || r.Match != d.Match || r.Result != d.Result || r.Reason != d.Reason {
			tc.Foreign++
			v.problem("table %s: the result of decision %d says table %s match %s %s %s seq %d; the journal: match %s %s %s",
				j.Table, m.Seq, r.Table, r.Match, r.Result, r.Reason, r.Seq, d.Match, d.Result, d.Reason)
		}
	}
	seqs := make([]uint64, 0, len(want))
	for s := range want {
		seqs = append(seqs, s)
	}
	slices.Sort(seqs)
	for _, s := range seqs {
		if seen[s] == 0 {
			tc.Missing++
			v.problem("table %s: the result of decision %d (match %s, %s) is not in the results stream", j.Table, s, want[s].Match, want[s].Result)
		}
	}
}
