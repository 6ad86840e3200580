package console

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/internal/webapi"
	"tandem/scoresheet"
)

// This file is the move entry: the scoresheet of the match (the table's:
// every snapshot carries it, frozen), the reserves the page shows, the
// arbiter's entries and take backs (commands on the table), and the claim
// view's positions and tests. docs/console.md describes the page's side.

// sheetView is the view's part built from the scoresheet, rebuilt when
// the table publishes another sheet (not at each snapshot). Guarded by
// Server.mu.
type sheetView struct {
	of       *scoresheet.Sheet // the sheet it was built from
	moves    [2]BoardMoves
	reserves [4]scoresheet.Reserve
}

// BoardMoves is one board's scoresheet in the view.
type BoardMoves struct {
	Board string     `json:"board"` // "A" or "B"
	Moves []MoveView `json:"moves"` // in the board's order
	// FEN is the board now, its reserves in [...]; ToMove the seat to
	// move; InCheck and Status (board.Status words: "ongoing",
	// "checkmate", "stalemate", "must-wait") judge him under the rules.
	FEN     string `json:"fen"`
	ToMove  string `json:"to_move"`
	InCheck bool   `json:"in_check"`
	Status  string `json:"status"`
	// Legal are the legal moves and drops now in UCI ("e2e4", "e7e8q",
	// "N@f3"): the page's click-to-move offers only these.
	Legal []string `json:"legal"`
}

// MoveView is one entered move.
type MoveView struct {
	Ply    int    `json:"ply"`    // the board's ply, from 1
	Number string `json:"number"` // BPGN's "12a" (Black's 12th on board A)
	Seat   string `json:"seat"`
	SAN    string `json:"san"` // "Nxe5+", "N@f3"
	UCI    string `json:"uci"` // "g1f3", "N@f3"
}

func moveView(m *scoresheet.Move) MoveView {
	return MoveView{Ply: m.Ply, Number: m.Number(), Seat: m.Seat.String(), SAN: m.SAN, UCI: m.UCI}
}

// PositionView answers GET /api/position: a board at a ply (the claim
// view), as scoresheet.Position says it.
type PositionView struct {
	Board string `json:"board"`
	// Ply: the board after Ply of its moves, and the other board's moves
	// entered before its next one; Moves is how many it has now.
	Ply     int    `json:"ply"`
	Moves   int    `json:"moves"`
	FEN     string `json:"fen"`
	GameFEN string `json:"game_fen"`
	ToMove  string `json:"to_move"`
	InCheck bool   `json:"in_check"`
	Status  string `json:"status"`
	// Last is the move of ply Ply (null at 0); Next the move entered after
	// it on this board (null at the last ply).
	Last *MoveView `json:"last"`
	Next *MoveView `json:"next"`
	// Reserves are the four reserves then, indexed by seat.
	Reserves [4]scoresheet.Reserve `json:"reserves"`
	Legal    []string              `json:"legal"`
}

// MoveRequest is the body of POST /api/move, /api/takeback and
// /api/test: Board "A" or "B"; Move the move in SAN or UCI ("Nf3",
// "N@f3", "e7e8q"; not for takeback); Ply, for test only, the ply the
// move would follow (the claim view's position).
type MoveRequest struct {
	Board string `json:"board"`
	Move  string `json:"move"`
	Ply   int    `json:"ply"`
}

// MoveResult answers them: OK when the move was entered, taken back or,
// for test, is legal there; Move is that move; otherwise Refused says why
// and Rule the rule option or article the move breaks ("" when the text
// is not a move, or the refusal is not the rules'). Verdict, for test, is
// one line for people: "legal: 2b. N@d3+" or "illegal: the drop gives
// check (drop_check = forbidden, Art 18.2)".
type MoveResult struct {
	OK      bool      `json:"ok"`
	Move    *MoveView `json:"move,omitempty"`
	Refused string    `json:"refused,omitempty"`
	Rule    string    `json:"rule,omitempty"`
	Verdict string    `json:"verdict,omitempty"`
}

// syncSheet rebuilds the view's moves and reserves when sh is not the
// sheet they were built from. s.mu is held.
func (s *Server) syncSheet(sh *scoresheet.Sheet) {
	if sh == nil || sh == s.sheet.of {
		return
	}
	var boards [2][]MoveView
	for _, m := range sh.Moves() {
		boards[m.Board] = append(boards[m.Board], moveView(&m))
	}
	s.sheet.of = sh
	for b := range boards {
		p, _ := sh.Position(bughouse.Board(b), sh.Len(bughouse.Board(b)))
		bm := BoardMoves{Board: bughouse.Board(b).String(), Moves: boards[b], FEN: p.FEN, ToMove: p.ToMove.String(),
			InCheck: p.InCheck, Status: p.Status, Legal: p.Legal}
		if bm.Moves == nil {
			bm.Moves = []MoveView{}
		}
		s.sheet.moves[b] = bm
	}
	s.sheet.reserves = sh.Reserves()
}

