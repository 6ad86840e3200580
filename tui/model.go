package tui

import (
	"context"
	"errors"
	"reflect"
	"time"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/display"
	"tandem/i18n"
	"tandem/menu"
	"tandem/rules"
	"tandem/table"
)

// Option configures a Model (New) or the whole program (Run).
type Option func(*Model)

// WithDisplay sets the time format of the clocks (display.Opts); nil means
// display.DefaultOpts. Pass the same Opts as the table's NextChange
// (display.NextChangeFunc) so a redraw comes exactly when a digit changes.
func WithDisplay(o *display.Opts) Option { return func(m *Model) { m.disp = o } }

// WithLanguage sets the language of every text the table writes
// (i18n.English by default); Run's caller takes it from the configuration
// or the environment (i18n.FromEnv).
func WithLanguage(l i18n.Lang) Option { return func(m *Model) { m.p = i18n.For(l) } }

// WithRenderer sets the lipgloss renderer that decides the colors (and
// whether there are any). Run uses one for its output; the default is
// lipgloss.DefaultRenderer, which looks at os.Stdout.
func WithRenderer(r *lipgloss.Renderer) Option { return func(m *Model) { m.renderer = r } }

// WithInfo sets a line about the table itself, e.g. "console
// http://127.0.0.1:8080/ · arbiter PIN 482913": shown on the note line
// whenever no question, error or hint is there. Without it that line is
// blank.
func WithInfo(text string) Option { return func(m *Model) { m.info = text } }

// Info is what the table reports about itself beside the match (the
// daemon's Info), for WithInfoFrom. Whether the match was recovered and
// whether it is recorded are the match's own, in every snapshot.
type Info struct {
	// Line replaces WithInfo's line when not empty (the console's address
	// and PIN).
	Line string
	// Hall is the table's link to the hall's hub ("hall offline since
	// 14:05"; "" without one), HallOnline whether it is connected: the
	// note line shows it, as a warning while offline.
	Hall       string
	HallOnline bool
}

// WithInfoFrom makes the model follow the table's Info: f is called when
// the model is made, on every snapshot, and whenever changed receives a
// value (nil: snapshots only; a closed channel stops the following). The
// note line shows the hall's link and Info.Line (in place of WithInfo's
// line) whenever no question, error or hint is there. (The snapshot says
// whether recording failed or the match was recovered: the note line
// says so first, and the result line says "NOT recorded" then.)
func WithInfoFrom(f func() Info, changed <-chan struct{}) Option {
	return func(m *Model) { m.infoFrom, m.infoCh = f, changed }
}

// WithWarnings sets the configuration's warnings (config.Config.Warnings:
// "FILE:LINE: field: what", English core messages, e.g. a control = 5
// that is 5 seconds), which the program printed before the table took the
// terminal's screen and hid them. The note line shows them, in the
// table's language (i18n.Printer.Core), one at a time, whenever no
// question, error or hint is there; Esc dismisses the one shown, and they
// all go when the match starts.
func WithWarnings(ws ...string) Option {
	return func(m *Model) { m.warnings = append([]string(nil), ws...) }
}

// doTimeout bounds the wait for an arbiter action (table.Do): the loop
// answers in microseconds, so hitting it means the table is not running.
const doTimeout = 2 * time.Second

// Model is the terminal table: a bubbletea model that turns key presses
// into table events and draws the table's snapshots. Make one with New; it
// is used through its pointer.
type Model struct {
	t        *table.Table
	ctx      context.Context
	preset   string        // the snapshot's rules (followRules)
	rules    rules.Options // ...
	disp     *display.Opts
	renderer *lipgloss.Renderer
	st       styles
	p        *i18n.Printer // the language of every text

	haveRules bool
	info      string // WithInfo's line
	warnings  []string
	infoFrom  func() Info
	infoCh    <-chan struct{}
	rec       Info // infoFrom's latest answer

	snaps  <-chan table.Snapshot
	cancel func()

	snap          table.Snapshot
	width, height int
	quitting      bool // the program quits: nothing more is drawn (leave)

	// initial is every seat's time in a ready match, before any
	// adjustment: n asks before undoing an adjusted time.
	initial [4]time.Duration

	ask prompt     // the open question, if any (ask.step != noPrompt)
	bm  *menu.Menu // the button menu (menu.go), nil until opened
	// lastResult is the last decided result the table showed, for the
	// menu's "last result".
	lastResult string
	notice     string // a hint for the last key, e.g. "pause first"
	err        error  // the error of the last arbiter action
	// refusedSeq is the Seq of the event the last arbiter action applied
	// and the rules refused (0: none): while its refusal is said on the
	// note line (m.err, the adjustment's field), the
	// last-event line does not say it again (refusalSaid).
	refusedSeq uint64
}

