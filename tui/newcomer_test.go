package tui

import (
	"bytes"
	"context"
	"encoding/csv"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
)

// This file tests what a newcomer tripped over on the terminal table.

// The terminal shows an instant as `tandem export --format csv` writes
// it: a result declared 2.0006 s into the match is at 0:02.001 on the
// screen and 2.001 in the CSV's decided_at_s (a cut instant read
// 0:02.000).
func TestInstants_AsTheCSVWritesThem(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "tandem.db")
	var shown string
	synctest.Test(t, func(t *testing.T) {
		w, _, err := journal.Open(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := journal.NewRecorder(w, "T1")
		h := newHarnessRecorded(t, options(t, "5m"), r.Entry)
		h.press("enter")
		time.Sleep(2*time.Second + 600*time.Microsecond)
		c := arbiter.Command{Kind: arbiter.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}
		if _, err := h.tbl.Command(context.Background(), c, time.Now()); err != nil {
			t.Fatal(err)
		}
		h.sync()
		shown = h.view()
		h.stop()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	})
	l, err := journal.LoadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := l.Matches()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := journal.WriteCSV(&b, ms); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv: %v %q", err, rows)
	}
	at := rows[1][slices.Index(rows[0], "decided_at_s")]
	if at != "2.001" {
		t.Fatalf("the CSV's decided_at_s is %q, want 2.001", at)
	}
	m := regexp.MustCompile(`last event: result .* at 0:(\d\d\.\d\d\d) of the match`).FindStringSubmatch(shown)
	if m == nil || "0"+at != m[1] {
		t.Errorf("the CSV says %s s; the terminal:\n%s", at, shown)
	}
}

// wantSaidOnce fails unless the view says sub exactly once.
func (h *harness) wantSaidOnce(sub string) {
	h.t.Helper()
	if v := h.view(); strings.Count(v, sub) != 1 {
		h.t.Errorf("view says %q %d times, want once:\n%s", sub, strings.Count(v, sub), v)
	}
}
