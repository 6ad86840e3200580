package replay_test

import (
	"path/filepath"
	"strings"
	"testing"

	"tandem/bughouse"
	"tandem/replay"
)

// Every shared record replays legally under fics, with the recorded
// checkmates shown on the board (the chess.com one without its clocks).
func TestMoves_SharedGamesLegalUnderFICS(t *testing.T) {
	files, err := filepath.Glob("../testdata/bpgn/*.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	mates := map[string]string{
		"fics_1934301_checkmate.bpgn": "checkmate", "fics_1934587_checkmate.bpgn": "checkmate",
		"sunsetter_bench_crazyhouse.bpgn": "checkmate", "bughousepro_golden_export_synthetic.bpgn": "checkmate",
		"chesscom_export_sample.bpgn": "checkmate",
	}
	ran := 0
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "illegal_") {
			continue // a made-up illegal record
		}
		r := runFile(t, f, "")
		mc := r.Moves
		if mc == nil {
			t.Fatalf("%s: no move check", base)
		}
		if mc.Illegal != nil {
			t.Errorf("%s: %s", base, mc.Illegal)
		}
		if want, ok := mates[base]; ok != mc.MateClaimed || ok && (mc.MateStatus != want || !mc.Mated) {
			t.Errorf("%s: mate claimed %v, status %q, mated %v; want claimed %v %q", base, mc.MateClaimed, mc.MateStatus, mc.Mated, ok, want)
		}
		if r.Mismatch != "" {
			t.Errorf("%s: %s", base, r.Mismatch)
		}
		ran++
	}
	if ran != 7 {
		t.Errorf("checked %d records, want 7", ran)
	}
}

func TestMoves_ReservesTracked(t *testing.T) {
	r := runFile(t, "../testdata/bpgn/fics_1934587_checkmate.bpgn", "")
	// The FEN carries both boards' reserves; the per-seat lists agree.
	fens := strings.Split(r.Moves.FEN, " | ")
	if len(fens) != 2 {
		t.Fatalf("FEN %q", r.Moves.FEN)
	}
	for _, s := range bughouse.Seats {
		res := r.Moves.Reserves[s]
		inFEN := fens[s.Board()][strings.Index(fens[s.Board()], "[")+1 : strings.Index(fens[s.Board()], "]")]
		if !strings.Contains(inFEN, res) {
			t.Errorf("%s: reserve %q not in the board's FEN reserve %q", s, res, inFEN)
		}
	}
	if r.Moves.Variant != "bughouse" {
		t.Errorf("variant %s", r.Moves.Variant)
	}
}

func TestMoves_FirstIllegalMoveReported(t *testing.T) {
	r := runFile(t, "../testdata/bpgn/illegal_drop_not_in_reserve.bpgn", "")
	m := r.Moves.Illegal
	if m == nil {
		t.Fatal("no illegal move found")
	}
	if m.Board != bughouse.BoardB || m.Seat != bughouse.BBlack || m.Number != 2 || m.Move != "2b. P@d6" || m.Line != 10 ||
		!strings.Contains(m.Reason, "no pawn in reserve") || !strings.Contains(m.Rule, "Art 16") {
		t.Errorf("illegal move %+v", m)
	}
	if r.Moves.Checked != 6 {
		t.Errorf("checked %d, want the 6 moves before it", r.Moves.Checked)
	}
}

// A FICS game replayed under a preset whose options it breaks.
func TestMoves_PresetOptionBroken(t *testing.T) {
	for preset, want := range map[string]string{
		"reglamento": "drop_check = forbidden",
		"pasapiezas": "drop_check = forbidden",
	} {
		r := runFile(t, "../testdata/bpgn/fics_1934301_checkmate.bpgn", preset)
		if r.Moves.Illegal == nil || !strings.Contains(r.Moves.Illegal.Rule, want) || r.Moves.Illegal.Move != "10A. B@b5+" {
			t.Errorf("%s: %v, want 10A. B@b5+ breaking %s", preset, r.Moves.Illegal, want)
		}
	}
}

// A record that claims a mate the board does not show disagrees.
func TestMoves_RecordedMateNotOnBoard(t *testing.T) {
	p, err := replay.Load("t.bpgn", []byte(`[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "0-1"]
1A. f3{59} 1a. e5{59} 2A. g4{58} 2a. Qh4+{58} {a checkmated} 0-1`), "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Mismatch, "a drop could still block the check (mate = bughouse, Art 23)") {
		t.Errorf("fics: mismatch %q", r.Mismatch)
	}
	// Under reglamento (mate = reserve) it is mate.
	p, _ = replay.Load("t.bpgn", []byte(`[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "0-1"]
1A. f3{59} 1a. e5{59} 2A. g4{58} 2a. Qh4#{58} {a checkmated} 0-1`), "reglamento")
	r, _ = p.Run(nil)
	if r.Mismatch != "" || !r.Moves.Mated {
		t.Errorf("reglamento: mismatch %q, mated %v", r.Mismatch, r.Moves.Mated)
	}
}

// The FEN tag sets the boards' start: here board A starts with a knight
// in White's reserve, so 1A. N@e3 is legal; without the tag it is not.
func TestMoves_FENTag(t *testing.T) {
	const moves = `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "*"]
%s
1A. N@e3{59} 1a. e5{59} *`
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"
	for _, c := range []struct {
		tag   string
		legal bool
	}{{`[FEN "` + start + `"]`, true}, {"", false}} {
		p, err := replay.Load("t.bpgn", []byte(strings.Replace(moves, "%s", c.tag, 1)), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Moves.Illegal == nil; got != c.legal {
			t.Errorf("tag %q: legal %v, want %v (%v)", c.tag, got, c.legal, p.Moves.Illegal)
		}
	}
	_, err := replay.Load("t.bpgn", []byte(strings.Replace(moves, "%s", `[FEN "8/8 w"]`, 1)), "")
	if err == nil || !strings.HasPrefix(err.Error(), "t.bpgn:2: FEN tag: ") {
		t.Errorf("bad FEN tag: %v", err)
	}
}

// tandem export names the match's preset in a Preset tag: without
// --preset, replay takes it (Qh4# is mate under reglamento's mate =
// reserve, not under fics); --preset still wins, and a tag naming no
// preset ("custom") leaves the default.
func TestMoves_PresetTag(t *testing.T) {
	const rec = `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "0-1"]%s
1A. f3{59} 1a. e5{59} 2A. g4{58} 2a. Qh4#{58} {a checkmated} 0-1`
	for _, c := range []struct {
		tag, flag, want string
		mated           bool
	}{
		{`[Preset "reglamento"]`, "", "reglamento", true},
		{`[Preset "reglamento"]`, "fics", "fics", false},
		{`[Preset "custom"]`, "", "fics", false},
		{"", "", "fics", false},
	} {
		p, err := replay.Load("t.bpgn", []byte(strings.Replace(rec, "%s", c.tag, 1)), c.flag)
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Preset != c.want || r.Moves.Mated != c.mated {
			t.Errorf("tag %q, --preset %q: preset %s, mated %v; want %s, %v", c.tag, c.flag, r.Preset, r.Moves.Mated, c.want, c.mated)
		}
	}
}
