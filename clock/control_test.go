package clock_test

import (
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
)

func stages(s ...clock.Stage) []clock.Stage { return s }

func TestParse_Stages(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want clock.Control
	}{
		{"5m", clock.Control{Stages: stages(clock.Stage{Time: 5 * time.Minute})}},
		{"300", clock.Control{Stages: stages(clock.Stage{Time: 300 * time.Second})}},
		{"3m+2s", clock.Control{Stages: stages(clock.Stage{Time: 3 * time.Minute, Increment: 2 * time.Second})}},
		{"0+6", clock.Control{Stages: stages(clock.Stage{Increment: 6 * time.Second})}},
		{"5m d2s", clock.Control{Stages: stages(clock.Stage{Time: 5 * time.Minute, Delay: 2 * time.Second}), DelayKind: clock.Bronstein}},
		{"5m us2s", clock.Control{Stages: stages(clock.Stage{Time: 5 * time.Minute, Delay: 2 * time.Second}), DelayKind: clock.US}},
		{"0 d5s", clock.Control{Stages: stages(clock.Stage{Delay: 5 * time.Second})}},
		{"40/90m+30s, 30m+30s", clock.Control{Stages: stages(
			clock.Stage{Moves: 40, Time: 90 * time.Minute, Increment: 30 * time.Second},
			clock.Stage{Time: 30 * time.Minute, Increment: 30 * time.Second})}},
		{"40/2h", clock.Control{Stages: stages(clock.Stage{Moves: 40, Time: 2 * time.Hour})}},
		{" 1.5s + 0.1 ", clock.Control{}}, // fields split on the space: error, see below
		{"2.5s+500ms", clock.Control{Stages: stages(clock.Stage{Time: 2500 * ms, Increment: 500 * ms})}},
		{"0.000000001", clock.Control{Stages: stages(clock.Stage{Time: 1})}},
	} {
		got, err := clock.Parse(tc.in)
		if tc.want.Stages == nil {
			if err == nil {
				t.Errorf("Parse(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if !got.Equal(tc.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}

func TestParse_StringRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, canonical string }{
		{"5m", "5m"},
		{"300", "5m"},
		{"90s", "1m30s"},
		{"3m+2s", "3m+2s"},
		{"3m+2000ms", "3m+2s"},
		{"5m d2s", "5m d2s"},
		{"5m us2s", "5m us2s"},
		{"40/90m+30s, 30m+30s", "40/1h30m+30s, 30m+30s"},
		{"40/2h", "40/2h"},
		{"40/2h,20/1h,15m", "40/2h, 20/1h, 15m"},
		{"1.5s", "1.5s"},
		{"0.5+0.25", "500ms+250ms"},
		{"0+6s", "0s+6s"},
		{"1m0.000000001s", "1m0.000000001s"},
		{"1.000000001", "1.000000001s"},
		{"59.999999999", "59.999999999s"},
		{"0 d5s", "0s d5s"},
	} {
		c, err := clock.Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if s := c.String(); s != tc.canonical {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, s, tc.canonical)
		}
		back, err := clock.Parse(c.String())
		if err != nil || !back.Equal(c) {
			t.Errorf("Parse(%q) = %#v, %v; want %#v", c.String(), back, err, c)
		}
	}
}

func TestParse_Errors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty time control"},
		{"   ", "empty time control"},
		{"5m,", "stage 2: empty stage"},
		{"x", `stage 1: time: "x" is not a duration`},
		{"5m+x", `stage 1: increment: "x" is not a duration`},
		{"-5m", `is negative`},
		{"5m+-2s", `is negative`},
		{"5m z2s", "delay must be written dX (Bronstein) or usX (US)"},
		{"5 min", `"min" after a space: write the time without a space and with Go's units (5m, 90s, 1h30m)`},
		{"5m dx", "stage 1: delay:"},
		{"5m d2s extra", "expected TIME[+INC]"},
		{"0/5m", `move count "0" must be a whole number from 1 to 1000`},
		{"-3/5m", `move count "-3" must be a whole number from 1 to 1000`},
		{"abc/5m", `move count "abc" must be a whole number from 1 to 1000`},
		{"40/90m d2s, 30m us2s", "mixes Bronstein and US delays"},
	} {
		_, err := clock.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
}

