package display

import (
	"regexp"
	"testing"
	"time"

	"pgregory.net/rapid"
)

const ms = time.Millisecond

type formatCase struct {
	d    time.Duration
	want string
}

func checkFormat(t *testing.T, o *Opts, cases []formatCase) {
	t.Helper()
	for _, c := range cases {
		if got := Format(c.d, o); got != c.want {
			t.Errorf("Format(%v, %+v) = %q, want %q", c.d, o, got, c.want)
		}
	}
}

// C10: the display rounds up, so a clock with 4 ms left and one with 60 ms
// left both show 0.1; 0.0 is shown only when nothing is left (a flag).
func TestFormat_C10_RoundsUp_ZeroOnlyAtZero(t *testing.T) {
	checkFormat(t, nil, []formatCase{
		{4 * ms, "0.1"},
		{60 * ms, "0.1"},
		{1, "0.1"},
		{100 * ms, "0.1"},
		{100*ms + 1, "0.2"},
		{0, "0.0"},
		{-5 * ms, "0.0"}, // never a negative time
	})
}

// C11: the tenths format rounds up, and switches to m:ss just above the
// last tenths value (19.9 with tenths below 20 s).
func TestFormat_C11_TenthsRoundUpAndSwitch(t *testing.T) {
	checkFormat(t, nil, []formatCase{
		{1950 * ms, "2.0"},
		{900*ms + 1, "1.0"}, // 900.000001 ms
		{19900 * ms, "19.9"},
		{19900*ms + 1, "0:20"}, // 19 900.000001 ms
		{19950 * ms, "0:20"},
		{20 * time.Second, "0:20"},
		{59000*ms + 1, "1:00"}, // 59 000.000001 ms
		{59 * time.Second, "0:59"},
	})
}

// C14: 9 999 ms rounds to a well-formed 10.0, never "0:010.0"; with
// seconds only it is 0:10.
func TestFormat_C14_NoMalformedCarry(t *testing.T) {
	checkFormat(t, nil, []formatCase{{9999 * ms, "10.0"}, {9901 * ms, "10.0"}, {9900 * ms, "9.9"}})
	checkFormat(t, &Opts{TenthsBelow: -1}, []formatCase{{9999 * ms, "0:10"}})
	checkFormat(t, &Opts{TenthsBelow: 10 * time.Second}, []formatCase{{9999 * ms, "0:10"}, {9900 * ms, "9.9"}})
	for _, d := range []time.Duration{9999 * ms, 59999 * ms, 599999 * ms, 3599999 * ms, 35999999 * ms} {
		for _, o := range []*Opts{nil, {TenthsBelow: -1}, {TenthsBelow: 2 * time.Minute}, {TenthsBelow: time.Hour}} {
			if s := Format(d, o); !wellFormed.MatchString(s) {
				t.Errorf("Format(%v, %+v) = %q: malformed", d, o, s)
			}
		}
	}
}

// wellFormed matches every text a clock may show: h:mm:ss, m:ss, m:ss.t
// and s.t, with two-digit fields after a colon.
var wellFormed = regexp.MustCompile(`^(\d+:[0-5]\d:[0-5]\d|\d+:[0-5]\d(\.\d)?|[1-5]?\d\.\d)$`)

func TestFormat_HoursMinutesSeconds(t *testing.T) {
	checkFormat(t, nil, []formatCase{
		{time.Hour, "1:00:00"},
		{time.Hour - 1, "1:00:00"}, // rounds up to a full hour
		{time.Hour - time.Second, "59:59"},
		{time.Hour + 1, "1:00:01"},
		{time.Hour + 5*time.Minute + 9*time.Second, "1:05:09"},
		{10*time.Hour + 30*time.Minute, "10:30:00"},
		{5 * time.Minute, "5:00"},
		{5*time.Minute - 1, "5:00"},
		{4*time.Minute + 58500*ms, "4:59"},
	})
}

func TestFormat_TenthsBelowOption(t *testing.T) {
	// Zero means the default, 20 s.
	checkFormat(t, &Opts{}, []formatCase{{19900 * ms, "19.9"}, {19901 * ms, "0:20"}})
	checkFormat(t, &DefaultOpts, []formatCase{{19900 * ms, "19.9"}, {19901 * ms, "0:20"}})
	// Negative means never: whole seconds down to zero.
	checkFormat(t, &Opts{TenthsBelow: -1}, []formatCase{
		{5 * time.Second, "0:05"},
		{4 * ms, "0:01"},
		{0, "0:00"},
	})
	// Over a minute: tenths with minutes.
	checkFormat(t, &Opts{TenthsBelow: 90 * time.Second}, []formatCase{
		{75300 * ms, "1:15.3"},
		{60 * time.Second, "1:00.0"},
		{89900 * ms, "1:29.9"},
		{89901 * ms, "1:30"},
		{5 * time.Second, "5.0"},
	})
	// A threshold that is not a whole tenth: tenths while the rounded value
	// is below it.
	checkFormat(t, &Opts{TenthsBelow: 10050 * ms}, []formatCase{
		{10 * time.Second, "10.0"},
		{10001 * ms, "0:11"},
	})
}

