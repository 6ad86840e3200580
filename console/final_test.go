package console

import (
	"context"
	"encoding/json"
	"errors"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

// recordingTable returns a running table that records its entries to a
// recorder that says nothing is on disk until the test sends on dur: the
// last entry's Seq is in *last. With a non-zero recovered, the table
// restores a started match recorded then (it comes back paused).
func recordingTable(t *testing.T, recovered ...time.Time) (*table.Table, rules.Options, *atomic.Uint64, chan table.Durable) {
	t.Helper()
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	last := new(atomic.Uint64)
	dur := make(chan table.Durable, 1)
	topts := &table.Opts{Options: p.Options, Preset: p.Name, Record: func(e table.Entry) { last.Store(e.Seq) }, Durable: dur}
	if len(recovered) > 0 {
		topts.Restore = &table.Restore{Events: []rules.Event{{Kind: rules.Start}}, Until: time.Second, RecoveredAt: recovered[0]}
	}
	tb, err := table.New(topts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); tb.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return tb, p.Options, last, dur
}

// stateJSON is GET /api/state's body, decoded as a View and as raw keys.
func stateJSON(t *testing.T, h http.Handler) (View, map[string]json.RawMessage) {
	t.Helper()
	r := httptest.NewRequest("GET", "/api/state", nil)
	r.RemoteAddr = otherMachine
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var v View
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	return v, raw
}

// waitView polls GET /api/state until ok holds (the table publishes the
// snapshot a report on its Durable channel asks for on its own loop).
func waitView(t *testing.T, h http.Handler, what string, ok func(View) bool) View {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		v, _ := stateJSON(t, h)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: view final=%v state=%q status=%s", what, v.Final, v.ResultState, v.Status)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A decided result is provisional ("recording") until the record has it
// on disk, then final; with Info.RecordErr it is "not-recorded".
func TestView_ResultFinalOnlyOnceRecorded(t *testing.T) {
	tb, _, last, dur := recordingTable(t)
	srv, err := New(tb, &Opts{PIN: testPIN, Simulated: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	h := srv.Handler()

	v, raw := stateJSON(t, h)
	if string(raw["final"]) != "false" || v.ResultState != "" {
		t.Errorf("ready: final %s, state %q", raw["final"], v.ResultState)
	}
	now := time.Now()
	for _, e := range []rules.Event{{Kind: rules.Start}, {Kind: rules.Pause},
		{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Checkmate}} {
		if _, err := tb.Do(context.Background(), e, now); err != nil {
			t.Fatal(err)
		}
	}
	v, raw = stateJSON(t, h)
	if v.Status != "decided" || string(raw["final"]) != "false" || v.ResultState != "recording" {
		t.Fatalf("decided, not on disk: status %s final %s state %q", v.Status, raw["final"], v.ResultState)
	}
	if !strings.HasPrefix(v.ResultText, "1-0 checkmate A-black") {
		t.Errorf("result text %q", v.ResultText)
	}
	// The mirror's text face marks the result provisional too.
	if len(v.Faces) != 2 || !strings.Contains(v.Faces[0], "1-0"+display.MarkProvisional+" checkmate") {
		t.Errorf("faces while recording: %q", v.Faces)
	}

	dur <- table.Durable{Seq: last.Load()}
	v = waitView(t, h, "final", func(v View) bool { return v.Final })
	_, raw = stateJSON(t, h)
	if string(raw["final"]) != "true" || v.ResultState != "final" || v.Status != "decided" {
		t.Errorf("on disk: final %s state %q", raw["final"], v.ResultState)
	}
	if strings.Contains(v.Faces[0], "1-0"+display.MarkProvisional) {
		t.Errorf("faces once final: %q", v.Faces)
	}

	// Recording failed after the decision was on disk: the result stays
	// final (it is on disk), the page shows the record's failure, and the
	// display mirror carries the displays' note.
	dur <- table.Durable{Seq: last.Load(), Err: errors.New("write /var/lib/tandem/tandem.db: no space left on device")}
	v = waitView(t, h, "record error", func(v View) bool { return v.Info.RecordErr != "" })
	if v.ResultState != "final" || !v.Final {
		t.Errorf("record failed after the decision was on disk: final %v state %q", v.Final, v.ResultState)
	}
	snap := tb.Snapshot()
	r := httptest.NewRequest("GET", "/api/face/A.png", nil)
	r.RemoteAddr = otherMachine
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	img, err := png.Decode(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	want := display.BoardImage(&snap.Snapshot, bughouse.BoardA, &display.ImageOpts{Note: "NO RECORD"})
	for y := 0; y < display.ImageHeight; y++ {
		for x := 0; x < display.ImageWidth; x++ {
			if g := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y; g != want.GrayAt(x, y).Y {
				t.Fatalf("mirror pixel (%d,%d) = %d, want %d (the face with the note NO RECORD)", x, y, g, want.GrayAt(x, y).Y)
			}
		}
	}

	// A new match: nothing decided, no result state.
	if _, err := tb.Do(context.Background(), rules.Event{Kind: rules.Reset}, time.Now()); err != nil {
		t.Fatal(err)
	}
	v, raw = stateJSON(t, h)
	if v.Status != "ready" || string(raw["final"]) != "false" || v.ResultState != "" {
		t.Errorf("after a reset: %s final %s state %q", v.Status, raw["final"], v.ResultState)
	}
}

// A table that records nothing reports its result final at once.
func TestView_NoRecord_FinalAtOnce(t *testing.T) {
	e := newEnv(t, Opts{})
	now := time.Now()
	for _, ev := range []rules.Event{{Kind: rules.Start}, {Kind: rules.Pause},
		{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement},
		{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.Agreement}} {
		if _, err := e.tb.Do(context.Background(), ev, now); err != nil {
			t.Fatal(err)
		}
	}
	v, _ := stateJSON(t, e.srv.Handler())
	if v.Status != "decided" || !v.Final || v.ResultState != "final" {
		t.Errorf("status %s final %v state %q", v.Status, v.Final, v.ResultState)
	}
}
