package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/display"
	"tandem/i18n"
	"tandem/rules"
)

// The marks drawn beside a seat's name are display's, so every screen
// agrees.
const (
	markRunning = display.MarkRunning
	markTurn    = display.MarkTurn
	markFlag    = display.MarkFlag
	markDelay   = display.MarkDelay
	markPause   = display.MarkPause
)

// Default screen size, used until the terminal reports its own.
const (
	defaultWidth  = 160
	defaultHeight = 50
	maxWidth      = 164
	colGap        = 2
)

type styles struct {
	title, dim, bold, err, notice, result, key lipgloss.Style
	provisional                                lipgloss.Style    // a result not yet on disk
	status                                     [4]lipgloss.Style // by rules.Status
	box                                        lipgloss.Style
	idle, running, turn, flag                  lipgloss.Color
}

func newStyles(r *lipgloss.Renderer) styles {
	st := styles{
		idle:    lipgloss.Color("8"),
		running: lipgloss.Color("10"),
		turn:    lipgloss.Color("11"),
		flag:    lipgloss.Color("9"),
	}
	st.title = r.NewStyle().Bold(true)
	st.dim = r.NewStyle().Foreground(lipgloss.Color("8"))
	st.bold = r.NewStyle().Bold(true)
	st.err = r.NewStyle().Foreground(lipgloss.Color("9")).Bold(true)
	st.notice = r.NewStyle().Foreground(lipgloss.Color("11"))
	st.result = r.NewStyle().Bold(true).Foreground(lipgloss.Color("15"))
	st.provisional = r.NewStyle().Foreground(lipgloss.Color("7"))
	st.key = r.NewStyle().Bold(true).Foreground(lipgloss.Color("14"))
	badge := r.NewStyle().Bold(true).Padding(0, 1)
	st.status[rules.Ready] = badge.Foreground(lipgloss.Color("0")).Background(lipgloss.Color("12"))
	st.status[rules.Running] = badge.Foreground(lipgloss.Color("0")).Background(lipgloss.Color("10"))
	st.status[rules.Paused] = badge.Foreground(lipgloss.Color("0")).Background(lipgloss.Color("11"))
	st.status[rules.Decided] = badge.Foreground(lipgloss.Color("15")).Background(lipgloss.Color("9"))
	st.box = r.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	return st
}

// View draws the table: a header with the match status, the four clocks
// laid out as the players sit (team 2 on the top row, team 1 on the bottom
// row; board A on the left, board B on the right), the result, the last
// event and the key legend. It uses the largest digits that fit the
// terminal.
//
// A terminal smaller than the table needs (minWidth, minHeight) shows a
// notice that says so, with the four clocks in a line each; once the
// program quits, the view is empty (leave).
func (m *Model) View() string {
	if m.quitting {
		return ""
	}
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		w, h = defaultWidth, defaultHeight
	}
	if w > maxWidth {
		w = maxWidth
	}
	ts := &m.snap
	s := &ts.Snapshot
	faces := [2]display.Face{
		display.Render(s, bughouse.BoardA, true, m.disp),
		display.Render(s, bughouse.BoardB, true, m.disp),
	}
	if w < minWidth || h < minHeight {
		return m.tooSmall(faces, w, h)
	}
	colW := (w - colGap) / 2
	lay := pickLayout(faces, colW, h)

	var b strings.Builder
	line := func(parts ...string) {
		b.WriteString(strings.Join(parts, ""))
		b.WriteByte('\n')
	}
	line(m.header(w))
	line(m.statusLine(w))
	if lay.roomy {
		line()
		line(m.teamLabel(bughouse.Team2, w))
	}
	// The players sit as they do at the table: team 2 behind the top row
	// (A-black left, B-white right), team 1 behind the bottom row (A-white
	// left, B-black right); the boards lie between the rows.
	line(m.row(m.clockBox(faces[0].Right, lay, colW), m.clockBox(faces[1].Left, lay, colW)))
	line(m.boardLabel(faces[0], colW), strings.Repeat(" ", colGap), m.boardLabel(faces[1], colW))
	line(m.row(m.clockBox(faces[0].Left, lay, colW), m.clockBox(faces[1].Right, lay, colW)))
	if lay.roomy {
		line(m.teamLabel(bughouse.Team1, w))
		line()
	}
	if m.menuOpen() {
		above, note := m.menuScreen(w)
		if above == "" {
			above = m.lastEvent(w)
		}
		line(above)
		line(note)
	} else {
		line(m.lastEvent(w))
		line(m.note(w))
	}
	// The legend takes a third line where the screen has one to spare
	// (in a roomy layout, the blank line above it): the arbiter's keys
	// keep their words where one line cannot hold them (Spanish at 100
	// columns).
	room := h - strings.Count(b.String(), "\n")
	legend := m.legend(w, room)
	if lay.roomy && len(legend) < room {
		line()
	}
	for _, l := range legend {
		line(l)
	}
	// Never more lines than the terminal has (the smallest layout fits
	// minHeight): the bottom ones go, the status at the top stays.
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	return strings.Join(lines, "\n")
}