func TestParsePGN(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []clock.Stage
	}{
		{"300+0", stages(clock.Stage{Time: 300 * time.Second})},
		{"180", stages(clock.Stage{Time: 180 * time.Second})},
		{"180+2", stages(clock.Stage{Time: 180 * time.Second, Increment: 2 * time.Second})},
		{" 120+12 ", stages(clock.Stage{Time: 120 * time.Second, Increment: 12 * time.Second})},
		{"40/5400+30:1800+30", stages(
			clock.Stage{Moves: 40, Time: 5400 * time.Second, Increment: 30 * time.Second},
			clock.Stage{Time: 1800 * time.Second, Increment: 30 * time.Second})},
		{"40/7200", stages(clock.Stage{Moves: 40, Time: 7200 * time.Second})},
		{"118.585+0.5", stages(clock.Stage{Time: 118_585 * ms, Increment: 500 * ms})},
	} {
		got, err := clock.ParsePGN(tc.in)
		if err != nil {
			t.Errorf("ParsePGN(%q): %v", tc.in, err)
			continue
		}
		if !got.Equal(clock.Control{Stages: tc.want}) {
			t.Errorf("ParsePGN(%q) = %#v, want %#v", tc.in, got.Stages, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "gives no time control"},
		{"?", "gives no time control"},
		{"-", "gives no time control"},
		{"0/300", `bad move count "0"`},
		{"x/300", `bad move count "x"`},
		{"5m", "is not a number of seconds"},
		{"300+x", "is not a number of seconds"},
		{"300+-1", "is not a number of seconds"},
		{"40/5400+30:", "is not a number of seconds"},
	} {
		_, err := clock.ParsePGN(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParsePGN(%q) error = %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
}

// ParseSeconds is exact: no floating point ever touches the digits.
func TestParseSeconds_Exact(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"118.585", 118_585 * ms}, // float64 118.585*1e9 is 118584999999.99998
		{"118.585000000", 118_585_000_000},
		{"0.000000001", 1},
		{"123.456789012", 123_456_789_012},
		{"0.1", 100_000_000},
		{"0.3", 300_000_000},
		{".5", 500_000_000},
		{"5.", 5_000_000_000},
		{"0", 0},
		{"999999999.999999999", 999_999_999_999_999_999},
		{"007", 7_000_000_000},
	} {
		got, err := clock.ParseSeconds(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseSeconds(%q) = %d ns, %v; want %d ns", tc.in, int64(got), err, int64(tc.want))
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "is not a number of seconds"},
		{".", "is not a number of seconds"},
		{"-1", "is not a number of seconds"},
		{"+1", "is not a number of seconds"},
		{"1e3", "is not a number of seconds"},
		{"1.2.3", "is not a number of seconds"},
		{" 1", "is not a number of seconds"},
		{"abc", "is not a number of seconds"},
		{"1.0000000001", "more than 9 decimals"},
		{"1000000000", "too large"},
	} {
		got, err := clock.ParseSeconds(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSeconds(%q) = %v, %v; want an error containing %q", tc.in, got, err, tc.want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"5m", 5 * time.Minute},
		{"1h30m", 90 * time.Minute},
		{"2.5s", 2500 * ms},
		{"500ms", 500 * ms},
		{"180", 180 * time.Second},
		{"0.5", 500 * ms},
		{" 1ms ", ms},
		{"1µs", time.Microsecond},
	} {
		got, err := clock.ParseDuration(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "empty duration"},
		{"-5s", "is negative"},
		{"5 minutes", "is not a duration"},
		{"1.0000000001", "more than 9 decimals"},
	} {
		_, err := clock.ParseDuration(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseDuration(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	for _, tc := range []struct {
		in   time.Duration
		want string
	}{
		{0, "0s"},
		{90 * time.Minute, "1h30m"},
		{5 * time.Minute, "5m"},
		{2 * time.Second, "2s"},
		{1500 * ms, "1.5s"},
		{500 * ms, "500ms"},
		{ms, "1ms"},
		{1500, "0.0000015s"},
		{-2 * time.Second, "-2s"},
		{time.Hour + 1, "1h0.000000001s"},
		{25*time.Hour + 61*time.Second + 250*ms, "25h1m1.25s"},
	} {
		if got := clock.FormatDuration(tc.in); got != tc.want {
			t.Errorf("FormatDuration(%d ns) = %q, want %q", int64(tc.in), got, tc.want)
		}
		if tc.in >= 0 {
			back, err := clock.ParseDuration(clock.FormatDuration(tc.in))
			if err != nil || back != tc.in {
				t.Errorf("ParseDuration(FormatDuration(%d ns)) = %d ns, %v", int64(tc.in), int64(back), err)
			}
		}
	}
}

func TestControlValidate_Errors(t *testing.T) {
	st := func(s ...clock.Stage) clock.Control { return clock.Control{Stages: s} }
	many := make([]clock.Stage, clock.MaxStages+1)
	for i := range many {
		many[i] = clock.Stage{Moves: 10, Time: time.Minute}
	}
	for _, tc := range []struct {
		name string
		c    clock.Control
		want string // "" means valid
	}{
		{"zero control", clock.Control{}, "at least one stage"},
		{"base 0 with nothing", st(clock.Stage{}), "base time 0 with no increment and no delay"},
		{"base 0 + increment after the move", st(clock.Stage{Increment: 2 * time.Second}), "set increment_before_first_move or give a base time"},
		{"base 0 + increment before move 1", clock.Control{Stages: stages(clock.Stage{Increment: 2 * time.Second}), IncrementBeforeFirstMove: true}, ""},
		{"base 0 + delay", st(clock.Stage{Delay: 5 * time.Second}), ""},
		{"negative time", st(clock.Stage{Time: -1}), "stage 1: time -0.000000001s"},
		{"negative increment", st(clock.Stage{Time: time.Minute, Increment: -1}), "stage 1: increment -1ns"},
		{"negative delay", st(clock.Stage{Time: time.Minute, Delay: -time.Second}), "stage 1: delay -1s"},
		{"negative moves", st(clock.Stage{Moves: -1, Time: time.Minute}), "stage 1: -1 moves"},
		{"too many moves", st(clock.Stage{Moves: clock.MaxMoves + 1, Time: time.Minute}), "1001 moves"},
		{"both increment and delay", st(clock.Stage{Time: time.Minute, Increment: time.Second, Delay: time.Second}), "both an increment and a delay"},
		{"time too large", st(clock.Stage{Time: clock.MaxStageTime + 1}), "allowed 0 to 24h"},
		{"time under a second", st(clock.Stage{Time: 999 * time.Millisecond}), "time 999ms is less than 1s"},
		{"one second", st(clock.Stage{Time: time.Second}), ""},
		{"increment too large", st(clock.Stage{Time: time.Minute, Increment: clock.MaxBonus + 1}), "increment"},
		{"stage after rest of game", st(clock.Stage{Time: time.Minute}, clock.Stage{Time: time.Minute}), "stage 1 lasts the rest of the game, so stage 2 can never start"},
		{"later stage adds no time", st(clock.Stage{Moves: 40, Time: time.Minute}, clock.Stage{Increment: time.Second}), "stage 2 adds no time"},
		{"too many stages", clock.Control{Stages: many}, "9 stages; at most 8"},
		{"unknown delay kind", clock.Control{Stages: stages(clock.Stage{Time: time.Minute}), DelayKind: 7}, "unknown delay kind 7"},
		{"valid multi-stage", st(clock.Stage{Moves: 40, Time: 90 * time.Minute, Increment: 30 * time.Second}, clock.Stage{Time: 30 * time.Minute, Increment: 30 * time.Second}), ""},
		{"valid repeating", st(clock.Stage{Moves: 40, Time: 2 * time.Hour}), ""},
	} {
		err := tc.c.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: Validate = %v, want nil", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: Validate = %v, want an error containing %q", tc.name, err, tc.want)
		case err != nil && !strings.HasPrefix(err.Error(), "clock: "):
			t.Errorf("%s: error %q lacks the package prefix", tc.name, err)
		}
	}
}

func TestControlHelpers(t *testing.T) {
	if got := clock.Fischer(3*time.Minute, 2*time.Second).String(); got != "3m+2s" {
		t.Errorf("Fischer: %q", got)
	}
	if got := clock.Delayed(5*time.Minute, 2*time.Second, clock.US).String(); got != "5m us2s" {
		t.Errorf("Delayed US: %q", got)
	}
	if !clock.Delayed(time.Minute, time.Second, clock.Bronstein).HasDelay() || clock.Fischer(time.Minute, time.Second).HasDelay() {
		t.Errorf("HasDelay wrong")
	}
	a, b := clock.Fischer(time.Minute, time.Second), clock.Fischer(time.Minute, time.Second)
	b.IncrementBeforeFirstMove = true
	if a.Equal(b) || !a.Equal(clock.Fischer(time.Minute, time.Second)) {
		t.Errorf("Equal ignores IncrementBeforeFirstMove or differs on equal controls")
	}
	if clock.US.String() != "us" || clock.Bronstein.String() != "bronstein" {
		t.Errorf("DelayKind strings: %s %s", clock.US, clock.Bronstein)
	}
	if bughouse.White.String() != "white" || bughouse.Black.String() != "black" || bughouse.White.Other() != bughouse.Black || bughouse.Black.Other() != bughouse.White {
		t.Errorf("Color helpers wrong")
	}
	if (clock.Control{}).Initial() != 0 {
		t.Errorf("Initial of the zero control is not 0")
	}
}

// pressEverySecond plays n moves per side on p, each turn lasting exactly
// one second: White's k-th press is at (2k-1) s, Black's at 2k s.
func pressEverySecond(t *testing.T, p *clock.Pair, from, to int) {
	t.Helper()
	for k := from; k <= to; k++ {
		mustPress(t, p, bughouse.White, time.Duration(2*k-1)*time.Second)
		mustPress(t, p, bughouse.Black, time.Duration(2*k)*time.Second)
	}
}

// "40/90m+30s, 30m+30s": the second stage's 30 minutes arrive exactly with
// the press completing move 40, not 39 nor 41. Every turn lasts 1 s, so
// after k moves White holds 5400 s - k s + 30k s (+ 1800 s from move 40),
// plus 30 s when the increment is credited before move 1.
func TestMultiStage_TimeCreditedAtMove40(t *testing.T) {
	for _, tc := range []struct {
		before           bool
		at39, at40, at41 time.Duration
	}{
		// 5400 + 29*39 = 6531; 5400 + 29*40 + 1800 = 8360; 8360 + 29 = 8389
		{false, 6531 * time.Second, 8360 * time.Second, 8389 * time.Second},
		{true, 6561 * time.Second, 8390 * time.Second, 8419 * time.Second},
	} {
		c, err := clock.Parse("40/90m+30s, 30m+30s")
		if err != nil {
			t.Fatal(err)
		}
		c.IncrementBeforeFirstMove = tc.before
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		pressEverySecond(t, &p, 1, 38)
		// White's 39th press is at 77 s.
		at38 := p.Remaining(bughouse.White, 76*time.Second)
		pressEverySecond(t, &p, 39, 39)
		wantRemaining(t, &p, bughouse.White, 78*time.Second, tc.at39)
		if d := tc.at39 - at38; d != 29*time.Second {
			t.Errorf("before=%v: move 39 credited %v, want 29s", tc.before, d)
		}
		// Move 40: White presses at 79 s.
		mustPress(t, &p, bughouse.White, 79*time.Second)
		wantRemaining(t, &p, bughouse.White, 79*time.Second, tc.at40)
		if p.Moves(bughouse.White) != 40 {
			t.Errorf("moves = %d, want 40", p.Moves(bughouse.White))
		}
		// Black's 40th move gets the same.
		mustPress(t, &p, bughouse.Black, 80*time.Second)
		wantRemaining(t, &p, bughouse.Black, 80*time.Second, tc.at40)
		mustPress(t, &p, bughouse.White, 81*time.Second)
		wantRemaining(t, &p, bughouse.White, 81*time.Second, tc.at41)
	}
}

// "40/2h": the last stage repeats: two more hours after moves 40, 80, 120.
// After k one-second moves White holds 7200 s - k s + 7200 s * floor(k/40).
func TestMultiStage_LastStageRepeats(t *testing.T) {
	c, err := clock.Parse("40/2h")
	if err != nil {
		t.Fatal(err)
	}
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	want := map[int]time.Duration{
		1: 7199 * time.Second, 39: 7161 * time.Second, 40: 14360 * time.Second, 41: 14359 * time.Second,
		79: 14321 * time.Second, 80: 21520 * time.Second, 81: 21519 * time.Second,
		119: 21481 * time.Second, 120: 28680 * time.Second,
	}
	for k := 1; k <= 120; k++ {
		pressEverySecond(t, &p, k, k)
		if w, ok := want[k]; ok {
			wantRemaining(t, &p, bughouse.White, time.Duration(2*k)*time.Second, w)
			wantRemaining(t, &p, bughouse.Black, time.Duration(2*k)*time.Second, w)
		}
	}
}

// A stage's own increment and delay apply to the moves of that stage;
// with increment_before_first_move the press ending move m credits move
// m+1's increment. "2/10s+1s, 10s+5s", every turn 1 s.
func TestMultiStage_PerStageIncrement(t *testing.T) {
	for _, tc := range []struct {
		before bool
		want   [4]time.Duration // White after moves 1..4
	}{
		// after: 10-1+1=10; 10-1+1+10=20; 20-1+5=24; 28
		{false, [4]time.Duration{10 * time.Second, 20 * time.Second, 24 * time.Second, 28 * time.Second}},
		// before: 11-1+1=11 (move 2's inc); 11-1+5+10=25 (move 3's inc); 29; 33
		{true, [4]time.Duration{11 * time.Second, 25 * time.Second, 29 * time.Second, 33 * time.Second}},
	} {
		c, err := clock.Parse("2/10s+1s, 10s+5s")
		if err != nil {
			t.Fatal(err)
		}
		c.IncrementBeforeFirstMove = tc.before
		p := clock.NewPair(c, c)
		p.Start(bughouse.White, 0)
		for k := 1; k <= 4; k++ {
			pressEverySecond(t, &p, k, k)
			wantRemaining(t, &p, bughouse.White, time.Duration(2*k)*time.Second, tc.want[k-1])
		}
	}
}

func TestMultiStage_PerStageDelay(t *testing.T) {
	c, err := clock.Parse("2/10s d1s, 10s d3s")
	if err != nil {
		t.Fatal(err)
	}
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	if got := p.DelayLeft(bughouse.White, 0); got != time.Second {
		t.Errorf("move 1 delay = %v, want 1s", got)
	}
	// Each 1 s turn lies inside the 1 s delay: nothing is charged.
	pressEverySecond(t, &p, 1, 2)
	wantRemaining(t, &p, bughouse.White, 4*time.Second, 20*time.Second) // 10 + stage 2's 10
	if got := p.DelayLeft(bughouse.White, 4*time.Second); got != 3*time.Second {
		t.Errorf("move 3 delay = %v, want 3s", got)
	}
	wantFlag(t, &p, 27*time.Second, bughouse.White) // 4 + 20 + 3
}

func TestFormatSeconds_RoundTrip(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0", time.Second: "1", 118585 * time.Millisecond: "118.585",
		1: "0.000000001", -500 * time.Millisecond: "-0.5", 3 * time.Hour: "10800"} {
		if got := clock.FormatSeconds(d); got != want {
			t.Errorf("FormatSeconds(%v) = %q, want %q", d, got, want)
		}
		if d >= 0 {
			if back, err := clock.ParseSeconds(want); err != nil || back != d {
				t.Errorf("ParseSeconds(%q) = %v, %v; want %v", want, back, err, d)
			}
		}
	}
}

func TestFormatPGN_ParsePGN(t *testing.T) {
	for _, c := range []struct{ control, pgn string }{
		{"3m+2s", "182+2"}, {"5m", "300"}, {"40/90m+30s, 30m+30s", "40/5430+30:1800+30"},
	} {
		ctl, err := clock.Parse(c.control)
		if err != nil {
			t.Fatal(err)
		}
		ctl.IncrementBeforeFirstMove = true
		got, ok := clock.FormatPGN(ctl)
		if !ok || got != c.pgn {
			t.Errorf("FormatPGN(%s) = %q, %v; want %q", c.control, got, ok, c.pgn)
		}
		if _, err := clock.ParsePGN(got); err != nil {
			t.Errorf("ParsePGN(%q): %v", got, err)
		}
	}
	d, _ := clock.Parse("5m d2s")
	if _, ok := clock.FormatPGN(d); ok {
		t.Error("a delay has no PGN form")
	}
}
