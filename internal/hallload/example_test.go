package hallload_test

import (
	"fmt"

	"tandem/hall"
	"tandem/internal/hallload"
	"tandem/journal"
)

// Check compares what the tables wrote with what the hub's streams hold:
// here the hub holds table t1's record 2 twice and lost record 3.
func ExampleCheck() {
	j := hallload.Journal{Table: "t1", Records: []hallload.JournalRecord{
		{Seq: 1, Kind: journal.KindMatch, Payload: []byte(`{"seq":1}`)},
		{Seq: 2, Kind: journal.KindEvent, Payload: []byte(`{"seq":2}`)},
		{Seq: 3, Kind: journal.KindEvent, Payload: []byte(`{"seq":3}`)},
	}}
	subj := hall.RecordSubject("t1")
	records := []hallload.Stored{
		{Subject: subj, Seq: 1, Data: []byte(`{"seq":1}`)},
		{Subject: subj, Seq: 2, Data: []byte(`{"seq":2}`)},
		{Subject: subj, Seq: 2, Data: []byte(`{"seq":2}`)},
	}
	v := hallload.Check([]hallload.Journal{j}, records, nil)
	fmt.Println("ok:", v.OK())
	for _, p := range v.Problems {
		fmt.Println(p)
	}
	// Output:
	// ok: false
	// table t1: record 2 is in the stream 2 times
	// table t1: record 3 (event) is not in the stream
}