// layout is how much room the screen gives: the digits' font, and whether
// there are blank lines and team labels between the parts.
type layout struct {
	font  font
	roomy bool
}

// Lines besides the two rows of clocks: header, status, board labels, last
// event, note, two legend lines; roomy adds three blank lines and two team
// labels.
const (
	compactLines = 7
	roomyLines   = compactLines + 5
)

// boxHeight is the height of a clock: border, title, digits, footer, and
// blank lines around the digits when roomy.
func (l layout) boxHeight() int {
	if l.roomy {
		return l.font.rows + 6
	}
	return l.font.rows + 4
}

// pickLayout returns the largest layout that fits columns of width colW
// and height h; the last resort, plain text digits, may be clipped.
func pickLayout(faces [2]display.Face, colW, h int) layout {
	sample := "88:88"
	for _, fc := range faces {
		for _, c := range []display.ClockFace{fc.Left, fc.Right} {
			if strings.Count(c.Time, ":") > 1 {
				sample = "8:88:88"
			}
		}
	}
	for _, l := range []layout{{bigFont, true}, {smallFont, true}, {smallFont, false}} {
		lines := compactLines
		if l.roomy {
			lines = roomyLines
		}
		if l.font.width(sample)+8 <= colW && lines+2*l.boxHeight() <= h {
			return l
		}
	}
	return layout{textFont, false}
}

func (m *Model) row(left, right string) string {
	return lipgloss.JoinHorizontal(lipgloss.Top, left, strings.Repeat(" ", colGap), right)
}

// spread returns left and right on one line of width w, padded between.
func spread(left, right string, w int) string {
	pad := w - lipgloss.Width(left) - lipgloss.Width(right)
	if pad < 1 {
		pad = 1
	}
	return left + strings.Repeat(" ", pad) + right
}

func (m *Model) header(w int) string {
	left := m.st.title.Render("TANDEM") + "  " + m.tr("tui.header.title")
	var right []string
	if m.preset != "" {
		right = append(right, m.tr("tui.header.preset", "Preset", m.st.bold.Render(m.preset)))
	}
	if m.haveRules {
		tc := m.tr("tui.header.control", "Control", m.st.bold.Render(m.rules.Control.String()))
		right = append(right, tc)
		if h := handicaps(m.p, &m.rules); h != "" {
			right = append(right, m.tr("tui.header.handicap", "Seats", m.st.bold.Render(h)))
		}
		if m.rules.Start != rules.StartArbiter {
			right = append(right, m.tr("tui.header.start", "Start", m.rules.Start.String()))
		}
	}
	r := strings.Join(right, " · ")
	if lipgloss.Width(left)+1+lipgloss.Width(r) > w {
		left = m.st.title.Render("TANDEM")
	}
	return truncate(spread(left, r, w), w)
}

