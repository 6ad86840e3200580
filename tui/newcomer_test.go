package tui

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/i18n"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
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

// The new-match and quit questions after a decision say what becomes of
// the result: with a record that works it stays in the record; without
// one, or once recording failed, the screen was the only place it was
// and it will be gone. In both languages.
func TestNewMatch_SaysTheResultStaysInTheRecord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var last atomic.Uint64
		h := newHarnessRecorded(t, options(t, "5m"), func(e table.Entry) { last.Store(e.Seq) })
		h.declareCheckmate()
		h.press("n")
		h.wantView("New match? The result 1-0 checkmate A-black stays in the record. y = yes, any other key = no")
		h.wantNotView("will be gone", "lost")
		h.press("k", "esc")
		h.wantView("Quit? The result 1-0 checkmate A-black stays in the record. y = quit, any other key = no")
		h.press("k")
		for _, w := range []int{80, 60} { // the short forms
			h.m.Update(tea.WindowSizeMsg{Width: w, Height: 40})
			h.press("n")
			h.wantView("New match? Result kept in the record. y = yes, other = no")
			h.press("k", "esc")
			h.wantView("Quit? Result kept in the record. y = quit, other = no")
			h.press("k")
		}
		h.m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		h.spanish(160)
		h.press("n")
		h.wantView("¿Nuevo match? El resultado 1-0 jaque mate A-negras queda en el registro.")
		h.wantNotView("se perderá")
		h.press("k")

		// Recording failed: the result is NOT in the record.
		h.dur <- table.Durable{Seq: last.Load(), Err: errors.New("write tandem.db: no space left on device")}
		h.sync()
		h.press("n")
		h.wantView("¿Nuevo match? El resultado 1-0 jaque mate A-negras se perderá.")
		h.wantNotView("queda en el registro")
	})
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m")) // no record
		h.declareCheckmate()
		h.press("n")
		h.wantView("New match? The result 1-0 checkmate A-black will be gone.")
		h.wantNotView("stays in the record")
		h.press("k", "esc")
		h.wantView("Quit? The result 1-0 checkmate A-black will be gone.")
	})
}

// The configuration's warnings, printed before the table hid them, are on
// the note line when the table opens, in the table's language, one at a
// time: Esc dismisses the one shown (and does not quit), the start of
// the match dismisses them all.
func TestWarnings_OnTheNoteLineUntilDismissedOrStarted(t *testing.T) {
	const (
		w1 = `/home/club/tandem/club.toml:3: time.control: 5 is 5s: a bare number is seconds; write "5m" for 5 minutes`
		w2 = `/home/club/tandem/club.toml:9: rules.per_seat.A-white: 3 is 3s: a bare number is seconds; write "3m" for 3 minutes`
	)
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		WithWarnings(w1, w2)(h.m)
		WithInfo("browser console http://127.0.0.1:8080/")(h.m)
		h.wantView("warning: " + w1 + "   (1 more: esc shows the next)")
		h.wantNotView("browser console")
		// Narrower: the file's name for its path, then without the hint.
		h.m.Update(tea.WindowSizeMsg{Width: 130, Height: 50})
		h.wantView(`warning: club.toml:3: time.control: 5 is 5s: a bare number is seconds; write "5m" for 5 minutes`)
		h.wantNotView("/home/club")
		for i, line := range strings.Split(h.view(), "\n") {
			if lw := ansi.StringWidth(line); lw > 130 {
				t.Errorf("line %d is %d wide: %q", i, lw, line)
			}
		}
		h.m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})

		// A key's hint takes the line, and leaves it to the warning.
		h.press("c")
		h.wantView("the match has not started")
		h.wantNotView("warning:")
		h.press("esc")
		h.wantView("warning: " + w1)
		if quits(h.press("esc")) {
			t.Fatal("esc on a warning quit the table")
		}
		h.wantView("warning: " + w2 + "   (esc dismisses it)")
		h.wantNotView(w1)
		if quits(h.press("esc")) {
			t.Fatal("esc on the last warning quit the table")
		}
		h.wantNotView("warning:")
		h.wantView("browser console http://127.0.0.1:8080/")

		// In Spanish; the start dismisses them.
		h.spanish(160)
		WithWarnings(w1)(h.m)
		h.wantView(`aviso: /home/club/tandem/club.toml:3: time.control: 5 son 5s: un número solo son segundos; escriba "5m" para 5 minutos   (Esc lo descarta)`)
		h.press("enter")
		h.wantNotView("aviso:")
		h.press("space")
		h.wantNotView("aviso:")
	})
}

