package display

import (
	"strconv"
	"time"
)

// Opts configures the time format. The zero value is usable: see each field.
type Opts struct {
	// TenthsBelow: a remaining time that rounds up to less than this is
	// shown with tenths ("19.9"); from it upwards in whole seconds
	// ("0:20"). Zero means DefaultTenthsBelow; negative means never.
	TenthsBelow time.Duration
}

// DefaultTenthsBelow is the DGT convention: tenths under 20 seconds.
const DefaultTenthsBelow = 20 * time.Second

// DefaultOpts is the format used when nil Opts are given.
var DefaultOpts = Opts{TenthsBelow: DefaultTenthsBelow}

func (o *Opts) tenthsBelow() time.Duration {
	if o == nil || o.TenthsBelow == 0 {
		return DefaultTenthsBelow
	}
	return o.TenthsBelow
}

const tenth = 100 * time.Millisecond

// ceilTo rounds d up to a multiple of g (d >= 0).
func ceilTo(d, g time.Duration) time.Duration {
	if r := d % g; r != 0 {
		return d - r + g
	}
	return d
}

// Format returns remaining time d as a clock shows it, rounded up:
// "1:23:45" from one hour, "4:59" under an hour, "19.9" (or "1:15.3" if
// TenthsBelow is over a minute) when the value rounded up to tenths is
// under TenthsBelow. Zero and negative d give "0.0" (or "0:00" when tenths
// are never shown): only a flagged clock has zero left (C10, C11, C14).
func Format(d time.Duration, o *Opts) string {
	var buf [24]byte
	return string(AppendFormat(buf[:0], d, o))
}

// AppendFormat appends Format(d, o) to dst and returns the extended
// buffer. It allocates nothing when dst has room for the text: 16 bytes
// hold any duration's.
func AppendFormat(dst []byte, d time.Duration, o *Opts) []byte {
	tb := o.tenthsBelow()
	if d < 0 {
		d = 0
	}
	if t := ceilTo(d, tenth); tb > 0 && t < tb {
		n := int64(t / tenth) // tenths; int64 so armv7 does not overflow
		sec, frac := n/10, n%10
		if sec >= 60 {
			dst = appendTwo(append(strconv.AppendInt(dst, sec/60, 10), ':'), sec%60)
		} else {
			dst = strconv.AppendInt(dst, sec, 10)
		}
		return strconv.AppendInt(append(dst, '.'), frac, 10)
	}
	n := int64(ceilTo(d, time.Second) / time.Second)
	if n >= 3600 {
		dst = appendTwo(append(strconv.AppendInt(dst, n/3600, 10), ':'), n/60%60)
	} else {
		dst = strconv.AppendInt(dst, n/60, 10)
	}
	return appendTwo(append(dst, ':'), n%60)
}

// appendTwo appends n (0-99) in two digits.
func appendTwo(dst []byte, n int64) []byte {
	if n < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, n, 10)
}

// NextChange returns how much d must decrease before Format's text
// changes: the loop wakes exactly then to redraw. It is 0 when d <= 0
// (nothing left to change).
func NextChange(d time.Duration, o *Opts) time.Duration {
	if d <= 0 {
		return 0
	}
	tb := o.tenthsBelow()
	if t := ceilTo(d, tenth); tb > 0 && t < tb {
		// Shown value t changes when d reaches t - tenth.
		return d - (t - tenth)
	}
	x := d - (ceilTo(d, time.Second) - time.Second)
	if tb > 0 {
		// Entering the tenths range: the first tenths value is the
		// largest multiple of a tenth below tb.
		if y := d - (ceilTo(tb, tenth) - tenth); y > 0 && y < x {
			x = y
		}
	}
	return x
}