// handicaps lists the seats whose time control is not the match's, e.g.
// "A-white 3m+2s, B-black 3m+2s"; "" when there are none.
func handicaps(p *i18n.Printer, o *rules.Options) string {
	var hs []string
	for _, seat := range bughouse.Seats {
		if c := o.SeatControls[seat]; c != nil && c.String() != o.Control.String() {
			hs = append(hs, p.Seat(seat)+" "+c.String())
		}
	}
	return strings.Join(hs, ", ")
}

func (m *Model) statusLine(w int) string {
	ts := &m.snap
	s := &ts.Snapshot
	badge := m.st.status[s.Status].Render(strings.ToUpper(m.p.Status(s.Status)))
	var hint string
	switch s.Status {
	case rules.Ready:
		hint = m.tr("tui.hint.ready")
		if m.haveRules && m.rules.Start == rules.StartBlackPress {
			hint = m.tr("tui.hint.ready-black-press")
		}
		if m.haveRules && m.rules.Start == rules.StartBothBlack {
			hint = m.tr("tui.hint.ready-both-black")
			for b, p := range s.BlackPressed {
				if p {
					hint = m.tr("tui.hint.black-pressed", "Seat", m.p.Seat(bughouse.SeatOf(bughouse.Board(b), bughouse.Black)))
				}
			}
		}
		if s.NoShow.Active {
			hint = m.tr("tui.hint.called", "Seconds", clock.FormatSeconds(s.NoShow.Left(s.At).Truncate(time.Second))) + " " + hint
		}
	case rules.Running:
		hint = m.tr("tui.hint.running")
	case rules.Paused:
		hint = markPause + " " + m.tr("tui.hint.paused")
		if s.Claim.Active {
			hint = markPause + " " + m.tr("tui.hint.claim", "Seat", m.p.Seat(s.Claim.Claimant), "Reason", m.p.ReasonWord(s.Claim.Reason)) + "   " +
				m.st.key.Render("u") + " " + m.tr("tui.key.uphold") + " · " + m.st.key.Render("x") + " " + m.tr("tui.key.reject")
		}
		// The claim and result questions stop the clocks when they open:
		// the screen says why they stand still.
		switch m.ask.what() {
		case "claim":
			hint = markPause + " " + m.tr("tui.hint.stopped-claim")
		case "result":
			hint = markPause + " " + m.tr("tui.hint.stopped-result")
			if s.Claim.Active {
				hint += " · " + m.tr("tui.hint.claim-pending", "Seat", m.p.Seat(s.Claim.Claimant))
			}
		}
	case rules.Decided:
		// Final only once the decision is on disk.
		switch {
		case ts.RecordErr != "":
			hint = m.st.result.Render(m.resultLine(s)) + m.st.err.Render("  "+m.tr("tui.result.not-recorded"))
		case !s.Final:
			hint = m.st.provisional.Render(m.resultLine(s) + "  — " + m.tr("tui.result.recording"))
		default:
			hint = m.st.result.Render(m.resultLine(s))
		}
		hint += m.st.dim.Render("   " + m.tr("tui.result.new-match"))
	}
	return truncate(badge+"  "+hint, w)
}

// resultLine is a decided match's result as the table shows it: result,
// reason, decisive seats and where the rule comes from (the preset's own
// rule where it departs from the regulation: Options.Article), then the
// winning team, e.g.
//
//	0-1  flag  A-white  (Art 33)  team 2 wins: A-black + B-white
//	1-0  third illegal move  A-black  (three illegal moves lose: seed 004)  team 1 wins: A-white + B-black
//
// It is "" while the match is undecided.
func (m *Model) resultLine(s *rules.Snapshot) string {
	if s.Result == rules.NoResult {
		return ""
	}
	reason := m.p.ReasonWord(s.Reason)
	if m.thirdStrike(s) {
		reason = m.tr("tui.result.third-illegal")
	}
	parts := []string{s.Result.String(), reason}
	if s.NDecisive > 0 {
		var seats []string
		for _, seat := range s.Decisive[:s.NDecisive] {
			seats = append(seats, m.p.Seat(seat))
		}
		parts = append(parts, strings.Join(seats, " "))
	}
	if a := m.article(s.Reason); a != "" {
		parts = append(parts, "("+a+")")
	}
	switch s.Result {
	case rules.Team1Wins:
		parts = append(parts, m.tr("tui.result.team-wins", "Team", m.p.Team(bughouse.Team1), "Seats", teamSeats(m.p, bughouse.Team1)))
	case rules.Team2Wins:
		parts = append(parts, m.tr("tui.result.team-wins", "Team", m.p.Team(bughouse.Team2), "Seats", teamSeats(m.p, bughouse.Team2)))
	case rules.MatchDraw:
		parts = append(parts, m.tr("tui.result.match-drawn"))
	}
	return strings.Join(parts, "  ")
}

