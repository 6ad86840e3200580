package tui

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"tandem/arbiter"
	"tandem/board"
	"tandem/bughouse"
	"tandem/rules"
	"tandem/table"
)

// step is the question the table asks; each arbiter action that needs
// more than one key asks its questions one after the other on the prompt
// line.
type step uint8

const (
	noPrompt step = iota
	askQuit       // y quits, any other key keeps the match
	askNew        // y resets, any other key keeps the match
	askResultBoard
	askResultOutcome
	askResultHow
	askResultConfirm // y declares, any other key keeps the match
	askUpholdConfirm // y upholds a claim that decides the match
	askClaimSeat
	askClaimKind
	askAdjustSeat
	askAdjustAmount
	askResumeA
	askResumeB
	stepCount // not a step: the number of steps, for tests
)

// prompt is an open question and the answers given so far.
type prompt struct {
	step    step
	board   bughouse.Board
	outcome rules.Outcome
	reason  rules.Reason // how the game ended, for askResultConfirm
	seat    bughouse.Seat
	typed   string // the adjustment typed so far, e.g. "+1:30"
	bad     string // why Enter did not take the typed adjustment
	hint    string // why the last key typed in the adjustment was refused
	run     rules.RunChoice
	// decided: the quit or new-match question was asked about a decided
	// match (its result would be lost), not a match in progress.
	decided bool
	// status is the match's status when the new-match question was
	// asked: what a yes would throw away.
	status rules.Status
	// dropped counts the keys that came in the same burst as the key
	// that asked (or moved on) the question and were not taken as its
	// answer: the prompt line says so until the question is answered.
	dropped int
}

// yesNo reports whether the question is whether to keep the match: y
// gives it up, any other key keeps it.
func (p prompt) yesNo() bool { return p.step == askQuit || p.step == askNew }

// what names the action a question belongs to, for "... cancelled"
// (tui.notice.cancelled-WHAT).
func (p prompt) what() string {
	switch p.step {
	case askResultBoard, askResultOutcome, askResultHow, askResultConfirm:
		return "result"
	case askClaimSeat, askClaimKind, askUpholdConfirm:
		return "claim"
	case askAdjustSeat, askAdjustAmount:
		return "adjust"
	case askResumeA, askResumeB:
		return "resume"
	}
	return ""
}

// cancelPrompt closes the open question without acting, and says so. The
// clocks stay as they are: a claim or result question stopped them, and
// they stay stopped until the arbiter releases the pause switch.
func (m *Model) cancelPrompt() {
	p := m.ask
	m.ask = prompt{}
	m.err = nil
	if p.yesNo() {
		m.notice = m.tr("tui.notice.kept")
		return
	}
	if s := m.latest(); p.step == askUpholdConfirm && s.Claim.Active {
		// Not upholding is no decision: the claim stays pending.
		m.notice = m.tr("tui.notice.uphold-kept", "Seat", m.p.Seat(s.Claim.Claimant))
		return
	}
	// A message each (Spanish words have a gender: "reclamación
	// cancelada", "resultado cancelado").
	m.notice = m.tr("tui.notice.cancelled-" + p.what())
	if s := m.latest(); s.Status == rules.Paused && !s.Claim.Active {
		m.notice += " — " + m.tr("tui.notice.paused-space")
	}
}

// choice is one answer of a question: its key (a letter from the
// table's language when keyID is set: answerKey), its words (a message
// ID; none for a seat, named in the table's language), and the board,
// reason or outcome it stands for.
type choice struct {
	key     rune
	keyID   string // tui.answer.*: the key in the table's language
	alias   rune   // a second key that answers the same, not shown
	label   string
	reason  rules.Reason
	outcome rules.Outcome
	seat    bughouse.Seat
	board   bughouse.Board
}

// yesAlias answers yes in every language: y, the English key, also
// means yes on a Spanish table, whose own key is s (sí).
const yesAlias = 'y'

// answerKey is the key of the answer whose letter the catalogs give
// (tui.answer.*: the Spanish arbiter reads b as blancas, the English as
// black): the first letter of its text in the table's language.
func (m *Model) answerKey(id string) rune {
	for _, r := range m.tr(id) {
		return r
	}
	return '?'
}

// withKeys returns cs with the keys of the table's language.
func (m *Model) withKeys(cs []choice) []choice {
	out := append([]choice(nil), cs...)
	for i := range out {
		if out[i].keyID != "" {
			out[i].key = m.answerKey(out[i].keyID)
		}
	}
	return out
}

