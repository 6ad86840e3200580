package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"tandem/clock"
	"tandem/display"
	"tandem/rules"
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
	board   rules.Board
	outcome rules.Outcome
	seat    rules.Seat
	typed   string // the adjustment typed so far, e.g. "+1m30s"
	bad     string // why Enter did not take the typed adjustment
	hint    string // why the last key typed in the adjustment was ignored
	run     rules.RunChoice
	// decided: the quit question was asked about a decided match (its
	// result would be lost), not a match in progress.
	decided bool
}

// yesNo reports whether the question is answered by y or any other key.
func (p prompt) yesNo() bool { return p.step == askQuit || p.step == askNew }

// what names the action a question belongs to, for "... cancelled".
func (p prompt) what() string {
	switch p.step {
	case askResultBoard, askResultOutcome, askResultHow:
		return "result"
	case askClaimSeat, askClaimKind:
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
}

// yesKey answers the yes/no questions (quit, new match).
const yesKey = 'y'

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
	if !m.haveRules || m.rules.Stalemate == rules.StalemateWinForStalemated || m.rules.Stalemate == rules.StalemateLossForStalemated {
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
	if !m.haveRules || m.rules.Stalemate == rules.StalemateDraw {
		c = append(c, choice{key: '3', label: "stalemate", reason: rules.Stalemate})
	}
	return c
}

// menu returns the answers of a question answered by one key from a list:
// every question but those that ask for a player's clock key on purpose
// (the claimant, whose time, whose clock runs) and the typed adjustment.
// No answer of a menu is a clock key: a player's press is never taken as
// the arbiter's answer.
func (m *Model) menu(p *prompt) []choice {
	switch p.step {
	case askQuit, askNew:
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
	if _, err := m.do(rules.Event{Kind: rules.Pause}, now); err != nil {
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
func (m *Model) skipOverBoards(s *rules.Snapshot) {
	if m.ask.step == askResumeA && s.Boards[rules.BoardA].Over {
		m.ask.step = askResumeB
	}
	if m.ask.step == askResumeB && s.Boards[rules.BoardB].Over {
		m.ask.step = noPrompt
	}
}

// quitStale reports whether the quit question no longer asks about the
// match there is: it asked about a match in progress that is now decided
// (y would throw away a result the arbiter has not seen), or about a
// decided match that is now reset.
func (p *prompt) quitStale(s *rules.Snapshot) bool {
	return s.Status == rules.Ready || p.decided != (s.Status == rules.Decided)
}

// answer takes key k as the answer to the open question. It reports
// whether k was an answer; a key that is not cancels the question.
func (m *Model) answer(k keyIn, now time.Time) (bool, tea.Cmd) {
	p := &m.ask
	if p.step == askAdjustAmount {
		return m.typeAdjust(k, now), nil
	}
	if menu := m.menu(p); menu != nil {
		c, ok := pick(menu, k)
		if !ok {
			return false, nil
		}
		return true, m.chose(c, now)
	}
	switch p.step {
	case askClaimSeat:
		if seat, ok := seatOf(k); ok {
			p.seat, p.step = seat, askClaimKind
			return true, nil
		}
	case askAdjustSeat:
		if seat, ok := seatOf(k); ok {
			p.seat, p.step = seat, askAdjustAmount
			return true, nil
		}
	case askResumeA, askResumeB:
		b := rules.BoardA
		if p.step == askResumeB {
			b = rules.BoardB
		}
		seat, isSeat := seatOf(k)
		switch {
		case k.kind == keyEnter:
		case isSeat && seat.Board() == b:
			p.run = p.run.Choose(seat)
		default:
			return false, nil
		}
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
		return true, nil
	}
	return false, nil
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
		m.ask = prompt{}
		m.do(rules.Event{Kind: rules.Reset}, now)
	case askResultBoard:
		p.board = rules.BoardA
		if c.key == 'b' {
			p.board = rules.BoardB
		}
		p.step = askResultOutcome
	case askResultOutcome:
		p.outcome, p.step = c.outcome, askResultHow
	case askResultHow:
		e := rules.Event{Kind: rules.Declare, Board: p.board, Outcome: p.outcome, Reason: c.reason}
		m.ask = prompt{}
		m.declare(e, now)
	case askClaimKind:
		e := rules.Event{Kind: rules.Claim, Seat: p.seat, Reason: c.reason}
		m.ask = prompt{}
		m.do(e, now)
	}
	return nil
}

// maxTyped bounds the typed adjustment: more than any clock holds, e.g.
// "-1h59m59.999s".
const maxTyped = 16

// durationRune reports whether r can be part of a duration as
// clock.ParseDuration reads it: digits, a decimal point and the units of
// time.ParseDuration (h, m, s, ms, us, µs, ns).
func durationRune(r rune) bool {
	return r >= '0' && r <= '9' || r == '.' || strings.ContainsRune("hmsunµ", r)
}

// typeAdjust takes one key of the typed adjustment: a sign, the
// characters of a duration, Backspace, or Enter to apply it. Any other key
// is ignored, with a hint: it neither cancels the field (Esc does) nor
// reaches the commands or the clocks.
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
		d, why := parseAdjust(p.typed)
		if why != "" {
			p.bad = why
			return true
		}
		seat := p.seat
		if _, err := m.do(rules.Event{Kind: rules.Adjust, Seat: seat, Delta: d}, now); err != nil {
			// Refused (e.g. it would leave no time): stay in the field,
			// so the arbiter corrects what he typed.
			p.bad = strings.TrimPrefix(err.Error(), "rules: ")
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
		p.hint = "only + or - and a duration; Enter applies"
		return true
	}
	p.bad = ""
	r := k.r
	if r == ',' { // a decimal comma
		r = '.'
	}
	switch {
	case r == '+' || r == '-':
		// The sign comes first; typing it again changes it.
		p.typed = string(r) + strings.TrimLeft(p.typed, "+-")
	case !durationRune(r):
		p.hint = fmt.Sprintf("%q ignored: not part of a duration (e.g. +30, +30s, -1m30s)", string(r))
	case len(p.typed) >= maxTyped:
		p.hint = "too long: Backspace corrects"
	default:
		p.typed += string(r)
	}
	return true
}

// parseAdjust reads a typed adjustment: a required sign, then a duration
// as clock.ParseDuration reads it, e.g. "+30", "+30s", "-1m30s", "+2.5".
// why says what is wrong: clock.ParseDuration's own words for the
// duration.
func parseAdjust(s string) (d time.Duration, why string) {
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return 0, "type the sign first: +30 adds 30 s, -30 removes 30 s"
	}
	if s[1:] == "" {
		return 0, "type the duration after the sign, e.g. " + s[:1] + "30, " + s[:1] + "30s, " + s[:1] + "1m30s"
	}
	d, err := clock.ParseDuration(s[1:])
	if err != nil {
		return 0, err.Error()
	}
	if s[0] == '-' {
		d = -d
	}
	return d, ""
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
func (m *Model) declare(e rules.Event, now time.Time) {
	eff, err := m.do(e, now)
	if err != nil || eff.Decided {
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
	eff, err := m.do(rules.Event{Kind: kind}, now)
	if err != nil {
		return
	}
	s := m.latest()
	off := c.Claimant.Opponent()
	switch {
	case kind == rules.Reject:
		m.notice = fmt.Sprintf("claim by %s rejected; space resumes the turns in progress", c.Claimant)
	case eff.Decided:
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
	if _, err := m.do(rules.Event{Kind: rules.Resume, Run: run}, now); err != nil {
		return
	}
	s := m.latest()
	var running []string
	for _, seat := range rules.Seats {
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
func resultSummary(s *rules.Snapshot) string {
	parts := []string{s.Result.String(), s.Reason.String()}
	for _, seat := range s.Decisive[:s.NDecisive] {
		parts = append(parts, seat.String())
	}
	return strings.Join(parts, " ")
}

// promptLine is the open question on one line, e.g.
//
//	Board A: w White wins · b Black wins · d draw   (esc cancels)
//
// and a shorter form for narrow terminals.
func (m *Model) promptLine() (long, short string) {
	p := &m.ask
	k := func(r rune) string { return m.st.key.Render(string(r)) }
	esc := m.st.dim.Render("   (esc cancels)")
	switch p.step {
	case askQuit:
		if s := m.latest(); p.decided && s.Status == rules.Decided {
			long = "Quit? The result " + resultSummary(&s) + " will be gone. " + k(yesKey) + " = quit, any other key = no"
			short = "Quit? The result will be gone. " + k(yesKey) + " = quit, other = no"
			return long, short
		}
		long = "Quit and abandon the match in progress? " + k(yesKey) + " = quit, any other key = no"
		short = "Quit and abandon the match? " + k(yesKey) + " = quit, other = no"
		return long, short
	case askNew:
		if s := m.latest(); p.decided && s.Status == rules.Decided {
			long = "New match? The result " + resultSummary(&s) + " will be gone. " + k(yesKey) + " = yes, any other key = no"
			short = "New match? The result will be gone. " + k(yesKey) + " = yes, other = no"
			return long, short
		}
		long = "New match? The paused match will be lost. " + k(yesKey) + " = yes, any other key = no"
		short = "New match? " + k(yesKey) + " = yes, other = no"
		return long, short
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
	case askClaimSeat:
		long = "Claim by: press the claimant's clock key (" + seatKeyList() + ")"
		short = "Claim by: clock key (" + seatKeyList() + ")"
	case askClaimKind:
		long = fmt.Sprintf("Claim by %s · kind: %s", p.seat, m.choices(claimKinds))
		short = "kind: " + m.choices(claimKinds)
	case askAdjustSeat:
		long = "Adjust whose time: press the seat's clock key (" + seatKeyList() + ")"
		short = "Adjust: clock key (" + seatKeyList() + ")"
	case askAdjustAmount:
		// The field first, then what to type, or why the last key did
		// nothing.
		field := fmt.Sprintf("Adjust %s: %s▏  ", p.seat, m.st.bold.Render(p.typed))
		long = field + "type + or - and a duration, then Enter (e.g. +30, +30s, -1m30s, +2.5)"
		short = field + "+/-DURATION, Enter"
		switch {
		case p.bad != "":
			long = field + m.st.err.Render(p.bad)
			short = long
		case p.hint != "":
			long = field + m.st.notice.Render(p.hint)
			short = long
		}
	case askResumeA:
		long = "Resume with: press the clock key of the player to move on board A (" + k('q') + " or " + k('z') +
			"), then on board B (" + k('p') + " or " + k('m') + "); Enter keeps the turn in progress"
		short = "Resume: board A " + k('q') + "/" + k('z') + ", Enter keeps"
	case askResumeB:
		chosen := "turn in progress"
		if p.run.Set[rules.BoardA] {
			chosen = p.run.Seat[rules.BoardA].String()
		}
		if m.latest().Boards[rules.BoardA].Over {
			chosen = "over"
		}
		long = "Resume with: board A " + chosen + "; press the clock key of the player to move on board B (" +
			k('p') + " or " + k('m') + "); Enter keeps the turn in progress"
		short = "Resume: board B " + k('p') + "/" + k('m') + ", Enter keeps"
	default:
		return "", ""
	}
	return long + esc, short + esc
}

// seatKeyList is "q p z m": the clock keys as seated.
func seatKeyList() string { return "q p z m" }

// winner names the seat that wins board b with outcome o.
func winner(b rules.Board, o rules.Outcome) rules.Seat {
	if o == rules.BlackWins {
		return rules.SeatOf(b, clock.Black)
	}
	return rules.SeatOf(b, clock.White)
}
