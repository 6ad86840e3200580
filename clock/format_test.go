package clock

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestFormatDuration_Exact(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", time.Millisecond: "1ms", 250 * time.Microsecond: "0.00025s", 7: "0.000000007s",
		1118 * time.Millisecond: "1.118s", 90 * time.Minute: "1h30m", 5 * time.Minute: "5m",
		time.Hour + 100: "1h0.0000001s", 24 * time.Hour: "24h", 2500 * time.Millisecond: "2.5s",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%d) = %q, want %q", int64(d), got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		d := time.Duration(rapid.Int64Range(0, int64(48*time.Hour)).Draw(t, "d"))
		s := FormatDuration(d)
		back, err := ParseDuration(s)
		if err != nil || back != d {
			t.Fatalf("%d -> %q -> %d, %v", int64(d), s, int64(back), err)
		}
	})
}
