package tui

import (
	"fmt"
	"strings"

	"tandem/bughouse"
	"tandem/display"
	"tandem/i18n"
	"tandem/rules"
	"tandem/table"
)

// This file writes the open question on the prompt line: in the longest
// form that fits, with what an answer will do.

// resultSummary is a decided match's result in short, for the quit
// question: "0-1 flag A-white", "1/2-1/2 both-drawn".
func resultSummary(p *i18n.Printer, s *table.Snapshot) string {
	parts := []string{s.Result.String(), p.ReasonWord(s.Reason)}
	for _, seat := range s.Decisive[:s.NDecisive] {
		parts = append(parts, p.Seat(seat))
	}
	return strings.Join(parts, " ")
}

// recorded reports whether the table keeps a record of the match and
// recording works: a decided result then stays in the record after a new
// match or a quit; otherwise the screen is the only place it is, and the
// questions say it will be gone.
func recorded(s *table.Snapshot) bool { return s.Recording && s.RecordErr == "" }

// promptLine is the open question on one line, e.g.
//
//	Board A: w White wins · b Black wins · d draw
//
// in the forms it has, longest first: shorter ones are for narrow
// terminals. esc says whether "(esc cancels)" goes after it (not after a
// yes/no question: any key but y answers no). No forms: no question. Keys
// that came in the burst that asked it and were not taken as its answer
// are said first ("2 keys typed with the question were not taken as its
// answer").
func (m *Model) promptLine() (forms []string, esc bool) {
	long, short, tiny, esc := m.promptForms()
	if long == "" {
		return nil, false
	}
	all := []string{long, short, tiny}
	if n := m.ask.dropped; n > 0 {
		// Said whenever it fits with the question, before it.
		note := m.st.notice.Render(m.p.TN("tui.prompt.dropped", n)) + "  "
		all = append([]string{note + long, note + short}, all...)
	}
	for _, f := range all {
		if f != "" && (len(forms) == 0 || forms[len(forms)-1] != f) {
			forms = append(forms, f)
		}
	}
	return forms, esc
}

