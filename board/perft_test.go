package board_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"tandem/board"
	"testing"
)

// perftCase is one "perft DEPTH NODES" line of testdata/zh-perft.txt (a
// copy of the design's crazyhouse perft counts).
type perftCase struct {
	id, variant, fen string
	depth            int
	nodes            uint64
	line             int
}

func readPerft(t testing.TB) []perftCase {
	f, err := os.Open("testdata/zh-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var cur perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		switch fs[0] {
		case "id":
			cur = perftCase{id: fs[1]}
		case "variant":
			cur.variant = fs[1]
		case "fen":
			cur.fen = strings.Join(fs[1:], " ")
		case "perft":
			c := cur
			c.depth, _ = strconv.Atoi(fs[1])
			c.nodes, _ = strconv.ParseUint(fs[2], 10, 64)
			c.line = n
			if c.depth == 0 || c.nodes == 0 {
				t.Fatalf("zh-perft.txt:%d: bad perft line", n)
			}
			out = append(out, c)
		}
	}
	return out
}

// shallowNodes: counts up to this many nodes run in every test run; the
// rest run with -tags perftdeep (.ci/steps/reserves.sh).
const shallowNodes = 200_000

func TestPerft_Crazyhouse(t *testing.T) {
	cases := readPerft(t)
	ran := 0
	for _, c := range cases {
		if c.variant != "crazyhouse" {
			continue // loop, chessgi, pocketknight, koedem: other games
		}
		if c.nodes > shallowNodes && !perftDeep {
			continue
		}
		p, err := board.ParseFEN(c.fen, board.CrazyhouseRules)
		if err != nil {
			t.Fatalf("zh-perft.txt:%d %s: %v", c.line, c.id, err)
		}
		if got := p.Perft(c.depth); got != c.nodes {
			t.Errorf("zh-perft.txt:%d %s depth %d: %d nodes, want %d", c.line, c.id, c.depth, got, c.nodes)
		}
		ran++
	}
	want := 42 // crazyhouse lines with at most shallowNodes nodes
	if perftDeep {
		want = 51
	}
	if ran != want {
		t.Errorf("ran %d perft lines, want %d (did testdata/zh-perft.txt change?)", ran, want)
	}
}

// The perft walk must leave the position as it found it.
func TestPerft_RestoresPosition(t *testing.T) {
	for _, c := range readPerft(t) {
		if c.variant != "crazyhouse" || c.depth != 2 {
			continue
		}
		p, _ := board.ParseFEN(c.fen, board.CrazyhouseRules)
		before := *p
		p.Perft(3)
		if *p != before {
			t.Errorf("%s: perft changed the position: %s, was %s", c.id, p.FEN(), before.FEN())
		}
	}
}