var _ tea.Model = (*Model)(nil)

// SnapshotMsg is the message that carries a table snapshot to the model.
// The model's own subscription (Init) produces them; a test or another
// program may send them too.
type SnapshotMsg table.Snapshot

// closedMsg says the table stopped publishing: its Run returned.
type closedMsg struct{}

// New returns a model for table t, which must be running (table.Run) for
// keys to have an effect. The model subscribes to t's snapshots in Init
// and unsubscribes in Close.
func New(t *table.Table, opts ...Option) *Model {
	m := &Model{t: t, ctx: context.Background(), snap: t.Snapshot(), p: i18n.For(i18n.English)}
	for _, o := range opts {
		o(m)
	}
	if m.renderer == nil {
		m.renderer = lipgloss.DefaultRenderer()
	}
	m.st = newStyles(m.renderer)
	m.followRules()
	m.initial = m.initialTimes()
	m.followInfo()
	return m
}

// infoMsg says the table's Info changed (WithInfoFrom's channel).
type infoMsg struct{}

// followInfo takes WithInfoFrom's Info.
func (m *Model) followInfo() {
	if m.infoFrom != nil {
		m.rec = m.infoFrom()
	}
}

// listenInfo waits for WithInfoFrom's channel; nil when there is none or
// it is closed.
func (m *Model) listenInfo() tea.Cmd {
	ch, ctx := m.infoCh, m.ctx
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		select {
		case _, ok := <-ch:
			if !ok {
				return nil
			}
			return infoMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// Init subscribes to the table's snapshots and returns the command that
// waits for the first one.
func (m *Model) Init() tea.Cmd {
	if m.snaps == nil {
		m.snaps, m.cancel = m.t.Subscribe()
	}
	if m.infoCh != nil {
		return tea.Batch(m.listen(), m.listenInfo())
	}
	return m.listen()
}

// Close ends the subscription made by Init. It is safe to call more than
// once, and without Init.
func (m *Model) Close() {
	if m.cancel != nil {
		m.cancel()
	}
}

// listen waits for the next snapshot.
func (m *Model) listen() tea.Cmd {
	ch := m.snaps
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		s, ok := <-ch
		if !ok {
			return closedMsg{}
		}
		return SnapshotMsg(s)
	}
}

// Snapshot returns the snapshot the model shows.
func (m *Model) Snapshot() table.Snapshot { return m.snap }

// Update handles keys, snapshots and the terminal size.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case SnapshotMsg:
		m.snap = table.Snapshot(msg)
		m.followRules()
		m.followInfo()
		// A question about a match that is no longer there is moot. The
		// table's latest snapshot decides, not a late one in flight.
		latest := m.latest()
		if m.bm != nil && m.bm.IsOpen() && latest.Status == rules.Running {
			m.bm.Close() // the match runs: a key is a press again
		}
		if latest.Status == rules.Running {
			m.warnings = nil // read or not, the match is under way
		}
		switch {
		case m.ask.step == askNew && m.ask.newStale(&latest):
			m.ask = prompt{}
			m.notice = m.tr("tui.notice.changed-reset")
		case m.ask.step == askQuit && m.ask.quitStale(&latest):
			m.ask = prompt{}
			m.notice = m.tr("tui.notice.changed-quit")
		}
		return m, m.listen()
	case infoMsg:
		m.followInfo()
		return m, m.listenInfo()
	case closedMsg:
		return m, m.leave()
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.KeyMsg:
		if m.quitting {
			return m, nil // typed after the quit, before the program ended
		}
		return m, m.key(msg)
	}
	return m, nil
}

// followRules takes the rules of the match shown when they changed (a
// new match with another preset or time control, from the console or the
// hall).
func (m *Model) followRules() {
	p, o := m.snap.Preset, m.snap.Options
	if m.haveRules && p == m.preset && reflect.DeepEqual(o, m.rules) {
		return
	}
	m.preset, m.rules, m.haveRules = p, o, true
	m.initial = m.initialTimes()
}