// promptForms is promptLine's forms: long, short, and for some questions
// a tiny one that keeps the answer keys in sight on narrow terminals.
func (m *Model) promptForms() (long, short, tiny string, esc bool) {
	p := &m.ask
	k := func(r rune) string { return m.st.key.Render(string(r)) }
	y := k(m.yesKey())
	yes, yesShort := m.tr("tui.prompt.yes", "Y", y), m.tr("tui.prompt.yes-short", "Y", y)
	switch p.step {
	case askQuit:
		if s := m.latest(); p.decided && s.Status == rules.Decided {
			long = m.tr("tui.prompt.quit-result", "Result", resultSummary(m.p, &s), "Y", y)
			short = m.tr("tui.prompt.quit-result-short", "Y", y)
			if recorded(&s) {
				long = m.tr("tui.prompt.quit-result-kept", "Result", resultSummary(m.p, &s), "Y", y)
				short = m.tr("tui.prompt.quit-result-kept-short", "Y", y)
			}
			return long, short, "", false
		}
		long = m.tr("tui.prompt.quit", "Y", y)
		short = m.tr("tui.prompt.quit-short", "Y", y)
		return long, short, "", false
	case askNew:
		s := m.latest()
		switch {
		case p.decided && s.Status == rules.Decided:
			long = m.tr("tui.prompt.new-result", "Result", resultSummary(m.p, &s)) + " " + yes
			short = m.tr("tui.prompt.new-result-short") + " " + yesShort
			if recorded(&s) {
				long = m.tr("tui.prompt.new-result-kept", "Result", resultSummary(m.p, &s)) + " " + yes
				short = m.tr("tui.prompt.new-result-kept-short") + " " + yesShort
			}
		case p.status == rules.Ready:
			long = m.tr("tui.prompt.new-adjusted", "Undone", m.undone(&s)) + " " + yes
			short = m.tr("tui.prompt.new-adjusted-short") + " " + yesShort
		default:
			long = m.tr("tui.prompt.new-paused") + " " + yes
			short = m.tr("tui.prompt.new-short") + " " + yesShort
		}
		return long, short, "", false
	case askResultBoard:
		long = m.tr("tui.prompt.result-board", "A", k('a'), "B", k('b'))
		short = long
	case askResultOutcome:
		long = m.tr("tui.prompt.result-outcome", "Board", p.board.String(), "Choices", m.choices(m.withKeys(outcomeChoices)))
		short = long
	case askResultHow:
		how, head := m.menu(p), m.tr("tui.prompt.board-drawn", "Board", p.board.String())
		if p.outcome != rules.Drawn {
			head = m.tr("tui.prompt.board-wins", "Board", p.board.String(), "Seat", m.p.Seat(winner(p.board, p.outcome)))
		}
		long = head + " · " + m.tr("tui.prompt.how", "Choices", m.choices(how))
		short = m.tr("tui.prompt.how", "Choices", m.choices(how))
	case askResultConfirm:
		what, brief := m.consequence(p.board, p.outcome)
		game := m.tr("tui.prompt.game", "Board", p.board.String(), "Outcome", p.outcome.String(), "Reason", m.p.Reason(p.reason))
		long = m.tr("tui.prompt.declare", "Game", game, "What", what) + " " + yes
		short = m.tr("tui.prompt.declare", "Game", game, "What", brief) + " " + yesShort
		tiny = fmt.Sprintf("%s %s %s (%s)? ", p.board, p.outcome, m.p.Reason(p.reason), brief) + yesShort
		return long, short, tiny, false
	case askUpholdConfirm:
		c := m.latest().Claim
		off := c.Accused
		long = m.tr("tui.prompt.uphold-loses", "Seat", m.p.Seat(c.Claimant), "Accused", m.p.Seat(off),
			"Article", m.article(rules.IllegalMove), "Team", m.p.Team(c.Claimant.Team())) + " " + yes
		short = m.tr("tui.prompt.uphold-loses-short", "Accused", m.p.Seat(off)) + " " + yesShort
		tiny = short
		return long, short, tiny, false
	case askClaimSeat:
		long = m.tr("tui.prompt.claim-by", "Choices", m.choices(seatChoices))
		short = long
	case askClaimKind:
		long = m.tr("tui.prompt.claim-kind", "Seat", m.p.Seat(p.seat), "Choices", m.choices(m.withKeys(claimKinds)))
		short = m.tr("tui.prompt.kind", "Choices", m.choices(m.withKeys(claimKinds)))
	case askAdjustSeat:
		long = m.tr("tui.prompt.adjust-whose", "Choices", m.choices(seatChoices))
		short = m.tr("tui.prompt.adjust-short", "Choices", m.choices(seatChoices))
	case askAdjustAmount:
		// The field first, then what to type, or why the last key did
		// nothing.
		field := m.tr("tui.prompt.adjust-field", "Seat", m.p.Seat(p.seat), "Typed", m.st.bold.Render(p.typed)) + "▏  "
		long = field + m.tr("tui.prompt.adjust-help")
		short = field + m.tr("tui.prompt.adjust-help-short")
		switch {
		case p.bad != "":
			long = field + m.st.err.Render(p.bad)
			short = long
		case p.hint != "":
			long = field + m.st.notice.Render(p.hint)
			short = long
		}
	case askResumeA:
		long = m.tr("tui.prompt.resume-a", "A", m.choices(boardSeats(bughouse.BoardA)), "B", m.choices(boardSeats(bughouse.BoardB)))
		short = m.tr("tui.prompt.resume-a-short", "A", m.choices(boardSeats(bughouse.BoardA)))
		tiny = m.tr("tui.prompt.resume-a-tiny", "Keys", k('1')+"/"+k('2'))
	case askResumeB:
		chosen := m.tr("tui.prompt.turn-in-progress")
		if p.run.Set[bughouse.BoardA] {
			chosen = m.p.Seat(p.run.Seat[bughouse.BoardA])
		}
		if m.latest().Boards[bughouse.BoardA].Over {
			chosen = m.tr("tui.prompt.over")
		}
		long = m.tr("tui.prompt.resume-b", "Chosen", chosen, "B", m.choices(boardSeats(bughouse.BoardB)))
		short = m.tr("tui.prompt.resume-b-short", "Chosen", chosen, "B", m.choices(boardSeats(bughouse.BoardB)))
		tiny = m.tr("tui.prompt.resume-b-tiny", "Keys", k('3')+"/"+k('4'))
	default:
		return "", "", "", false // no question; the menu has its own lines (menuScreen)
	}
	if (p.step == askResumeA || p.step == askResumeB) && p.hint != "" {
		long, short = m.st.notice.Render(p.hint)+"  "+long, m.st.notice.Render(p.hint)
	}
	return long, short, tiny, true
}

