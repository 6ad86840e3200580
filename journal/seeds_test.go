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

	"tandem/bpgn"
	"tandem/rules"
	"tandem/timeline"
)

// recordScript plays a timeline through a recording table under o and
// returns the record's last match.
func recordScript(t *testing.T, o rules.Options, text string) *Match {
	t.Helper()
	script, err := timeline.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "rec")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
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
	return ms[len(ms)-1]
}

// Requirement 8, seed 003's other format: the record of a match with
// both boards played out exports each board's result and the game points
// that decided it (CSV, JSON, BPGN).
func TestBothBoardsFormat_RecordAndExports(t *testing.T) {
	p, _ := rules.LookupPreset("uscf-fics")
	o := p.Options
	if err := o.Set("match_format", "both-boards"); err != nil {
		t.Fatal(err)
	}
	m := recordScript(t, o, "0 start\n1 press A-white\n2 press B-white\n5 result A 1/2-1/2 agreement\n6 resume\n7 press B-black\n9 result B 0-1 checkmate\n")
	sum, err := m.Summarize()
	if err != nil {
		t.Fatal(err)
	}
	if p1, p2 := sum.Points(); !sum.BothBoards || sum.Result != rules.Team1Wins || sum.Reason != rules.BoardSum || p1 != 1.5 || p2 != 0.5 {
		t.Fatalf("summary %+v (points %v-%v)", sum, p1, p2)
	}
	var c bytes.Buffer
	if err := WriteCSV(&c, []*Match{m}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv %v %q", err, rows)
	}
	col := map[string]string{}
	for i, name := range rows[0] {
		col[name] = rows[1][i]
	}
	if col["result"] != "1-0" || col["reason"] != "board-sum" || col["board_A"] != "1/2-1/2 agreement" || col["board_B"] != "0-1 checkmate" || col["points"] != "1.5-0.5" {
		t.Errorf("csv row %v", col)
	}
	var j bytes.Buffer
	if err := WriteJSON(&j, m); err != nil {
		t.Fatal(err)
	}
	var jo struct {
		Boards map[string]string `json:"boards"`
		Points string            `json:"points"`
	}
	if err := json.Unmarshal(j.Bytes(), &jo); err != nil || jo.Points != "1.5-0.5" || jo.Boards["B"] != "0-1 checkmate" {
		t.Errorf("json %+v %v", jo, err)
	}
	var b bytes.Buffer
	if err := WriteBPGN(&b, m); err != nil {
		t.Fatal(err)
	}
	g, err := bpgn.Parse(b.Bytes())
	if err != nil {
		t.Fatalf("the BPGN does not read back: %v\n%s", err, b.String())
	}
	for name, want := range map[string]string{"MatchFormat": "both-boards", "ResultA": "1/2-1/2", "ResultB": "0-1", "Points": "1.5-0.5", "Result": "1-0"} {
		if tg, ok := g.Tag(name); !ok || tg.Value != want {
			t.Errorf("tag %s = %q, want %q", name, tg.Value, want)
		}
	}
	if !strings.Contains(b.String(), "board A 1/2-1/2 agreement, board B 0-1 checkmate; points 1.5-0.5") {
		t.Errorf("no ending comment:\n%s", b.String())
	}
}

// Requirement 6: a double forfeit (Art 44) is recorded, and its BPGN has
// no result token but says why.
func TestArt44NoShow_DoubleForfeitExport(t *testing.T) {
	p, _ := rules.LookupPreset("reglamento")
	m := recordScript(t, p.Options, "1 call 1m\n70 arrive A-white\n")
	sum, err := m.Summarize()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Result != rules.DoubleForfeit || sum.Reason != rules.Forfeit || m.Decision() == nil || m.Decision().Result != "0-0" {
		t.Fatalf("summary %+v, decision %+v", sum, m.Decision())
	}
	var b bytes.Buffer
	if err := WriteBPGN(&b, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `[Result "*"]`) || !strings.Contains(b.String(), "neither team came within the tolerance (Art 44)") {
		t.Errorf("BPGN:\n%s", b.String())
	}
	if _, err := bpgn.Parse(b.Bytes()); err != nil {
		t.Errorf("the BPGN does not read back: %v", err)
	}
}