// A terminal smaller than the table needs says so, in the table's
// language, with the four clocks still in sight as far as they fit; from
// the smallest size it needs up, the table is drawn whole: never a line
// wider or more lines than the terminal has.
func TestWindowTooSmall_SaysSo(t *testing.T) {
	if want := compactLines + 2*(layout{font: textFont}).boxHeight(); minHeight != want {
		t.Fatalf("minHeight %d, but the smallest layout has %d lines", minHeight, want)
	}
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter", "z")
		for _, l := range i18n.Langs {
			if l == i18n.Spanish {
				h.spanish(160)
			}
			notice := map[i18n.Lang]string{i18n.English: "window too small: %d×%d; the table needs at least 60×17",
				i18n.Spanish: "ventana demasiado pequeña: %d×%d; la mesa necesita al menos 60×17"}[l]
			for _, sz := range [][2]int{{59, 40}, {60, 16}, {40, 12}, {30, 10}, {12, 5}, {60, 17}, {80, 24}, {61, 17}} {
				w, ht := sz[0], sz[1]
				h.m.Update(tea.WindowSizeMsg{Width: w, Height: ht})
				v := h.view()
				lines := strings.Split(v, "\n")
				what := fmt.Sprintf("%s %d×%d", l, w, ht)
				if len(lines) > ht {
					t.Errorf("%s: %d lines:\n%s", what, len(lines), v)
				}
				for i, line := range lines {
					if lw := ansi.StringWidth(line); lw > w {
						t.Errorf("%s: line %d is %d wide: %q", what, i, lw, line)
					}
				}
				flat := strings.Join(strings.Fields(v), " ")
				said := strings.Contains(flat, fmt.Sprintf(notice, w, ht))
				if ht < 6 { // where the whole notice takes more lines, in short
					said = said || strings.Contains(flat, map[i18n.Lang]string{i18n.English: "too small: needs 60×17", i18n.Spanish: "pequeña: necesita 60×17"}[l])
				}
				small := w < minWidth || ht < minHeight
				switch {
				case small && !said:
					t.Errorf("%s: no notice:\n%s", what, v)
				case !small && said:
					t.Errorf("%s: the notice on a terminal the table fits:\n%s", what, v)
				case !small && !strings.Contains(v, strings.ToUpper(h.m.p.Board(bughouse.BoardB))):
					t.Errorf("%s: the table is not whole:\n%s", what, v)
				}
				// The clocks stay in sight when there is room for them.
				if small && ht >= 10 && w >= 30 {
					for _, s := range bughouse.Seats {
						if !strings.Contains(v, h.m.p.Seat(s)+" 5:00") && !strings.Contains(v, h.m.p.Seat(s)+" 4:") {
							t.Errorf("%s: no clock of %s:\n%s", what, s, v)
						}
					}
				}
			}
		}
	})
}

// A quit leaves an empty last screen: bubbletea draws it before it
// leaves, so nothing of the table stays on a terminal without an
// alternate screen.
func TestQuit_LastViewIsEmpty(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		if h.view() == "" {
			t.Fatal("empty view before the quit")
		}
		if !quits(h.press("esc")) {
			t.Fatal("esc on a ready table did not quit")
		}
		if v := h.m.View(); v != "" {
			t.Errorf("the view after the quit:\n%s", v)
		}
	})
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.press("enter")
		h.press("ctrl+c")
		if v := h.m.View(); v == "" {
			t.Fatal("empty view at the quit question")
		}
		if !quits(h.press("y")) {
			t.Fatal("y did not quit")
		}
		if v := h.m.View(); v != "" {
			t.Errorf("the view after the quit:\n%s", v)
		}
		// A key typed after the quit, before the program ended, does
		// nothing.
		h.m.Update(keyMsg("z"))
		h.sync()
		if s := h.tbl.Snapshot(); s.Last.Kind == rules.Press {
			t.Errorf("a key after the quit reached the table: %v", s.Last)
		}
	})
}