// keyKind is what a key is to the table.
type keyKind uint8

const (
	keyRune keyKind = iota // a printable character, space included
	keyEnter
	keyEsc
	keyBackspace
	keyCtrlC
	keyOther // arrows, function keys, other control keys
)

// keyIn is one key of a key message; r is lower case (Caps Lock).
type keyIn struct {
	kind keyKind
	r    rune
}

// keys splits a key message into the keys it carries: a message may carry
// several runes typed at once (e.g. two players pressing together), and
// Alt+key is how a terminal sends Esc quickly followed by key.
func keys(k tea.KeyMsg) []keyIn {
	var out []keyIn
	if k.Alt && k.Type != tea.KeyEsc {
		out = append(out, keyIn{kind: keyEsc})
	}
	switch k.Type {
	case tea.KeyRunes, tea.KeySpace:
		for _, r := range k.Runes {
			out = append(out, keyIn{kind: keyRune, r: unicode.ToLower(r)})
		}
		if k.Type == tea.KeySpace && len(k.Runes) == 0 {
			out = append(out, keyIn{kind: keyRune, r: ' '})
		}
	case tea.KeyEnter:
		out = append(out, keyIn{kind: keyEnter})
	case tea.KeyEsc:
		out = append(out, keyIn{kind: keyEsc})
	case tea.KeyBackspace, tea.KeyCtrlH:
		out = append(out, keyIn{kind: keyBackspace})
	case tea.KeyCtrlC:
		out = append(out, keyIn{kind: keyCtrlC})
	default:
		out = append(out, keyIn{kind: keyOther})
	}
	return out
}

// key handles one key message, stamped with the instant it was received.
// Its keys are handled in order, with the same stamp, except that keys
// that arrive in the same message as the key that opened a question (or
// moved it on to its next question) are not taken as its answer: a burst
// is several people pressing at once, not the arbiter answering. Of those
// keys only clock keys count (the players pressed at the same moment);
// the others are not taken, the question stays as it is, and its line
// says how many keys it did not take (prompt.dropped). A text field (the
// adjustment's) takes no press: a clock key is only typed there.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	now := time.Now()
	if k.Paste {
		m.notice = m.tr("tui.notice.paste")
		return nil
	}
	asked := false
	for _, in := range keys(k) {
		if asked {
			if seat, ok := seatOf(in); ok && m.ask.step != askAdjustAmount {
				m.pressSeat(seat, now)
			} else {
				// Not the answer, and said so on the prompt line: the
				// arbiter types it again if he meant it.
				m.ask.dropped++
			}
			continue
		}
		before := m.ask.step
		if cmd := m.handle(in, now); cmd != nil {
			return cmd
		}
		asked = m.ask.step != noPrompt && m.ask.step != before
		if asked {
			m.ask.dropped = 0
		}
	}
	return nil
}

// handle handles one key.
func (m *Model) handle(k keyIn, now time.Time) tea.Cmd {
	if k.kind == keyCtrlC {
		// Ctrl-C asks before abandoning a match or its result; a second
		// Ctrl-C in a row (the question open) quits, so Ctrl-C Ctrl-C
		// always leaves.
		if m.ask.step == askQuit {
			return m.leave()
		}
		return m.quit()
	}
	if m.ask.step != noPrompt {
		if seat, ok := seatOf(k); ok && m.ask.step != askAdjustAmount {
			// A clock key is a player's press, never the arbiter's
			// answer: it reaches the clock (ignored while paused), and
			// the question stays exactly as it is. Not while the
			// adjustment's field is open: the arbiter types there (m of
			// "+5m"), and every key goes to the field.
			m.pressSeat(seat, now)
			return nil
		}
		if k.kind == keyEsc {
			m.cancelPrompt()
			return nil
		}
		answered, cmd := m.answer(k, now)
		if !answered {
			m.cancelPrompt()
		}
		return cmd
	}
	if m.bm != nil && m.bm.IsOpen() {
		m.menuKeyIn(k, now)
		return nil
	}
	switch k.kind {
	case keyEsc:
		if (m.notice != "" || m.err != nil) && m.quitsAtOnce() {
			// Esc dismisses the message on the note line rather than
			// quitting at once; the next Esc quits. (Where Esc asks
			// first, the question replaces the message.)
			m.clear()
			return nil
		}
		if m.notice == "" && m.err == nil && len(m.warnings) > 0 {
			// A configuration's warning is dismissed, one by one,
			// before Esc quits or asks.
			m.warnings = m.warnings[1:]
			return nil
		}
		return m.quit()
	case keyEnter:
		m.clear()
		m.do(rules.Event{Kind: rules.Start}, now)
	case keyRune:
		m.key1(k.r, now)
	}
	return nil
}