// thirdStrike reports whether a three-strikes loss decided the match:
// the offender's third upheld illegal move.
func (m *Model) thirdStrike(s *rules.Snapshot) bool {
	return m.threeStrikes() && s.Reason == rules.IllegalMove && s.NDecisive > 0 && s.Strikes[s.Decisive[0]] >= 3
}

// teamSeats names team t's players: "A-white + B-black" for team 1.
func teamSeats(p *i18n.Printer, t bughouse.Team) string {
	var seats []string
	for _, s := range bughouse.Seats {
		if s.Team() == t {
			seats = append(seats, p.Seat(s))
		}
	}
	return strings.Join(seats, " + ")
}

// teamLabel names the team that sits on that side of the table.
func (m *Model) teamLabel(t bughouse.Team, w int) string {
	return lipgloss.PlaceHorizontal(w, lipgloss.Center, m.st.dim.Render(m.p.Team(t)+": "+m.teamPlayers(t)))
}

// boardLabel names the board, drawn between the rows of clocks where the
// board lies, with its game's result in seats' names (the match result
// above is team 1's view; a board's 1-0 would read as its opposite).
func (m *Model) boardLabel(f display.Face, w int) string {
	label := strings.ToUpper(m.p.Board(f.Board))
	bv := m.snap.Boards[f.Board]
	if r := boardResult(m.p, f.Board, bv); r != "" {
		label += " · " + r
		if bv.Outcome == rules.Drawn && m.snap.Status != rules.Decided {
			if long := label + " · " + m.tr("tui.board.decides", "Board", m.p.Board(f.Board.Other())); len([]rune(long))+2 <= w {
				label = long
			}
		}
		// Narrow columns drop words; the label lies under its board.
		for _, short := range []string{f.Board.String() + " · " + r, r} {
			if len([]rune(label))+2 > w {
				label = short
			}
		}
	}
	label = truncate(label, w-2)
	return lipgloss.PlaceHorizontal(w, lipgloss.Center, " "+m.st.bold.Render(label)+" ",
		lipgloss.WithWhitespaceChars("─"), lipgloss.WithWhitespaceForeground(m.st.idle))
}

// boardResult is board b's game result in words: "B-black lost on time",
// "A-white won (checkmate)", "drawn (agreement)"; "" while it goes on.
func boardResult(p *i18n.Printer, b bughouse.Board, bv rules.BoardView) string {
	switch bv.Outcome {
	case rules.WhiteWins, rules.BlackWins:
		w := winner(b, bv.Outcome)
		if bv.Reason == rules.Flag {
			return p.T("tui.board.lost-on-time", "Seat", p.Seat(w.Opponent()))
		}
		return p.T("tui.board.won", "Seat", p.Seat(w), "Reason", p.Reason(bv.Reason))
	case rules.Drawn:
		return p.T("tui.board.drawn", "Reason", p.Reason(bv.Reason))
	}
	return ""
}

