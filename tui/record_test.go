package tui

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"tandem/rules"
	"tandem/table"
)

// declareCheckmate declares board A 1-0 by checkmate with the arbiter's
// keys, from the start.
func (h *harness) declareCheckmate() {
	h.t.Helper()
	h.press("enter")
	h.press("r")
	h.press("a")
	h.press("w")
	h.press("1")
	h.press("y")
	if s := h.tbl.Snapshot(); s.Status != rules.Decided {
		h.t.Fatalf("not decided: %v", s.Status)
	}
}

const checkmateLine = "1-0  checkmate  A-black  (Art 22-23)  team 1 wins: A-white + B-black"

// A decided result is provisional ("recording…") until the record has it
// on disk (Snapshot.Final), then final.
func TestResult_ProvisionalUntilRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var last atomic.Uint64
		h := newHarnessRecorded(t, options(t, "5m"), func(e table.Entry) { last.Store(e.Seq) })
		h.declareCheckmate()
		if h.m.Snapshot().Final {
			t.Fatal("final before anything is on disk")
		}
		h.wantView("DECIDED", checkmateLine+"  — recording…")
		h.dur <- table.Durable{Seq: last.Load()}
		h.sync()
		if !h.m.Snapshot().Final {
			t.Fatal("not final once the decision is on disk")
		}
		h.wantView("DECIDED", checkmateLine+"   n: new match")
		h.wantNotView("recording…", "NOT recorded")
	})
}

// Without a record the result is final at once.
func TestResult_NoRecord_FinalAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		h.declareCheckmate()
		h.wantView(checkmateLine + "   n: new match")
		h.wantNotView("recording…", "NOT recorded")
	})
}

// When recording failed (the table's RecordErr) a decided result says
// it is NOT recorded, and the note line says why, before the console's
// line (WithInfoFrom).
func TestResult_RecordingFailed_NotRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var last atomic.Uint64
		h := newHarnessRecorded(t, options(t, "5m"), func(e table.Entry) { last.Store(e.Seq) })
		info := Info{Line: "browser console http://127.0.0.1:8080/ · arbiter PIN 482913"}
		changed := make(chan struct{}, 1)
		WithInfoFrom(func() Info { return info }, changed)(h.m)
		h.m.followInfo()
		h.wantView(info.Line)
		h.wantNotView("recording failed")

		h.press("enter")
		h.dur <- table.Durable{Seq: last.Load(), Err: errors.New("write /var/lib/tandem/tandem.db: no space left on device")}
		h.sync()
		// The console's line in short, its PIN in sight.
		h.wantView("recording failed: write /var/lib/tandem/tandem.db: no space left on device; the clocks run on WITHOUT a record · 127.0.0.1:8080 · PIN 482913")
		// The console's line follows Info.
		info.Line = "browser console http://127.0.0.1:8081/"
		changed <- struct{}{}
		msg := h.m.listenInfo()()
		if _, ok := msg.(infoMsg); !ok {
			t.Fatalf("listenInfo after a change: %T, want infoMsg", msg)
		}
		h.m.Update(msg)
		h.wantView("WITHOUT a record · browser console http://127.0.0.1:8081/")

		h.press("r", "a", "w", "1", "y")
		h.wantView("DECIDED", checkmateLine+"  NOT recorded: write it down (recording failed)")
		h.wantNotView("recording…")
		h.dur <- table.Durable{Seq: last.Load()} // on disk after all: still said, the writer has stopped
		h.sync()
		h.wantView(checkmateLine + "  NOT recorded")
	})
}

// A recovered match: the note line says so and since when (the last
// record's wall-clock time, HH:MM:SS), while no question takes the line.
func TestInfo_Recovered_LastRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		at := time.Date(2026, 11, 29, 14, 3, 59, 0, time.Local)
		h := newHarnessRecorded(t, options(t, "5m"), nil, func(o *table.Opts) {
			o.Restore = &table.Restore{Events: []rules.Event{{Kind: rules.Start}}, Until: time.Second, RecoveredAt: at}
		})
		WithInfo("browser console http://127.0.0.1:8080/")(h.m)
		h.sync()
		h.wantView("recovered from the record, last recorded 14:03:59 · browser console http://127.0.0.1:8080/")
		h.press("t") // a question takes the line
		h.wantNotView("recovered from the record")
		h.press("esc")
		h.press("space") // the notice goes with the next key
		h.wantView("recovered from the record, last recorded 14:03:59")
		h.press("space")
		h.press("n", "y") // a new match: nothing recovered about it
		h.wantNotView("recovered from the record")
	})
}

// A closed Info channel ends the following without a message; so does
// no channel.
func TestWithInfoFrom_ClosedChannel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, options(t, "5m"))
		ch := make(chan struct{})
		close(ch)
		WithInfoFrom(func() Info { return Info{} }, ch)(h.m)
		if msg := h.m.listenInfo()(); msg != nil {
			t.Errorf("closed channel: %T", msg)
		}
		WithInfoFrom(func() Info { return Info{} }, nil)(h.m)
		if cmd := h.m.listenInfo(); cmd != nil {
			t.Error("no channel: a command to wait on it")
		}
		if v := h.view(); strings.Contains(v, "recovered") {
			t.Errorf("view %q", v)
		}
	})
}
