package replay_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/replay"
	"tandem/rules"
)

// press is one move read by the test's own tiny reader: seat, stamp (ms).
type press struct {
	seat    bughouse.Seat
	stampMS int64
	atMS    int64 // instant, computed by handInstants
	label   string
}

var moveRE = regexp.MustCompile(`(\d+)([AaBb])\.\s*(\S+?)\s*\{([0-9.]+)\}`)

// stampMS reads "118.585" or "179" as milliseconds, without floats.
func stampMS(t *testing.T, s string) int64 {
	w, f, _ := strings.Cut(s, ".")
	f = (f + "000")[:3]
	n, err := strconv.ParseInt(w+f, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// handInstants re-derives every press instant with the rule of the brief,
// independently of package replay: a board's instant is the time both its
// players have used, used = base - stamp (no increment in these games).
func handInstants(t *testing.T, path string, baseMS int64) []press {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []press
	var used [4]int64
	for _, m := range moveRE.FindAllStringSubmatch(string(src), -1) {
		seat := map[string]bughouse.Seat{"A": bughouse.AWhite, "a": bughouse.ABlack, "B": bughouse.BWhite, "b": bughouse.BBlack}[m[2]]
		p := press{seat: seat, stampMS: stampMS(t, m[4]), label: m[1] + m[2] + ". " + m[3]}
		used[seat] = baseMS - p.stampMS
		p.atMS = used[seat] + used[seat^1]
		out = append(out, p)
	}
	return out
}

// handClocks returns the four clocks at instant T (ms), from the presses
// made up to T: the presser's clock holds its stamp, the opponent's runs
// from the board's last press.
func handClocks(ps []press, baseMS, T int64) [4]int64 {
	clk := [4]int64{baseMS, baseMS, baseMS, baseMS}
	var last [2]int64
	running := [2]bughouse.Seat{bughouse.AWhite, bughouse.BWhite}
	for _, p := range ps {
		if p.atMS > T {
			continue
		}
		b := p.seat.Board()
		clk[p.seat] = p.stampMS
		last[b], running[b] = p.atMS, p.seat^1
	}
	for b := range 2 {
		clk[running[b]] -= T - last[b]
		if clk[running[b]] < 0 {
			clk[running[b]] = 0
		}
	}
	return clk
}

func ms(d time.Duration) int64 { return int64(d / time.Millisecond) }

func TestFICSGames(t *testing.T) {
	for _, tc := range []struct {
		file    string
		baseMS  int64
		result  string // team 1's view (docs/rules.md)
		board   string // the deciding board's game, as the record writes it
		reason  string
		seats   []bughouse.Seat
		decided bool
		// decisionMS: how the decision instant follows from the stamps.
		decisionMS func(ps []press) int64
		wantMS     int64 // the same, worked out by hand in the comment
	}{
		{
			// Carla (B-white) forfeits on time: after 32b. Ka5{136.738} at
			// (300-0.646)+(300-136.738) = 462.616 s her 0.646 s run out.
			file: "fics_1934461_flag.bpgn", baseMS: 300000, result: "1-0", board: "0-1", reason: "flag",
			seats: []bughouse.Seat{bughouse.BWhite}, decided: true,
			decisionMS: func(ps []press) int64 {
				var lastB press
				var carla int64
				for _, p := range ps {
					if p.seat.Board() == bughouse.BoardB {
						lastB = p
					}
					if p.seat == bughouse.BWhite {
						carla = p.stampMS
					}
				}
				return lastB.atMS + carla
			},
			wantMS: 463262,
		},
		{
			// Dario (B-black) mated by 23B. B@g7#{72.284}: (300-72.284) +
			// (300-178.996) = 348.720 s.
			file: "fics_1934301_checkmate.bpgn", baseMS: 300000, result: "0-1", board: "1-0", reason: "checkmate",
			seats: []bughouse.Seat{bughouse.BBlack}, decided: true,
			decisionMS: func(ps []press) int64 { return lastOn(ps, bughouse.BoardB).atMS },
			wantMS:     348720,
		},
		{
			// Bruno (A-black) mated by 27A. N@g4#{1.978}: (60-1.978) +
			// (60-8.488) = 109.534 s.
			file: "fics_1934587_checkmate.bpgn", baseMS: 60000, result: "1-0", board: "1-0", reason: "checkmate",
			seats: []bughouse.Seat{bughouse.ABlack}, decided: true,
			decisionMS: func(ps []press) int64 { return lastOn(ps, bughouse.BoardA).atMS },
			wantMS:     109534,
		},
		{
			// Aborted: not decided; the report is at the last press,
			// 4A. e5{117.203}: (120-117.203) + (120-117.687) = 5.110 s.
			file: "fics_1283326_aborted.bpgn", baseMS: 120000, result: "*", board: "*", reason: "",
			decided:    false,
			decisionMS: func(ps []press) int64 { return max(lastOn(ps, bughouse.BoardA).atMS, lastOn(ps, bughouse.BoardB).atMS) },
			wantMS:     5110,
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := "../testdata/bpgn/" + tc.file
			ps := handInstants(t, path, tc.baseMS)
			T := tc.decisionMS(ps)
			if T != tc.wantMS {
				t.Fatalf("hand computation: decision at %d ms, the comment says %d", T, tc.wantMS)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := replay.Load(path, src, "")
			if err != nil {
				t.Fatal(err)
			}
			presses := 0
			r, err := plan.Run(func(st replay.Step, m *rules.Match, eff rules.Effect, err error) {
				if st.Event.Kind != rules.Press {
					return
				}
				presses++
				if err != nil || eff.Ignored != "" {
					t.Errorf("%s at %v: ignored (%q) or refused (%v)", st.Label, st.Event.At, eff.Ignored, err)
					return
				}
				// The engine's remaining time of the presser, right after
				// the press, is the record's stamp to the ms.
				if got := m.Remaining(st.Event.Seat, st.Event.At); !st.Stamped || got != st.Stamp || got%time.Millisecond != 0 {
					t.Errorf("line %d %s: engine has %v left, the record %v", st.Line, st.Label, got, st.Stamp)
				}
				// clock-cases invariant: no increment, equal bases, one
				// start: both boards have used the same time.
				at := st.Event.At
				if a, b := m.Remaining(bughouse.AWhite, at)+m.Remaining(bughouse.ABlack, at), m.Remaining(bughouse.BWhite, at)+m.Remaining(bughouse.BBlack, at); m.Status() == rules.Running && a != b {
					t.Errorf("line %d %s: board A has %v left in all, board B %v", st.Line, st.Label, a, b)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if presses != len(ps) {
				t.Errorf("replayed %d presses, the record has %d", presses, len(ps))
			}
			if r.Result.String() != tc.result || r.Reason.String() != tc.reason && !(tc.reason == "" && r.Reason == rules.NoReason) {
				t.Errorf("result %s %s, want %s %s", r.Result, r.Reason, tc.result, tc.reason)
			}
			if got := r.Boards[0].Outcome.String(); r.Boards[1].Outcome != rules.Undecided {
				got = r.Boards[1].Outcome.String()
				if tc.board != got {
					t.Errorf("deciding board's game %s, want %s", got, tc.board)
				}
			} else if got != tc.board {
				t.Errorf("deciding board's game %s, want %s", got, tc.board)
			}
			if r.Decided != tc.decided || !sameSeats(r.Seats, tc.seats) {
				t.Errorf("decided %v seats %v, want %v %v", r.Decided, r.Seats, tc.decided, tc.seats)
			}
			if r.Mismatch != "" || r.Expect == nil {
				t.Errorf("the replay disagrees with the record: %s", r.Mismatch)
			}
			if ms(r.At) != T || r.At%time.Millisecond != 0 || (tc.decided && r.DecidedAt != r.At) {
				t.Errorf("decision/report instant %v, want %d ms", r.At, T)
			}
			want := handClocks(ps, tc.baseMS, T)
			for _, s := range bughouse.Seats {
				if r.Clocks[s] != time.Duration(want[s])*time.Millisecond {
					t.Errorf("%s clock %v, want %d ms", s, r.Clocks[s], want[s])
				}
			}
			ignored := 0
			for _, p := range ps {
				if p.atMS > T {
					ignored++
				}
			}
			if r.Ignored != ignored {
				t.Errorf("%d events ignored, want %d (presses after the decision): %+v", r.Ignored, ignored, r.Notes)
			}
		})
	}
}

func lastOn(ps []press, b bughouse.Board) press {
	var l press
	for _, p := range ps {
		if p.seat.Board() == b && p.atMS >= l.atMS {
			l = p
		}
	}
	return l
}

func sameSeats(a, b []bughouse.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The other dialects of the shared data replay (or are refused) too.
func TestOtherDialects(t *testing.T) {
	// bughouse.pro: {[ts=S]} stamps are the press instants; Alba & Dario
	// "checkmated": Alba, on the board of the last move (A), is mated at
	// 11a.'s instant, 3.8 s.
	r := runFile(t, "../testdata/bpgn/bughousepro_golden_export_synthetic.bpgn", "")
	if r.Result != rules.Team2Wins || r.Reason != rules.Checkmate || !sameSeats(r.Seats, []bughouse.Seat{bughouse.AWhite}) || r.DecidedAt != 3800*time.Millisecond || r.Mismatch != "" {
		t.Errorf("bughouse.pro: %s %s %v at %v (%s)", r.Result, r.Reason, r.Seats, r.DecidedAt, r.Mismatch)
	}
	// Instants are given: A-white pressed at 0, 0.3, 0.7, 1.1, 1.7, 2.0,
	// 2.4, 2.7, 3.1, 3.4, 3.7; A-black at 0.1, 0.5, 0.9, 1.4, 1.8, 2.2,
	// 2.5, 3.0, 3.3, 3.6, 3.8. White used 0+0.2+0.2+0.2+0.3+0.2+0.2+0.2+0.1+0.1+0.1 = 1.8 s.
	if r.Clocks[bughouse.AWhite] != 298200*time.Millisecond {
		t.Errorf("bughouse.pro A-white clock %v, want 4:58.2", r.Clocks[bughouse.AWhite])
	}
	// Sunsetter: every stamp 180 of 180: every press at instant 0; Carla
	// (A-white and B-white) is mated on A, the board of the last move.
	r = runFile(t, "../testdata/bpgn/sunsetter_bench_crazyhouse.bpgn", "")
	if r.Result != rules.Team2Wins || r.Reason != rules.Checkmate || !sameSeats(r.Seats, []bughouse.Seat{bughouse.AWhite}) || r.DecidedAt != 0 || r.Mismatch != "" {
		t.Errorf("sunsetter: %s %s %v at %v (%s)", r.Result, r.Reason, r.Seats, r.DecidedAt, r.Mismatch)
	}
	for _, s := range bughouse.Seats {
		if r.Clocks[s] != 180*time.Second {
			t.Errorf("sunsetter %s clock %v, want 3:00", s, r.Clocks[s])
		}
	}
	// chess.com: board A has no stamps. The moves are still checked and
	// the recorded checkmate found; the clocks are not adjudicated, and
	// the report says why, naming the first unstamped move and its line.
	src, _ := os.ReadFile("../testdata/bpgn/chesscom_export_sample.bpgn")
	g, err := bpgn.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := replay.Load("chesscom_export_sample.bpgn", src, "")
	if err != nil {
		t.Fatalf("chess.com: %v", err)
	}
	if p.NoClocksLine != 20 || !strings.HasPrefix(p.NoClocks, "move 1A. e4 (line 20) has no clock stamp") || p.Preset != "fics" {
		t.Errorf("chess.com plan: line %d, %q, preset %s", p.NoClocksLine, p.NoClocks, p.Preset)
	}
	r, err = p.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	// 19a. Qxg1# ends the record: A-white (Dario) is mated; team 2 wins.
	if r.Result != rules.Team2Wins || r.Reason != rules.Checkmate || !sameSeats(r.Seats, []bughouse.Seat{bughouse.AWhite}) || r.Mismatch != "" || r.Unchecked != "" || r.NoClocks != p.NoClocks {
		t.Errorf("chess.com: %s %s %v (%s) unchecked %q", r.Result, r.Reason, r.Seats, r.Mismatch, r.Unchecked)
	}
	if mc := r.Moves; mc.Illegal != nil || mc.Checked != len(g.Moves) || !mc.MateClaimed || !mc.Mated {
		t.Errorf("chess.com moves: %d of %d checked, illegal %v, mate claimed %v mated %v", mc.Checked, len(g.Moves), mc.Illegal, mc.MateClaimed, mc.Mated)
	}
}

func load(t *testing.T, text string) *replay.Plan {
	t.Helper()
	p, err := replay.Load("t.bpgn", []byte(text), "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBPGN_EqualInstantsKeepRecordOrder(t *testing.T) {
	p := load(t, `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "0-1"]
1B. d4{59} 1A. e4{59} 1b. d5{58} 1a. e5{58} 2B. c4{57.5} {d resigns} 0-1`)
	var got []string
	for _, st := range p.Steps {
		got = append(got, st.Event.String()+"@"+st.Event.At.String())
	}
	want := "start@0s press B-white@1s press A-white@1s press B-black@3s press A-black@3s press B-white@4.5s result B 1-0 resignation@4.5s"
	if strings.Join(got, " ") != want {
		t.Errorf("steps\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	r, _ := p.Run(nil)
	if r.Result != rules.Team2Wins || r.Reason != rules.Resignation || r.Mismatch != "" {
		t.Errorf("%s %s %s", r.Result, r.Reason, r.Mismatch)
	}
}

// Presses recorded after the decision instant change nothing.
func TestBPGN_PressesAfterDecisionIgnored(t *testing.T) {
	// A: 1A at 1, 1a at 2, 2A mate at 3. B: 1B at 10, 1b at 12: after.
	p := load(t, `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "1-0"]
1A. e4{59} 1B. d4{50} 1a. e5{59} 1b. d5{58} 2A. Qh5#{58} {b checkmated} 1-0`)
	r, _ := p.Run(nil)
	if r.Result != rules.Team1Wins || r.Reason != rules.Checkmate || r.DecidedAt != 3*time.Second || r.Ignored != 2 {
		t.Errorf("%s %s at %v, %d ignored", r.Result, r.Reason, r.DecidedAt, r.Ignored)
	}
	if r.Clocks[bughouse.BWhite] != 57*time.Second {
		t.Errorf("B-white at 3 s: %v, want 57s (the later press is ignored)", r.Clocks[bughouse.BWhite])
	}
}

// A name on both boards is the seat on the board of the last move.
func TestBPGN_NameOnSeveralSeatsPrefersLastBoard(t *testing.T) {
	p := load(t, `[WhiteA "x"][BlackA "y"][WhiteB "x"][BlackB "y"][TimeControl "60+0"][Result "1-0"]
1A. e4{59} 1B. e4{59} {x resigns} 1-0`)
	r, _ := p.Run(nil)
	if !sameSeats(r.Seats, []bughouse.Seat{bughouse.BWhite}) || r.Reason != rules.Resignation || r.Result != rules.Team1Wins || r.Mismatch != "" {
		t.Errorf("%s %s %v: %s", r.Result, r.Reason, r.Seats, r.Mismatch)
	}
}

// A record whose result disagrees with the replay is reported.
func TestBPGN_Mismatch(t *testing.T) {
	src, _ := os.ReadFile("../testdata/bpgn/fics_1934461_flag.bpgn")
	for _, tc := range []struct{ from, to, want string }{
		{`[Result "0-1"]`, `[Result "1-0"]`, "the record's result 1-0"},
		{`{Carla forfeits on time} 0-1`, `{Alba forfeits on time} 0-1`, "the record says A-white"},
		{`{Carla forfeits on time} 0-1`, `{Dario resigns} 0-1`, "the record's result 0-1"},
	} {
		text := strings.Replace(string(src), tc.from, tc.to, 1)
		if tc.from == `[Result "0-1"]` {
			text = strings.Replace(text, "} 0-1", "} 1-0", 1)
		}
		r, err := load(t, text).Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Mismatch, tc.want) {
			t.Errorf("%s: mismatch %q, want it to contain %q", tc.to, r.Mismatch, tc.want)
		}
	}
}

// A recorded mate that comes after a flag: the flag decides.
func TestBPGN_MismatchFlagBeforeRecordedMate(t *testing.T) {
	// A-black never answers 1A. (at 1 s) and flags at 61 s; board B's
	// recorded mate is at 71 s.
	p := load(t, `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+0"][Result "0-1"]
1A. e4{59} 1B. e4{30} 1b. e5{20} 2B. Qxf7#{29} {d checkmated} 0-1`)
	r, _ := p.Run(nil)
	if r.Result != rules.Team1Wins || r.Reason != rules.Flag || r.DecidedAt != 61*time.Second || r.Ignored != 3 {
		t.Errorf("%s %s at %v, %d ignored", r.Result, r.Reason, r.DecidedAt, r.Ignored)
	}
	if !strings.Contains(r.Mismatch, "the record's result is 0-1") || !strings.Contains(r.Mismatch, "the record ends by checkmate") {
		t.Errorf("mismatch %q", r.Mismatch)
	}
}

// Increments are credited after each move (FICS): with 60+2 a stamp of
// 61 after White's first move means 1 s was used.
func TestBPGN_IncrementCreditedAfterMove(t *testing.T) {
	p := load(t, `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"][TimeControl "60+2"][Result "*"]
1A. e4{61} 1a. e5{59.5} 2A. d4{60} *`)
	var at []time.Duration
	r, _ := p.Run(func(st replay.Step, m *rules.Match, eff rules.Effect, err error) {
		if st.Event.Kind == rules.Press {
			at = append(at, st.Event.At)
			if got := m.Remaining(st.Event.Seat, st.Event.At); got != st.Stamp {
				t.Errorf("%s: engine %v, record %v", st.Label, got, st.Stamp)
			}
		}
	})
	// White used 62-61 = 1; Black 62-59.5 = 2.5; White 64-60 = 4.
	want := []time.Duration{time.Second, 3500 * time.Millisecond, 6500 * time.Millisecond}
	if len(at) != 3 || at[0] != want[0] || at[1] != want[1] || at[2] != want[2] {
		t.Errorf("instants %v, want %v", at, want)
	}
	if r.Decided || r.At != 6500*time.Millisecond {
		t.Errorf("decided %v at %v", r.Decided, r.At)
	}
}
