package hallload

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/hall"
	"tandem/journal"
	"tandem/rules"
)

// fakeJournal returns a journal of table id with n records; every
// decisionEvery-th record is a decision (0: none).
func fakeJournal(id string, n, decisionEvery int) Journal {
	j := Journal{Table: id}
	for i := 1; i <= n; i++ {
		r := JournalRecord{Seq: uint64(i), Kind: journal.KindEvent}
		if decisionEvery > 0 && i%decisionEvery == 0 {
			r.Kind, r.Match, r.Result, r.Reason = journal.KindDecision, fmt.Sprintf("m%d", i), "1-0", "checkmate"
		}
		r.Payload = fmt.Appendf(nil, `{"seq":%d,"kind":%q,"table":%q}`, i, r.Kind, id)
		j.Records = append(j.Records, r)
	}
	return j
}

// faithful returns the streams a hub that lost nothing holds for js.
func faithful(js ...Journal) (records, results []Stored) {
	for _, j := range js {
		for _, r := range j.Records {
			records = append(records, Stored{Subject: hall.RecordSubject(j.Table), Seq: r.Seq, Data: r.Payload})
			if r.Kind == journal.KindDecision {
				data, _ := json.Marshal(hall.Result{V: 1, Table: j.Table, Match: r.Match, Seq: r.Seq, Result: r.Result, Reason: r.Reason})
				results = append(results, Stored{Subject: hall.ResultSubject(j.Table), Seq: r.Seq, Data: data})
			}
		}
	}
	return records, results
}

func TestCheck_FaithfulStreamsPass(t *testing.T) {
	a, b := fakeJournal("t1", 30, 7), fakeJournal("t2", 12, 0)
	recs, ress := faithful(a, b)
	v := Check([]Journal{a, b}, recs, ress)
	if !v.OK() {
		t.Fatalf("problems: %v", v.Problems)
	}
	if v.Records != 42 || v.Results != 4 {
		t.Errorf("checked %d records, %d results; want 42, 4", v.Records, v.Results)
	}
	if tc := v.Tables[0]; tc.Journal != 30 || tc.Stored != 30 || tc.Decisions != 4 || tc.Results != 4 {
		t.Errorf("table t1 counts %+v", tc)
	}
}

func TestCheck_InterleavedTablesPass(t *testing.T) {
	// The stream interleaves the tables' records; only each table's own
	// order matters.
	a, b := fakeJournal("t1", 10, 3), fakeJournal("t2", 10, 4)
	ra, sa := faithful(a)
	rb, sb := faithful(b)
	var recs []Stored
	for i := range ra {
		recs = append(recs, rb[i], ra[i])
	}
	v := Check([]Journal{a, b}, recs, append(sb, sa...))
	if !v.OK() {
		t.Fatalf("problems: %v", v.Problems)
	}
}

// wantProblem checks that v fails with a problem containing want.
func wantProblem(t *testing.T, v Verdict, want string) {
	t.Helper()
	if v.OK() {
		t.Fatalf("the check passed; want a problem %q", want)
	}
	for _, p := range v.Problems {
		if strings.Contains(p, want) {
			return
		}
	}
	t.Fatalf("problems %q; want one containing %q", v.Problems, want)
}

func TestCheck_LostRecordFails(t *testing.T) {
	j := fakeJournal("t1", 20, 0)
	recs, ress := faithful(j)
	recs = slices.Delete(recs, 9, 10) // record 10
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "table t1: record 10 (event) is not in the stream")
	if v.Tables[0].Missing != 1 {
		t.Errorf("missing %d, want 1", v.Tables[0].Missing)
	}
}

func TestCheck_LostLastRecordFails(t *testing.T) {
	// The tail is the likeliest loss (a catch-up that never finished).
	j := fakeJournal("t1", 20, 0)
	recs, ress := faithful(j)
	v := Check([]Journal{j}, recs[:19], ress)
	wantProblem(t, v, "record 20 (event) is not in the stream")
}

func TestCheck_DuplicateRecordFails(t *testing.T) {
	j := fakeJournal("t1", 20, 0)
	recs, ress := faithful(j)
	recs = slices.Insert(recs, 12, recs[5]) // record 6 again, later
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "table t1: record 6 is in the stream 2 times")
	if v.Tables[0].Duplicate != 1 {
		t.Errorf("duplicates %d, want 1", v.Tables[0].Duplicate)
	}
}

func TestCheck_OutOfOrderFails(t *testing.T) {
	j := fakeJournal("t1", 20, 0)
	recs, ress := faithful(j)
	recs[4], recs[5] = recs[5], recs[4]
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "record 5 comes after record 6")
}

func TestCheck_AlteredRecordFails(t *testing.T) {
	j := fakeJournal("t1", 5, 0)
	recs, ress := faithful(j)
	recs[2].Data = []byte(`{"seq":3,"kind":"event","table":"t9"}`)
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "record 3 in the stream differs from the journal's")
}

func TestCheck_RecordBeyondJournalFails(t *testing.T) {
	j := fakeJournal("t1", 5, 0)
	recs, ress := faithful(j)
	recs = append(recs, Stored{Subject: hall.RecordSubject("t1"), Seq: 6, Data: []byte("{}")})
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "the stream holds record 6, which its journal does not")
}

func TestCheck_UnknownTableFails(t *testing.T) {
	j := fakeJournal("t1", 5, 0)
	recs, ress := faithful(j)
	recs = append(recs, Stored{Subject: hall.RecordSubject("t2"), Seq: 1, Data: []byte("{}")})
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "tandem.table.t2.record seq 1: no such table")
}