// clockBox draws one seat's clock: name, team and marks, the time in
// large digits, moves and key.
func (m *Model) clockBox(c display.ClockFace, lay layout, w int) string {
	inner := w - 4 // border and padding
	color, mark, state := m.st.idle, " ", ""
	switch {
	case c.Flagged:
		color, mark, state = m.st.flag, markFlag, m.tr("tui.clock.flag")
	case c.Running && c.InDelay:
		color, mark, state = m.st.running, markDelay, m.tr("tui.clock.running-delay")
	case c.Running:
		color, mark, state = m.st.running, markRunning, m.tr("tui.clock.running")
	case c.Turn:
		color, mark, state = m.st.turn, markTurn, m.tr("tui.clock.to-move")
	}
	name := m.st.bold.Render(m.p.Seat(c.Seat))
	if pl := m.snap.Players[c.Seat]; pl != "" {
		// The player's name (configuration, console, the hall's
		// pairing), cut to leave the marks and the state room.
		name += " " + truncate(pl, max(8, inner/3))
	}
	// Under three-strikes, the upheld illegal moves so far stay in sight
	// next to the player's name: the third loses.
	if n := m.snap.Strikes[c.Seat]; m.threeStrikes() && n > 0 {
		name += m.st.err.Render(" " + m.tr("tui.clock.strikes", "N", n))
	}
	// Art 40: the player's warnings; Art 44: before the start of a
	// called match, whether he is at the table.
	if n := m.snap.Warnings[c.Seat]; n > 0 {
		name += m.st.err.Render(fmt.Sprintf(" ⚠%d", n))
	}
	if ns := m.snap.NoShow; ns.Active && m.snap.Status == rules.Ready {
		if ns.Arrived[c.Seat] {
			name += " ✓ " + m.tr("tui.clock.here")
		} else {
			name += m.st.err.Render(" " + m.tr("tui.clock.absent", "Seconds", clock.FormatSeconds(ns.Left(m.snap.At).Truncate(time.Second))))
		}
	}
	// Cut, not wrapped: a wrapped title would make the box taller than
	// the layout counts.
	title := truncate(spread(mark+" "+name+"  "+state, m.st.dim.Render(m.p.Team(c.Seat.Team())), inner), inner)
	// Idle digits keep the terminal's own color: the waiting player must
	// read his time as well as the one whose clock runs.
	digits := m.renderer.NewStyle()
	if color != m.st.idle {
		digits = digits.Foreground(color)
	}
	if c.Running || c.Flagged {
		digits = digits.Bold(true)
	}
	var lines []string
	lines = append(lines, title)
	if lay.roomy {
		lines = append(lines, "")
	}
	for _, r := range lay.font.render(c.Time) {
		lines = append(lines, lipgloss.PlaceHorizontal(inner, lipgloss.Center, digits.Render(r)))
	}
	if lay.roomy {
		lines = append(lines, "")
	}
	moves := m.tr("tui.clock.moves", "N", c.Moves)
	key := m.tr("tui.clock.key", "Key", m.st.key.Render(strings.ToUpper(string(keyOf(c.Seat)))))
	lines = append(lines, spread(m.st.dim.Render(moves), key, inner))
	return m.st.box.BorderForeground(color).Width(w - 2).Render(strings.Join(lines, "\n"))
}

// lastEvent is the last thing that happened and its instant in the match
// (from the start; none before it): the last event applied, why it was
// ignored if it was, and the error if it was refused (an attempt, not an
// action); or the flag that decided the match after it.
func (m *Model) lastEvent(w int) string {
	s := &m.snap.Snapshot
	head := m.st.dim.Render(m.tr("tui.last.head") + " ")
	last := head + m.tr("tui.last.none")
	at := func(d time.Duration) string {
		if !s.Started {
			return ""
		}
		return m.st.dim.Render(" " + m.tr("tui.last.at", "Time", matchTime(d-s.StartedAt)))
	}
	switch {
	case flagDecided(s):
		what := m.tr("tui.last.flag") + " "
		if s.NDecisive > 1 {
			what = m.tr("tui.last.flags") + " "
		}
		var seats []string
		for _, seat := range s.Decisive[:s.NDecisive] {
			seats = append(seats, m.p.Seat(seat))
		}
		last = head + what + strings.Join(seats, " ") + at(s.DecidedAt)
	case s.Seq > 0:
		last = head + m.p.Event(s.Last) + at(s.Last.At)
		switch {
		case s.Effect.Refused != "" && m.refusalSaid(s.Seq):
			// The note line says why, in full: once is enough.
		case s.Effect.Refused != "":
			last += m.st.err.Render(" — " + m.tr("tui.last.refused", "Why", m.p.Core(s.Effect.Refused)))
		case s.Effect.Ignored != "":
			last += m.st.notice.Render("  " + m.tr("tui.last.ignored", "Why", m.p.Core(s.Effect.Ignored)))
		}
	}
	return truncate(last, w)
}