// yesKey is the key that answers yes in the table's language (y, s).
func (m *Model) yesKey() rune { return m.answerKey("tui.answer.yes") }

// seatChoices choose a seat in the arbiter's questions (the claimant,
// whose time, whose clock runs): digits in seat order, never a clock key,
// so a player's press is never taken for the arbiter's choice.
var seatChoices = []choice{
	{key: '1', seat: bughouse.AWhite},
	{key: '2', seat: bughouse.ABlack},
	{key: '3', seat: bughouse.BWhite},
	{key: '4', seat: bughouse.BBlack},
}

// boardSeats returns the seat choices of board b: 1 and 2 on board A, 3
// and 4 on board B.
func boardSeats(b bughouse.Board) []choice {
	if b == bughouse.BoardB {
		return seatChoices[2:]
	}
	return seatChoices[:2]
}

var boardChoices = []choice{
	{key: 'a', label: "tui.choice.board-a", board: bughouse.BoardA},
	{key: 'b', label: "tui.choice.board-b", board: bughouse.BoardB},
}

// outcomeChoices and claimKinds have the letters of the table's
// language: w/b/d in English, b/n/t (blancas, negras, tablas) in
// Spanish.
var outcomeChoices = []choice{
	{keyID: "tui.answer.white-wins", label: "tui.choice.white-wins", outcome: rules.WhiteWins},
	{keyID: "tui.answer.black-wins", label: "tui.choice.black-wins", outcome: rules.BlackWins},
	{keyID: "tui.answer.draw", label: "tui.choice.draw", outcome: rules.Drawn},
}

var claimKinds = []choice{
	{keyID: "tui.answer.illegal", label: "reason.illegal-move", reason: rules.IllegalMove},
	{keyID: "tui.answer.flag", label: "reason.flag", reason: rules.Flag},
	{keyID: "tui.answer.other-claim", label: "reason.other-claim", reason: rules.OtherClaim},
}

// The ways a game ends are numbered: letters could be a player's clock
// key (m is B-black's), and a number always means the same way, whatever
// the preset leaves out.

// winHow lists how a game is won; stalemate too when the rules make it
// decisive (or are not known: the rules then judge).
func (m *Model) winHow() []choice {
	c := []choice{
		{key: '1', label: "reason.checkmate", reason: rules.Checkmate},
		{key: '2', label: "reason.resignation", reason: rules.Resignation},
		{key: '3', label: "reason.illegal-move", reason: rules.IllegalMove},
		{key: '4', label: "reason.forfeit", reason: rules.Forfeit},
	}
	if !m.haveRules || m.rules.Stalemate == board.StalemateWinForStalemated || m.rules.Stalemate == board.StalemateLossForStalemated {
		c = append(c, choice{key: '5', label: "reason.stalemate", reason: rules.Stalemate})
	}
	return c
}

// drawHow lists how a game is drawn: repetition only where it draws,
// stalemate only where it draws (or when the rules are not known).
func (m *Model) drawHow() []choice {
	c := []choice{{key: '1', label: "reason.agreement", reason: rules.Agreement}}
	if !m.haveRules || m.rules.RepetitionDraw {
		c = append(c, choice{key: '2', label: "reason.repetition", reason: rules.Repetition})
	}
	if !m.haveRules || m.rules.Stalemate == board.StalemateDraw {
		c = append(c, choice{key: '3', label: "reason.stalemate", reason: rules.Stalemate})
	}
	return c
}

// menu returns the answers of a question answered by one key from a list:
// every question but the typed adjustment. No answer of a menu is a clock
// key: a player's press is never taken as the arbiter's answer.
func (m *Model) menu(p *prompt) []choice {
	switch p.step {
	case askQuit, askNew, askResultConfirm, askUpholdConfirm:
		return []choice{{key: m.yesKey(), alias: yesAlias, label: "tui.choice.yes"}}
	case askResultBoard:
		return boardChoices
	case askResultOutcome:
		return m.withKeys(outcomeChoices)
	case askResultHow:
		if p.outcome == rules.Drawn {
			return m.drawHow()
		}
		return m.winHow()
	case askClaimKind:
		return m.withKeys(claimKinds)
	case askClaimSeat, askAdjustSeat:
		return seatChoices
	case askResumeA:
		return boardSeats(bughouse.BoardA)
	case askResumeB:
		return boardSeats(bughouse.BoardB)
	}
	return nil
}

