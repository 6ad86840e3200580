package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"tandem/arbiter"
	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
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
}

// yesNo reports whether the question is whether to keep the match: y
// gives it up, any other key keeps it.
func (p prompt) yesNo() bool { return p.step == askQuit || p.step == askNew }

// what names the action a question belongs to, for "... cancelled".
func (p prompt) what() string {
	switch p.step {
	case askResultBoard, askResultOutcome, askResultHow, askResultConfirm:
		return "result"
	case askClaimSeat, askClaimKind, askUpholdConfirm:
		return "claim"
	case askAdjustSeat, askAdjustAmount:
		return "time adjustment"
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
		m.notice = "kept the match"
		return
	}
	m.notice = p.what() + " cancelled"
	if s := m.latest(); s.Status == rules.Paused && !s.Claim.Active {
		m.notice += " — paused; space resumes"
	}
}

// choice is one answer of a question: its key, its words, and the reason
// or outcome it stands for.
type choice struct {
	key     rune
	label   string
	reason  rules.Reason
	outcome rules.Outcome
	seat    bughouse.Seat
}

// yesKey answers the yes/no questions (quit, new match, the result).
const yesKey = 'y'

// seatChoices choose a seat in the arbiter's questions (the claimant,
// whose time, whose clock runs): digits in seat order, never a clock key,
// so a player's press is never taken for the arbiter's choice.
var seatChoices = []choice{
	{key: '1', label: "A-white", seat: bughouse.AWhite},
	{key: '2', label: "A-black", seat: bughouse.ABlack},
	{key: '3', label: "B-white", seat: bughouse.BWhite},
	{key: '4', label: "B-black", seat: bughouse.BBlack},
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
	{key: 'a', label: "board A"},
	{key: 'b', label: "board B"},
}

var outcomeChoices = []choice{
	{key: 'w', label: "White wins", outcome: rules.WhiteWins},
	{key: 'b', label: "Black wins", outcome: rules.BlackWins},
	{key: 'd', label: "draw", outcome: rules.Drawn},
}

var claimKinds = []choice{
	{key: 'i', label: "illegal move", reason: rules.IllegalMove},
	{key: 'f', label: "flag", reason: rules.Flag},
	{key: 'o', label: "other", reason: rules.OtherClaim},
}

// The ways a game ends are numbered: letters could be a player's clock
// key (m is B-black's), and a number always means the same way, whatever
// the preset leaves out.

// winHow lists how a game is won; stalemate too when the rules make it
// decisive (or are not known: the rules then judge).
func (m *Model) winHow() []choice {
	c := []choice{
		{key: '1', label: "checkmate", reason: rules.Checkmate},
		{key: '2', label: "resignation", reason: rules.Resignation},
		{key: '3', label: "illegal move", reason: rules.IllegalMove},
		{key: '4', label: "forfeit", reason: rules.Forfeit},
	}
	if !m.haveRules || m.rules.Stalemate == board.StalemateWinForStalemated || m.rules.Stalemate == board.StalemateLossForStalemated {
		c = append(c, choice{key: '5', label: "stalemate", reason: rules.Stalemate})
	}
	return c
}

// drawHow lists how a game is drawn: repetition only where it draws,
// stalemate only where it draws (or when the rules are not known).
func (m *Model) drawHow() []choice {
	c := []choice{{key: '1', label: "agreement", reason: rules.Agreement}}
	if !m.haveRules || m.rules.RepetitionDraw {
		c = append(c, choice{key: '2', label: "repetition", reason: rules.Repetition})
	}
	if !m.haveRules || m.rules.Stalemate == board.StalemateDraw {
		c = append(c, choice{key: '3', label: "stalemate", reason: rules.Stalemate})
	}
	return c
}

// menu returns the answers of a question answered by one key from a list:
// every question but the typed adjustment. No answer of a menu is a clock
// key: a player's press is never taken as the arbiter's answer.
func (m *Model) menu(p *prompt) []choice {
	switch p.step {
	case askQuit, askNew, askResultConfirm, askUpholdConfirm:
		return []choice{{key: yesKey, label: "yes"}}
	case askResultBoard:
		return boardChoices
	case askResultOutcome:
		return outcomeChoices
	case askResultHow:
		if p.outcome == rules.Drawn {
			return m.drawHow()
		}
		return m.winHow()
	case askClaimKind:
		return claimKinds
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
			if c.key == k.r {
				return c, true
			}
		}
	}
	return choice{}, false
}

func (m *Model) choices(cs []choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = m.st.key.Render(string(c.key)) + " " + c.label
	}
	return strings.Join(parts, " · ")
}

// openResult starts "r": declare a board's result. Like a claim, it stops
// the clocks at once (see stopClocks); the result is sent when the
// questions are answered.
func (m *Model) openResult(now time.Time) {
	switch m.status() {
	case rules.Ready:
		m.notice = "the match has not started (enter starts it)"
		return
	case rules.Decided:
		m.notice = "the match is decided; n starts a new match"
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
		m.notice = "the match has not started (enter starts it)"
	case s.Status == rules.Decided:
		m.notice = "the match is decided; n starts a new match"
	case s.Claim.Active:
		m.notice = fmt.Sprintf("a claim by %s is already pending: u uphold · x reject", s.Claim.Claimant)
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
		m.notice = "the match was decided before the key; n starts a new match"
	}
	return false
}

// openAdjust starts "t": add or remove a seat's time (Art 40), only while
// the clocks are stopped.
func (m *Model) openAdjust() {
	switch m.status() {
	case rules.Running:
		m.notice = "pause first (space), then t to adjust time"
	case rules.Decided:
		m.notice = "the match is decided; its clocks are final"
	default:
		m.ask = prompt{step: askAdjustSeat}
	}
}

