package tui

import (
	"strings"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/rules"
	"tandem/table"
)

// This file holds the arbiter's actions of the terminal table: each opens
// its questions (prompt.go) or, once they are answered, carries itself out
// through the table's command layer (package arbiter) and says what it
// did.

// openResult starts "r": declare a board's result. Like a claim, it stops
// the clocks at once (see stopClocks); the result is sent when the
// questions are answered.
func (m *Model) openResult(now time.Time) {
	switch m.status() {
	case rules.Ready:
		m.notice = m.tr("tui.notice.not-started")
		return
	case rules.Decided:
		m.notice = m.tr("tui.notice.decided")
		return
	}
	if m.stopClocks(now) {
		m.ask = prompt{step: askResultBoard}
	}
}

// openClaim starts "c": record a claim. Art 29: the claimant stops the
// clocks (his board), the arbiter the other board: both stop at the
// instant c is pressed, before the questions, so the time the arbiter
// takes to answer is nobody's. The claim is sent when they are answered.
func (m *Model) openClaim(now time.Time) {
	s := m.latest()
	switch {
	case s.Status == rules.Ready:
		m.notice = m.tr("tui.notice.not-started")
	case s.Status == rules.Decided:
		m.notice = m.tr("tui.notice.decided")
	case s.Claim.Active:
		m.notice = m.tr("tui.notice.claim-already", "Seat", m.p.Seat(s.Claim.Claimant))
	default:
		if m.stopClocks(now) {
			m.ask = prompt{step: askClaimSeat}
		}
	}
}

// stopClocks pauses a running match at instant now, the instant the key
// that asks for a claim or a result was received; a paused match stays as
// it is. It reports whether the match is paused, so the questions may be
// asked; if not (the table refused, or a flag fell before the key), the
// note says why.
func (m *Model) stopClocks(now time.Time) bool {
	if m.status() != rules.Running {
		return true
	}
	if _, ok := m.command(arbiter.Command{Kind: arbiter.Stop}, now); !ok {
		return false
	}
	switch m.status() {
	case rules.Paused:
		return true
	case rules.Decided:
		m.notice = m.tr("tui.notice.decided-before")
	}
	return false
}

// openAdjust starts "t": add or remove a seat's time (Art 40), only while
// the clocks are stopped.
func (m *Model) openAdjust() {
	switch m.status() {
	case rules.Running:
		m.notice = m.tr("tui.notice.pause-first-adjust")
	case rules.Decided:
		m.notice = m.tr("tui.notice.clocks-final")
	default:
		m.ask = prompt{step: askAdjustSeat}
	}
}

// openResume starts "s": resume choosing whose clock runs on each board.
func (m *Model) openResume() {
	s := m.latest()
	switch {
	case s.Claim.Active:
		m.notice = m.tr("tui.notice.claim-pending", "Seat", m.p.Seat(s.Claim.Claimant))
	case s.Status == rules.Running:
		m.notice = m.tr("tui.notice.pause-first-resume")
	case s.Status == rules.Ready:
		m.notice = m.tr("tui.notice.not-started")
	case s.Status == rules.Decided:
		m.notice = m.tr("tui.notice.decided")
	default:
		m.ask = prompt{step: askResumeA}
		m.skipOverBoards(&s)
	}
}

// skipOverBoards skips the resume question of a board whose game is over
// (drawn while the other board decides): its clocks cannot run.
func (m *Model) skipOverBoards(s *table.Snapshot) {
	if m.ask.step == askResumeA && s.Boards[bughouse.BoardA].Over {
		m.ask.step = askResumeB
	}
	if m.ask.step == askResumeB && s.Boards[bughouse.BoardB].Over {
		m.ask.step = noPrompt
	}
}

// declare sends a board result and says what it did when the match goes
// on (a draw on one board under other-continues, Art 34): the clocks,
// stopped by r, stay stopped until the arbiter resumes.
func (m *Model) declare(e arbiter.Command, now time.Time) {
	if res, ok := m.command(e, now); !ok || res.Status == rules.Decided {
		return
	}
	if e.Outcome == rules.Drawn {
		m.notice = m.tr("tui.notice.board-drawn", "Board", e.Board.String(), "Other", e.Board.Other().String())
		if m.status() == rules.Paused {
			m.notice += m.tr("tui.notice.space-resumes-board", "Board", e.Board.Other().String())
		}
	}
}

// threeStrikes reports whether the rules make the third upheld illegal
// move lose.
func (m *Model) threeStrikes() bool {
	return m.haveRules && m.rules.IllegalMove == rules.IllegalThreeStrikes
}

// article is where the rule behind a decision for reason r comes from
// under the match's rules (the preset's own rule where it departs from the
// regulation), e.g. "Art 33", "three illegal moves lose: seed 004".
func (m *Model) article(r rules.Reason) string {
	if m.haveRules {
		return m.rules.Article(r)
	}
	return r.Article()
}

// resolve upholds or rejects the pending claim and says what that did.
func (m *Model) resolve(kind rules.Kind, now time.Time) {
	c := m.latest().Claim
	cmd := arbiter.Command{Kind: arbiter.Uphold}
	if kind == rules.Reject {
		cmd.Kind = arbiter.Reject
	}
	res, ok := m.command(cmd, now)
	if !ok {
		return
	}
	s := m.latest()
	off := c.Accused
	switch {
	case kind == rules.Reject:
		m.notice = m.tr("tui.notice.claim-rejected", "Seat", m.p.Seat(c.Claimant))
	case res.Status == rules.Decided:
		id := "tui.notice.upheld-loses"
		if m.threeStrikes() && s.Strikes[off] >= 3 {
			id = "tui.notice.upheld-third-loses"
		}
		m.notice = m.tr(id, "Seat", m.p.Seat(c.Claimant), "Accused", m.p.Seat(off), "Article", m.article(rules.IllegalMove))
	case c.Reason == rules.IllegalMove:
		// The move is taken back: the offender moves again, so his clock
		// is the one that runs on resume.
		m.notice = m.tr("tui.notice.upheld", "Seat", m.p.Seat(c.Claimant)) + " "
		if m.threeStrikes() {
			m.notice += m.tr("tui.notice.strike", "N", s.Strikes[off], "Accused", m.p.Seat(off)) + " "
		} else {
			m.notice += m.tr("tui.notice.taken-back", "Accused", m.p.Seat(off)) + " "
		}
		if s.Clocks[off].Turn {
			m.notice += m.tr("tui.notice.moves-again", "Accused", m.p.Seat(off))
		} else {
			m.notice += m.tr("tui.notice.space-resumes")
		}
	default:
		m.notice = m.tr("tui.notice.upheld-settle", "Seat", m.p.Seat(c.Claimant))
	}
}

// resume resumes play with the clocks chosen (the turns in progress on
// the boards not chosen).
func (m *Model) resume(run rules.RunChoice, now time.Time) {
	if _, ok := m.command(arbiter.Command{Kind: arbiter.Resume, Run: run}, now); !ok {
		return
	}
	s := m.latest()
	var running []string
	for _, seat := range bughouse.Seats {
		if s.Clocks[seat].Running {
			running = append(running, m.p.Seat(seat))
		}
	}
	if len(running) > 0 {
		m.notice = m.tr("tui.notice.resumed", "Seats", strings.Join(running, " "+m.tr("tui.and")+" "))
	}
}
