package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/scoresheet"
)

// This file is the move entry (issue 6 item 5): the match's scoresheet
// (package scoresheet) kept by the console, the reserves it shows, the
// arbiter's entries and take backs, and the claim view's positions and
// tests. docs/console.md describes the page's side.

// MoveRecorder is where the console sends each entered move and take
// back, to be part of the match record: journal.Recorder. started is the
// instant the match they belong to started (rules.Snapshot.StartedAt); a
// recorder whose current match is another (a new match began meanwhile)
// returns an error and records nothing, and the console then refuses the
// entry.
type MoveRecorder interface {
	Move(m scoresheet.Move, wall time.Time, started time.Duration) error
	TakeBack(m scoresheet.Move, at time.Duration, wall time.Time, started time.Duration) error
}

// sheetState is the scoresheet of the match shown, guarded by Server.mu.
type sheetState struct {
	sheet *scoresheet.Sheet
	// bound: the sheet belongs to the match that started at started. An
	// unbound sheet is empty (moves are entered once the match started).
	bound   bool
	started time.Duration
	// moves and reserves are the view's parts, rebuilt when the sheet
	// changes (not at each snapshot).
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

// newSheet returns an empty sheet under the match's options. s.mu is held.
func (s *Server) newSheet() *scoresheet.Sheet {
	sh, err := scoresheet.New(s.opts.Rules, nil)
	if err != nil {
		// Only a bad FEN fails, and none is given.
		panic(err)
	}
	return sh
}

// restoreSheet enters the moves of a restored match (Opts.Moves) on a
// sheet bound to the restored match. A move that no longer enters (a
// record from another version) stops it: the log says so.
func (s *Server) restoreSheet(moves []scoresheet.Move, snap *rules.Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sh.sheet = s.newSheet()
	s.sh.bound, s.sh.started = snap.Started, snap.StartedAt
	for i, m := range moves {
		if _, err := s.sh.sheet.Enter(m.Board, m.UCI, m.At); err != nil {
			s.add(LogEntry{Seq: snap.Seq, Time: "", Event: "scoresheet restored", Kind: "refused", Console: true,
				Note: fmt.Sprintf("%d of %d recorded moves entered again; %v", i, len(moves), err)})
			break
		}
	}
	s.sheetChanged()
}

// syncSheet makes the sheet the match's: empty and unbound before the
// start, bound at the start, a new one for a new match. s.mu is held.
func (s *Server) syncSheet(snap *rules.Snapshot) {
	switch {
	case !snap.Started:
		if s.sh.sheet == nil || s.sh.bound {
			s.sh = sheetState{sheet: s.newSheet()}
			s.sheetChanged()
		}
	case !s.sh.bound || s.sh.started != snap.StartedAt:
		// The match started (its rules are in place by now), or another
		// match started since the last snapshot this console saw.
		s.sh = sheetState{sheet: s.newSheet(), bound: true, started: snap.StartedAt}
		s.sheetChanged()
	}
}

// sheetChanged rebuilds the view's moves and reserves. s.mu is held.
func (s *Server) sheetChanged() {
	sh := s.sh.sheet
	var boards [2][]MoveView
	for _, m := range sh.Moves() {
		boards[m.Board] = append(boards[m.Board], moveView(&m))
	}
	for b := range boards {
		p, _ := sh.Position(bughouse.Board(b), sh.Len(bughouse.Board(b)))
		bm := BoardMoves{Board: bughouse.Board(b).String(), Moves: boards[b], FEN: p.FEN, ToMove: p.ToMove.String(),
			InCheck: p.InCheck, Status: p.Status, Legal: p.Legal}
		if bm.Moves == nil {
			bm.Moves = []MoveView{}
		}
		s.sh.moves[b] = bm
	}
	s.sh.reserves = sh.Reserves()
}

// readMove reads a move request of the arbiter (401 without the session,
// 400 for a body that is not one). ok is false when it has answered.
func (s *Server) readMove(w http.ResponseWriter, r *http.Request) (MoveRequest, bughouse.Board, bool) {
	var req MoveRequest
	if !s.arbiter(r) {
		jsonError(w, http.StatusUnauthorized, "log in as the arbiter first")
		return req, 0, false
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&req); err != nil {
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

// started returns the latest snapshot with the sheet synced to it, and
// why no move may be entered now ("" when it may). s.mu is held.
func (s *Server) sheetNow() (rules.Snapshot, string) {
	snap := s.t.Snapshot()
	s.syncSheet(&snap)
	if !snap.Started {
		return snap, "the match has not started: moves are entered once the clocks have started"
	}
	return snap, ""
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
	if strings.TrimSpace(req.Move) == "" {
		writeJSON(w, http.StatusOK, MoveResult{Refused: "type a move (SAN such as Nf3, exd5, e8=Q, O-O, N@f3; or UCI such as g1f3)"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	snap, why := s.sheetNow()
	if why != "" {
		writeJSON(w, http.StatusOK, MoveResult{Refused: why})
		return
	}
	m, err := s.sh.sheet.Enter(b, strings.TrimSpace(req.Move), s.t.Since(now))
	if err != nil {
		writeJSON(w, http.StatusOK, refusal(err))
		return
	}
	if s.moves != nil {
		if err := s.moves.Move(m, now, snap.StartedAt); err != nil {
			s.sh.sheet.TakeBack(b) // the last entry: always possible
			writeJSON(w, http.StatusOK, MoveResult{Refused: "not recorded: a new match began; enter it again if it belongs to it"})
			return
		}
	}
	s.sheetChanged()
	s.rebuild()
	mv := moveView(&m)
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
	s.mu.Lock()
	defer s.mu.Unlock()
	snap, why := s.sheetNow()
	if why != "" {
		writeJSON(w, http.StatusOK, MoveResult{Refused: why})
		return
	}
	m, err := s.sh.sheet.TakeBack(b)
	var tb *scoresheet.TakeBackError
	switch {
	case errors.Is(err, scoresheet.ErrNoMove):
		writeJSON(w, http.StatusOK, MoveResult{Refused: fmt.Sprintf("board %s has no move to take back", b)})
		return
	case errors.As(err, &tb):
		writeJSON(w, http.StatusOK, MoveResult{Refused: fmt.Sprintf("%s was played with what %s gave: take it back first (%s)",
			tb.Later.String(), tb.Move.String(), tb.Reason)})
		return
	case err != nil:
		writeJSON(w, http.StatusOK, MoveResult{Refused: err.Error()})
		return
	}
	if s.moves != nil {
		if err := s.moves.TakeBack(m, s.t.Since(now), now, snap.StartedAt); err != nil {
			s.sh.sheet.Enter(m.Board, m.UCI, m.At) // it was the board's last: it enters again
			writeJSON(w, http.StatusOK, MoveResult{Refused: "not recorded: a new match began"})
			return
		}
	}
	s.sheetChanged()
	s.rebuild()
	mv := moveView(&m)
	writeJSON(w, http.StatusOK, MoveResult{OK: true, Move: &mv})
}

// serveTest answers POST /api/test: the engine's verdict on a move at an
// earlier ply of a board (the claim view: "that drop gave check"),
// without entering it.
func (s *Server) serveTest(w http.ResponseWriter, r *http.Request) {
	req, b, ok := s.readMove(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sheetNow()
	if req.Ply < 0 || req.Ply > s.sh.sheet.Len(b) {
		jsonError(w, http.StatusBadRequest, fmt.Sprintf("ply: board %s has %d moves, not %d", b, s.sh.sheet.Len(b), req.Ply))
		return
	}
	m, err := s.sh.sheet.Test(b, req.Ply, strings.TrimSpace(req.Move))
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
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sheetNow()
	ply := s.sh.sheet.Len(b)
	if q := r.URL.Query().Get("ply"); q != "" {
		if ply, err = strconv.Atoi(q); err != nil {
			jsonError(w, http.StatusBadRequest, "ply: a number of moves, 0 or more")
			return
		}
	}
	p, err := s.sh.sheet.Position(b, ply)
	if err != nil {
		jsonError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "scoresheet: "))
		return
	}
	v := PositionView{Board: b.String(), Ply: p.Ply, Moves: s.sh.sheet.Len(b), FEN: p.FEN, GameFEN: p.GameFEN,
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
