package replay_test

import (
	"fmt"
	"strings"
	"testing"

	"tandem/replay"
)

const tags = `[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"]
[TimeControl "60+0"]
`

// Every kind of malformed line is reported as file:line: what is wrong,
// with the line of the fault.
func TestMalformedInput_FileLine(t *testing.T) {
	for _, tc := range []struct {
		file, text string
		line       int
		want       string
	}{
		// BPGN
		{"g.bpgn", tags + "1A. e4{59} 1a. e5\n", 3, "move 1a. e5 has no clock stamp"},
		{"g.bpgn", tags + "1A. e4 1a. e5{[ts=1]}\n2A. d4{59} *\n", 4, "one record uses one kind"},
		{"g.bpgn", tags + "1A. e4{59}\n1a. e5{59}\n2A. d4{59.5}\n", 5, "cannot go up"},
		{"g.bpgn", tags + "1A. e4{59.0000000001}\n", 3, "more than 9 decimals"},
		{"g.bpgn", tags + "1A. e4{59}\n2A. d4{58}\n", 4, "out of sequence on board A: expected 1a."},
		{"g.bpgn", tags + "1A. e4{59} 1a. e5 {unclosed\n\n", 3, "never closed"},
		{"g.bpgn", tags + "1A. e4{59}\n[Event \"x\"]\n", 4, "a tag after the moves"},
		{"g.bpgn", tags + "1A. e4{59} 1-0\n\n1B. d4{59}\n", 5, "after the result"},
		{"g.bpgn", tags + "1A. e4{59} 1-0\n[Event \"x\"]\n", 4, "a second game"},
		{"g.bpgn", tags + "1. e4{59}\n", 3, "not a BPGN move number"},
		{"g.bpgn", tags + "e4{59}\n", 3, "has no move number"},
		{"g.bpgn", tags + "1A.\n", 3, "has no move after it"},
		{"g.bpgn", tags + "1A. e4 (1A. d4) {59}\n", 3, "variations"},
		{"g.bpgn", `[WhiteA "a"]` + "\n" + `[Result "1-0]` + "\n", 2, "closing quote"},
		{"g.bpgn", `[WhiteA "a"]` + "\n" + `[Result 1-0]` + "\n", 2, "double quotes"},
		{"g.bpgn", `[WhiteA "a"]` + "\n" + `[WhiteA "b"]` + "\n", 2, "appears twice"},
		{"g.bpgn", tags + `[Result "1-0"]` + "\n1A. e4{59}\n0-1\n", 5, "the Result tag (line 3) says 1-0"},
		{"g.bpgn", tags + "1A. e4{59} {Zed checkmated}\n", 3, "not among the players"},
		{"g.bpgn", `[WhiteA "a"]` + "\n\n1A. e4{59}\n", 3, "no TimeControl tag"},
		{"g.bpgn", `[TimeControl "5 min"]` + "\n1A. e4{59}\n", 1, "TimeControl"},
		{"g.bpgn", tags + "1A. e4{[ts=1]}\n1a. e5{59}\n", 4, "one record uses one kind"},
		{"g.bpgn", tags + "1A. e4{[ts=2]} 1a. e5{[ts=3]}\n2A. d4{[ts=2.5]}\n", 4, "before move 1a. e5"},
		{"g.bpgn", tags + "1A. e4{59}{58}\n", 3, "two clock stamps"},
		{"g.bpgn", tags + "1A. e4{[%clk 0:0x:59]}\n", 3, "H:MM:SS"},
		{"g.bpgn", tags + "\n", 2, "no moves to replay: nothing follows the tags; it may be truncated"},
		{"g.bpgn", tags + "{Game aborted on move 1} *\n", 3, "no moves"},
		// timeline
		{"t.timeline", "0 start\nbogus\n", 2, "neither a header line"},
		{"t.timeline", "0 start\n1.2.3 press A-white\n", 2, "time"},
		{"t.timeline", "1.0000000001 start\n", 1, "more than 9 decimals"},
		{"t.timeline", "0 start\n5 pause\n4 resume\n", 3, "before the previous event's (line 2)"},
		{"t.timeline", "# c\n0\n", 2, "has no event"},
		{"t.timeline", "0 start\n1 jump\n", 2, "unknown event \"jump\""},
		{"t.timeline", "0 start now\n", 1, "start: expected"},
		{"t.timeline", "0 start\n1 press\n", 2, "press: expected \"press SEAT\""},
		{"t.timeline", "0 start\n1 press C-white\n", 2, "unknown seat"},
		{"t.timeline", "0 pause\n1 resume A-white A-black\n", 2, "two seats on board A"},
		{"t.timeline", "0 pause\n1 resume A-white B-black A-black\n", 2, "at most one seat per board"},
		{"t.timeline", "0 pause\n1 adjust A-white\n", 2, "adjust: expected"},
		{"t.timeline", "0 pause\n1 adjust A-white +2x\n", 2, "adjust:"},
		{"t.timeline", "0 pause\n1 adjust A-white +-2s\n", 2, "more than one sign"},
		{"t.timeline", "0 start\n1 claim A-white checkmate\n", 2, "a claim is about illegal-move, flag or other"},
		{"t.timeline", "0 start\n1 result C 1-0 checkmate\n", 2, "unknown board"},
		{"t.timeline", "0 start\n1 result A 2-0 checkmate\n", 2, "unknown result"},
		{"t.timeline", "0 start\n1 result A 1-0 blunder\n", 2, "unknown reason"},
		{"t.timeline", "0 start\n1 result A 1/2-1/2 checkmate\n", 2, "needs a winner"},
		{"t.timeline", "0 start\n1 result A 1-0 agreement\n", 2, "is a draw"},
		{"t.timeline", "0 start\n1 result A 1-0 flag\n", 2, "not a reason for a board result"},
		{"t.timeline", "0 start\ncontrol 5m\n", 2, "after the first event (line 1)"},
		{"t.timeline", "preset fics\npreset online\n", 2, "a second preset line (the first is line 1)"},
		{"t.timeline", "control 5m\ncontrol 3m\n", 2, "a second control line"},
		{"t.timeline", "\npreset blitz\n", 2, "unknown preset \"blitz\""},
		{"t.timeline", "control 5 minutes\n", 1, "control:"},
		{"t.timeline", "option colour red\n", 1, "unknown option \"colour\""},
		{"t.timeline", "option one_board_draw maybe\n", 1, "option:"},
		{"t.timeline", "control 0+2s\noption increment_before_first_move false\n0 start\n", 2, "option increment_before_first_move"},
		{"t.timeline", "# base 0, nothing else\ncontrol 0\n0 start\n", 2, "control:"},
		{"t.timeline", "0 start\n9 end\n10 pause\n", 3, "nothing may follow the end directive (line 2)"},
		{"t.timeline", "0 start\n9 end now\n", 2, "end: expected"},
		{"t.timeline", "0 start\n5 option start black-press\n", 2, "option is a header line"},
		{"t.timeline", "0 start\n" + strings.Repeat("#", 5000) + "\n", 2, "longer than"},
	} {
		_, err := replay.Load(tc.file, []byte(tc.text), "")
		prefix := fmt.Sprintf("%s:%d: ", tc.file, tc.line)
		if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant %s...%s", tc.text, err, prefix, tc.want)
		}
	}
}

func TestUnknownPreset(t *testing.T) {
	_, err := replay.Load("t.timeline", []byte("0 start\n"), "blitz")
	if err == nil || !strings.Contains(err.Error(), "presets are") {
		t.Errorf("got %v", err)
	}
}
