package scoresheet

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// tb is what the helpers need of *testing.T and *rapid.T.
type tb interface {
	Helper()
	Fatal(...any)
	Fatalf(string, ...any)
}

func preset(t tb, name string) *rules.Options {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return &p.Options
}

func newSheet(t tb, name, fen string) *Sheet {
	t.Helper()
	s, err := New(preset(t, name).Rules, &Opts{FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func enter(t tb, s *Sheet, b bughouse.Board, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := s.Enter(b, m, 0); err != nil {
			t.Fatalf("enter %s on %s: %v", m, b, err)
		}
	}
}

func TestEnter_RecordsSANUCIPlyAndSeat(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	m, err := s.Enter(bughouse.BoardA, "e2e4", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := Move{Board: bughouse.BoardA, Ply: 1, Seat: bughouse.AWhite, SAN: "e4", UCI: "e2e4", At: 5 * time.Second}
	if m != want {
		t.Fatalf("got %+v, want %+v", m, want)
	}
	m, err = s.Enter(bughouse.BoardA, "d5", 6*time.Second)
	if err != nil || m.Seat != bughouse.ABlack || m.Ply != 2 || m.UCI != "d7d5" || m.Number() != "1a" {
		t.Fatalf("got %+v %v", m, err)
	}
	if s.Len(bughouse.BoardA) != 2 || s.Len(bughouse.BoardB) != 0 || s.ToMove(bughouse.BoardA) != bughouse.AWhite {
		t.Fatalf("len A %d B %d, to move %s", s.Len(bughouse.BoardA), s.Len(bughouse.BoardB), s.ToMove(bughouse.BoardA))
	}
	if got := m.String(); got != "1a. d5 (A-black)" {
		t.Fatalf("String %q", got)
	}
}

func TestEnter_CaptureFeedsThePartnersReserve(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	enter(t, s, bughouse.BoardA, "e4", "d5", "exd5")
	r := s.Reserves()
	// A-white captured a black pawn: it goes to his partner B-black (Art 10).
	if r[bughouse.BBlack]["P"] != 1 || len(r[bughouse.AWhite]) != 0 || len(r[bughouse.ABlack]) != 0 || len(r[bughouse.BWhite]) != 0 {
		t.Fatalf("reserves %v", r)
	}
	enter(t, s, bughouse.BoardB, "e4")
	m, err := s.Enter(bughouse.BoardB, "P@d6", 0)
	if err != nil || m.SAN != "P@d6" || m.Seat != bughouse.BBlack {
		t.Fatalf("drop: %+v %v", m, err)
	}
	if n := len(s.Reserves()[bughouse.BBlack]); n != 0 {
		t.Fatalf("the drop left %v", s.Reserves())
	}
}

func TestEnter_RefusalGivesReasonAndRuleAndChangesNothing(t *testing.T) {
	cases := []struct {
		name, preset, fen string
		board             bughouse.Board
		text              string
		reason, rule      string
	}{
		{"not in reserve", "reglamento", "", bughouse.BoardA, "N@f3", "white has no knight in reserve", "Art 16, 26: only a piece in the reserve"},
		{"not a move", "reglamento", "", bughouse.BoardA, "hello", "not a move", ""},
		{"drop check forbidden", "reglamento", "|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[n] b KQkq - 0 1", bughouse.BoardB, "N@d3", "the drop gives check", "drop_check = forbidden, Art 18.2"},
		{"pawn rank", "reglamento", "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1|", bughouse.BoardA, "P@a7", "a pawn may not be dropped on rank 7", "pawn_drop_ranks [2, 6], Art 18.1"},
		{"wrong piece", "reglamento", "", bughouse.BoardB, "Ke2", "", "Art 2: the FIDE Laws, Art 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fen := c.fen
			if fen != "" {
				a, b, _ := strings.Cut(fen, "|")
				if a == "" {
					a = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
				}
				if b == "" {
					b = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
				}
				fen = a + "|" + b
			}
			s := newSheet(t, c.preset, fen)
			before := s.FEN()
			_, err := s.Enter(c.board, c.text, 0)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want *Error", err)
			}
			if !strings.Contains(e.Reason, c.reason) || e.Rule != c.rule || e.Text != c.text || e.Board != c.board {
				t.Fatalf("got %+v", e)
			}
			if !strings.Contains(e.Error(), "board "+c.board.String()) {
				t.Fatalf("message %q names no board", e.Error())
			}
			if s.FEN() != before || len(s.Moves()) != 0 {
				t.Fatalf("a refused entry changed the sheet: %s", s.FEN())
			}
		})
	}
}

func TestEnter_SameDropAllowedUnderOtherPreset(t *testing.T) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[n] b KQkq - 0 1"
	s := newSheet(t, "fics", fen)
	m, err := s.Enter(bughouse.BoardB, "N@d3", 0)
	if err != nil || m.SAN != "N@d3+" {
		t.Fatalf("got %+v %v", m, err)
	}
}

