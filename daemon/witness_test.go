package daemon

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/console"
	"tandem/journal"
	"tandem/rules"
	"tandem/timeline"
)

// TestRecord_LostFinalResult_NeverBroughtBackSilently is the attack of
// docs/record.md (the witness): two matches decided and reported final, then the record cut
// back to before the second match began (a card that lost its last
// blocks). The file alone reads whole (the cut falls between two
// records), and the table used to come back on the first match as if the
// second had never been played. Now the witness tells: the restart says
// records were lost, names the final result lost, records nothing after
// it and leaves the file as it is.
func TestRecord_LostFinalResult_NeverBroughtBackSilently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	d, err := Start(context.Background(), recordConfig(t, path), nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}, now.Add(time.Second))
	waitFinal(t, d)
	do(t, d, rules.Event{Kind: rules.Reset}, now.Add(2*time.Second))
	do(t, d, rules.Event{Kind: rules.Start}, now.Add(3*time.Second))
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, now.Add(4*time.Second))
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.BlackWins, Reason: rules.Resignation}, now.Add(5*time.Second))
	waitFinal(t, d)
	second := d.Table.Snapshot().Match
	d.Close()

	l, err := journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := int64(-1)
	for i, r := range l.Records {
		if r.Kind == journal.KindMatch && r.Match == second {
			cut = l.Offsets[i]
		}
	}
	if cut < 0 {
		t.Fatalf("no match record of %s", second)
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:cut], 0o644)

	var log syncBuf
	d, err = Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s := d.Table.Snapshot()
	if !strings.Contains(s.RecordErr, "lost") || !strings.Contains(s.RecordErr, "final result of match "+second) || s.Recording ||
		!strings.Contains(log.String(), "recording failed") {
		t.Fatalf("after the cut: match %s, RecordErr %q, log %q; want the loss of match %s's final result said", s.Match, s.RecordErr, log.String(), second)
	}
	if strings.Contains(log.String(), "torn last record") {
		t.Errorf("the loss was called a power cut: %q", log.String())
	}
	if after, _ := os.ReadFile(path); string(after) != string(data[:cut]) {
		t.Error("a record that lost records must be left as it is")
	}
}

// TestRecord_ReadOnlyRecord_NeverFinal is an attack of docs/record.md: the
// record's directory cannot be written (a read-only file system, or no
// permission; not a directory where that cannot be mounted). A result
// decided then is on no disk: the script's output, the console's
// /api/state and the hall snapshot all said final. Now none does, and
// each shows why.
func TestRecord_ReadOnlyRecord_NeverFinal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "file", "tandem.db")
	os.WriteFile(filepath.Dir(path), []byte("x"), 0o644)
	if ro := readOnlyDir(t); ro != "" {
		path = filepath.Join(ro, "tandem.db")
	}
	var log syncBuf
	d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
	if err != nil {
		t.Fatalf("the table must start without its record: %v", err)
	}
	defer d.Close()
	sc, err := timeline.Parse([]byte("0 start\n0.05 press A-white\n0.1 result A 1-0 resignation\n0.15 end\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuf
	if err := d.RunScript(context.Background(), sc, &out); err != nil {
		t.Fatal(err)
	}
	if err := d.Table.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := d.Table.Snapshot()
	if s.Status != rules.Decided || s.Final || s.RecordErr == "" {
		t.Fatalf("snapshot: %v final %v RecordErr %q; want decided, not final, the error", s.Status, s.Final, s.RecordErr)
	}
	if strings.Contains(out.String(), "final ") {
		t.Errorf("the script reported a result final that is on no disk: %q", out.String())
	}
	if n := d.hallSnap(s); n.Final || n.Result == "" || n.RecordErr == "" {
		t.Errorf("hall snapshot: final %v result %q record error %q; want the result, not final, the error", n.Final, n.Result, n.RecordErr)
	}
	srv, err := console.New(d.Table, &console.Opts{PIN: "2468", Simulated: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	r := httptest.NewRequest("GET", "/api/state", nil)
	r.RemoteAddr = "192.0.2.7:40000"
	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, r)
	var v console.View
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("/api/state: %v: %s", err, w.Body.String())
	}
	if v.Status != "decided" || v.Final || v.ResultState != "not-recorded" || v.Info.RecordErr == "" {
		t.Errorf("/api/state: status %s final %v state %q record error %q; want decided, not final, not-recorded, the error", v.Status, v.Final, v.ResultState, v.Info.RecordErr)
	}
}
