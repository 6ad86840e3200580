package timeline_test

import (
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
	"tandem/timeline"
)

func TestParse_EveryKind(t *testing.T) {
	s, err := timeline.Parse([]byte(`# header
preset pasapiezas
control 3m+2s   # Fischer
option one_board_draw match-draw
option pawn_drop_ranks [2, 7]

0            start
1.25         press A-white
30           pause
60           resume
61           adjust B-black +120s
61.5         adjust A-white -2.5
62           resume A-black B-white
63           claim A-white illegal-move
64           uphold
65           claim B-black flag
66           reject
67.000000001 claim A-black other
70           result A 0-1 checkmate
71           result B 1/2-1/2 draw
72           reset
80           end
`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Preset != "pasapiezas" || s.PresetLine != 2 || s.ControlLine != 3 || !s.Control.Equal(clock.Fischer(3*time.Minute, 2*time.Second)) {
		t.Errorf("header: %+v", s)
	}
	if len(s.Settings) != 2 || s.Settings[1] != (timeline.Setting{Key: "pawn_drop_ranks", Value: "[2, 7]", Line: 5}) {
		t.Errorf("settings %+v", s.Settings)
	}
	sec := func(x float64) time.Duration { return time.Duration(x*1e3) * time.Millisecond }
	run := rules.RunChoice{}.Choose(bughouse.ABlack).Choose(bughouse.BWhite)
	want := []timeline.Entry{
		{rules.Event{Kind: rules.Start}, 7},
		{rules.Event{Kind: rules.Press, At: sec(1.25), Seat: bughouse.AWhite}, 8},
		{rules.Event{Kind: rules.Pause, At: sec(30)}, 9},
		{rules.Event{Kind: rules.Resume, At: sec(60)}, 10},
		{rules.Event{Kind: rules.Adjust, At: sec(61), Seat: bughouse.BBlack, Delta: 120 * time.Second}, 11},
		{rules.Event{Kind: rules.Adjust, At: sec(61.5), Seat: bughouse.AWhite, Delta: -2500 * time.Millisecond}, 12},
		{rules.Event{Kind: rules.Resume, At: sec(62), Run: run}, 13},
		{rules.Event{Kind: rules.Claim, At: sec(63), Seat: bughouse.AWhite, Reason: rules.IllegalMove}, 14},
		{rules.Event{Kind: rules.Uphold, At: sec(64)}, 15},
		{rules.Event{Kind: rules.Claim, At: sec(65), Seat: bughouse.BBlack, Reason: rules.Flag}, 16},
		{rules.Event{Kind: rules.Reject, At: sec(66)}, 17},
		{rules.Event{Kind: rules.Claim, At: 67*time.Second + 1, Seat: bughouse.ABlack, Reason: rules.OtherClaim}, 18},
		{rules.Event{Kind: rules.Declare, At: sec(70), Board: bughouse.BoardA, Outcome: rules.BlackWins, Reason: rules.Checkmate}, 19},
		{rules.Event{Kind: rules.Declare, At: sec(71), Board: bughouse.BoardB, Outcome: rules.Drawn, Reason: rules.Agreement}, 20},
		{rules.Event{Kind: rules.Reset, At: sec(72)}, 21},
	}
	if len(s.Entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(s.Entries), len(want))
	}
	for i, w := range want {
		if s.Entries[i] != w {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, s.Entries[i], w)
		}
	}
	if s.End != 80*time.Second || s.EndLine != 22 {
		t.Errorf("end %v line %d", s.End, s.EndLine)
	}
}

