package journal

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"testing"
	"testing/synctest"

	"tandem/rules"
	"tandem/timeline"
)

// The exports give the decision's match time as the console shows it:
// from the start (5 s after the table was ready here), not from the
// record's begin.
func TestExports_DecisionMatchTimeFromTheStart(t *testing.T) {
	script, err := timeline.Parse([]byte("5 start\n7 press A-white\n12 result A 1-0 checkmate\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rules.LookupPreset(rules.DefaultPreset)
	path := filepath.Join(t.TempDir(), "rec")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, p.Options, 0)
		play(t, s, script.Entries)
		if err := s.w.Sync(context.Background()); err != nil {
			t.Fatal(err)
		}
		s.stop()
	})
	l, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	var c bytes.Buffer
	if err := WriteCSV(&c, ms); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv: %v %q", err, rows)
	}
	col := map[string]string{}
	for i, name := range rows[0] {
		col[name] = rows[1][i]
	}
	if col["decided_at_s"] != "7.000" || col["result"] != "1-0" || col["A-white_s"] != "298.000" {
		t.Errorf("csv row %v: want decided_at_s 7.000 (12 s - the start at 5 s), A-white 298.000", col)
	}
	var j bytes.Buffer
	if err := WriteJSON(&j, ms[0]); err != nil {
		t.Fatal(err)
	}
	var o struct {
		Started   json.Number `json:"started_at_ms"`
		MatchTime json.Number `json:"decided_match_time_ms"`
	}
	if err := json.Unmarshal(j.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	if o.Started != "5000" || o.MatchTime != "7000" {
		t.Errorf("json started_at_ms %s decided_match_time_ms %s, want 5000 and 7000", o.Started, o.MatchTime)
	}
}
