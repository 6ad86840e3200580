package i18n

import (
	"strings"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// The vocabulary of the match in the printer's language: every screen
// names seats, teams, boards, statuses and reasons with these, so that
// the terminal, the displays and the menu agree.

// Seat names seat s: "A-white" / "A-blancas".
func (p *Printer) Seat(s bughouse.Seat) string {
	if s > bughouse.BBlack {
		return s.String()
	}
	return p.T("seat." + s.String())
}

// Color names colour c: "White" / "blancas".
func (p *Printer) Color(c bughouse.Color) string {
	if c == bughouse.Black {
		return p.T("color.black")
	}
	return p.T("color.white")
}

// Team names team t: "team 1" / "equipo 1".
func (p *Printer) Team(t bughouse.Team) string {
	return p.T("team.name", "N", uint8(t))
}

// Board names board b: "board A" / "tablero A".
func (p *Printer) Board(b bughouse.Board) string {
	return p.T("board.name", "Board", b.String())
}

// Status names a match status as a short word: "ready" / "listo".
func (p *Printer) Status(s rules.Status) string {
	return p.T("status." + s.String())
}

// Reason names how a game or the match ended, or what a claim is about,
// in words: "illegal move" / "jugada ilegal" (rules.Reason.String is the
// record's word, "illegal-move").
func (p *Printer) Reason(r rules.Reason) string {
	switch r {
	case rules.NoReason:
		return ""
	case rules.OtherClaim:
		return p.T("reason.other-claim") // "other" is a plural form's key in the catalogs
	}
	return p.T("reason." + r.String())
}

// Event describes an event of the match as the last-event line writes it:
// "press A-white" / "pulsa A-blancas".
func (p *Printer) Event(e rules.Event) string {
	switch e.Kind {
	case rules.Press, rules.Warn, rules.Penalize, rules.Arrive:
		return p.T("event."+e.Kind.String(), "Seat", p.Seat(e.Seat))
	case rules.Resume:
		var seats []string
		for b := range e.Run.Set {
			if e.Run.Set[b] {
				seats = append(seats, p.Seat(e.Run.Seat[b]))
			}
		}
		if len(seats) == 0 {
			return p.T("event.resume")
		}
		return p.T("event.resume-with", "Seats", strings.Join(seats, " "))
	case rules.Adjust:
		sign, d := "+", e.Delta
		if d < 0 {
			sign, d = "-", -d
		}
		return p.T("event.adjust", "Seat", p.Seat(e.Seat), "Delta", sign+clock.FormatSeconds(d)+"s")
	case rules.Claim:
		if e.AccusedSet {
			return p.T("event.claim-accused", "Seat", p.Seat(e.Seat), "Reason", p.Reason(e.Reason), "Accused", p.Seat(e.Accused))
		}
		return p.T("event.claim", "Seat", p.Seat(e.Seat), "Reason", p.Reason(e.Reason))
	case rules.Declare:
		return p.T("event.result", "Board", e.Board.String(), "Outcome", e.Outcome.String(), "Reason", p.Reason(e.Reason))
	case rules.Call:
		if e.Delta > 0 {
			return p.T("event.call-for", "Time", clock.FormatSeconds(e.Delta)+"s")
		}
		return p.T("event.call")
	}
	if id := "event." + e.Kind.String(); Has(English, id) {
		return p.T(id)
	}
	return e.String()
}
