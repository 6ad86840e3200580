package arbiter

import (
	"strings"
	"testing"
	"time"
)

// TestParseDelta is the one grammar of a time adjustment, as the terminal
// table's field and the console's form both type it.
func TestParseDelta(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		bad  string
	}{
		{"+30", 30 * time.Second, ""},
		{" -5 ", -5 * time.Second, ""},
		{"+2.5", 2500 * time.Millisecond, ""},
		{"-10.5", -10500 * time.Millisecond, ""},
		{"+0.25", 250 * time.Millisecond, ""},
		{"+.5", 500 * time.Millisecond, ""},
		{"+7.", 7 * time.Second, ""},
		{"+0.001", time.Millisecond, ""},
		{"+1:30", 90 * time.Second, ""},
		{"-0:10", -10 * time.Second, ""},
		{"+0:00.5", 500 * time.Millisecond, ""},
		{"-12:05.25", -(12*time.Minute + 5250*time.Millisecond), ""},
		{"+90:00", 90 * time.Minute, ""},
		{"+1:00:00", time.Hour, ""},
		{"+1:30:00", 90 * time.Minute, ""},
		{"-0:00:05.5", -5500 * time.Millisecond, ""},
		{"+2:03:04.5", 2*time.Hour + 3*time.Minute + 4500*time.Millisecond, ""},
		{"+10:00:00", 10 * time.Hour, ""},
		{"+36000", 10 * time.Hour, ""},
		{"+0.000000001", 1, ""},
		{"30", 0, "sign"},
		{"1:30", 0, "sign"},
		{"", 0, "sign"},
		{"*3", 0, "sign"},
		{"+", 0, "the time after the sign: +30 or +1:30 (m:ss)"},
		{"+0", 0, `"+0" adjusts nothing`},
		{"-0:00", 0, `"-0:00" adjusts nothing`},
		{"-.", 0, `"." is not a time`},
		{"+1.5.5", 0, `"1.5.5" is not a time`},
		{"+1x", 0, `"1x" is not a time`},
		{"+abc", 0, `"abc" is not a time`},
		{"+30s", 0, `"30s" is not a time`},
		{"+1m30s", 0, `"1m30s" is not a time`},
		{"+1.5:30", 0, `"1.5:30" is not a time`},
		{"+1.5:00:00", 0, `"1.5:00:00" is not a time`},
		{"+1:30.5:00", 0, `"1:30.5:00" is not a time`},
		{"+:30", 0, `":30" is not a time`},
		{"+-5", 0, `"-5" is not a time`},
		{"+1:a0:00", 0, `"1:a0:00" is not a time`},
		{"+1:-1:00", 0, `"1:-1:00" is not a time`},
		{"+1:", 0, "two digits after a colon"},
		{"+1:5", 0, "two digits after a colon"},
		{"+1:30:5", 0, "two digits after a colon"},
		{"+1:5:00", 0, "two digits after a colon"},
		{"+1:050", 0, "two digits after a colon"},
		{"+1:60", 0, `"1:60": after a colon, 00 to 59`},
		{"+1:60:00", 0, `"1:60:00": after a colon, 00 to 59`},
		{"+1:59:60", 0, `"1:59:60": after a colon, 00 to 59`},
		{"+1:2:3:4", 0, `"1:2:3:4": at most h:mm:ss`},
		{"+1:00:00:00", 0, "at most h:mm:ss"},
		{"+1.0000000001", 0, "more than 9 decimals"},
		{"+1:00.0000000001", 0, "more than 9 decimals"},
		// Over 10 hours, however it is written.
		{"+36001", 0, "more than 10 hours"},
		{"+11:00:00", 0, "more than 10 hours"},
		{"+10:00:00.001", 0, "more than 10 hours"},
		{"+999999999", 0, "more than 10 hours"},
		{"+1000000000", 0, "more than 10 hours"},
		{"+10000:00", 0, "more than 10 hours"},
		{"+999999999:00:00", 0, "more than 10 hours"},
	} {
		got, err := ParseDelta(c.in)
		why := ""
		if err != nil {
			why = err.Error()
		}
		if got != c.want || (c.bad == "") != (err == nil) || !strings.Contains(why, c.bad) {
			t.Errorf("ParseDelta(%q) = %v, %q; want %v, %q", c.in, got, why, c.want, c.bad)
		}
	}
}

func FuzzParseDelta(f *testing.F) {
	for _, s := range []string{"+30", "-0:10", "+1:30", "+2.5", "+1:5", "", "-", "+99999999999", "+1:00:00", "+.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDelta(s)
		if err != nil {
			return
		}
		if d == 0 || d > MaxDelta || d < -MaxDelta {
			t.Errorf("ParseDelta(%q) = %v: out of range", s, d)
		}
		if (d < 0) != strings.HasPrefix(strings.TrimSpace(s), "-") {
			t.Errorf("ParseDelta(%q) = %v: wrong sign", s, d)
		}
		// What it reads, it writes back in its own grammar.
		if back, err := ParseDelta(deltaText(d)); err != nil || back != d {
			t.Errorf("ParseDelta(%q) = %v; its text %q reads %v, %v", s, d, deltaText(d), back, err)
		}
	})
}

// Every string of up to 5 characters the terminal's field can hold: ParseDelta
// never panics, and what it takes has the typed sign and fits a clock.
func TestParseDelta_EveryShortEntry(t *testing.T) {
	const alphabet = "+-0123456789.:"
	var walk func(prefix string)
	walk = func(prefix string) {
		d, err := ParseDelta(prefix)
		if err == nil {
			switch {
			case prefix[0] == '+' && d < 0, prefix[0] == '-' && d > 0:
				t.Errorf("ParseDelta(%q) = %v: the sign is lost", prefix, d)
			case d == 0 || d > MaxDelta || d < -MaxDelta:
				t.Errorf("ParseDelta(%q) = %v: out of range", prefix, d)
			case strings.Count(prefix, "+")+strings.Count(prefix, "-") != 1:
				t.Errorf("ParseDelta(%q) = %v: took more than one sign", prefix, d)
			}
		} else if d != 0 {
			t.Errorf("ParseDelta(%q) = %v with %v", prefix, d, err)
		}
		if len(prefix) < 5 {
			for _, r := range alphabet {
				walk(prefix + string(r))
			}
		}
	}
	walk("")
}
