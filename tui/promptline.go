package tui

import (
	"fmt"
	"strings"

	"tandem/bughouse"
	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

// This file writes the open question on the prompt line: in the longest
// form that fits, with what an answer will do.

// resultSummary is a decided match's result in short, for the quit
// question: "0-1 flag A-white", "1/2-1/2 both-drawn".
func resultSummary(s *table.Snapshot) string {
	parts := []string{s.Result.String(), s.Reason.String()}
	for _, seat := range s.Decisive[:s.NDecisive] {
		parts = append(parts, seat.String())
	}
	return strings.Join(parts, " ")
}

// promptLine is the open question on one line, e.g.
//
//	Board A: w White wins · b Black wins · d draw
//
// in the forms it has, longest first: shorter ones are for narrow
// terminals. esc says whether "(esc cancels)" goes after it (not after a
// yes/no question: any key but y answers no). No forms: no question.
func (m *Model) promptLine() (forms []string, esc bool) {
	long, short, tiny, esc := m.promptForms()
	if long == "" {
		return nil, false
	}
	for _, f := range []string{long, short, tiny} {
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
	yes, yesShort := k(yesKey)+" = yes, any other key = no", k(yesKey)+" = yes, other = no"
	switch p.step {
	case askQuit:
		if s := m.latest(); p.decided && s.Status == rules.Decided {
			long = "Quit? The result " + resultSummary(&s) + " will be gone. " + k(yesKey) + " = quit, any other key = no"
			short = "Quit? The result will be gone. " + k(yesKey) + " = quit, other = no"
			return long, short, "", false
		}
		long = "Quit and abandon the match in progress? " + k(yesKey) + " = quit, any other key = no"
		short = "Quit and abandon the match? " + k(yesKey) + " = quit, other = no"
		return long, short, "", false
	case askNew:
		s := m.latest()
		switch {
		case p.decided && s.Status == rules.Decided:
			long = "New match? The result " + resultSummary(&s) + " will be gone. " + yes
			short = "New match? The result will be gone. " + yesShort
		case p.status == rules.Ready:
			long = "New match? The time adjustments will be undone: " + m.undone(&s) + ". " + yes
			short = "New match? Adjusted times undone. " + yesShort
		default:
			long = "New match? The paused match will be lost. " + yes
			short = "New match? " + yesShort
		}
		return long, short, "", false
	case askResultBoard:
		long = "Result on board: " + k('a') + " / " + k('b')
		short = long
	case askResultOutcome:
		long = fmt.Sprintf("Board %s: %s", p.board, m.choices(outcomeChoices))
		short = long
	case askResultHow:
		how, head := m.menu(p), fmt.Sprintf("Board %s drawn", p.board)
		if p.outcome != rules.Drawn {
			head = fmt.Sprintf("Board %s, %s wins", p.board, winner(p.board, p.outcome))
		}
		long = head + " · how: " + m.choices(how)
		short = "how: " + m.choices(how)
	case askResultConfirm:
		what, brief := m.consequence(p.board, p.outcome)
		game := fmt.Sprintf("board %s %s %s", p.board, p.outcome, reasonWords(p.reason))
		long = "Declare " + game + " (" + what + ")? " + yes
		short = "Declare " + game + " (" + brief + ")? " + yesShort
		tiny = fmt.Sprintf("%s %s %s (%s)? ", p.board, p.outcome, reasonWords(p.reason), brief) + yesShort
		return long, short, tiny, false
	case askUpholdConfirm:
		c := m.latest().Claim
		off := c.Accused
		long = fmt.Sprintf("Uphold %s's claim? %s's illegal move loses the game and the match (%s; %s wins)? %s",
			c.Claimant, off, m.article(rules.IllegalMove), c.Claimant.Team(), yes)
		short = fmt.Sprintf("Uphold: %s loses the match? %s", off, yesShort)
		tiny = short
		return long, short, tiny, false
	case askClaimSeat:
		long = "Claim by: " + m.choices(seatChoices)
		short = long
	case askClaimKind:
		long = fmt.Sprintf("Claim by %s · kind: %s", p.seat, m.choices(claimKinds))
		short = "kind: " + m.choices(claimKinds)
	case askAdjustSeat:
		long = "Adjust whose time: " + m.choices(seatChoices)
		short = "Adjust: " + m.choices(seatChoices)
	case askAdjustAmount:
		// The field first, then what to type, or why the last key did
		// nothing.
		field := fmt.Sprintf("Adjust %s: %s▏  ", p.seat, m.st.bold.Render(p.typed))
		long = field + "type + or - and the time, seconds or m:ss, then Enter (e.g. +30, +2.5, +1:30, -0:10)"
		short = field + "+/- seconds or m:ss, Enter"
		switch {
		case p.bad != "":
			long = field + m.st.err.Render(p.bad)
			short = long
		case p.hint != "":
			long = field + m.st.notice.Render(p.hint)
			short = long
		}
	case askResumeA:
		long = "Resume with: board A " + m.choices(boardSeats(bughouse.BoardA)) + ", then board B " +
			m.choices(boardSeats(bughouse.BoardB)) + "; Enter keeps a board's turn in progress"
		short = "Resume: board A " + m.choices(boardSeats(bughouse.BoardA)) + ", then board B; Enter keeps a turn"
		tiny = "Resume: board A " + k('1') + "/" + k('2') + ", Enter keeps"
	case askResumeB:
		chosen := "turn in progress"
		if p.run.Set[bughouse.BoardA] {
			chosen = p.run.Seat[bughouse.BoardA].String()
		}
		if m.latest().Boards[bughouse.BoardA].Over {
			chosen = "over"
		}
		long = "Resume with: board A " + chosen + "; board B " + m.choices(boardSeats(bughouse.BoardB)) +
			"; Enter keeps the turn in progress"
		short = "Resume: board A " + chosen + "; board B " + m.choices(boardSeats(bughouse.BoardB)) + "; Enter keeps"
		tiny = "Resume: board B " + k('3') + "/" + k('4') + ", Enter keeps"
	default:
		return "", "", "", false
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
		return fmt.Sprintf("board %s is already over: the rules will refuse it", b), "over"
	}
	if o != rules.Drawn {
		w := winner(b, o)
		return fmt.Sprintf("%s wins; %s wins the match", w, w.Team()), w.Team().String() + " wins"
	}
	switch {
	case !m.haveRules:
		return "drawn", "drawn"
	case m.rules.OneBoardDraw == rules.MatchDrawn:
		return "drawn; the match is drawn: one_board_draw = match-draw", "match drawn"
	case s.Boards[b.Other()].Outcome == rules.Drawn:
		return fmt.Sprintf("drawn; board %s is drawn too: the match is drawn", b.Other()), "match drawn"
	}
	return fmt.Sprintf("drawn; board %s decides the match", b.Other()), fmt.Sprintf("%s decides", b.Other())
}

// undone lists the adjusted clocks of a ready match with the time a new
// match gives them back: "A-white 6:00 → 5:00, B-black 4:30 → 5:00".
func (m *Model) undone(s *table.Snapshot) string {
	var parts []string
	for _, seat := range m.adjusted(s) {
		parts = append(parts, fmt.Sprintf("%s %s → %s", seat,
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
