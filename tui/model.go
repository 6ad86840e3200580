package tui

import (
	"context"
	"errors"
	"time"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"tandem/display"
	"tandem/rules"
	"tandem/table"
)

// Option configures a Model (New) or the whole program (Run).
type Option func(*Model)

// WithPreset names the rule preset shown in the header, e.g. "reglamento".
// Without it no preset name is shown.
func WithPreset(name string) Option { return func(m *Model) { m.preset = name } }

// WithRules gives the match's options, so the header can show the time
// control. Without it the header shows none.
func WithRules(o rules.Options) Option {
	return func(m *Model) { m.rules, m.haveRules = o, true }
}

// WithDisplay sets the time format of the clocks (display.Opts); nil means
// display.DefaultOpts. Pass the same Opts as the table's NextChange
// (display.NextChangeFunc) so a redraw comes exactly when a digit changes.
func WithDisplay(o *display.Opts) Option { return func(m *Model) { m.disp = o } }

// WithRenderer sets the lipgloss renderer that decides the colors (and
// whether there are any). Run uses one for its output; the default is
// lipgloss.DefaultRenderer, which looks at os.Stdout.
func WithRenderer(r *lipgloss.Renderer) Option { return func(m *Model) { m.renderer = r } }

// doTimeout bounds the wait for an arbiter action (table.Do): the loop
// answers in microseconds, so hitting it means the table is not running.
const doTimeout = 2 * time.Second

// Model is the terminal table: a bubbletea model that turns key presses
// into table events and draws the table's snapshots. Make one with New; it
// is used through its pointer.
type Model struct {
	t        *table.Table
	ctx      context.Context
	preset   string
	rules    rules.Options
	disp     *display.Opts
	renderer *lipgloss.Renderer
	st       styles

	haveRules bool

	snaps  <-chan rules.Snapshot
	cancel func()

	snap          rules.Snapshot
	width, height int

	confirmNew bool   // asking "new match? y/n" while paused
	notice     string // a hint for the last key, e.g. "pause first"
	err        error  // the error of the last arbiter action
}

var _ tea.Model = (*Model)(nil)

// SnapshotMsg is the message that carries a table snapshot to the model.
// The model's own subscription (Init) produces them; a test or another
// program may send them too.
type SnapshotMsg rules.Snapshot

// closedMsg says the table stopped publishing: its Run returned.
type closedMsg struct{}

// New returns a model for table t, which must be running (table.Run) for
// keys to have an effect. The model subscribes to t's snapshots in Init
// and unsubscribes in Close.
func New(t *table.Table, opts ...Option) *Model {
	m := &Model{t: t, ctx: context.Background(), snap: t.Snapshot()}
	for _, o := range opts {
		o(m)
	}
	if m.renderer == nil {
		m.renderer = lipgloss.DefaultRenderer()
	}
	m.st = newStyles(m.renderer)
	return m
}

// Init subscribes to the table's snapshots and returns the command that
// waits for the first one.
func (m *Model) Init() tea.Cmd {
	if m.snaps == nil {
		m.snaps, m.cancel = m.t.Subscribe()
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
func (m *Model) Snapshot() rules.Snapshot { return m.snap }

// Update handles keys, snapshots and the terminal size.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case SnapshotMsg:
		m.snap = rules.Snapshot(msg)
		if m.snap.Status != rules.Paused {
			m.confirmNew = false
		}
		return m, m.listen()
	case closedMsg:
		return m, tea.Quit
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// key handles one key message, stamped with the instant it was received.
// A message may carry several runes typed at once (e.g. two players
// pressing together): each is handled in order, with the same stamp.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	now := time.Now()
	if k.Type == tea.KeyCtrlC {
		return tea.Quit
	}
	if m.confirmNew {
		// The new-match question takes the next key: y resets, any other
		// key (esc too) keeps the paused match and does nothing else.
		m.confirmNew = false
		if k.Type == tea.KeyRunes && !k.Paste && len(k.Runes) == 1 && unicode.ToLower(k.Runes[0]) == 'y' {
			m.clear()
			m.do(rules.Event{Kind: rules.Reset}, now)
		} else {
			m.notice = "new match cancelled"
		}
		return nil
	}
	switch k.Type {
	case tea.KeyEsc:
		return tea.Quit
	case tea.KeyEnter:
		m.clear()
		m.do(rules.Event{Kind: rules.Start}, now)
	case tea.KeySpace:
		m.clear()
		m.pauseSwitch(now)
	case tea.KeyRunes:
		if k.Paste {
			m.notice = "pasted text is ignored"
			return nil
		}
		for _, r := range k.Runes {
			m.rune(unicode.ToLower(r), now)
		}
	}
	return nil
}

// seatKeys maps the clock button keys to seats, laid out as the players
// sit: q and p on the top row (team 2), z and m on the bottom row (team 1).
var seatKeys = map[rune]rules.Seat{
	'q': rules.ABlack,
	'p': rules.BWhite,
	'z': rules.AWhite,
	'm': rules.BBlack,
}

// keyOf returns the key of seat s's clock button.
func keyOf(s rules.Seat) rune {
	for r, seat := range seatKeys {
		if seat == s {
			return r
		}
	}
	return '?'
}

func (m *Model) rune(r rune, now time.Time) {
	if m.confirmNew {
		return // typed with the n that opened the question: not an answer
	}
	if seat, ok := seatKeys[r]; ok {
		m.clear()
		if !m.t.Post(rules.Event{Kind: rules.Press, Seat: seat}, now) {
			m.err = table.ErrClosed
		}
		return
	}
	switch r {
	case ' ':
		m.clear()
		m.pauseSwitch(now)
	case 'n':
		m.clear()
		m.newMatch(now)
	}
}

func (m *Model) clear() { m.notice, m.err = "", nil }

// status is the match's status now. It reads the table's latest snapshot,
// not the one drawn: the table publishes before Do returns, so a key that
// follows an arbiter action at once already sees its effect.
func (m *Model) status() rules.Status { return m.t.Snapshot().Status }

// pauseSwitch flips the arbiter's pause switch: pause while running, and
// otherwise release it, which resumes the turns in progress, or starts the
// match when it is ready (RULES.md clock rule 1).
func (m *Model) pauseSwitch(now time.Time) {
	if m.status() == rules.Running {
		m.do(rules.Event{Kind: rules.Pause}, now)
		return
	}
	m.do(rules.Event{Kind: rules.Resume}, now)
}

// newMatch resets the match: at once when nothing is lost (ready or
// decided), after a confirmation when paused, never while running.
func (m *Model) newMatch(now time.Time) {
	switch m.status() {
	case rules.Running:
		m.notice = "pause first (space), then n for a new match"
	case rules.Paused:
		m.confirmNew = true
	default:
		m.do(rules.Event{Kind: rules.Reset}, now)
	}
}

// do applies an arbiter action and waits for it, so its error can be
// shown; what it did shows in the next snapshot.
func (m *Model) do(e rules.Event, now time.Time) {
	ctx, cancel := context.WithTimeout(m.ctx, doTimeout)
	defer cancel()
	_, err := m.t.Do(ctx, e, now)
	if errors.Is(err, context.DeadlineExceeded) {
		err = errors.New("tui: the table did not answer; is it running?")
	}
	m.err = err
}
