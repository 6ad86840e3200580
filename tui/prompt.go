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
)

// prompt is an open question and the answers given so far.
type prompt struct {
	step    step
	board   rules.Board
	outcome rules.Outcome
	seat    rules.Seat
	typed   string // the adjustment typed so far, e.g. "+30"
	bad     string // why Enter did not take the typed adjustment
	run     rules.RunChoice
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

// cancelPrompt closes the open question without acting, and says so.
func (m *Model) cancelPrompt() {
	p := m.ask
	m.ask = prompt{}
	m.err = nil
	if p.yesNo() {
		m.notice = "kept the match"
		return
	}
	m.notice = p.what() + " cancelled"
}

// choice is one answer of a question: its key, its words, and the reason
// or outcome it stands for.
type choice struct {
	key     rune
	label   string
	reason  rules.Reason
	outcome rules.Outcome
}

var outcomeChoices = []choice{
	{key: 'w', label: "White wins", outcome: rules.WhiteWins},
	{key: 'b', label: "Black wins", outcome: rules.BlackWins},
	{key: 'd', label: "draw", outcome: rules.Drawn},
}

var drawHow = []choice{
	{key: 'a', label: "agreement", reason: rules.Agreement},
	{key: 's', label: "stalemate", reason: rules.Stalemate},
	{key: 'r', label: "repetition", reason: rules.Repetition},
}

var claimKinds = []choice{
	{key: 'i', label: "illegal move", reason: rules.IllegalMove},
	{key: 'f', label: "flag", reason: rules.Flag},
	{key: 'o', label: "other", reason: rules.OtherClaim},
}

// winHow lists how a game is won; stalemate too when the rules make it
// decisive (or are not known: the rules then judge).
func (m *Model) winHow() []choice {
	c := []choice{
		{key: 'm', label: "checkmate", reason: rules.Checkmate},
		{key: 'r', label: "resignation", reason: rules.Resignation},
		{key: 'i', label: "illegal move", reason: rules.IllegalMove},
		{key: 'f', label: "forfeit", reason: rules.Forfeit},
	}
	if !m.haveRules || m.rules.Stalemate == rules.StalemateWinForStalemated || m.rules.Stalemate == rules.StalemateLossForStalemated {
		c = append(c, choice{key: 's', label: "stalemate", reason: rules.Stalemate})
	}
	return c
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

// openResult starts "r": declare a board's result.
func (m *Model) openResult() {
	switch m.status() {
	case rules.Ready:
		m.notice = "the match has not started (enter starts it)"
		return
	case rules.Decided:
		m.notice = "the match is decided; n starts a new match"
		return
	}
	m.ask = prompt{step: askResultBoard}
}

// openClaim starts "c": record a claim (Art 29: it stops both boards).
func (m *Model) openClaim() {
	s := m.latest()
	switch {
	case s.Status == rules.Ready:
		m.notice = "the match has not started (enter starts it)"
	case s.Status == rules.Decided:
		m.notice = "the match is decided; n starts a new match"
	case s.Claim.Active:
		m.notice = fmt.Sprintf("a claim by %s is already pending: u uphold · x reject", s.Claim.Claimant)
	default:
		m.ask = prompt{step: askClaimSeat}
	}
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

// answer takes key k as the answer to the open question. It reports
// whether k was an answer; a key that is not cancels the question.
func (m *Model) answer(k keyIn, now time.Time) (bool, tea.Cmd) {
	p := &m.ask
	switch p.step {
	case askQuit:
		if k.kind == keyRune && k.r == 'y' {
			return true, tea.Quit
		}
		return false, nil
	case askNew:
		if k.kind == keyRune && k.r == 'y' {
			m.ask = prompt{}
			m.do(rules.Event{Kind: rules.Reset}, now)
			return true, nil
		}
		return false, nil

	case askResultBoard:
		if k.kind == keyRune && (k.r == 'a' || k.r == 'b') {
			p.board = rules.BoardA
			if k.r == 'b' {
				p.board = rules.BoardB
			}
			p.step = askResultOutcome
			return true, nil
		}
	case askResultOutcome:
		if c, ok := pick(outcomeChoices, k); ok {
			p.outcome, p.step = c.outcome, askResultHow
			return true, nil
		}
	case askResultHow:
		how := drawHow
		if p.outcome != rules.Drawn {
			how = m.winHow()
		}
		if c, ok := pick(how, k); ok {
			e := rules.Event{Kind: rules.Declare, Board: p.board, Outcome: p.outcome, Reason: c.reason}
			m.ask = prompt{}
			m.declare(e, now)
			return true, nil
		}

	case askClaimSeat:
		if seat, ok := seatOf(k); ok {
			p.seat, p.step = seat, askClaimKind
			return true, nil
		}
	case askClaimKind:
		if c, ok := pick(claimKinds, k); ok {
			e := rules.Event{Kind: rules.Claim, Seat: p.seat, Reason: c.reason}
			m.ask = prompt{}
			m.do(e, now)
			return true, nil
		}

	case askAdjustSeat:
		if seat, ok := seatOf(k); ok {
			p.seat, p.step = seat, askAdjustAmount
			return true, nil
		}
	case askAdjustAmount:
		return m.typeAdjust(k, now), nil

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

// maxTyped bounds the typed adjustment: a sign and nine characters are
// more than any clock holds.
const maxTyped = 10

// typeAdjust takes one key of the typed adjustment: a sign, digits, a
// decimal point, Backspace, or Enter to apply it.
func (m *Model) typeAdjust(k keyIn, now time.Time) bool {
	p := &m.ask
	switch k.kind {
	case keyBackspace:
		if p.typed != "" {
			p.typed = p.typed[:len(p.typed)-1]
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
		m.ask = prompt{}
		if _, err := m.do(rules.Event{Kind: rules.Adjust, Seat: seat, Delta: d}, now); err == nil {
			s := m.latest()
			if s.Effect.Ignored == "" {
				m.notice = fmt.Sprintf("%s %s: now %s", seat, signed(d), display.Format(s.Clocks[seat].Remaining, m.disp))
			}
		}
		return true
	case keyRune:
	default:
		return false
	}
	p.bad = ""
	switch r := k.r; {
	case r == '+' || r == '-':
		// The sign comes first; typing it again changes it.
		p.typed = string(r) + strings.TrimLeft(p.typed, "+-")
	case r == ',' || r == '.':
		if !strings.Contains(p.typed, ".") && len(p.typed) < maxTyped {
			p.typed += "."
		}
	case r >= '0' && r <= '9':
		if len(p.typed) < maxTyped {
			p.typed += string(r)
		}
	default:
		return false
	}
	return true
}

// parseAdjust reads a typed adjustment: a required sign, then seconds with
// an optional fraction, e.g. "+30" or "-10.5". why says what is wrong.
func parseAdjust(s string) (d time.Duration, why string) {
	if s == "" || (s[0] != '+' && s[0] != '-') {
		return 0, "type the sign first: +30 adds 30 s, -30 removes 30 s"
	}
	num := strings.TrimSuffix(s[1:], ".")
	if num == "" || num == "." {
		return 0, "type the seconds after the sign, e.g. " + s[:1] + "30"
	}
	d, err := time.ParseDuration(num + "s")
	if err != nil {
		return 0, "not a number of seconds: " + s
	}
	if s[0] == '-' {
		d = -d
	}
	return d, ""
}

// signed writes d with its sign, e.g. "+30s", "-10.5s".
func signed(d time.Duration) string {
	if d < 0 {
		return "-" + seconds(-d)
	}
	return "+" + seconds(d)
}

func seconds(d time.Duration) string {
	s := fmt.Sprintf("%d.%09d", d/time.Second, d%time.Second)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".") + "s"
}

// declare sends a board result and says what it did when the match goes
// on (a draw on one board under other-continues, Art 34).
func (m *Model) declare(e rules.Event, now time.Time) {
	eff, err := m.do(e, now)
	if err != nil || eff.Decided {
		return
	}
	if e.Outcome == rules.Drawn {
		m.notice = fmt.Sprintf("board %s drawn; board %s plays on and decides the match (Art 34)", e.Board, e.Board.Other())
	}
}

// resolve upholds or rejects the pending claim and says what that did.
func (m *Model) resolve(kind rules.Kind, now time.Time) {
	c := m.latest().Claim
	eff, err := m.do(rules.Event{Kind: kind}, now)
	if err != nil {
		return
	}
	settle := "settle it: r result · t adjust time · space resume"
	switch {
	case kind == rules.Reject:
		m.notice = fmt.Sprintf("claim by %s rejected; space resumes the turns in progress", c.Claimant)
	case eff.Decided:
		m.notice = fmt.Sprintf("claim by %s upheld: %s's illegal move loses (Art 27)", c.Claimant, c.Claimant.Opponent())
	case c.Reason == rules.IllegalMove && m.haveRules && m.rules.IllegalMove == rules.IllegalThreeStrikes:
		off := c.Claimant.Opponent()
		m.notice = fmt.Sprintf("claim by %s upheld: strike %d of 3 for %s's illegal move (the third loses); space resumes",
			c.Claimant, m.latest().Strikes[off], off)
	default:
		m.notice = fmt.Sprintf("claim by %s upheld; %s", c.Claimant, settle)
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
		long = "Quit and abandon the match in progress? " + k('y') + " = quit, any other key = no"
		short = "Quit and abandon the match? " + k('y') + " = quit, other = no"
		return long, short
	case askNew:
		long = "New match? The paused match will be lost. " + k('y') + " = yes, any other key = no"
		short = "New match? " + k('y') + " = yes, other = no"
		return long, short
	case askResultBoard:
		long = "Result on board: " + k('a') + " / " + k('b')
		short = long
	case askResultOutcome:
		long = fmt.Sprintf("Board %s: %s", p.board, m.choices(outcomeChoices))
		short = long
	case askResultHow:
		how, head := drawHow, fmt.Sprintf("Board %s drawn", p.board)
		if p.outcome != rules.Drawn {
			how = m.winHow()
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
		typed := m.st.bold.Render(p.typed) + "▏"
		long = fmt.Sprintf("%s: type +SECONDS or -SECONDS then Enter (e.g. +30, -10.5): %s", p.seat, typed)
		short = fmt.Sprintf("%s: +/-SECONDS, Enter: %s", p.seat, typed)
		if p.bad != "" {
			long += "  " + m.st.err.Render(p.bad)
			short += "  " + m.st.err.Render(p.bad)
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
