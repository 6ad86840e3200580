package arbiter

import (
	"fmt"
	"strings"
	"time"
)

// MaxDelta is the largest time adjustment accepted, either way: no
// correction or penalty (Art 40) is longer.
const MaxDelta = 10 * time.Hour

// ParseDelta reads a time adjustment: a required sign, then the time as
// seconds ("+30", "+2.5"), minutes:seconds ("+1:30", "-0:10"),
// hours:minutes:seconds ("+1:30:00"), the seconds with up to 9 decimals,
// or in units: numbers each followed by its unit, h (hours), min or m
// (minutes), s (seconds), from the largest to the smallest, each once,
// spaces between them allowed, decimals on the seconds only ("+5m",
// "+5 min", "-30s", "+1m30s", "+1h 30min", "+1m30.5s"). It returns the
// signed duration (ns), never zero and at most MaxDelta either way, or an
// error that says what is wrong in the typed text's own terms. Spaces
// around the text and after the sign are ignored.
func ParseDelta(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return 0, fmt.Errorf("type the sign first: +30 adds 30 s, -30 removes 30 s")
	}
	sign, body := s[:1], strings.TrimSpace(s[1:])
	if body == "" {
		return 0, fmt.Errorf("type the time after the sign: %s30 or %s1:30 (m:ss)", sign, sign)
	}
	parse := parseTime
	if strings.IndexFunc(body, isLetter) >= 0 && !strings.Contains(body, ":") {
		parse = parseUnits
	}
	d, err := parse(body, sign)
	if err != nil {
		return 0, err
	}
	if d == 0 {
		return 0, fmt.Errorf("%q adjusts nothing", s)
	}
	if d > MaxDelta {
		return 0, fmt.Errorf("%q is more than 10 hours", s)
	}
	if sign == "-" {
		d = -d
	}
	return d, nil
}

// parseTime reads the time of an adjustment without its sign:
// "SECONDS[.FRACTION]", "M:SS[.FRACTION]" or "H:MM:SS[.FRACTION]". sign is
// only for the examples of its messages.
func parseTime(body, sign string) (time.Duration, error) {
	notATime := fmt.Errorf("%q is not a time: write %s30, %s2.5 or %s1:30", body, sign, sign, sign)
	parts := strings.Split(body, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("%q: at most h:mm:ss, e.g. %s1:00:00", body, sign)
	}
	last := parts[len(parts)-1]
	whole, frac, hasDot := strings.Cut(last, ".")
	if strings.Contains(frac, ".") || strings.Contains(strings.Join(parts[:len(parts)-1], ""), ".") {
		return 0, notATime
	}
	if len(frac) > 9 {
		return 0, fmt.Errorf("%q has more than 9 decimals", body)
	}
	if !digits(whole) || !digits(frac) || (whole == "" && frac == "" && (hasDot || len(parts) == 1)) {
		return 0, notATime
	}
	var d time.Duration
	if len(parts) == 1 {
		// Seconds alone: "30", "2.5", ".5", "7.".
		if len(whole) > 9 {
			return 0, fmt.Errorf("%q is more than 10 hours", sign+body)
		}
		d = time.Duration(atoi(whole)) * time.Second
	} else {
		// After a colon, two digits: seconds (and minutes in h:mm:ss)
		// under 60.
		for i, part := range parts[1:] {
			if i == len(parts)-2 {
				part = whole
			}
			if !digits(part) {
				return 0, notATime
			}
			if len(part) != 2 {
				return 0, fmt.Errorf("%q: write two digits after a colon, e.g. %s1:05", body, sign)
			}
			if atoi(part) >= 60 {
				return 0, fmt.Errorf("%q: after a colon, 00 to 59", body)
			}
		}
		first := parts[0]
		if first == "" || !digits(first) {
			return 0, notATime
		}
		if len(first) > 4 {
			return 0, fmt.Errorf("%q is more than 10 hours", sign+body)
		}
		unit := time.Minute
		if len(parts) == 3 {
			unit = time.Hour
			d += time.Duration(atoi(parts[1])) * time.Minute
		}
		d += time.Duration(atoi(first))*unit + time.Duration(atoi(whole))*time.Second
	}
	if frac != "" {
		f := atoi(frac)
		for range 9 - len(frac) {
			f *= 10
		}
		d += time.Duration(f)
	}
	return d, nil
}

// digits reports whether s is made of ASCII digits only ("" is).
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// atoi reads a string of at most 18 digits (digits checked it).
func atoi(s string) int64 {
	var n int64
	for i := 0; i < len(s); i++ {
		n = n*10 + int64(s[i]-'0')
	}
	return n
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// units are the units of an adjustment written in units, largest first,
// with the most of each that 10 hours holds (MaxDelta).
var units = []struct {
	names []string
	d     time.Duration
	most  int64
}{
	{[]string{"h"}, time.Hour, 10},
	{[]string{"min", "m"}, time.Minute, 600},
	{[]string{"s"}, time.Second, 36000},
}

// parseUnits reads the time of an adjustment without its sign, in units:
// "5m", "5 min", "1m30s", "1h 30min", "1m30.5s". sign is only for the
// examples of its messages.
func parseUnits(body, sign string) (time.Duration, error) {
	var d time.Duration
	next := 0 // the first unit still allowed (units' index)
	rest := body
	for rest != "" {
		num := rest[:len(rest)-len(strings.TrimLeft(rest, "0123456789."))]
		rest = strings.TrimLeft(rest[len(num):], " ")
		unit := rest[:len(rest)-len(strings.TrimLeftFunc(rest, isLetter))]
		rest = strings.TrimLeft(rest[len(unit):], " ")
		whole, frac, hasDot := strings.Cut(num, ".")
		switch {
		case num == "" || strings.Contains(frac, ".") || whole == "" && frac == "":
			return 0, fmt.Errorf("%q is not a time: write %s30, %s2.5 or %s1:30", body, sign, sign, sign)
		case unit == "":
			return 0, fmt.Errorf("%q: write a unit after each number (h, min or s), e.g. %s1m30s", body, sign)
		}
		u := -1
		for i, un := range units {
			for _, name := range un.names {
				if strings.EqualFold(unit, name) {
					u = i
				}
			}
		}
		switch {
		case u < 0:
			return 0, fmt.Errorf("%q: %q is not a unit: write h, min (or m) or s", body, unit)
		case u < next:
			return 0, fmt.Errorf("%q: the units go from hours to seconds, each once, e.g. %s1h30m", body, sign)
		case hasDot && units[u].d != time.Second:
			return 0, fmt.Errorf("%q: decimals go on the seconds only, e.g. %s1m30.5s", body, sign)
		case len(frac) > 9:
			return 0, fmt.Errorf("%q has more than 9 decimals", body)
		case len(whole) > 9 || atoi(whole) > units[u].most:
			return 0, fmt.Errorf("%q is more than 10 hours", sign+body)
		}
		next = u + 1
		d += time.Duration(atoi(whole)) * units[u].d
		if frac != "" {
			f := atoi(frac)
			for range 9 - len(frac) {
				f *= 10
			}
			d += time.Duration(f)
		}
	}
	return d, nil
}
