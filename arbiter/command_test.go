package arbiter

import (
	"errors"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/rules"
)

func TestParse_EveryAction(t *testing.T) {
	for _, c := range []struct {
		req  Request
		want string
	}{
		{Request{Action: "start"}, "start"},
		{Request{Action: "pause"}, "pause"},
		{Request{Action: "stop"}, "stop"},
		{Request{Action: "resume"}, "resume"},
		{Request{Action: "resume", Run: []string{"A-black", "B-white"}}, "resume A-black B-white"},
		{Request{Action: "adjust", Seat: "A-white", Delta: "+1:30"}, "adjust A-white +1m30s"},
		{Request{Action: "adjust", Seat: "b-b", Delta: "-10"}, "adjust B-black -10s"},
		{Request{Action: "claim", Seat: "A-black", Reason: "illegal-move"}, "claim A-black illegal-move"},
		{Request{Action: "uphold"}, "uphold"},
		{Request{Action: "reject"}, "reject"},
		{Request{Action: "declare", Board: "B", Outcome: "1/2-1/2", Reason: "agreement"}, "declare B 1/2-1/2 agreement"},
		{Request{Action: "new", Preset: "online", Control: "3m+2s"}, "new online 3m+2s"},
		{Request{Action: "players", Players: [4]string{"Ana", "", "Carla", "Dora"}}, "players"},
		{Request{Action: "move", Board: "A", Move: "N@f3"}, "move A N@f3"},
		{Request{Action: "takeback", Board: "b"}, "takeback B"},
		{Request{Action: "claim", Seat: "B-white", Reason: "illegal-move", Accused: "A-white"}, "claim B-white illegal-move A-white"},
		{Request{Action: "declare", Board: "A", Outcome: "1/2-1/2", Reason: "fifty-moves"}, "declare A 1/2-1/2 fifty-moves"},
		{Request{Action: "warn", Seat: "A-black"}, "warn A-black"},
		{Request{Action: "penalty", Seat: "B-white"}, "penalty B-white"},
		{Request{Action: "agree"}, "agree"},
		{Request{Action: "call"}, "call"},
		{Request{Action: "call", Tolerance: "15m"}, "call 15m"},
		{Request{Action: "arrive", Seat: "b-w"}, "arrive B-white"},
	} {
		got, err := Parse(c.req)
		if err != nil {
			t.Errorf("%+v: %v", c.req, err)
			continue
		}
		if got.String() != c.want {
			t.Errorf("%+v: %q, want %q", c.req, got, c.want)
		}
		again, err := Parse(got.Request())
		if err != nil || again.String() != got.String() || again.Players != got.Players {
			t.Errorf("%q does not read back from its Request: %v %v", got, again, err)
		}
	}
}

func TestParse_BadRequestNamesTheField(t *testing.T) {
	for _, c := range []struct {
		req   Request
		field string
		msg   string
	}{
		{Request{Action: "fly"}, "action", `unknown action "fly"`},
		{Request{Action: "adjust", Seat: "C-white", Delta: "+30"}, "seat", "unknown seat"},
		{Request{Action: "adjust", Seat: "A-white", Delta: "30"}, "delta", "sign"},
		{Request{Action: "adjust", Seat: "A-white", Delta: "+0"}, "delta", "adjusts nothing"},
		{Request{Action: "adjust", Seat: "A-white", Delta: "+11:00:00"}, "delta", "more than 10 hours"},
		{Request{Action: "claim", Seat: "A-white", Reason: "checkmate"}, "reason", "illegal-move, flag or other"},
		{Request{Action: "declare", Board: "C", Outcome: "1-0", Reason: "checkmate"}, "board", "unknown board"},
		{Request{Action: "declare", Board: "A", Outcome: "2-0", Reason: "checkmate"}, "outcome", "1-0, 0-1 or 1/2-1/2"},
		{Request{Action: "declare", Board: "A", Outcome: "1-0", Reason: "flag"}, "reason", "not a reason for a board result"},
		{Request{Action: "resume", Run: []string{"A-white", "A-black"}}, "run", "two seats of board A"},
		{Request{Action: "new", Preset: "chess960"}, "preset", "unknown preset"},
		{Request{Action: "new", Control: "fast"}, "control", ""},
		{Request{Action: "players", Players: [4]string{"Ana\nBea"}}, "players", "A-white's name is not one line"},
		{Request{Action: "players", Players: [4]string{3: strings.Repeat("x", MaxName+1)}}, "players", "B-black's name"},
		{Request{Action: "move", Board: "A", Move: "  "}, "move", "type a move"},
		{Request{Action: "move", Board: "A", Move: strings.Repeat("e4", 20)}, "move", "is not a move"},
		{Request{Action: "claim", Seat: "B-white", Reason: "illegal-move", Accused: "C-white"}, "accused", "unknown seat"},
		{Request{Action: "claim", Seat: "B-white", Reason: "illegal-move", Accused: "A-black"}, "accused", "own team"},
		{Request{Action: "claim", Seat: "B-white", Reason: "flag", Accused: "A-white"}, "accused", "only an illegal-move claim"},
		{Request{Action: "warn"}, "seat", "unknown seat"},
		{Request{Action: "call", Tolerance: "25h"}, "tolerance", "0 (the no_show_tolerance option) to 24h"},
		{Request{Action: "call", Tolerance: "soon"}, "tolerance", ""},
	} {
		_, err := Parse(c.req)
		var br *BadRequest
		if !errors.As(err, &br) || br.Field != c.field || !strings.Contains(br.Msg, c.msg) {
			t.Errorf("%+v: %v, want a bad %s (%q)", c.req, err, c.field, c.msg)
		}
	}
}

// Validate holds whatever a command is made of: a command it accepts
// reads back from its text form, and Parse accepts only what Validate
// accepts.
func TestValidate_Property(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := Command{
			Kind:    Kind(rapid.IntRange(0, int(lastKind)).Draw(t, "kind")),
			Seat:    bughouse.Seat(rapid.IntRange(0, 4).Draw(t, "seat")),
			Board:   bughouse.Board(rapid.IntRange(0, 2).Draw(t, "board")),
			Outcome: rules.Outcome(rapid.IntRange(0, 4).Draw(t, "outcome")),
			Reason:  rules.Reason(rapid.IntRange(0, 20).Draw(t, "reason")),
			Delta:   time.Duration(rapid.Int64Range(-int64(3*MaxDelta), int64(3*MaxDelta)).Draw(t, "delta")),
			Text:    rapid.StringN(0, 20, -1).Draw(t, "text"),
			Accused: bughouse.Seat(rapid.IntRange(0, 4).Draw(t, "accused")),
		}
		c.AccusedSet = rapid.Bool().Draw(t, "accusedSet")
		if err := c.Validate(); err != nil {
			return
		}
		back, err := Parse(c.Request())
		if err != nil {
			t.Fatalf("%v validates but its Request does not parse: %v", c, err)
		}
		if back.Kind != c.Kind || back.String() != c.String() {
			t.Fatalf("%v reads back as %v", c, back)
		}
	})
}
