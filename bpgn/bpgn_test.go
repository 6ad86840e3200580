package bpgn_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"tandem/bpgn"
	"tandem/bughouse"
)

func parseFile(t *testing.T, name string) *bpgn.Game {
	t.Helper()
	src, err := os.ReadFile("../testdata/bpgn/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := bpgn.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

func TestParse_FICSRecord(t *testing.T) {
	g := parseFile(t, "fics_1934461_flag.bpgn")
	if tc, _ := g.Tag("TimeControl"); tc.Value != "300+0" || tc.Line != 9 {
		t.Errorf("TimeControl %+v", tc)
	}
	if g.Player(bughouse.AWhite) != "Alba" || g.Player(bughouse.BWhite) != "Carla" || g.Player(bughouse.BBlack) != "Dario" {
		t.Errorf("players %q %q %q", g.Player(bughouse.AWhite), g.Player(bughouse.BWhite), g.Player(bughouse.BBlack))
	}
	if len(g.Moves) != 125 {
		t.Errorf("%d moves, want 125 (31+30 on A, 32+32 on B)", len(g.Moves))
	}
	first, last := g.Moves[0], g.Moves[len(g.Moves)-1]
	if first.Label() != "1A. e4" || first.Stamp != 298652*time.Millisecond || first.StampKind != bpgn.Remaining || first.Line != 13 {
		t.Errorf("first move %+v", first)
	}
	if last.Label() != "32b. Ka5" || last.Seat != bughouse.BBlack || last.Stamp != 136738*time.Millisecond {
		t.Errorf("last move %+v", last)
	}
	if g.Result != "0-1" || g.ResultLine != 14 {
		t.Errorf("result %q on line %d", g.Result, g.ResultLine)
	}
	term := g.Termination()
	if term.Ending != bpgn.EndTime || len(term.Players) != 1 || term.Players[0] != "Carla" || term.Line != 14 {
		t.Errorf("termination %+v", term)
	}
	if len(g.Comments) != 1 || !strings.HasPrefix(g.Comments[0].Text, "C: This is game number 1934461") {
		t.Errorf("game comments %+v", g.Comments)
	}
}

func countMoves(g *bpgn.Game) (n [4]int) {
	for _, m := range g.Moves {
		n[m.Seat]++
	}
	return n
}

func TestParse_MoveCountsPerSeat(t *testing.T) {
	// Counted from the files' last move numbers per seat.
	for _, tc := range []struct {
		file string
		want [4]int
	}{
		{"fics_1934461_flag.bpgn", [4]int{31, 30, 32, 32}},
		{"fics_1934301_checkmate.bpgn", [4]int{33, 32, 23, 22}},
		{"fics_1934587_checkmate.bpgn", [4]int{27, 26, 19, 18}},
		{"fics_1283326_aborted.bpgn", [4]int{4, 3, 1, 0}},
		{"sunsetter_bench_crazyhouse.bpgn", [4]int{30, 30, 0, 0}},
		{"bughousepro_golden_export_synthetic.bpgn", [4]int{11, 11, 9, 8}},
		{"chesscom_export_sample.bpgn", [4]int{19, 19, 21, 20}},
	} {
		if got := countMoves(parseFile(t, tc.file)); got != tc.want {
			t.Errorf("%s: %v moves per seat, want %v", tc.file, got, tc.want)
		}
	}
}

func TestParse_StampDialects(t *testing.T) {
	g, err := bpgn.Parse([]byte(`[TimeControl "180"]
1A. e4 {179} 1a. e5{118.585} 1B. d4 {[%clk 0:02:58.5]} 1b. d5 {[ts=1.700]} 2A. Nf3 {a comment} {[%clk 1:00:00]} *`))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		kind bpgn.StampKind
		d    time.Duration
	}{
		{bpgn.Remaining, 179 * time.Second},
		{bpgn.Remaining, 118585 * time.Millisecond}, // exactly, not 118.58499999
		{bpgn.Remaining, 178500 * time.Millisecond},
		{bpgn.Instant, 1700 * time.Millisecond},
		{bpgn.Remaining, time.Hour},
	}
	for i, w := range want {
		if m := g.Moves[i]; m.StampKind != w.kind || m.Stamp != w.d {
			t.Errorf("move %s: %s %v, want %s %v", m.Label(), m.StampKind, m.Stamp, w.kind, w.d)
		}
	}
	if c := g.Moves[4].Comments; len(c) != 1 || c[0].Text != "a comment" {
		t.Errorf("comments %+v", c)
	}
}

func TestParse_KeepsSANVerbatim(t *testing.T) {
	g := parseFile(t, "chesscom_export_sample.bpgn")
	var sans []string
	for _, m := range g.Moves {
		if strings.HasPrefix(m.SAN, "$") || strings.HasPrefix(m.SAN, "@") {
			sans = append(sans, m.Label())
		}
	}
	// Not validated here: the board engine will refuse them.
	if len(sans) == 0 || sans[0] != "5b. $146@g4" {
		t.Errorf("odd tokens %v", sans)
	}
	if m := g.Moves[0]; m.StampKind != bpgn.NoStamp || m.Line != 20 {
		t.Errorf("first chess.com move %+v", m)
	}
}

func TestTermination(t *testing.T) {
	for _, tc := range []struct {
		text    string
		ending  bpgn.Ending
		players []string
	}{
		{"{Dario checkmated} 1-0", bpgn.EndCheckmate, []string{"Dario"}},
		{"{Dario resigns} 1-0", bpgn.EndResignation, []string{"Dario"}},
		{"{Carla forfeits on time} 0-1", bpgn.EndTime, []string{"Carla"}},
		{"{Carla forfeits by disconnection} 0-1", bpgn.EndDisconnection, []string{"Carla"}},
		{"{Game drawn by mutual agreement} 1/2-1/2", bpgn.EndAgreement, nil},
		{"{Game drawn by repetition} 1/2-1/2", bpgn.EndRepetition, nil},
		{"{R: Bruno requests to abort the game.} {Game aborted on move 1} *", bpgn.EndAborted, nil},
		{"{Game adjourned by mutual agreement} *", bpgn.EndAborted, nil},
		{"{something else} *", bpgn.EndUnknown, nil},
		{"{Carla checkmated} {Dario checkmated} 1-0", bpgn.EndCheckmate, []string{"Dario"}}, // the last one counts
	} {
		g, err := bpgn.Parse([]byte("[WhiteA \"x\"]\n1A. e4 {1} " + tc.text))
		if err != nil {
			t.Fatal(err)
		}
		term := g.Termination()
		if term.Ending != tc.ending || strings.Join(term.Players, ",") != strings.Join(tc.players, ",") {
			t.Errorf("%s: %s %v", tc.text, term.Ending, term.Players)
		}
	}
	// bughouse.pro says it in the Outcome tag.
	term := parseFile(t, "bughousepro_golden_export_synthetic.bpgn").Termination()
	if term.Ending != bpgn.EndCheckmate || strings.Join(term.Players, ",") != "Alba,Dario" || term.Line != 17 {
		t.Errorf("bughouse.pro: %+v", term)
	}
}

func TestSeatsOf(t *testing.T) {
	g := parseFile(t, "sunsetter_bench_crazyhouse.bpgn")
	if s := g.SeatsOf("Carla"); len(s) != 2 || s[0] != bughouse.AWhite || s[1] != bughouse.BWhite {
		t.Errorf("Carla plays %v", s)
	}
	if s := g.SeatsOf("Nobody"); len(s) != 0 {
		t.Errorf("Nobody plays %v", s)
	}
}

func TestParse_Errors(t *testing.T) {
	for _, tc := range []struct {
		text string
		line int
		want string
	}{
		{"[A \"x\"]\n\n1A. e4 {1}\n1A. d4 {1}\n", 4, "expected 1a."},
		{"[A \"x\"]\n1A. e4 {1}\n1a. e5 {1}\n1a. d5 {1}\n", 4, "expected 2A."},
		{"[A \"x\"]\n1B. e4 {1} 1b. e5 {1}\n2b. d5\n", 3, "expected 2B."},
		{"[A \"x\"]\n1A. e4 {1} 0-1 1-0\n", 2, "after the result"},
		{"\n\n\n", 1, "not a BPGN record"},
		{"[A \"x\"]\n1A. e4 {1}\n)", 3, "unexpected"},
		{"[A \"x\"]\n$5 1A. e4\n", 2, "annotation $5 before the first move"},
		{"[A \"x\"]\n1A. {c} e4\n", 2, "a comment between move number 1A."},
		{"[A \"x\"]\n99999999999A. e4\n", 2, "out of range"},
		{"[A \"x\"]\n[Result \"1:0\"]\n1A. e4 {1} *\n", 2, "tag Result \"1:0\" is not a result; write 1-0, 0-1, 1/2-1/2 or * (unfinished)"},
		{"[A \"x\"]\n1A. e4 {-5}\n", 2, "move 1A. e4: clock stamp {-5} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"[A \"x\"]\n1A. e4 {abc}\n", 2, "move 1A. e4: clock stamp {abc} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"[A \"x\"]\n1A. e4 {1} {+2}\n", 2, "move 1A. e4: clock stamp {+2} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"[A \"x\"]\n1A. e4 {..}\n", 2, "move 1A. e4: clock stamp {..} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"[A \"x\"]\n1A. e4 {[ts=1]} 1a. e5\n{-3}\n", 3, "move 1a. e5: clock stamp {-3} is not a time: write the instant in seconds from the start, e.g. {[ts=1.700]}"},
		{"[A \"x\"]\n1A. e4 {[ts=1.2.3]}\n", 2, "move 1A. e4: clock stamp {[ts=1.2.3]} is not a time: write the instant in seconds from the start, e.g. {[ts=1.700]}"},
		{"[A \"x\"]\n1A. e4 {[ts=1.0000000001]}\n", 2, "move 1A. e4: clock stamp {[ts=1.0000000001]}: \"1.0000000001\" has more than 9 decimals"},
		{"[A \"x\"]\n1A. e4 {[ts=1s]}\n", 2, "move 1A. e4: clock stamp {[ts=1s]} is not a time: write the instant in seconds from the start, e.g. {[ts=1.700]}"},
		{"[A \"x\"]\n1A. e4 {[%clk 1:00:60]}\n", 2, "move 1A. e4: clock stamp {[%clk 1:00:60]} is not a time: write H:MM:SS, e.g. {[%clk 0:01:58.585]}"},
		{"[A \"x\"]\n1A. e4 {[%clk 1:-1:00]}\n", 2, "is not a time: write H:MM:SS"},
		{"[A \"x\"]\n1A. e4 {[%clk +1:01:00]}\n", 2, "is not a time: write H:MM:SS"},
		{"[A \"x\"]\n1A. e4 {1 1a. e5 {1}\n2A. d4 {1}\n2a. d5 {1}\n", 3, "expected 1a. (the comment opened on line 2 holds moves: is a } missing there?)"},
	} {
		_, err := bpgn.Parse([]byte(tc.text))
		e, ok := err.(*bpgn.Error)
		if !ok || e.Line != tc.line || !strings.Contains(e.Msg, tc.want) {
			t.Errorf("%q: got %v, want line %d: ...%s", tc.text, err, tc.line, tc.want)
		}
	}
}

// Comments that are clearly no stamp stay comments; one-word comments
// are stamps only where a stamp is due.
func TestParse_CommentsThatAreNoStamps(t *testing.T) {
	g, err := bpgn.Parse([]byte("[A \"x\"]\n1A. e4 {C: a note} 1a. e5 {59} {good} 2A. d4 {} {[%clk 1:59:59.5]}\n\n{end note}\n% escape\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := g.Moves
	if m[0].StampKind != bpgn.NoStamp || len(m[0].Comments) != 1 || m[1].Stamp != 59*time.Second || len(m[1].Comments) != 1 ||
		m[2].Stamp != 2*time.Hour-500*time.Millisecond || len(m[2].Comments) != 2 {
		t.Errorf("moves %+v", m)
	}
	if g.LastLine != 4 || g.Result != "" {
		t.Errorf("last line %d, result %q", g.LastLine, g.Result)
	}
}

// Termination says how many moves precede the ending.
func TestTermination_Moves(t *testing.T) {
	for _, tc := range []struct {
		text  string
		moves int
	}{
		{"{b resigns} 1A. e4 {1} 1a. e5 {1} 1-0", 0},
		{"1A. e4 {1} {b resigns} 1a. e5 {1} 1-0", 1},
		{"1A. e4 {1} 1a. e5 {1} {b resigns} 1-0", 2},
		{"1A. e4 {1} 1a. e5 {1} 1-0 {b resigns}", 2},
	} {
		g, err := bpgn.Parse([]byte("[BlackA \"b\"]\n" + tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if term := g.Termination(); term.Ending != bpgn.EndResignation || term.Moves != tc.moves {
			t.Errorf("%s: %+v, want %d moves before it", tc.text, term, tc.moves)
		}
	}
}

// A record cut off inside a token says it may be truncated; the same
// fault before the end of the text does not.
func TestParse_TruncatedHints(t *testing.T) {
	const cut = "; the record ends here: it may be truncated"
	for _, tc := range []struct {
		text string
		line int
		msg  string
	}{
		{"[A \"x\"]\n1A. e4 {1} 1a. e5 {2", 2, "comment { is never closed with }" + cut},
		{"[A \"x\"]\n[Lag \"12 3", 2, "tag Lag: the value's closing quote is missing" + cut},
		{"[A \"x\"]\n[Lag \"12 3\n1A. e4 {1} *", 2, "tag Lag: the value's closing quote is missing"},
		{"[A \"x\"]\n[Lag \"12 3\"  \n", 2, "tag Lag: the closing ] is missing" + cut},
		{"[A \"x\"]\n[Lag \"12 3\" x]\n", 2, "tag Lag: the closing ] is missing"},
		{"[A \"x\"]\n1A. e4 {1} 1a. e5 {2}\n2A.\n", 3, "move number 2A. has no move after it" + cut},
		{"[A \"x\"]\n1A. e4 {1} 1a. e5 {2} 2\n", 2, "\"2\" is not a BPGN move number; write 1A. (White A), 1a. (Black A), 1B. or 1b." + cut},
		{"[A \"x\"]\n1A. e4 {1} 1a. e5 {2} 2. d4 *\n", 2, "\"2.\" is not a BPGN move number; write 1A. (White A), 1a. (Black A), 1B. or 1b."},
	} {
		_, err := bpgn.Parse([]byte(tc.text))
		e, ok := err.(*bpgn.Error)
		if !ok || e.Line != tc.line || e.Msg != tc.msg {
			t.Errorf("%q:\n got %v\nwant line %d: %s", tc.text, err, tc.line, tc.msg)
		}
	}
}

func TestRead_TooLarge(t *testing.T) {
	_, err := bpgn.Read(strings.NewReader(strings.Repeat(" ", bpgn.MaxSize+1)))
	if err == nil {
		t.Error("a record larger than MaxSize was accepted")
	}
}

// The chess.com Termination tag names the winner; a FICS ending comment
// wins over it.
func TestTermination_ChessComTag(t *testing.T) {
	for _, tc := range []struct {
		tag, comment string
		ending       bpgn.Ending
		winners      []string
		players      []string
	}{
		{"blunderman1 won by checkmate", "", bpgn.EndCheckmate, []string{"blunderman1"}, nil},
		{"a won by resignation", "", bpgn.EndResignation, []string{"a"}, nil},
		{"a won on time", "", bpgn.EndTime, []string{"a"}, nil},
		{"a won - game abandoned", "", bpgn.EndDisconnection, []string{"a"}, nil},
		{"a and d won by checkmate", "", bpgn.EndCheckmate, []string{"a", "d"}, nil},
		{"Game drawn by agreement", "", bpgn.EndAgreement, nil, nil},
		{"Game drawn by repetition", "", bpgn.EndRepetition, nil, nil},
		{"Game drawn by stalemate", "", bpgn.EndUnknown, nil, nil},
		{"won by checkmate", "", bpgn.EndUnknown, nil, nil},
		{"a won by checkmate", "{b resigns}", bpgn.EndResignation, nil, []string{"b"}},
	} {
		g, err := bpgn.Parse([]byte("[WhiteA \"a\"]\n[Termination \"" + tc.tag + "\"]\n1A. e4 {1} " + tc.comment + " 1-0"))
		if err != nil {
			t.Fatal(err)
		}
		term := g.Termination()
		if term.Ending != tc.ending || strings.Join(term.Winners, ",") != strings.Join(tc.winners, ",") || strings.Join(term.Players, ",") != strings.Join(tc.players, ",") {
			t.Errorf("%q %q: %s winners %v players %v", tc.tag, tc.comment, term.Ending, term.Winners, term.Players)
		}
		if tc.ending != bpgn.EndUnknown && tc.comment == "" && (term.Line != 2 || term.Moves != 1) {
			t.Errorf("%q: line %d, moves %d", tc.tag, term.Line, term.Moves)
		}
	}
	if term := parseFile(t, "chesscom_export_sample.bpgn").Termination(); term.Ending != bpgn.EndCheckmate || strings.Join(term.Winners, ",") != "blunderman1" {
		t.Errorf("chess.com sample: %+v", term)
	}
}