func TestOptions_Order(t *testing.T) {
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	// The control keeps the preset's increment_before_first_move (true for
	// reglamento); an option line after it can change it.
	s, err := timeline.Parse([]byte("control 3m+2s\n0 start\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.Options(p)
	if err != nil || !o.Control.IncrementBeforeFirstMove || o.Control.Initial() != 182*time.Second {
		t.Errorf("control: %v %v (err %v)", o.Control, o.Control.Initial(), err)
	}
	s, _ = timeline.Parse([]byte("option increment_before_first_move false\ncontrol 3m+2s\noption one_board_draw match-draw\n0 start\n"))
	o, err = s.Options(p)
	if err != nil || o.Control.IncrementBeforeFirstMove || o.OneBoardDraw != rules.MatchDrawn {
		t.Errorf("options: %+v (err %v)", o, err)
	}
	// The preset is not changed.
	if !p.Options.Control.IncrementBeforeFirstMove {
		t.Error("Options changed the preset")
	}
}

func TestParse_Errors(t *testing.T) {
	for _, tc := range []struct {
		text string
		line int
		want string
	}{
		{"0 start\n\n# x\n2 press A-white\n1 pause\n", 5, "before the previous event's (line 4)"},
		{"0 start\n1 result A 1-0\n", 2, "result: expected"},
		{"option\n", 1, "option: expected"},
		{"control\n", 1, "control: expected"},
		{"preset\n", 1, "preset: expected"},
		{"-1 start\n", 1, "time -1 is negative"},
		{"bogus\n", 1, "neither a header line"},
	} {
		_, err := timeline.Parse([]byte(tc.text))
		e, ok := err.(*timeline.Error)
		if !ok || e.Line != tc.line || !strings.Contains(e.Msg, tc.want) {
			t.Errorf("%q: got %v, want line %d: ...%s", tc.text, err, tc.line, tc.want)
		}
	}
}

func TestParse_ExactErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		line int
		msg  string
	}{
		{"", 1, timeline.NoEvents},
		{"# nothing\n\n", 1, timeline.NoEvents},
		{"preset fics\ncontrol 5m\n", 1, timeline.NoEvents},
		{"5 end\n", 1, timeline.NoEvents},
		{"-1 start\n", 1, "time -1 is negative; times count seconds from the match start"},
		{"0 start\n-0.25 press A-white\n", 2, "time -0.25 is negative; times count seconds from the match start"},
		{"+2 start\n", 1, "time +2: write it without a sign; times count seconds from the match start"},
		{"0 pause\n1 adjust A-white 30s\n", 2, "adjust needs a signed amount: +30s adds, -30s removes"},
		{"0 pause\n1 adjust A-white 1m30s\n", 2, "adjust needs a signed amount: +1m30s adds, -1m30s removes"},
		{"0 pause\n1 adjust A-white +0\n", 2, "adjust: +0 changes nothing; give the time to add (+30s) or remove (-30s)"},
		{"option start black-press\noption start arbiter\n0 start\n", 2, "option start is set twice (first on line 1); keep one"},
	} {
		_, err := timeline.Parse([]byte(tc.text))
		e, ok := err.(*timeline.Error)
		if !ok || e.Line != tc.line || e.Msg != tc.msg {
			t.Errorf("%q:\n got %v\nwant line %d: %s", tc.text, err, tc.line, tc.msg)
		}
	}
	if tc := "\ufeff0 start\n1 adjust A-black -2s\n"; true {
		s, err := timeline.Parse([]byte(tc))
		if err != nil || len(s.Entries) != 2 || s.Entries[1].Event.Delta != -2*time.Second {
			t.Errorf("%q: %v", tc, err)
		}
	}
}

