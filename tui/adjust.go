package tui

import (
	"fmt"
	"strings"
	"time"

	"tandem/arbiter"
	"tandem/clock"
	"tandem/display"
)

// This file holds the typed time adjustment: the field of "t", a sign and
// a time in the one grammar of an adjustment (arbiter.ParseDelta).

// maxTyped bounds the typed adjustment: more than any clock holds, e.g.
// "-23:59:59.999", "+1h 30min 30.5s".
const maxTyped = 20

// timeRune reports whether r can be part of the typed time: digits, the
// decimal point and the colon of m:ss.
func timeRune(r rune) bool { return r >= '0' && r <= '9' || r == '.' || r == ':' }

// fieldRune reports whether the field takes r: a time's rune, a space, or
// a letter of the units ParseDelta reads (h, min, m, s). Any other is
// refused at once, saying why, rather than when Enter reads the field.
func fieldRune(r rune) bool { return timeRune(r) || strings.ContainsRune(" hmins", r) }

// typeAdjust takes one key of the typed adjustment: a sign, a digit, the
// decimal point, a colon, a space or a unit's letter (fieldRune),
// Backspace, or Enter to apply it. Any other key is refused with a note
// saying so: it neither cancels the field (Esc does) nor reaches the
// commands, the clocks or the pause switch: the clock keys come here too
// while the field is open (handle).
func (m *Model) typeAdjust(k keyIn, now time.Time) bool {
	p := &m.ask
	p.hint = ""
	switch k.kind {
	case keyBackspace:
		if r := []rune(p.typed); len(r) > 0 {
			p.typed = string(r[:len(r)-1])
		}
		p.bad = ""
		return true
	case keyEnter:
		d, err := arbiter.ParseDelta(p.typed)
		if err != nil {
			p.bad = m.p.Core(err.Error())
			return true
		}
		seat := p.seat
		if _, ok := m.command(arbiter.Command{Kind: arbiter.Adjust, Seat: seat, Delta: d}, now); !ok {
			// Refused (e.g. it would leave no time): stay in the field,
			// so the arbiter corrects what he typed.
			p.bad = m.p.Core(m.err.Error())
			m.err = nil
			return true
		}
		m.ask = prompt{}
		if s := m.latest(); s.Effect.Ignored == "" {
			m.notice = m.tr("tui.adjust.done", "Seat", m.p.Seat(seat), "Delta", signed(d), "Now", display.Format(s.Clocks[seat].Remaining, m.disp))
		}
		return true
	case keyRune:
	default:
		p.hint = m.tr("tui.adjust.key-refused")
		return true
	}
	if p.bad != "" && timeRune(k.r) {
		// The entry was refused: the next digit starts a new time after
		// the sign, rather than extending the refused text.
		if strings.HasPrefix(p.typed, "+") || strings.HasPrefix(p.typed, "-") {
			p.typed = p.typed[:1]
		} else {
			p.typed = ""
		}
	}
	p.bad = ""
	r := k.r
	if r == ',' { // a decimal comma is the decimal point
		r = '.'
	}
	switch {
	case (r == '+' || r == '-') && strings.ContainsAny(p.typed, "+-"):
		p.hint = m.tr("tui.adjust.one-sign", "Key", fmt.Sprintf("%q", string(r)))
	case r == '+' || r == '-':
		// The sign comes first; typed after the time, it goes in front.
		p.typed = string(r) + p.typed
	case !fieldRune(r):
		p.hint = m.tr("tui.adjust.rune-refused", "Key", fmt.Sprintf("%q", string(r)))
	case len(p.typed) >= maxTyped:
		p.hint = m.tr("tui.adjust.too-long")
	default:
		p.typed += string(r)
	}
	return true
}

// signed writes d with its sign, e.g. "+30s", "-1m10.5s".
func signed(d time.Duration) string {
	if d < 0 {
		return clock.FormatDuration(d)
	}
	return "+" + clock.FormatDuration(d)
}