// readMove reads a move request of the arbiter (401 without the session,
// 400 for a body that is not one). ok is false when it has answered.
func (s *Server) readMove(w http.ResponseWriter, r *http.Request) (MoveRequest, bughouse.Board, bool) {
	var req MoveRequest
	if !s.arbiter(r) {
		jsonError(w, http.StatusUnauthorized, "log in as the arbiter first")
		return req, 0, false
	}
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		jsonError(w, http.StatusBadRequest, `send {"board": "A", "move": "Nf3"}: `+err.Error())
		return req, 0, false
	}
	b, err := bughouse.ParseBoard(req.Board)
	if err != nil {
		jsonError(w, http.StatusBadRequest, "board: "+err.Error())
		return req, 0, false
	}
	return req, b, true
}

// serveMove answers POST /api/move: the arbiter enters a move for a
// board, as the player to move there. The board engine checks it under
// the match's rules; it is recorded with the match; every page sees it
// and the reserves it changes. A refusal is 200 with its reason.
func (s *Server) serveMove(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	req, b, ok := s.readMove(w, r)
	if !ok {
		return
	}
	c := arbiter.Command{Kind: arbiter.Move, Board: b, Text: req.Move}
	if err := c.Validate(); err != nil {
		var br *arbiter.BadRequest
		errors.As(err, &br)
		writeJSON(w, http.StatusOK, MoveResult{Refused: br.Msg})
		return
	}
	s.moveCommand(w, r, c, now)
}

// serveTakeBack answers POST /api/takeback: the arbiter takes back a
// board's last move (a typing slip). It is refused, with the move to take
// back first, when a piece that move captured was dropped since on the
// other board.
func (s *Server) serveTakeBack(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	_, b, ok := s.readMove(w, r)
	if !ok {
		return
	}
	s.moveCommand(w, r, arbiter.Command{Kind: arbiter.TakeBack, Board: b}, now)
}

// moveCommand carries out a move or take back and answers it.
func (s *Server) moveCommand(w http.ResponseWriter, r *http.Request, c arbiter.Command, now time.Time) {
	ctx, cancel := context.WithTimeout(r.Context(), doTimeout)
	defer cancel()
	res, err := s.Do(ctx, c, now)
	if err != nil {
		jsonError(w, http.StatusServiceUnavailable, "the table did not answer: "+err.Error())
		return
	}
	if !res.OK {
		writeJSON(w, http.StatusOK, MoveResult{Refused: res.Refused, Rule: res.Rule})
		return
	}
	mv := moveView(res.Move)
	writeJSON(w, http.StatusOK, MoveResult{OK: true, Move: &mv})
}

// refusal turns an engine's refusal into a MoveResult.
func refusal(err error) MoveResult {
	var e *scoresheet.Error
	if errors.As(err, &e) {
		return MoveResult{Refused: e.Reason, Rule: e.Rule}
	}
	return MoveResult{Refused: err.Error()}
}

// serveTest answers POST /api/test: the engine's verdict on a move at an
// earlier ply of a board (the claim view: "that drop gave check"),
// without entering it.
func (s *Server) serveTest(w http.ResponseWriter, r *http.Request) {
	req, b, ok := s.readMove(w, r)
	if !ok {
		return
	}
	sh := s.t.Snapshot().Sheet
	if req.Ply < 0 || req.Ply > sh.Len(b) {
		jsonError(w, http.StatusBadRequest, fmt.Sprintf("ply: board %s has %d moves, not %d", b, sh.Len(b), req.Ply))
		return
	}
	m, err := sh.Test(b, req.Ply, strings.TrimSpace(req.Move))
	if err != nil {
		res := refusal(err)
		res.Verdict = "illegal: " + res.Refused
		if res.Rule != "" {
			res.Verdict += " (" + res.Rule + ")"
		}
		writeJSON(w, http.StatusOK, res)
		return
	}
	mv := moveView(&m)
	writeJSON(w, http.StatusOK, MoveResult{OK: true, Move: &mv, Verdict: "legal: " + m.Number() + ". " + m.SAN})
}

// servePosition answers GET /api/position?board=A&ply=N (ply omitted:
// now): the board at that ply with the four reserves then. Anyone may
// read it (the claim view is shown to every page).
func (s *Server) servePosition(w http.ResponseWriter, r *http.Request) {
	b, err := bughouse.ParseBoard(r.URL.Query().Get("board"))
	if err != nil {
		jsonError(w, http.StatusBadRequest, "board: "+err.Error())
		return
	}
	sh := s.t.Snapshot().Sheet
	ply := sh.Len(b)
	if q := r.URL.Query().Get("ply"); q != "" {
		if ply, err = strconv.Atoi(q); err != nil {
			jsonError(w, http.StatusBadRequest, "ply: a number of moves, 0 or more")
			return
		}
	}
	p, err := sh.Position(b, ply)
	if err != nil {
		jsonError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "scoresheet: "))
		return
	}
	v := PositionView{Board: b.String(), Ply: p.Ply, Moves: sh.Len(b), FEN: p.FEN, GameFEN: p.GameFEN,
		ToMove: p.ToMove.String(), InCheck: p.InCheck, Status: p.Status, Reserves: p.Reserves, Legal: p.Legal}
	if p.Last != nil {
		mv := moveView(p.Last)
		v.Last = &mv
	}
	if p.Next != nil {
		mv := moveView(p.Next)
		v.Next = &mv
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, v)
}