func pick(cs []choice, k keyIn) (choice, bool) {
	if k.kind == keyRune {
		for _, c := range cs {
			if c.key == k.r || c.alias != 0 && c.alias == k.r {
				return c, true
			}
		}
	}
	return choice{}, false
}

func (m *Model) choices(cs []choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		label := m.p.Seat(c.seat)
		if c.label != "" {
			label = m.tr(c.label)
		}
		parts[i] = m.st.key.Render(string(c.key)) + " " + label
	}
	return strings.Join(parts, " · ")
}

// newStale reports whether the new-match question no longer asks about
// the match there is: its status changed (e.g. a Black player's press
// started a ready match under black-press start).
func (p *prompt) newStale(s *table.Snapshot) bool { return s.Status != p.status }

// quitStale reports whether the quit question no longer asks about the
// match there is: it asked about a match in progress that is now decided
// (y would throw away a result the arbiter has not seen), or about a
// decided match that is now reset.
func (p *prompt) quitStale(s *table.Snapshot) bool {
	return s.Status == rules.Ready || p.decided != (s.Status == rules.Decided)
}

// answer takes key k as the answer to the open question. It reports
// whether k was an answer; a key that is not cancels the question. Clock
// keys never come here: they reach the clock (handle).
func (m *Model) answer(k keyIn, now time.Time) (bool, tea.Cmd) {
	p := &m.ask
	if p.step == askAdjustAmount {
		return m.typeAdjust(k, now), nil
	}
	if (p.step == askResumeA || p.step == askResumeB) && k.kind == keyEnter {
		// Enter keeps the board's turn in progress.
		p.hint = ""
		m.nextResume(now)
		return true, nil
	}
	c, ok := pick(m.menu(p), k)
	if !ok {
		if (p.step == askResumeA || p.step == askResumeB) && k.kind == keyRune && k.r >= '1' && k.r <= '4' {
			// A seat of the other board: ask again rather than cancel.
			b := bughouse.BoardA
			if p.step == askResumeB {
				b = bughouse.BoardB
			}
			p.hint = m.tr("tui.prompt.not-on-board", "Key", string(k.r), "Board", b.String(), "Choices", m.choices(boardSeats(b)))
			return true, nil
		}
		return false, nil
	}
	p.hint = ""
	return true, m.chose(c, now)
}

// nextResume moves the resume question on to board B, or resumes once
// both boards are answered (a board that is over is not asked about).
func (m *Model) nextResume(now time.Time) {
	p := &m.ask
	if p.step == askResumeA {
		p.step = askResumeB
		s := m.latest()
		m.skipOverBoards(&s)
	} else {
		p.step = noPrompt
	}
	if p.step == noPrompt {
		run := p.run
		m.ask = prompt{}
		m.resume(run, now)
	}
}

// chose acts on answer c of a menu question.
func (m *Model) chose(c choice, now time.Time) tea.Cmd {
	p := &m.ask
	switch p.step {
	case askQuit:
		if s := m.latest(); p.quitStale(&s) {
			m.ask = prompt{}
			m.notice = m.tr("tui.notice.changed-quit")
			return nil
		}
		return m.leave()
	case askNew:
		if s := m.latest(); p.newStale(&s) {
			m.ask = prompt{}
			m.notice = m.tr("tui.notice.changed-reset")
			return nil
		}
		m.ask = prompt{}
		m.reset(now)
	case askResultBoard:
		p.board, p.step = c.board, askResultOutcome
	case askResultOutcome:
		p.outcome, p.step = c.outcome, askResultHow
	case askResultHow:
		// A result cannot be taken back: the arbiter confirms it.
		p.reason, p.step = c.reason, askResultConfirm
	case askResultConfirm:
		c := arbiter.Command{Kind: arbiter.Declare, Board: p.board, Outcome: p.outcome, Reason: p.reason}
		m.ask = prompt{}
		m.declare(c, now)
	case askUpholdConfirm:
		m.ask = prompt{}
		m.resolve(rules.Uphold, now)
	case askClaimSeat:
		p.seat, p.step = c.seat, askClaimKind
	case askAdjustSeat:
		p.seat, p.step = c.seat, askAdjustAmount
	case askResumeA, askResumeB:
		p.run = p.run.Choose(c.seat)
		m.nextResume(now)
	case askClaimKind:
		cmd := arbiter.Command{Kind: arbiter.Claim, Seat: p.seat, Reason: c.reason}
		m.ask = prompt{}
		m.command(cmd, now)
	}
	return nil
}