// openResume starts "s": resume choosing whose clock runs on each board.
func (m *Model) openResume() {
	s := m.latest()
	switch {
	case s.Claim.Active:
		m.notice = fmt.Sprintf("a claim by %s is pending: u uphold · x reject first", s.Claim.Claimant)
	case s.Status == rules.Running:
		m.notice = "the clocks are running: pause first (space), then s to resume choosing"
	case s.Status == rules.Ready:
		m.notice = "the match has not started (enter starts it)"
	case s.Status == rules.Decided:
		m.notice = "the match is decided; n starts a new match"
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
			p.hint = fmt.Sprintf("%c is not on board %s: %s, or Enter to keep the turn", k.r, b, m.choices(boardSeats(b)))
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
			m.notice = "the match changed meanwhile: nothing quit (esc asks again)"
			return nil
		}
		return tea.Quit
	case askNew:
		if s := m.latest(); p.newStale(&s) {
			m.ask = prompt{}
			m.notice = "the match changed meanwhile: nothing reset (n asks again)"
			return nil
		}
		m.ask = prompt{}
		m.reset(now)
	case askResultBoard:
		p.board = bughouse.BoardA
		if c.key == 'b' {
			p.board = bughouse.BoardB
		}
		p.step = askResultOutcome
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

// maxTyped bounds the typed adjustment: more than any clock holds, e.g.
// "-23:59:59.999".
const maxTyped = 16

// timeRune reports whether r can be part of the typed time: digits, the
// decimal point and the colon of m:ss. No letter is: no unit, and so no
// clock key, can ever be typed into the field.
func timeRune(r rune) bool { return r >= '0' && r <= '9' || r == '.' || r == ':' }

// fieldKeys says what the field takes, for its notes.
const fieldKeys = "only a sign, digits, . and :"

// typeAdjust takes one key of the typed adjustment: a sign, a digit, the
// decimal point or a colon, Backspace, or Enter to apply it. Any other key
// is refused with a note saying so: it neither cancels the field (Esc
// does) nor reaches the commands. Clock keys never come here: they reach
// the clock (handle).
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
			p.bad = err.Error()
			return true
		}
		seat := p.seat
		if _, ok := m.command(arbiter.Command{Kind: arbiter.Adjust, Seat: seat, Delta: d}, now); !ok {
			// Refused (e.g. it would leave no time): stay in the field,
			// so the arbiter corrects what he typed.
			p.bad = m.err.Error()
			m.err = nil
			return true
		}
		m.ask = prompt{}
		if s := m.latest(); s.Effect.Ignored == "" {
			m.notice = fmt.Sprintf("%s %s: now %s", seat, signed(d), display.Format(s.Clocks[seat].Remaining, m.disp))
		}
		return true
	case keyRune:
	default:
		p.hint = "key refused: " + fieldKeys
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
		p.hint = fmt.Sprintf("%q refused: one sign only (Backspace corrects)", string(r))
	case r == '+' || r == '-':
		// The sign comes first; typed after the time, it goes in front.
		p.typed = string(r) + p.typed
	case !timeRune(r):
		p.hint = fmt.Sprintf("%q refused: %s", string(r), fieldKeys)
	case len(p.typed) >= maxTyped:
		p.hint = "too long: Backspace corrects"
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

// declare sends a board result and says what it did when the match goes
// on (a draw on one board under other-continues, Art 34): the clocks,
// stopped by r, stay stopped until the arbiter resumes.
func (m *Model) declare(e arbiter.Command, now time.Time) {
	if res, ok := m.command(e, now); !ok || res.Status == rules.Decided {
		return
	}
	if e.Outcome == rules.Drawn {
		m.notice = fmt.Sprintf("board %s drawn; board %s plays on and decides the match (Art 34)", e.Board, e.Board.Other())
		if m.status() == rules.Paused {
			m.notice += fmt.Sprintf(": space resumes board %s", e.Board.Other())
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
	off := c.Claimant.Opponent()
	switch {
	case kind == rules.Reject:
		m.notice = fmt.Sprintf("claim by %s rejected; space resumes the turns in progress", c.Claimant)
	case res.Status == rules.Decided:
		what := "illegal move"
		if m.threeStrikes() && s.Strikes[off] >= 3 {
			what = "third illegal move"
		}
		m.notice = fmt.Sprintf("claim by %s upheld: %s's %s loses (%s)", c.Claimant, off, what, m.article(rules.IllegalMove))
	case c.Reason == rules.IllegalMove:
		// The move is taken back: the offender moves again, so his clock
		// is the one that runs on resume.
		m.notice = fmt.Sprintf("claim by %s upheld: ", c.Claimant)
		if m.threeStrikes() {
			m.notice += fmt.Sprintf("strike %d of 3 for %s; ", s.Strikes[off], off)
		} else {
			m.notice += fmt.Sprintf("%s's move is taken back; ", off)
		}
		if s.Clocks[off].Turn {
			m.notice += fmt.Sprintf("%s moves again: space resumes %s's clock", off, off)
		} else {
			m.notice += "space resumes the turns in progress"
		}
	default:
		m.notice = fmt.Sprintf("claim by %s upheld; settle it: r result · t adjust time · space resume", c.Claimant)
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
			running = append(running, seat.String())
		}
	}
	if len(running) > 0 {
		m.notice = "resumed: " + strings.Join(running, " and ") + " to move"
	}
}

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
		off := c.Claimant.Opponent()
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
		return s.Strikes[c.Claimant.Opponent()] >= 2
	}
	return false
}