func TestTakeBack_LastMoveOfTheBoard(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	enter(t, s, bughouse.BoardA, "e4", "d5")
	enter(t, s, bughouse.BoardB, "d4")
	before := s.FEN()
	enter(t, s, bughouse.BoardA, "exd5")
	m, err := s.TakeBack(bughouse.BoardA)
	if err != nil || m.SAN != "exd5" {
		t.Fatalf("got %+v %v", m, err)
	}
	if s.FEN() != before || s.Len(bughouse.BoardA) != 2 || len(s.Reserves()[bughouse.BBlack]) != 0 {
		t.Fatalf("after take back %s, want %s", s.FEN(), before)
	}
	// Board B's last move, although board A's moves came after it.
	enter(t, s, bughouse.BoardA, "Nf3")
	if m, err := s.TakeBack(bughouse.BoardB); err != nil || m.SAN != "d4" || s.Len(bughouse.BoardB) != 0 || s.Len(bughouse.BoardA) != 3 {
		t.Fatalf("got %+v %v", m, err)
	}
	if _, err := s.TakeBack(bughouse.BoardB); !errors.Is(err, ErrNoMove) {
		t.Fatalf("got %v, want ErrNoMove", err)
	}
}

func TestTakeBack_RefusedWhileTheCapturedPieceIsDropped(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	enter(t, s, bughouse.BoardA, "e4", "d5", "exd5")
	enter(t, s, bughouse.BoardB, "e4", "P@d6")
	before := s.FEN()
	_, err := s.TakeBack(bughouse.BoardA)
	var e *TakeBackError
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want *TakeBackError", err)
	}
	if e.Move.SAN != "exd5" || e.Later.SAN != "P@d6" || !strings.Contains(e.Reason, "no pawn in reserve") {
		t.Fatalf("got %+v", e)
	}
	if !strings.Contains(e.Error(), "take that back first") || !strings.Contains(e.Error(), "1b. P@d6") {
		t.Fatalf("message %q", e.Error())
	}
	if s.FEN() != before || s.Len(bughouse.BoardA) != 3 {
		t.Fatal("a refused take back changed the sheet")
	}
	// Taking the drop back first makes it possible.
	if _, err := s.TakeBack(bughouse.BoardB); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeBack(bughouse.BoardA); err != nil {
		t.Fatal(err)
	}
}