// TestRead_Limits: a timeline of MaxEvents events reads; one more event is
// refused at its line; input beyond MaxSize is refused after MaxSize+1
// bytes, however it goes on (comments never end here).
func TestRead_Limits(t *testing.T) {
	var b strings.Builder
	b.WriteString("0 start\n")
	for i := 1; i < timeline.MaxEvents; i++ {
		b.WriteString("1 pause\n")
	}
	s, err := timeline.Parse([]byte(b.String()))
	if err != nil || len(s.Entries) != timeline.MaxEvents {
		t.Fatalf("%d events: %v", timeline.MaxEvents, err)
	}
	b.WriteString("1 pause\n")
	_, err = timeline.Parse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than 100000 events") || !strings.HasPrefix(err.Error(), "line 100001:") {
		t.Errorf("one event more: %v", err)
	}
	r := &commentsForEver{}
	_, err = timeline.Read(r)
	if err == nil || !strings.Contains(err.Error(), "larger than 4194304 bytes") || r.n > timeline.MaxSize+8192 {
		t.Errorf("endless input: %v, %d bytes read", err, r.n)
	}
}

// commentsForEver is a timeline of comment lines that never ends.
type commentsForEver struct{ n int }

func (c *commentsForEver) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "# x\n"[(c.n+i)%4]
	}
	c.n += len(p)
	return len(p), nil
}

// The events the seeds' rules need (docs/rules.md): a claim naming the
// accused, a warning, a loss by penalty, the agreement of all four, a
// deadlock, the no-show call and arrivals, a fifty-move draw. Each reads
// back from the line the Writer writes for it.
func TestParse_SeedEvents(t *testing.T) {
	s, err := timeline.Parse([]byte(`0 call 15m
1 arrive A-white
2 call
3 start
12 claim B-white illegal-move A-white
13 warn b-black
14 penalty A-black
15 agree
16 deadlock
17 result A 1/2-1/2 fifty-moves
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.Event{
		{Kind: rules.Call, Delta: 15 * time.Minute},
		{Kind: rules.Arrive, At: time.Second, Seat: bughouse.AWhite},
		{Kind: rules.Call, At: 2 * time.Second},
		{Kind: rules.Start, At: 3 * time.Second},
		{Kind: rules.Claim, At: 12 * time.Second, Seat: bughouse.BWhite, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true},
		{Kind: rules.Warn, At: 13 * time.Second, Seat: bughouse.BBlack},
		{Kind: rules.Penalize, At: 14 * time.Second, Seat: bughouse.ABlack},
		{Kind: rules.AgreeAll, At: 15 * time.Second},
		{Kind: rules.Deadlocked, At: 16 * time.Second},
		{Kind: rules.Declare, At: 17 * time.Second, Board: bughouse.BoardA, Outcome: rules.Drawn, Reason: rules.FiftyMoves},
	}
	if len(s.Entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(s.Entries), len(want))
	}
	var b strings.Builder
	w := timeline.NewWriter(&b)
	for i, e := range want {
		if s.Entries[i].Event != e {
			t.Errorf("line %d: %+v, want %+v", i+1, s.Entries[i].Event, e)
		}
		w.Event(e.At, e, "")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	back, err := timeline.Parse([]byte(b.String()))
	if err != nil {
		t.Fatalf("the written lines do not read back: %v\n%s", err, b.String())
	}
	for i, e := range want {
		if back.Entries[i].Event != e {
			t.Errorf("written line %d %q reads back as %+v", i+1, e.String(), back.Entries[i].Event)
		}
	}
	for _, tc := range [][2]string{
		{"0 claim A-white flag B-white\n", "only an illegal-move claim names the accused"},
		{"0 claim A-white illegal-move B-black\n", "a player of his own team"},
		{"0 claim A-white illegal-move C-white\n", "accused: unknown seat"},
		{"0 warn\n", `warn: expected "warn SEAT"`},
		{"0 call 0\n", "give 1s to 24h"},
		{"0 call 15m x\n", "call: expected"},
		{"0 agree now\n", `agree: expected "agree"`},
		{"0 result A 1-0 fifty-moves\n", "fifty-moves is a draw"},
	} {
		if _, err := timeline.Parse([]byte(tc[0])); err == nil || !strings.Contains(err.Error(), tc[1]) {
			t.Errorf("%q: %v, want %q", tc[0], err, tc[1])
		}
	}
}
