package replay_test

import (
	"os"
	"testing"

	"tandem/replay"
	"tandem/rules"
)

// BenchmarkReplayGame replays a whole real game: parse the record, rebuild
// the presses and run the engine (FICS 1934461, 125 moves, lost on time).
func BenchmarkReplayGame(b *testing.B) {
	src, err := os.ReadFile("../testdata/bpgn/fics_1934461_flag.bpgn")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		p, err := replay.Load("fics_1934461_flag.bpgn", src, "")
		if err != nil {
			b.Fatal(err)
		}
		r, err := p.Run(nil)
		if err != nil || r.Result != rules.Team1Wins {
			b.Fatal(err, r.Result)
		}
	}
}
