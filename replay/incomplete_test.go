package replay_test

import (
	"os"
	"strings"
	"testing"

	"tandem/replay"
	"tandem/rules"
	"tandem/timeline"
)

// Each refused input gives exactly this "file:line: message".
func TestRefused_ExactMessages(t *testing.T) {
	fics, err := os.ReadFile("../testdata/bpgn/fics_1934461_flag.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	const noEvents = `no events: a timeline needs at least one event line, e.g. "0 start"`
	for _, tc := range []struct{ file, text, want string }{
		// An empty timeline is no match to replay.
		{"e.timeline", "", "e.timeline:1: " + noEvents},
		{"c.timeline", "# only a comment\n\n", "c.timeline:1: " + noEvents},
		{"h.timeline", "preset fics\ncontrol 5m\noption one_board_draw match-draw\n", "h.timeline:1: " + noEvents},
		{"end.timeline", "control 1m\n90 end\n", "end.timeline:1: " + noEvents},
		{"empty", "", `empty:1: the file is empty: it is neither a BPGN record nor a timeline (` + noEvents + `)`},
		{"-", " \n\t\n", `-:1: the file is empty: it is neither a BPGN record nor a timeline (` + noEvents + `)`},
		{"notes", "# only a comment\n", "notes:1: " + noEvents},
		{"notes.txt", "\nhello world\n", `notes.txt:2: "hello" is neither a header line (preset, control, option) nor an event (TIME EVENT, e.g. "1.25 press A-white") (read as a timeline: the name does not end in .bpgn, .pgn or .timeline and the text does not start with "[")`},
		{"script", "0 start\n1 jump\n", `script:2: unknown event "jump"; events are start, press, pause, resume, adjust, claim, uphold, reject, result, warn, penalty, agree, deadlock, call, arrive, reset, end`},
		// Timeline times and adjustments.
		{"t.timeline", "-1 start\n", "t.timeline:1: time -1 is negative; times count seconds from the match start"},
		{"t.timeline", "0 start\n-.5 pause\n", "t.timeline:2: time -.5 is negative; times count seconds from the match start"},
		{"t.timeline", "+1 start\n", "t.timeline:1: time +1: write it without a sign; times count seconds from the match start"},
		{"t.timeline", "0 pause\n1 adjust A-white 30s\n", "t.timeline:2: adjust needs a signed amount: +30s adds, -30s removes"},
		{"t.timeline", "0 pause\n1 adjust A-white 2.5\n", "t.timeline:2: adjust needs a signed amount: +2.5 adds, -2.5 removes"},
		{"t.timeline", "0 pause\n1 adjust A-white ten\n", "t.timeline:2: adjust needs a signed amount: +30s adds, -30s removes"},
		{"t.timeline", "0 pause\n1 adjust A-white -0s\n", "t.timeline:2: adjust: -0s changes nothing; give the time to add (+30s) or remove (-30s)"},
		{"t.timeline", "option illegal_move arbiter\noption illegal_move three-strikes\n0 start\n", "t.timeline:2: option illegal_move is set twice (first on line 1); keep one"},
		// A BPGN record cut off at a move boundary (line 13 is the
		// movetext) is incomplete, not a disagreement.
		{"t.bpgn", string(fics[:3000]), `t.bpgn:13: the record ends without its ending (the Result tag says 0-1 but no "{... checkmated/resigns/forfeits on time}" comment or result follows the last move); it may be truncated`},
		// The last line, not the last move's.
		{"g.bpgn", tags + `[Result "1-0"]` + "\n1A. e4{59}\n1a. e5\n{58}\n\n", `g.bpgn:6: the record ends without its ending (the Result tag says 1-0 but no "{... checkmated/resigns/forfeits on time}" comment or result follows the last move); it may be truncated`},
		{"g.bpgn", tags + `[Result "1/2-1/2"]` + "\n1A. e4{59}\n", `g.bpgn:4: the record ends without its ending (the Result tag says 1/2-1/2 but no "{Game drawn by ...}" comment or result follows the last move); it may be truncated`},
		{"g.bpgn", tags + "1A. e4{59} 1a. e5{58}\n", `g.bpgn:3: the record ends without a result (no Result tag, and no result such as 1-0 or * follows the last move); it may be truncated: end an unfinished game with *`},
		{"g.bpgn", tags + `[Result "0-1"]` + "\n1A. e4{59} 1a. e5{58} 2A. d4\n", `g.bpgn:4: move 2A. d4 has no clock stamp: tandem needs every move's remaining time ({seconds} after the move, e.g. {118.585}) or its instant ({[ts=S]}) to rebuild the presses; it is the last move and no ending or result follows it: the record may be truncated`},
		{"g.bpgn", tags + "1A. e4{59} {b resigns}\n1a. e5{58} 1-0\n", `g.bpgn:3: the ending {b resigns} comes before move 1a. e5 (line 4); an ending follows the last move`},
		// Stamps that are not times.
		{"g.bpgn", tags + "1A. e4{59} 1a. e5{58}\n2A. d4 {-5} *\n", "g.bpgn:4: move 2A. d4: clock stamp {-5} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"g.bpgn", tags + "1A. e4{59} 1a. e5{58}\n2A. d4 {abc} *\n", "g.bpgn:4: move 2A. d4: clock stamp {abc} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"g.bpgn", tags + "1A. e4{59} 1a. e5{58}\n2A. d4 {57} {1.2.3} *\n", "g.bpgn:4: move 2A. d4: clock stamp {1.2.3} is not a time: write the remaining seconds, e.g. {118.585}"},
		{"g.bpgn", tags + "1A. e4{[ts=0.5]}\n1a. e5 {[ts=-1]} *\n", "g.bpgn:4: move 1a. e5: clock stamp {[ts=-1]} is not a time: write the instant in seconds from the start, e.g. {[ts=1.700]}"},
		{"g.bpgn", tags + "1A. e4{[ts=0.5]}\n1a. e5 {x} *\n", "g.bpgn:4: move 1a. e5: clock stamp {x} is not a time: write the instant in seconds from the start, e.g. {[ts=1.700]}"},
		{"g.bpgn", tags + "1A. e4 {[%clk 0:61:00]} *\n", "g.bpgn:3: move 1A. e4: clock stamp {[%clk 0:61:00]} is not a time: write H:MM:SS, e.g. {[%clk 0:01:58.585]}"},
		{"g.bpgn", tags + "1A. e4 {[%clk 0:00:60]} *\n", "g.bpgn:3: move 1A. e4: clock stamp {[%clk 0:00:60]} is not a time: write H:MM:SS, e.g. {[%clk 0:01:58.585]}"},
		// Other nonsense.
		{"g.bpgn", tags + `[Result "2-0"]` + "\n1A. e4{59} *\n", `g.bpgn:3: tag Result "2-0" is not a result; write 1-0, 0-1, 1/2-1/2 or * (unfinished)`},
		{"g.bpgn", tags + "1A. e4{61} *\n", "g.bpgn:3: move 1A. e4: the stamp {61} is more than the 60 s A-white had (the TimeControl's base time and increment): a clock cannot go up beyond its increments"},
	} {
		_, err := replay.Load(tc.file, []byte(tc.text), "")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %q:\n got %v\nwant %s", tc.file, tc.text, err, tc.want)
		}
	}
}