func TestPosition_AtEarlierPlyShowsTheOtherBoardAsItWas(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	enter(t, s, bughouse.BoardA, "e4", "d5")
	enter(t, s, bughouse.BoardB, "e4")
	enter(t, s, bughouse.BoardA, "exd5")
	enter(t, s, bughouse.BoardB, "P@d6")
	enter(t, s, bughouse.BoardA, "Qxd5")

	// Board B at ply 1: the position its 2nd move (P@d6) was played in;
	// the pawn captured on A is in B-black's reserve.
	p, err := s.Position(bughouse.BoardB, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove != bughouse.BBlack || p.Last == nil || p.Last.SAN != "e4" || p.Next == nil || p.Next.SAN != "P@d6" {
		t.Fatalf("got %+v", p)
	}
	if p.Reserves[bughouse.BBlack]["P"] != 1 {
		t.Fatalf("reserves %v", p.Reserves)
	}
	// Board A at ply 2 (before exd5): B-black holds nothing yet.
	p, err = s.Position(bughouse.BoardA, 2)
	if err != nil {
		t.Fatal(err)
	}
	if p.Next.SAN != "exd5" || len(p.Reserves[bughouse.BBlack]) != 0 || p.Status != "ongoing" || p.InCheck {
		t.Fatalf("got %+v", p)
	}
	if !strings.HasPrefix(p.FEN, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w") {
		t.Fatalf("FEN %s", p.FEN)
	}
	found := false
	for _, u := range p.Legal {
		found = found || u == "e4d5"
	}
	if !found || len(p.Legal) != 31 {
		t.Fatalf("legal %d %v", len(p.Legal), p.Legal)
	}
	// The last ply is now.
	p, _ = s.Position(bughouse.BoardA, 4)
	if p.GameFEN != s.FEN() || p.Next != nil || p.Last.SAN != "Qxd5" {
		t.Fatalf("got %+v", p)
	}
	if _, err := s.Position(bughouse.BoardA, 5); !errors.Is(err, ErrPly) {
		t.Fatalf("got %v", err)
	}
	if _, err := s.Position(bughouse.BoardA, -1); !errors.Is(err, ErrPly) {
		t.Fatalf("got %v", err)
	}
}

// The claim view: the arbiter tries what the player did on the board in
// the position before it, and the sheet is unchanged.
func TestTest_ClaimVerdictWithoutEntering(t *testing.T) {
	s := newSheet(t, "reglamento", "")
	enter(t, s, bughouse.BoardA, "e4", "d5", "exd5")
	enter(t, s, bughouse.BoardB, "d4")
	before := s.FEN()
	_, err := s.Test(bughouse.BoardB, 1, "P@d2")
	var e *Error
	if !errors.As(err, &e) || e.Seat != bughouse.BBlack || e.Ply != 2 || !strings.Contains(e.Rule, "pawn_drop_ranks") {
		t.Fatalf("got %v", err)
	}
	m, err := s.Test(bughouse.BoardB, 1, "P@e3")
	if err != nil || m.SAN != "P@e3" || m.Ply != 2 {
		t.Fatalf("got %+v %v", m, err)
	}
	// At ply 0 of board B the pawn was not in the reserve yet? It was:
	// board A's exd5 came before board B's first move.
	if _, err := s.Test(bughouse.BoardB, 0, "P@e3"); err == nil {
		t.Fatal("a black drop tested as White's first move")
	}
	if s.FEN() != before || len(s.Moves()) != 4 {
		t.Fatal("Test changed the sheet")
	}
	if _, err := s.Test(bughouse.BoardB, 2, "e5"); !errors.Is(err, ErrPly) {
		t.Fatalf("got %v", err)
	}
}

func TestNew_BadFEN(t *testing.T) {
	if _, err := New(preset(t, "fics").Rules, &Opts{FEN: "nonsense"}); err == nil {
		t.Fatal("a bad FEN accepted")
	}
	if _, err := New(preset(t, "fics").Rules, nil); err != nil {
		t.Fatal(err)
	}
}

// Seed 003's both-boards format: once a board is over (End) a capture on
// the other passes nothing; a take back before the end keeps it at the
// same place in the game, and the positions before it still pass.
func TestSheet_EndPassesNothing(t *testing.T) {
	s := newSheet(t, "uscf-fics", "")
	for _, mv := range []struct {
		b    bughouse.Board
		text string
	}{{bughouse.BoardB, "e4"}, {bughouse.BoardB, "d5"}, {bughouse.BoardB, "exd5"}} {
		if _, err := s.Enter(mv.b, mv.text, 0); err != nil {
			t.Fatal(err)
		}
	}
	if r := s.Reserves()[bughouse.ABlack]; r["P"] != 1 {
		t.Fatalf("A-black's reserve %v: the capture passes while both boards play", r)
	}
	s.End(bughouse.BoardA)
	if !s.Ended(bughouse.BoardA) || s.Ended(bughouse.BoardB) {
		t.Error("Ended")
	}
	for _, text := range []string{"Qxd5", "Nc3", "Qxa2"} {
		if _, err := s.Enter(bughouse.BoardB, text, 0); err != nil {
			t.Fatal(err)
		}
	}
	if r := s.Reserves()[bughouse.ABlack]; r["P"] != 1 || len(r) != 1 {
		t.Errorf("A-black's reserve %v after captures on B with A over: only the pawn from before", r)
	}
	if r := s.Reserves()[bughouse.AWhite]; len(r) != 0 {
		t.Errorf("A-white's reserve %v: nothing passes to an ended board", r)
	}
	if _, err := s.TakeBack(bughouse.BoardB); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Position(bughouse.BoardB, 3); err != nil || p.Reserves[bughouse.ABlack]["P"] != 1 {
		t.Errorf("the position before the end: %+v %v", p, err)
	}
	if !s.Game().Over[bughouse.BoardA] || !s.Clone().Game().Over[bughouse.BoardA] {
		t.Error("the game after a take back forgot the end")
	}
}
