package replay_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"tandem/bughouse"
	"tandem/replay"
	"tandem/rules"
)

// runText loads and runs a BPGN text.
func runText(t *testing.T, text string) (*replay.Plan, *replay.Report) {
	t.Helper()
	p, err := replay.Load("g.bpgn", []byte(text), "")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return p, r
}

// A record with a move that has no stamp: the moves and the recorded
// ending are checked, the clocks are not adjudicated, and the reports say
// so, naming the first unstamped move's line.
func TestNoClocks_EndingsCheckedOnTheBoards(t *testing.T) {
	// Fool's mate on board A, blockable under fics (mate = bughouse), so it
	// is not mate there; a queen mate on board A that nothing can block.
	const fool = "1A. f3 1a. e5{59}\n2A. g4{58} 2a. Qh4{57}\n"
	const scholar = "1A. e4 1a. e5{59}\n2A. Bc4{58} 2a. Nc6{57}\n3A. Qh5{57} 3a. Nf6{56}\n4A. Qxf7{56}\n"
	for _, tc := range []struct {
		name, text string
		line       int
		result     rules.Result
		reason     rules.Reason
		seats      []bughouse.Seat
		mismatch   string // "" when the record agrees
		unchecked  string // "" when everything is checked
	}{
		{"mate found", tags + `[Result "1-0"]` + "\n" + scholar + "{b checkmated} 1-0\n", 4, rules.Team1Wins, rules.Checkmate, []bughouse.Seat{bughouse.ABlack}, "", ""},
		{"mate not on the board", tags + `[Result "0-1"]` + "\n" + fool + "{a checkmated} 0-1\n", 4, rules.Team2Wins, rules.Checkmate, []bughouse.Seat{bughouse.AWhite}, "but after the last move on board A the board is must-wait", ""},
		{"resignation", tags + `[Result "0-1"]` + "\n" + fool + "{a resigns} 0-1\n", 4, rules.Team2Wins, rules.Resignation, []bughouse.Seat{bughouse.AWhite}, "", ""},
		{"resignation, wrong Result tag", tags + `[Result "1-0"]` + "\n" + fool + "{a resigns}\n", 4, rules.Team2Wins, rules.Resignation, []bughouse.Seat{bughouse.AWhite}, "the record's result is 1-0 but the replay gives 0-1", ""},
		{"draw", tags + `[Result "1/2-1/2"]` + "\n" + fool + "{Game drawn by mutual agreement} 1/2-1/2\n", 4, rules.MatchDraw, rules.Agreement, nil, "", ""},
		{"flag not checked", tags + `[Result "1-0"]` + "\n" + fool + "{a forfeits on time} 1-0\n", 4, rules.NoResult, rules.NoReason, nil, "", "a loss on time) is not checked"},
		{"bare result not checked", tags + `[Result "1-0"]` + "\n" + fool + "1-0\n", 4, rules.NoResult, rules.NoReason, nil, "", "no ending says how it came"},
		{"unfinished", tags + `[Result "*"]` + "\n1A. e4{59} 1a. e5{58}\n2A. d4 {C: a note} *\n", 5, rules.NoResult, rules.NoReason, nil, "", ""},
		// chess.com's Termination tag names the winner (a player here).
		{"Termination tag", tags + `[Result "1-0"][Termination "a won by checkmate"]` + "\n" + scholar + "1-0\n", 4, rules.Team1Wins, rules.Checkmate, []bughouse.Seat{bughouse.ABlack}, "", ""},
	} {
		p, r := runText(t, tc.text)
		if p.NoClocksLine != tc.line || !strings.Contains(p.NoClocks, "(line "+itoa(tc.line)+") has no clock stamp") {
			t.Errorf("%s: no-clocks line %d %q, want line %d", tc.name, p.NoClocksLine, p.NoClocks, tc.line)
		}
		if r.Result != tc.result || r.Reason != tc.reason || !sameSeats(r.Seats, tc.seats) {
			t.Errorf("%s: %s %s %v, want %s %s %v", tc.name, r.Result, r.Reason, r.Seats, tc.result, tc.reason, tc.seats)
		}
		if (tc.mismatch == "") != (r.Mismatch == "") || !strings.Contains(r.Mismatch, tc.mismatch) {
			t.Errorf("%s: mismatch %q, want %q", tc.name, r.Mismatch, tc.mismatch)
		}
		if (tc.unchecked == "") != (r.Unchecked == "") || !strings.Contains(r.Unchecked, tc.unchecked) {
			t.Errorf("%s: unchecked %q, want %q", tc.name, r.Unchecked, tc.unchecked)
		}
		if r.Moves == nil || r.Moves.Illegal != nil {
			t.Errorf("%s: moves %+v", tc.name, r.Moves)
		}
		for _, st := range p.Steps {
			if st.Event.Kind == rules.Press {
				t.Errorf("%s: a press without a stamp was planned: %v", tc.name, st.Event)
			}
		}
	}
}

// An illegal move is found without the clocks too.
func TestNoClocks_IllegalMoveFound(t *testing.T) {
	_, r := runText(t, tags+`[Result "1-0"]`+"\n1A. e4 1a. e5{59}\n2A. N@f3{58} {b resigns} 1-0\n")
	if r.Moves.Illegal == nil || r.Moves.Illegal.Line != 5 || !strings.Contains(r.Moves.Illegal.Reason, "no knight in reserve") {
		t.Errorf("illegal %+v", r.Moves.Illegal)
	}
}

// The JSON report says "clocks":"not adjudicated" with the reason, and
// leaves out the instants and clocks (null); a timed report has no clocks
// key and keeps them.
func TestNoClocks_JSON(t *testing.T) {
	_, r := runText(t, tags+`[Result "0-1"]`+"\n1A. f3 1a. e5{59}\n2A. g4{58} 2a. Qh4{57} {a resigns} 0-1\n")
	var j map[string]any
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j["clocks"] != "not adjudicated" || !strings.HasPrefix(j["clocks_reason"].(string), "move 1A. f3 (line 4) has no clock stamp") ||
		j["clocks_ms"] != nil || j["decided_at_ms"] != nil || j["at_ms"] != nil || j["result"] != "0-1" || j["decided"] != true {
		t.Errorf("json %s", b.String())
	}
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "clocks      not adjudicated: move 1A. f3 (line 4) has no clock stamp") || strings.Contains(text.String(), "decided at") {
		t.Errorf("text\n%s", text.String())
	}

	_, r = runText(t, tags+`[Result "0-1"]`+"\n1A. f3{59} 1a. e5{59}\n2A. g4{58} 2a. Qh4{57} {a resigns} 0-1\n")
	b.Reset()
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	j = nil
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if _, ok := j["clocks"]; ok || j["clocks_ms"] == nil || j["decided_at_ms"] != 5000.0 {
		t.Errorf("timed json %s", b.String())
	}
}

// A termination that names a winner who is not a player cannot be placed
// unless it is a checkmate (the mating move ends the record).
func TestNoClocks_WinnerNotAPlayer(t *testing.T) {
	_, err := replay.Load("g.bpgn", []byte(tags+`[Result "1-0"][Termination "zed won by resignation"]`+"\n1A. e4 1a. e5{59} 1-0\n"), "")
	if err == nil || !strings.Contains(err.Error(), `g.bpgn:3: "zed won by resignation" names zed, who is not among the players`) {
		t.Errorf("got %v", err)
	}
}

func itoa(n int) string {
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