func TestCheck_LostResultFails(t *testing.T) {
	j := fakeJournal("t1", 20, 5)
	recs, ress := faithful(j)
	ress = slices.Delete(ress, 1, 2) // decision 10's result
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "the result of decision 10 (match m10, 1-0) is not in the results stream")
}

func TestCheck_DuplicateResultFails(t *testing.T) {
	j := fakeJournal("t1", 20, 5)
	recs, ress := faithful(j)
	ress = append(ress, ress[2])
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "the result of decision 15 is in the results stream 2 times")
}

func TestCheck_WrongResultFails(t *testing.T) {
	j := fakeJournal("t1", 10, 5)
	recs, ress := faithful(j)
	data, _ := json.Marshal(hall.Result{V: 1, Table: "t1", Match: "m5", Seq: 5, Result: "0-1", Reason: "checkmate"})
	ress[0].Data = data
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "the result of decision 5 says table t1 match m5 0-1")
}

func TestCheck_ResultWithoutDecisionFails(t *testing.T) {
	j := fakeJournal("t1", 10, 5)
	recs, ress := faithful(j)
	data, _ := json.Marshal(hall.Result{V: 1, Table: "t1", Match: "m3", Seq: 3, Result: "1-0"})
	ress = append(ress, Stored{Subject: hall.ResultSubject("t1"), Seq: 3, Data: data})
	v := Check([]Journal{j}, recs, ress)
	wantProblem(t, v, "holds a result for record 3, which is no decision")
}

func TestCheck_ProblemsAreBounded(t *testing.T) {
	j := fakeJournal("t1", MaxProblems+20, 0)
	v := Check([]Journal{j}, nil, nil)
	if len(v.Problems) != MaxProblems || v.Dropped != 20 || v.OK() {
		t.Fatalf("%d problems kept, %d dropped, ok %v; want %d, 20, false", len(v.Problems), v.Dropped, v.OK(), MaxProblems)
	}
}

// Any single loss, duplicate, reorder or alteration of a faithful stream
// fails the check; the faithful stream passes.
func TestCheck_AnyFaultFails(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "tables")
		var js []Journal
		for i := range n {
			js = append(js, fakeJournal(fmt.Sprintf("t%d", i+1), rapid.IntRange(1, 40).Draw(t, "records"), rapid.IntRange(0, 6).Draw(t, "decisionEvery")))
		}
		recs, ress := faithful(js...)
		if v := Check(js, recs, ress); !v.OK() {
			t.Fatalf("faithful streams fail: %v", v.Problems)
		}
		fault := rapid.SampledFrom([]string{"lose", "duplicate", "swap", "alter", "lose-result", "duplicate-result"}).Draw(t, "fault")
		switch fault {
		case "lose":
			i := rapid.IntRange(0, len(recs)-1).Draw(t, "i")
			recs = slices.Delete(recs, i, i+1)
		case "duplicate":
			i := rapid.IntRange(0, len(recs)-1).Draw(t, "i")
			at := rapid.IntRange(0, len(recs)).Draw(t, "at")
			recs = slices.Insert(recs, at, recs[i])
		case "swap":
			// Two records of the same table, exchanged.
			i := rapid.IntRange(0, len(recs)-1).Draw(t, "i")
			var same []int
			for k := range recs {
				if k != i && recs[k].Subject == recs[i].Subject {
					same = append(same, k)
				}
			}
			if len(same) == 0 {
				recs = slices.Delete(recs, i, i+1) // a table of one record: lose it instead
				break
			}
			k := rapid.SampledFrom(same).Draw(t, "k")
			recs[i], recs[k] = recs[k], recs[i]
		case "alter":
			i := rapid.IntRange(0, len(recs)-1).Draw(t, "i")
			recs[i].Data = append(slices.Clone(recs[i].Data), ' ')
		case "lose-result", "duplicate-result":
			if len(ress) == 0 {
				recs = recs[:len(recs)-1] // no decision to lose: lose the last record
				break
			}
			i := rapid.IntRange(0, len(ress)-1).Draw(t, "i")
			if fault == "lose-result" {
				ress = slices.Delete(ress, i, i+1)
			} else {
				ress = append(ress, ress[i])
			}
		}
		if v := Check(js, recs, ress); v.OK() {
			t.Fatalf("fault %s passed the check", fault)
		}
	})
}

// ReadJournal reads a record file written by package journal as a table
// writes it, payloads byte for byte.
func TestReadJournal_RealRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	w, _, err := journal.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	w.Append(journal.Record{Kind: journal.KindMatch, Match: "m1", Wall: now}, 0)
	w.Append(journal.Record{Kind: journal.KindEvent, Match: "m1", Wall: now, Event: &rules.Event{Kind: rules.Start}}, 0)
	w.Append(journal.Record{Kind: journal.KindDecision, Match: "m1", Wall: now, At: time.Second, Result: "0-1", Reason: "flag"}, 0)
	if err := w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	j, err := ReadJournal("t1", path)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Records) != 3 {
		t.Fatalf("%d records, want 3", len(j.Records))
	}
	for i, r := range j.Records {
		var rec journal.Record
		if err := json.Unmarshal(r.Payload, &rec); err != nil {
			t.Fatalf("record %d payload %q: %v", i+1, r.Payload, err)
		}
		if rec.Seq != uint64(i+1) || r.Seq != rec.Seq || r.Kind != rec.Kind {
			t.Errorf("record %d: seq %d kind %s, payload says seq %d kind %s", i+1, r.Seq, r.Kind, rec.Seq, rec.Kind)
		}
	}
	if d := j.Records[2]; d.Match != "m1" || d.Result != "0-1" || d.Reason != "flag" {
		t.Errorf("decision %+v", d)
	}
}
