package console

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// arb is the arbiter's session on env e.
type arb struct {
	e      *env
	cookie map[string]string
}

func (e *env) arbiterSession() *arb {
	c := e.login(otherMachine)
	return &arb{e: e, cookie: map[string]string{"Cookie": c.Name + "=" + c.Value, "Content-Type": "application/json"}}
}

// post sends body to path as the arbiter and decodes a MoveResult (200).
func (a *arb) post(path, body string) MoveResult {
	a.e.t.Helper()
	w := a.e.request("POST", path, body, otherMachine, a.cookie)
	if w.Code != http.StatusOK {
		a.e.t.Fatalf("POST %s %s: %d %s", path, body, w.Code, w.Body)
	}
	var r MoveResult
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		a.e.t.Fatal(err)
	}
	return r
}

func (a *arb) move(board, move string) MoveResult {
	a.e.t.Helper()
	return a.post("/api/move", `{"board":"`+board+`","move":"`+move+`"}`)
}

func (a *arb) mustMove(board string, moves ...string) {
	a.e.t.Helper()
	for _, m := range moves {
		if r := a.move(board, m); !r.OK {
			a.e.t.Fatalf("move %s on %s refused: %s (%s)", m, board, r.Refused, r.Rule)
		}
	}
}

func (a *arb) action(body string) {
	a.e.t.Helper()
	w := a.e.request("POST", "/api/action", body, otherMachine, a.cookie)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"ok":true`) {
		a.e.t.Fatalf("action %s: %d %s", body, w.Code, w.Body)
	}
}

// spectatorView is GET /api/state without a session.
func (e *env) spectatorView() View {
	e.t.Helper()
	w := e.request("GET", "/api/state", "", otherMachine, nil)
	var v View
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func sans(ms []MoveView) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Number+"."+m.SAN)
	}
	return strings.Join(s, " ")
}

func TestMoves_EnteredByTheArbiter_SeenByEveryoneWithReserves(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	a.mustMove("A", "e4", "d5", "exd5")
	a.mustMove("B", "d4")
	r := a.move("B", "P@e6")
	if !r.OK || r.Move.SAN != "P@e6" || r.Move.Seat != "B-black" || r.Move.Number != "1b" {
		t.Fatalf("drop: %+v", r)
	}
	v := e.spectatorView()
	if got := sans(v.Moves[0].Moves); got != "1A.e4 1a.d5 2A.exd5" {
		t.Errorf("board A moves %q", got)
	}
	if got := sans(v.Moves[1].Moves); got != "1B.d4 1b.P@e6" {
		t.Errorf("board B moves %q", got)
	}
	if v.Moves[1].ToMove != "B-white" || len(v.Moves[1].Legal) == 0 || !strings.HasPrefix(v.Moves[1].FEN, "rnbqkbnr/pppppppp/4p3/8/3P4/") {
		t.Errorf("board B now %+v", v.Moves[1])
	}
	for seat, res := range v.Reserves {
		if len(res) != 0 {
			t.Errorf("%s holds %v after the pawn was dropped", bughouse.Seat(seat), res)
		}
	}
	// A capture shows at once in the partner's reserve, for every page.
	a.mustMove("A", "Qxd5")
	v = e.spectatorView()
	if v.Reserves[bughouse.BWhite]["P"] != 1 {
		t.Errorf("A-black captured a pawn: B-white's reserve %v", v.Reserves[bughouse.BWhite])
	}
}

func TestMoves_RefusedWithReasonAndRule(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	if r := a.move("A", "e4"); r.OK || !strings.Contains(r.Refused, "has not started") {
		t.Fatalf("before the start: %+v", r)
	}
	a.action(`{"action":"start"}`)
	cases := []struct{ board, move, refused, rule string }{
		{"A", "N@f3", "white has no knight in reserve", "Art 16, 26: only a piece in the reserve"},
		{"A", "e5", "", "Art 2: the FIDE Laws, Art 3"},
		{"B", "Bc4", "", "Art 2: the FIDE Laws, Art 3"},
		{"A", "xyz", "not a move", ""},
		{"A", "  ", "type a move", ""},
	}
	for _, c := range cases {
		r := a.move(c.board, c.move)
		if r.OK || r.Refused == "" || !strings.Contains(r.Refused, c.refused) || r.Rule != c.rule {
			t.Errorf("%s on %s: %+v", c.move, c.board, r)
		}
	}
	if v := e.spectatorView(); len(v.Moves[0].Moves)+len(v.Moves[1].Moves) != 0 {
		t.Errorf("refused moves entered: %+v", v.Moves)
	}
	// The drop check of the claim example, under reglamento.
	a.mustMove("A", "e4", "Nf6", "e5", "Ng4", "Qxg4")
	a.mustMove("B", "e4")
	r := a.move("B", "N@d3")
	if r.OK || r.Refused != "the drop gives check" || r.Rule != "drop_check = forbidden, Art 18.2" {
		t.Errorf("N@d3+: %+v", r)
	}
	// Bad requests are 400, not refusals.
	for _, body := range []string{`{"board":"C","move":"e4"}`, `not json`} {
		if w := e.request("POST", "/api/move", body, otherMachine, a.cookie); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", body, w.Code)
		}
	}
}

func TestMoves_ArbiterOnly(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	for _, p := range []struct{ path, body string }{
		{"/api/move", `{"board":"A","move":"e4"}`},
		{"/api/takeback", `{"board":"A"}`},
		{"/api/test", `{"board":"A","move":"e4","ply":0}`},
	} {
		w := e.request("POST", p.path, p.body, otherMachine, map[string]string{"Content-Type": "application/json"})
		if w.Code != http.StatusUnauthorized {
			t.Errorf("POST %s without a session: %d", p.path, w.Code)
		}
	}
	// Spectators read positions.
	if w := e.request("GET", "/api/position?board=A", "", otherMachine, nil); w.Code != http.StatusOK {
		t.Errorf("GET /api/position: %d", w.Code)
	}
	if v := e.spectatorView(); len(v.Moves[0].Moves) != 0 {
		t.Errorf("a spectator's move entered: %v", v.Moves[0].Moves)
	}
}

func TestMoves_TakeBack(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	a.mustMove("A", "e4", "d5", "exd5")
	a.mustMove("B", "d4", "P@e6")
	r := a.post("/api/takeback", `{"board":"A"}`)
	if r.OK || !strings.Contains(r.Refused, "1b. P@e6 (B-black) was played with what 2A. exd5 (A-white) gave: take it back first") {
		t.Fatalf("take back of the capture: %+v", r)
	}
	if r := a.post("/api/takeback", `{"board":"B"}`); !r.OK || r.Move.SAN != "P@e6" {
		t.Fatalf("take back of the drop: %+v", r)
	}
	if r := a.post("/api/takeback", `{"board":"A"}`); !r.OK || r.Move.SAN != "exd5" {
		t.Fatalf("take back of the capture after the drop's: %+v", r)
	}
	v := e.spectatorView()
	if got := sans(v.Moves[0].Moves); got != "1A.e4 1a.d5" || v.Reserves[bughouse.BBlack]["P"] != 0 {
		t.Errorf("after take backs: %q, reserves %v", got, v.Reserves)
	}
	a.post("/api/takeback", `{"board":"B"}`)
	if r := a.post("/api/takeback", `{"board":"B"}`); r.OK || r.Refused != "board B has no move to take back" {
		t.Errorf("empty board: %+v", r)
	}
}

// The claim view: the claim names its board and ply, the position at any
// ply reads back, and the arbiter tests what the player did.
func TestMoves_ClaimView_TestAtThePly(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	a.mustMove("A", "e4", "Nf6", "e5", "Ng4", "Qxg4")
	a.mustMove("B", "e4")
	// B-black dropped the knight with check on the board and pressed (the
	// recorder could not enter it: refused); B-white claims an illegal
	// move, which needs B-black to have pressed last on board B (Art 26).
	e.tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now())
	e.tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}, time.Now())
	e.tb.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.BBlack}, time.Now())
	a.action(`{"action":"claim","seat":"B-white","reason":"illegal-move"}`)
	v := e.spectatorView()
	if v.Claim == nil || v.Claim.Board != "B" || v.Claim.Ply != 1 {
		t.Fatalf("claim view %+v", v.Claim)
	}
	r := a.post("/api/test", `{"board":"B","ply":1,"move":"N@d3"}`)
	if r.OK || r.Verdict != "illegal: the drop gives check (drop_check = forbidden, Art 18.2)" {
		t.Errorf("test N@d3: %+v", r)
	}
	r = a.post("/api/test", `{"board":"B","ply":1,"move":"N@d6"}`)
	if !r.OK || r.Verdict != "legal: 1b. N@d6" {
		t.Errorf("test N@d6: %+v", r)
	}
	if w := e.request("POST", "/api/test", `{"board":"B","ply":5,"move":"e5"}`, otherMachine, a.cookie); w.Code != http.StatusBadRequest {
		t.Errorf("test at ply 5 of 1: %d", w.Code)
	}
	// Nothing was entered.
	if v := e.spectatorView(); len(v.Moves[1].Moves) != 1 || v.Reserves[bughouse.BBlack]["N"] != 1 {
		t.Errorf("a test entered a move: %+v %v", v.Moves[1].Moves, v.Reserves)
	}
	// Board A at ply 3: before Ng4's... after e5, Black to move, and the
	// knight not yet captured.
	w := e.request("GET", "/api/position?board=A&ply=3", "", otherMachine, nil)
	var p PositionView
	json.Unmarshal(w.Body.Bytes(), &p)
	if w.Code != http.StatusOK || p.Ply != 3 || p.Moves != 5 || p.ToMove != "A-black" || p.Last.SAN != "e5" || p.Next.SAN != "Ng4" ||
		p.Reserves[bughouse.BBlack]["N"] != 0 {
		t.Errorf("position A 3: %d %+v", w.Code, p)
	}
	for _, q := range []string{"board=C", "board=A&ply=9", "board=A&ply=x"} {
		if w := e.request("GET", "/api/position?"+q, "", otherMachine, nil); w.Code != http.StatusBadRequest {
			t.Errorf("position %s: %d", q, w.Code)
		}
	}
}

// A new match starts a new, empty scoresheet, under its rules.
func TestMoves_NewMatchClearsTheSheet(t *testing.T) {
	e := newEnv(t, Opts{})
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	a.mustMove("A", "e4", "d5", "exd5")
	a.action(`{"action":"pause"}`)
	a.action(`{"action":"new","preset":"online"}`)
	v := e.spectatorView()
	if len(v.Moves[0].Moves) != 0 || len(v.Reserves[bughouse.BBlack]) != 0 {
		t.Fatalf("the new match shows %v %v", v.Moves[0].Moves, v.Reserves)
	}
	a.action(`{"action":"start"}`)
	// online allows drop checks: the new sheet follows its rules.
	a.mustMove("A", "e4", "Nf6", "e5", "Ng4", "Qxg4")
	a.mustMove("B", "e4", "N@d3")
	if v := e.spectatorView(); sans(v.Moves[1].Moves) != "1B.e4 1b.N@d3+" {
		t.Errorf("board B %q", sans(v.Moves[1].Moves))
	}
}

// With a record: moves and take backs go to it with the match, and a
// console started on a restored match shows its moves and reserves.
func TestMoves_RecordedAndRestored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	w, _, err := journal.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rules.LookupPreset("reglamento")
	rec := journal.NewRecorder(w, "")
	tb, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name, Record: rec.Entry})
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
	e := &env{t: t, tb: tb, srv: srv}
	a := e.arbiterSession()
	a.action(`{"action":"start"}`)
	a.mustMove("A", "e4", "d5", "exd5", "Qd6")
	a.post("/api/takeback", `{"board":"A"}`)
	a.mustMove("A", "Qxd5")
	srv.Close()
	cancel()
	<-done
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	l, err := journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := l.Matches()
	m := ms[len(ms)-1]
	moves, err := m.Moves()
	if err != nil || len(moves) != 4 || moves[3].SAN != "Qxd5" {
		t.Fatalf("recorded moves %+v %v", moves, err)
	}
	kinds := map[journal.Kind]int{}
	for _, r := range m.Records {
		kinds[r.Kind]++
	}
	if kinds[journal.KindMove] != 5 || kinds[journal.KindTakeBack] != 1 {
		t.Errorf("record kinds %v", kinds)
	}
	// Restart: the restored table and a new console with the moves.
	restore, err := m.Restore()
	if err != nil {
		t.Fatal(err)
	}
	tb2, err := table.New(&table.Opts{Options: m.Options, Restore: restore})
	if err != nil {
		t.Fatal(err)
	}
	srv2, err := New(tb2, &Opts{PIN: testPIN})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	v := srv2.buildViewNow()
	if got := sans(v.Moves[0].Moves); got != "1A.e4 1a.d5 2A.exd5 2a.Qxd5" || v.Reserves[bughouse.BBlack]["P"] != 1 || v.Reserves[bughouse.BWhite]["P"] != 1 {
		t.Errorf("restored console: %q %v", got, v.Reserves)
	}
	os.Remove(path)
}
