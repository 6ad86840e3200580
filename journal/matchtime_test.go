package journal

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
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

// The exported timeline counts from the match's start, as the console
// and the CSV: its decision instant is the CSV's decided_at_s. The ready
// table's adjustment before the start is at 0, before it. JSON times are
// whole milliseconds; WriteJSONExact keeps a fraction.
func TestExports_TimelineFromTheStart(t *testing.T) {
	script, err := timeline.Parse([]byte("1 adjust A-white +10s\n5 start\n7.0004 press A-white\n12 result A 1-0 checkmate\n"))
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
	var tl bytes.Buffer
	if err := WriteTimeline(&tl, ms[0]); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# times: seconds from the match's start, as the console, the terminal table and the CSV count them (the table was ready 5 s before)\n",
		"\n0 adjust A-white +10s\n0 start\n2.0004 press A-white\n7 result A 1-0 checkmate\n"} {
		if !strings.Contains(tl.String(), want) {
			t.Errorf("timeline lacks %q:\n%s", want, tl.String())
		}
	}
	var j, x bytes.Buffer
	if err := WriteJSON(&j, ms[0]); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSONExact(&x, ms[0]); err != nil {
		t.Fatal(err)
	}
	// A-white pressed at 2.0004 s of play: 310 s - 2.0004 s = 307999.6 ms.
	if !strings.Contains(j.String(), `"A-white": 308000`) || !strings.Contains(x.String(), `"A-white": 307999.6`) {
		t.Errorf("json clocks: whole %s\nexact %s", grep(j.String(), "A-white\": 3"), grep(x.String(), "A-white\": 3"))
	}
}

func grep(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
