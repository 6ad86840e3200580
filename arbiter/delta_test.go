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
		{"+1x", 0, `"1x": "x" is not a unit`},
		{"+abc", 0, `"abc" is not a time`},
		// In units: each number with its unit, largest first.
		{"+30s", 30 * time.Second, ""},
		{"-30s", -30 * time.Second, ""},
		{"+5m", 5 * time.Minute, ""},
		{"+5 min", 5 * time.Minute, ""},
		{"+5MIN", 5 * time.Minute, ""},
		{"+ 5 min ", 5 * time.Minute, ""},
		{"+1m30s", 90 * time.Second, ""},
		{"+1 m 30 s", 90 * time.Second, ""},
		{"+1h 30min", 90 * time.Minute, ""},
		{"+1h30m15s", time.Hour + 30*time.Minute + 15*time.Second, ""},
		{"-1m30.5s", -(90*time.Second + 500*time.Millisecond), ""},
		{"+.5s", 500 * time.Millisecond, ""},
		{"+10h", 10 * time.Hour, ""},
		{"+600m", 10 * time.Hour, ""},
		{"+0.000000001s", 1, ""},
		{"+1m30", 0, `"1m30": write a unit after each number (h, min or s), e.g. +1m30s`},
		{"-5 5m", 0, `"5 5m": write a unit after each number`},
		{"+5x", 0, `"5x": "x" is not a unit: write h, min (or m) or s`},
		{"+5 mins", 0, `"mins" is not a unit`},
		{"+5sec", 0, `"sec" is not a unit`},
		{"+30s1m", 0, `"30s1m": the units go from hours to seconds, each once, e.g. +1h30m`},
		{"+1m1m", 0, "each once"},
		{"+1m 2min", 0, "each once"},
		{"+1.5m", 0, `"1.5m": decimals go on the seconds only, e.g. +1m30.5s`},
		{"+1.5h", 0, "decimals go on the seconds only"},
		{"+m", 0, `"m" is not a time`},
		{"+5m s", 0, `"5m s" is not a time`},
		{"+.s", 0, `".s" is not a time`},
		{"+1.2.3s", 0, `"1.2.3s" is not a time`},
		{"+1.0000000001s", 0, "more than 9 decimals"},
		{"+11h", 0, `"+11h" is more than 10 hours`},
		{"+601m", 0, "more than 10 hours"},
		{"+36001s", 0, "more than 10 hours"},
		{"+9999999999h", 0, "more than 10 hours"},
		{"+10h 1s", 0, "more than 10 hours"},
		{"+0m", 0, `"+0m" adjusts nothing`},
		{"+0h0m0s", 0, "adjusts nothing"},
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
		{"+99999999999", 0, "more than 10 hours"},
		{"+99999999999:00", 0, "more than 10 hours"},
		{"+99999999999:00:00.5", 0, "more than 10 hours"},
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
	for _, s := range []string{"+30", "-0:10", "+1:30", "+2.5", "+1:5", "", "-", "+99999999999", "+1:00:00", "+.5",
		"+5m", "+5 min", "-30s", "+1m30s", "+1h 30min", "+1m30", "+30s1m", "+1.5m", "+10h 600m"} {
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

// Every string of up to 5 characters of what the terminal's field takes: ParseDelta
// never panics, and what it takes has the typed sign and fits a clock.
func TestParseDelta_EveryShortEntry(t *testing.T) {
	const alphabet = "+-01259.: hmins" // the field takes units too
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