// seatKeys maps the clock button keys to seats, laid out as the players
// sit: q and p on the top row (team 2), z and m on the bottom row (team 1).
var seatKeys = map[rune]bughouse.Seat{
	'q': bughouse.ABlack,
	'p': bughouse.BWhite,
	'z': bughouse.AWhite,
	'm': bughouse.BBlack,
}

// keyOf returns the key of seat s's clock button.
func keyOf(s bughouse.Seat) rune {
	for r, seat := range seatKeys {
		if seat == s {
			return r
		}
	}
	return '?'
}

// seatOf returns the seat whose clock button k is.
func seatOf(k keyIn) (bughouse.Seat, bool) {
	if k.kind != keyRune {
		return 0, false
	}
	s, ok := seatKeys[k.r]
	return s, ok
}

// The arbiter's keys; none is a clock button.
const (
	keyResult  = 'r'
	keyClaim   = 'c'
	keyAdjust  = 't'
	keyResumeC = 's'
	keyUphold  = 'u'
	keyReject  = 'x'
	keyNew     = 'n'
)

// key1 handles a printable key while no question is open.
func (m *Model) key1(r rune, now time.Time) {
	if seat, ok := seatKeys[r]; ok {
		m.clear()
		m.pressSeat(seat, now)
		return
	}
	switch r {
	case ' ':
		m.clear()
		m.pauseSwitch(now)
	case keyNew:
		m.clear()
		m.newMatch(now)
	case keyResult:
		m.clear()
		m.openResult(now)
	case keyClaim:
		m.clear()
		m.openClaim(now)
	case keyAdjust:
		m.clear()
		m.openAdjust()
	case keyResumeC:
		m.clear()
		m.openResume()
	case keyMenu:
		m.clear()
		m.openMenu()
	case keyUphold:
		m.clear()
		if m.upholdDecides() {
			// An upheld claim that loses the match cannot be taken back:
			// the arbiter confirms it, as a declared result.
			m.ask = prompt{step: askUpholdConfirm}
			return
		}
		m.resolve(rules.Uphold, now)
	case keyReject:
		m.clear()
		m.resolve(rules.Reject, now)
	}
}

// pressSeat sends seat's clock button press.
func (m *Model) pressSeat(seat bughouse.Seat, now time.Time) {
	if !m.t.Post(rules.Event{Kind: rules.Press, Seat: seat}, now) {
		m.err = table.ErrClosed
	}
}

func (m *Model) clear() { m.notice, m.err = "", nil }

// tr is m.p.T: message id in the table's language.
func (m *Model) tr(id string, kv ...any) string { return m.p.T(id, kv...) }

// latest is the table's latest snapshot, not the one drawn: the table
// publishes before Do returns, so a key that follows an arbiter action at
// once already sees its effect.
func (m *Model) latest() table.Snapshot { return m.t.Snapshot() }

// status is the match's status now (see latest).
func (m *Model) status() rules.Status { return m.latest().Status }

// quit quits at once when nothing would be lost (the match is ready), and
// otherwise asks: a match in progress would be abandoned, a decided
// match's result would be gone from the screen (the only place it is
// without a record: the question says which).
func (m *Model) quit() tea.Cmd {
	if m.quitsAtOnce() {
		return m.leave()
	}
	s := m.latest()
	m.clear()
	m.ask = prompt{step: askQuit, decided: s.Status == rules.Decided}
	return nil
}

// leave quits the program. The last screen drawn is empty (View), so
// the table leaves nothing behind on a terminal without an alternate
// screen (tmux with alternate-screen off), or whose lines a resize left
// where bubbletea's renderer no longer counts them.
func (m *Model) leave() tea.Cmd {
	m.quitting = true
	return tea.Quit
}

// quitsAtOnce reports whether quitting loses nothing: the match is ready.
func (m *Model) quitsAtOnce() bool {
	s := m.latest()
	return s.Status == rules.Ready && !s.Claim.Active
}

