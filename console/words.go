package console

import (
	"fmt"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/i18n"
	"tandem/i18n/lang"
	"tandem/rules"
)

// words writes the texts the server puts in the page's view (a board's
// and the match's result, the log's lines) in one language. English is
// the record's own words, as the page has always written them ("0-1 flag
// A-white (Art 33): team 2 wins: A-black + B-white"); another language
// is its catalog's (package i18n: the terminal table's words), so that
// the page and the table say the same thing.
type words struct {
	p  *i18n.Printer
	en bool
}

var wordsOf = func() (w [lang.Count]words) {
	for _, l := range lang.Langs {
		w[l] = words{p: i18n.For(l), en: l == lang.English}
	}
	return w
}()

// wordsFor returns language l's words.
func wordsFor(l lang.Lang) words { return wordsOf[l] }

func (w words) seat(s bughouse.Seat) string {
	if w.en {
		return s.String()
	}
	return w.p.Seat(s)
}

func (w words) seats(ss []bughouse.Seat) string {
	var n []string
	for _, s := range ss {
		n = append(n, w.seat(s))
	}
	return strings.Join(n, " ")
}

// reason is a reason as a result's text names it: the record's word in
// English ("simultaneous-flag"), the catalog's otherwise.
func (w words) reason(r rules.Reason) string {
	if w.en {
		return r.String()
	}
	return w.p.Reason(r)
}

// boardText says how board b's game ended, for its label: "A-black won
// (flag)", "drawn (agreement)", "" while it goes on.
func (w words) boardText(b bughouse.Board, bv rules.BoardView) string {
	why := w.p.Reason(bv.Reason)
	if w.en {
		why = strings.ReplaceAll(bv.Reason.String(), "-", " ")
	}
	switch bv.Outcome {
	case rules.WhiteWins:
		return w.p.T("tui.board.won", "Seat", w.seat(bughouse.SeatOf(b, 0)), "Reason", why)
	case rules.BlackWins:
		return w.p.T("tui.board.won", "Seat", w.seat(bughouse.SeatOf(b, 1)), "Reason", why)
	case rules.Drawn:
		return w.p.T("tui.board.drawn", "Reason", why)
	}
	return ""
}

// resultText is the match result for people: "0-1 flag A-white (Art 33):
// team 2 wins: A-black + B-white", and under match_format = both-boards
// the game points.
func (w words) resultText(snap *rules.Snapshot, o *rules.Options) string {
	parts := []string{snap.Result.String(), w.reason(snap.Reason)}
	if seats := w.seats(snap.Decisive[:snap.NDecisive]); seats != "" {
		parts = append(parts, seats)
	}
	t := strings.Join(parts, " ")
	if a := o.Article(snap.Reason); a != "" {
		t += " (" + a + ")"
	}
	team := func(tm bughouse.Team, a, b bughouse.Seat) string {
		if w.en {
			return fmt.Sprintf(": team %d wins: %s + %s", tm, a, b)
		}
		return ": " + w.p.T("tui.result.team-wins", "Team", w.p.Team(tm), "Seats", w.seat(a)+" + "+w.seat(b))
	}
	switch snap.Result {
	case rules.Team1Wins:
		t += team(bughouse.Team1, bughouse.AWhite, bughouse.BBlack)
	case rules.Team2Wins:
		t += team(bughouse.Team2, bughouse.ABlack, bughouse.BWhite)
	case rules.MatchDraw:
		t += ": " + w.p.T("page.result.drawn")
	case rules.DoubleForfeit:
		t += ": " + w.p.T("page.result.double-forfeit")
	}
	if o.Format == rules.FormatBothBoards {
		p1, p2 := snap.Points()
		t += " (" + w.p.T("page.result.points", "Points", rules.PointsText(p1, p2)) + ")"
	}
	return t
}

// matchTime writes a match time as the log shows it: "0:12.345",
// "1:02:03.004"; negative is "before start".
func (w words) matchTime(d time.Duration) string {
	if d < 0 {
		return w.p.T("page.log.before-start")
	}
	n := ms(d)
	h, m, sec, milli := n/3600000, n/60000%60, n/1000%60, n%1000
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d.%03d", h, m, sec, milli)
	}
	return fmt.Sprintf("%d:%02d.%03d", m, sec, milli)
}

// event is a log line's event: "press A-white" / "pulsa A-blancas".
func (w words) event(e rules.Event) string {
	if w.en {
		return e.String()
	}
	return w.p.Event(e)
}

// core writes a message of the core (a refusal, why a press changed
// nothing) in the language: the core's English as it is, else its
// catalog's translation (Printer.Core).
func (w words) core(msg string) string {
	if w.en {
		return msg
	}
	return w.p.Core(msg)
}

func (w words) refused(msg string) string {
	return w.p.T("tui.last.refused", "Why", w.core(strings.TrimPrefix(msg, "rules: ")))
}

func (w words) ignored(msg string) string { return w.p.T("tui.last.ignored", "Why", w.core(msg)) }

// flag is a flag's log line: "flag A-white B-black".
func (w words) flag(seats []bughouse.Seat) string {
	return w.p.T("page.log.flag", "Seats", w.seats(seats))
}

// choices are the result form's choices in the language: the English
// labels as they are, else the reasons' words.
func (w words) choices(cs []Choice) []Choice {
	if w.en {
		return cs
	}
	out := make([]Choice, len(cs))
	for i, c := range cs {
		r, err := rules.ParseReason(c.Reason)
		out[i] = c
		if err == nil {
			out[i].Label = w.p.Reason(r)
		}
	}
	return out
}