// refusalSaid reports whether the refusal of the event numbered seq (the
// last one) is said on the note line: it is the last arbiter action's
// (Model.refusedSeq), and its error or the adjustment's field that says
// why is still shown.
func (m *Model) refusalSaid(seq uint64) bool {
	if seq == 0 || seq != m.refusedSeq {
		return false
	}
	switch {
	case m.ask.step == askAdjustAmount:
		return m.ask.bad != ""
	case m.ask.step != noPrompt, m.bm != nil && m.bm.IsOpen():
		return false // the note line shows the question, the menu
	}
	return m.err != nil
}

// flagDecided reports whether a flag decided the match after the last
// event: the flag is then the last thing that happened. An event after
// the flag (a late press) is shown itself, ignored.
func flagDecided(s *rules.Snapshot) bool {
	return s.Status == rules.Decided && (s.Reason == rules.Flag || s.Reason == rules.SimultaneousFlag) &&
		s.NDecisive > 0 && s.Last.At < s.DecidedAt
}

// matchTime writes an instant of the match to the millisecond, as `tandem
// export --format csv` writes its instants (journal.WriteCSV: the seconds
// with three decimals, fmt's "%.3f", which rounds): "0:09.379",
// "1:02:03.004". The same instant reads the same on the terminal and in
// the CSV.
func matchTime(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	secs, ms, _ := strings.Cut(fmt.Sprintf("%.3f", d.Seconds()), ".")
	n, _ := strconv.ParseInt(secs, 10, 64)
	h, min, sec := n/3600, n/60%60, n%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d.%s", h, min, sec, ms)
	}
	return fmt.Sprintf("%d:%02d.%s", min, sec, ms)
}

// note is the open question, or else the last key's error or hint, or
// else the table's own line (infoLine). The question is written in the
// longest form that fits, with "(esc cancels)" when that fits too.
func (m *Model) note(w int) string {
	if forms, esc := m.promptLine(); len(forms) > 0 {
		q := m.st.notice.Render("? ")
		cancel := ""
		if esc {
			cancel = m.st.dim.Render("   " + m.tr("tui.prompt.esc-cancels"))
		}
		// The words before "(esc cancels)": a form is tried without it
		// before a shorter form.
		var tries []string
		for _, f := range forms {
			tries = append(tries, q+f+cancel, q+f)
		}
		line := tries[len(tries)-1]
		for _, l := range tries {
			if lipgloss.Width(l) <= w {
				line = l
				break
			}
		}
		return truncate(line, w)
	}
	var note string
	switch {
	case m.err != nil:
		id := "tui.note.error"
		if errors.As(m.err, new(refusal)) {
			id = "tui.note.refused"
		}
		note = m.st.err.Render(m.tr(id, "Why", m.p.Core(m.err.Error())))
	case m.notice != "":
		note = m.st.notice.Render(m.notice)
	case len(m.warnings) > 0:
		return m.warningLine(w)
	default:
		return m.infoLine(w)
	}
	return truncate(note, w)
}

func truncate(s string, w int) string {
	return ansi.Truncate(s, w, "…")
}

// teamPlayers names team t's players, seat and name, "A-white Ann + B-black
// Bob", or only the seats while the names are not known.
func (m *Model) teamPlayers(t bughouse.Team) string {
	var seats []string
	for _, s := range bughouse.Seats {
		if s.Team() == t {
			seats = append(seats, strings.TrimSpace(m.p.Seat(s)+" "+m.snap.Players[s]))
		}
	}
	return strings.Join(seats, " + ")
}