// consequence says what declaring outcome o on board b does to the match,
// in full and in brief: "A-white wins; team 1 wins the match" ("team 1
// wins"), "drawn; board B decides the match" ("B decides"), "drawn; the
// match is drawn: one_board_draw = match-draw" ("match drawn"). A board
// already over says so: the table will refuse the result.
func (m *Model) consequence(b bughouse.Board, o rules.Outcome) (long, short string) {
	s := m.latest()
	if s.Boards[b].Over {
		return m.tr("tui.consequence.over", "Board", b.String()), m.tr("tui.consequence.over-short")
	}
	if o != rules.Drawn {
		w := winner(b, o)
		return m.tr("tui.consequence.wins", "Seat", m.p.Seat(w), "Team", m.p.Team(w.Team())),
			m.tr("tui.consequence.wins-short", "Team", m.p.Team(w.Team()))
	}
	switch {
	case !m.haveRules:
		return m.tr("tui.consequence.drawn"), m.tr("tui.consequence.drawn")
	case m.rules.OneBoardDraw == rules.MatchDrawn:
		return m.tr("tui.consequence.match-draw-option"), m.tr("tui.result.match-drawn")
	case s.Boards[b.Other()].Outcome == rules.Drawn:
		return m.tr("tui.consequence.both-drawn", "Other", b.Other().String()), m.tr("tui.result.match-drawn")
	}
	return m.tr("tui.consequence.other-decides", "Other", b.Other().String()), m.tr("tui.consequence.other-decides-short", "Other", b.Other().String())
}

// undone lists the adjusted clocks of a ready match with the time a new
// match gives them back: "A-white 6:00 → 5:00, B-black 4:30 → 5:00".
func (m *Model) undone(s *table.Snapshot) string {
	var parts []string
	for _, seat := range m.adjusted(s) {
		parts = append(parts, fmt.Sprintf("%s %s → %s", m.p.Seat(seat),
			display.Format(s.Clocks[seat].Remaining, m.disp), display.Format(m.initial[seat], m.disp)))
	}
	return strings.Join(parts, ", ")
}

// winner names the seat that wins board b with outcome o.
func winner(b bughouse.Board, o rules.Outcome) bughouse.Seat {
	if o == rules.BlackWins {
		return bughouse.SeatOf(b, bughouse.Black)
	}
	return bughouse.SeatOf(b, bughouse.White)
}

// upholdDecides reports whether upholding the pending claim would decide
// the match: an illegal-move claim under loss-on-claim, or the third
// strike under three-strikes.
func (m *Model) upholdDecides() bool {
	s := m.latest()
	c := s.Claim
	if !c.Active || c.Reason != rules.IllegalMove || !m.haveRules {
		return false
	}
	switch m.rules.IllegalMove {
	case rules.IllegalLossOnClaim:
		return true
	case rules.IllegalThreeStrikes:
		return s.Strikes[c.Accused] >= 2
	}
	return false
}
