package console

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
	"tandem/table"
)

// TestLog_FlagDecision runs a 1 s match in virtual time: both White
// clocks fall together, and the log and the view show the decision with
// its article, though no event caused it.
func TestLog_FlagDecision_InVirtualTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, _ := rules.LookupPreset("reglamento")
		o := p.Options
		o.Control = clock.SuddenDeath(time.Second)
		o.Control.IncrementBeforeFirstMove = true
		tb, err := table.New(&table.Opts{Options: o})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); tb.Run(ctx) }()
		srv, err := New(tb, &Opts{PIN: testPIN})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := srv.Do(ctx, arbiter.Command{Kind: arbiter.Start}, time.Now()); err != nil || !r.OK {
			t.Fatalf("start: %+v %v", r, err)
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		v := srv.buildViewNow()
		if v.Status != "decided" || v.Result != "1/2-1/2" || v.Reason != "simultaneous-flag" || v.Article != "Art 35" {
			t.Errorf("view: %s %s %s %s", v.Status, v.Result, v.Reason, v.Article)
		}
		if !v.Clocks[bughouse.AWhite].Flagged || !v.Clocks[bughouse.BWhite].Flagged || v.Clocks[bughouse.AWhite].Text != "0.0" {
			t.Errorf("clocks %+v %+v", v.Clocks[bughouse.AWhite], v.Clocks[bughouse.BWhite])
		}
		if v.Boards[0].Text != "A-black won (flag)" || v.Boards[1].Text != "B-black won (flag)" {
			t.Errorf("boards: %+v", v.Boards)
		}
		last := v.Log[len(v.Log)-1]
		if last.Kind != "decision" || last.Event != "flag A-white B-white" || last.Time != "0:01.000" ||
			!strings.HasPrefix(last.Note, "1/2-1/2 simultaneous-flag A-white B-white (Art 35)") {
			t.Errorf("last log entry %+v", last)
		}
		srv.Close()
		cancel()
		<-done
	})
}