// What is accepted stays accepted.
func TestAccepted_CompleteRecordsAndTimelines(t *testing.T) {
	for _, tc := range []struct{ file, text string }{
		// An unfinished game: Result "*" and no result token (bughouse.pro
		// writes none).
		{"g.bpgn", tags + `[Result "*"]` + "\n1A. e4{59}\n"},
		// The result token alone ends a record.
		{"g.bpgn", tags + "1A. e4{59} *\n"},
		// One-word comments after the stamp are comments.
		{"g.bpgn", tags + "1A. e4{59} {good} *\n"},
		// An unknown extension guesses BPGN from "[", else timeline.
		{"game", tags + "1A. e4{59} *\n"},
		{"script", "0 start\n"},
		// A byte order mark.
		{"t.timeline", "\ufeff0 start\n"},
		{"t.timeline", "0 pause\n1 adjust A-white +30s\n2 adjust A-white -1m\n"},
	} {
		if _, err := replay.Load(tc.file, []byte(tc.text), ""); err != nil {
			t.Errorf("%s %q: %v", tc.file, tc.text, err)
		}
	}
}

// A complete record whose result token is not backed by the replay is a
// disagreement (exit 1), not a broken file.
func TestBPGN_CompleteRecordDisagrees(t *testing.T) {
	r, err := load(t, tags+`[Result "1-0"]`+"\n1A. e4{59} 1a. e5{58} 1-0\n").Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Mismatch != "the record's result is 1-0 but the replay gives no result (*)" {
		t.Errorf("mismatch %q", r.Mismatch)
	}
}

// The timeline package's doc claims: flags exactly simultaneous_window
// apart are simultaneous; a nanosecond more and they are not.
func TestSimultaneousWindowIsInclusive(t *testing.T) {
	for _, tc := range []struct {
		press  string
		reason rules.Reason
	}{
		{"0.001", rules.SimultaneousFlag},
		{"0.001000001", rules.Flag},
	} {
		s, err := timeline.Parse([]byte("control 1m\n0 start\n" + tc.press + " press B-white\n90 end\n"))
		if err != nil {
			t.Fatal(err)
		}
		p, err := replay.FromTimeline(s, "")
		if err != nil {
			t.Fatal(err)
		}
		r, _ := p.Run(nil)
		if r.Reason != tc.reason || p.Options.SimultaneousWindow.String() != "1ms" {
			t.Errorf("B-white pressed at %s: %s %v (window %v), want %s", tc.press, r.Reason, r.Seats, p.Options.SimultaneousWindow, tc.reason)
		}
	}
}

// The grammar is documented where --help says.
func TestTimelineDocNamesEveryLineKind(t *testing.T) {
	doc, err := os.ReadFile("../timeline/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"preset NAME", "control TEXT", "option KEY VALUE", "TIME start", "TIME press SEAT", "TIME pause",
		"TIME resume SEAT [SEAT]", "TIME adjust SEAT +DURATION", "TIME adjust SEAT -DURATION", "TIME claim SEAT KIND",
		"TIME uphold", "TIME reject", "TIME result BOARD OUTCOME REASON", "TIME reset", "TIME end", "inclusive"} {
		if !strings.Contains(string(doc), w) {
			t.Errorf("timeline/doc.go does not describe %q", w)
		}
	}
}