// pauseSwitch flips the arbiter's pause switch: the loop makes it a pause
// while running, and otherwise a release, which resumes the turns in
// progress, or starts the match when it is ready (docs/rules.md clock
// rule 1).
func (m *Model) pauseSwitch(now time.Time) {
	m.do(rules.Event{Kind: rules.PauseSwitch}, now)
}

// newMatch resets the match: at once when nothing is lost (ready, with
// every clock at its initial time), after a confirmation when paused,
// decided or ready with adjusted times, never while running.
func (m *Model) newMatch(now time.Time) {
	s := m.latest()
	switch {
	case s.Status == rules.Running:
		m.notice = m.tr("tui.notice.pause-first-new")
	case s.Status == rules.Paused, s.Status == rules.Decided, len(m.adjusted(&s)) > 0:
		// The result, the match or the adjusted times exist nowhere
		// else: ask before they go.
		m.ask = prompt{step: askNew, status: s.Status, decided: s.Status == rules.Decided}
	default:
		m.reset(now)
	}
}

// reset starts a new match with the same rules.
func (m *Model) reset(now time.Time) {
	m.command(arbiter.Command{Kind: arbiter.NewMatch}, now)
}

// clocksOf returns the seats' remaining times in s.
func (m *Model) clocksOf(s rules.Snapshot) [4]time.Duration {
	var c [4]time.Duration
	for _, seat := range bughouse.Seats {
		c[seat] = s.Clocks[seat].Remaining
	}
	return c
}

// initialTimes returns every seat's time when a match is ready: from the
// rules when they are known, otherwise the table's clocks when ready.
func (m *Model) initialTimes() [4]time.Duration {
	if m.haveRules {
		if match, err := rules.New(m.rules); err == nil {
			return m.clocksOf(match.Snapshot(0))
		}
	}
	return m.clocksOf(m.snap.Snapshot)
}

// adjusted lists the seats whose clock differs from its initial time in
// a ready match: time adjusted before the start, which a new match would
// undo.
func (m *Model) adjusted(s *table.Snapshot) []bughouse.Seat {
	if s.Status != rules.Ready {
		return nil
	}
	var seats []bughouse.Seat
	for _, seat := range bughouse.Seats {
		if s.Clocks[seat].Remaining != m.initial[seat] {
			seats = append(seats, seat)
		}
	}
	return seats
}

// do applies an input of the table (the start key, the pause switch) and
// waits for it, so its error can be shown; what it did shows in the next
// snapshot.
func (m *Model) do(e rules.Event, now time.Time) (rules.Effect, error) {
	ctx, cancel := context.WithTimeout(m.ctx, doTimeout)
	defer cancel()
	seq := m.latest().Seq
	eff, err := m.t.Do(ctx, e, now)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		err = errors.New(m.tr("tui.error.no-answer"))
	case err != nil && eff.Refused != "":
		err = refusal(eff.Refused)
	}
	m.err = err
	m.noteRefused(seq, err)
	return eff, err
}

// refusal is an arbiter action the table refused, and why (the rules'
// English: Printer.Core translates it). The note line says "refused:
// why", not "error: why": the table works, the action broke a rule.
type refusal string

func (r refusal) Error() string { return string(r) }

// noteRefused records whether err, the answer to an action made when the
// table's Seq was seq, is the refusal of the event the table applied for
// it: the last event is then that refused event (refusalSaid).
func (m *Model) noteRefused(seq uint64, err error) {
	m.refusedSeq = 0
	var r refusal
	if !errors.As(err, &r) {
		return
	}
	if s := m.latest(); s.Seq > seq && s.Effect.Refused != "" {
		m.refusedSeq = s.Seq
	}
}

// command carries out an arbiter's command through the table's command
// layer (the one the console, the hall and the button menu use) and
// waits for it. ok is false, with the reason shown as the note's error,
// when the table refused it or did not answer.
func (m *Model) command(c arbiter.Command, now time.Time) (res arbiter.Result, ok bool) {
	ctx, cancel := context.WithTimeout(m.ctx, doTimeout)
	defer cancel()
	seq := m.latest().Seq
	res, err := m.t.Command(ctx, c, now)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		err = errors.New(m.tr("tui.error.no-answer"))
	case err == nil && res.Refused != "":
		err = refusal(res.Refused)
	}
	m.err = err
	m.noteRefused(seq, err)
	return res, err == nil
}
