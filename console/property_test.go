package console

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// genAction draws an arbiter action, valid or not.
func genAction(t *rapid.T) ActionRequest {
	seats := []string{"A-white", "A-black", "B-white", "B-black", "X"}
	return ActionRequest{
		Action:  rapid.SampledFrom([]string{"start", "pause", "stop", "resume", "adjust", "claim", "uphold", "reject", "declare", "new", "fly"}).Draw(t, "action"),
		Seat:    rapid.SampledFrom(seats).Draw(t, "seat"),
		Board:   rapid.SampledFrom([]string{"A", "B", "C"}).Draw(t, "board"),
		Outcome: rapid.SampledFrom([]string{"1-0", "0-1", "1/2-1/2", "2-0"}).Draw(t, "outcome"),
		Reason:  rapid.SampledFrom([]string{"checkmate", "resignation", "illegal-move", "flag", "other", "agreement", "stalemate", "repetition", "forfeit"}).Draw(t, "reason"),
		Delta:   rapid.SampledFrom([]string{"+30", "-0:10", "+1:30", "-500", "30", ""}).Draw(t, "delta"),
		Run:     rapid.SliceOfN(rapid.SampledFrom(seats), 0, 2).Draw(t, "run"),
		Preset:  rapid.SampledFrom([]string{"", "reglamento", "online", "panoriental", "fide"}).Draw(t, "preset"),
		Control: rapid.SampledFrom([]string{"", "5m", "3m+2s", "1s", "zz"}).Draw(t, "control"),
	}
}

// Any sequence of arbiter actions: every answer is 200 or 400 (never a
// server error), a spectator's copy of each is refused without effect,
// and the view and its log end on the table's last event.
func TestActions_Property_AnswersAndLogFollowTheTable(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		a := newArbiter(t, Opts{Simulated: true})
		for i, n := 0, rapid.IntRange(1, 15).Draw(rt, "n"); i < n; i++ {
			req := genAction(rt)
			body, _ := json.Marshal(req)
			before := a.settled()
			w := a.request("POST", "/api/action", string(body), otherMachine, nil) // a spectator
			if w.Code != http.StatusUnauthorized {
				rt.Fatalf("spectator's %s: %d", body, w.Code)
			}
			if after := a.settled(); after.Seq != before.Seq {
				rt.Fatalf("spectator's %s changed the match", body)
			}
			w = a.request("POST", "/api/action", string(body), otherMachine, a.cookie)
			if w.Code != http.StatusOK && w.Code != http.StatusBadRequest {
				rt.Fatalf("%s: %d %s", body, w.Code, w.Body)
			}
			var res ActionResult
			if w.Code == http.StatusOK {
				json.Unmarshal(w.Body.Bytes(), &res)
				if res.OK && (res.Refused != "" || res.Ignored != "") {
					rt.Fatalf("%s: ok and refused: %+v", body, res)
				}
			} else if after := a.settled(); after.Seq != before.Seq {
				rt.Fatalf("malformed %s changed the match", body)
			}
		}
		snap := a.settled()
		v := a.srv.buildViewNow()
		if v.Last != nil && v.Last.Console {
			rt.Fatalf("last event is the console's line %+v", v.Last)
		}
		if v.Seq != snap.Seq || v.Status != snap.Status.String() {
			rt.Fatalf("view seq %d %s, table %d %s", v.Seq, v.Status, snap.Seq, snap.Status)
		}
		var events []LogEntry // the match's events, without the console's lines
		for _, e := range v.Log {
			if !e.Console {
				events = append(events, e)
			}
		}
		if snap.Seq > 0 && (len(events) == 0 || events[len(events)-1].Seq != snap.Seq) {
			rt.Fatalf("log does not end on event %d: %+v", snap.Seq, v.Log)
		}
		// Every event of this console is in the log: nothing coalesced.
		// (A flag decided by the clock is logged with the seq of the event
		// before it.)
		next := uint64(1)
		for i, e := range v.Log {
			if e.Console { // a refused new match: not an event
				continue
			}
			if e.Kind == "decision" && e.Seq == next-1 && strings.HasPrefix(e.Event, "flag ") {
				continue
			}
			if e.Seq != next {
				rt.Fatalf("log entry %d has seq %d, want %d: %+v", i, e.Seq, next, v.Log)
			}
			next++
		}
	})
}