// armv7 (32-bit int): values above 2^31 ns (2.1 s) must not overflow.
func TestFormat_LargeValues_NoOverflow(t *testing.T) {
	checkFormat(t, nil, []formatCase{
		{2200 * ms, "2.2"},
		{3 * time.Second, "3.0"},
		{21 * time.Second, "0:21"},
		{300 * time.Second, "5:00"},
		{90 * time.Minute, "1:30:00"},
		{24 * time.Hour, "24:00:00"},
		{25*time.Hour + 1, "25:00:01"},
	})
	for _, d := range []time.Duration{3 * time.Second, 300 * time.Second, 24 * time.Hour} {
		if n := NextChange(d, nil); n <= 0 || n > time.Second {
			t.Errorf("NextChange(%v) = %v", d, n)
		}
	}
	checkFormat(t, &Opts{TenthsBelow: time.Hour}, []formatCase{{59*time.Minute + 59900*ms, "59:59.9"}})
}

func TestNextChange_Examples(t *testing.T) {
	for _, c := range []struct {
		d, want time.Duration
		o       *Opts
	}{
		{5 * time.Minute, time.Second, nil}, // 5:00 is shown down to 4:59 exactly
		{5*time.Minute - 1, time.Second - 1, nil},
		{4*time.Minute + 58500*ms, 500 * ms, nil},
		{20500 * ms, 500 * ms, nil},       // 0:21 -> 0:20
		{20 * time.Second, 100 * ms, nil}, // 0:20 -> 19.9
		{19950 * ms, 50 * ms, nil},
		{10 * time.Second, 100 * ms, nil},
		{10*time.Second + 1, 1, nil}, // 10.1 -> 10.0
		{150 * ms, 50 * ms, nil},
		{0, 0, nil},
		{-time.Second, 0, nil},
		{1500 * ms, 500 * ms, &Opts{TenthsBelow: -1}},
	} {
		if got := NextChange(c.d, c.o); got != c.want {
			t.Errorf("NextChange(%v, %+v) = %v, want %v", c.d, c.o, got, c.want)
		}
	}
}

// NextChange is exactly the time until Format's text changes: the text is
// the same for every decrease below it and different at it.
func TestNextChange_Property(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var o *Opts
		switch rapid.IntRange(0, 3).Draw(t, "opts") {
		case 1:
			o = &Opts{TenthsBelow: -1}
		case 2:
			o = &Opts{TenthsBelow: time.Duration(rapid.Int64Range(1, int64(2*time.Hour)).Draw(t, "tenthsBelow"))}
		case 3:
			o = &Opts{TenthsBelow: time.Duration(rapid.Int64Range(1, 1200).Draw(t, "tenthsBelowTenths")) * 100 * ms}
		}
		var d time.Duration
		if rapid.Bool().Draw(t, "near") {
			// Near the boundaries that matter: a multiple of a tenth plus
			// or minus a little.
			d = time.Duration(rapid.Int64Range(0, 36000).Draw(t, "tenths"))*100*ms +
				time.Duration(rapid.Int64Range(-2, 2).Draw(t, "jitter"))
		} else {
			d = time.Duration(rapid.Int64Range(1, int64(25*time.Hour)).Draw(t, "d"))
		}
		if d <= 0 {
			d = 1
		}
		n := NextChange(d, o)
		if n <= 0 || n > d {
			t.Fatalf("NextChange(%v, %+v) = %v, want in (0, d]", d, o, n)
		}
		s := Format(d, o)
		if !wellFormed.MatchString(s) {
			t.Fatalf("Format(%v, %+v) = %q: malformed", d, o, s)
		}
		if after := Format(d-n, o); after == s {
			t.Fatalf("Format(%v) = Format(%v - NextChange %v) = %q: no change", d, d, n, s)
		}
		xs := []time.Duration{0, n - 1, n / 2}
		if n > 1 {
			xs = append(xs, time.Duration(rapid.Int64Range(0, int64(n-1)).Draw(t, "x")))
		}
		for _, x := range xs {
			if got := Format(d-x, o); got != s {
				t.Fatalf("Format(%v - %v) = %q, Format(%v) = %q: changed before NextChange %v", d, x, got, d, s, n)
			}
		}
	})
}
