package infer

import (
	"fmt"
	"strings"
	"time"

	"tandem/board"
	"tandem/bughouse"
)

// AlertKind says what an Alert is about.
type AlertKind uint8

const (
	// AlertUnexplained: at a press, no legal move or drop of the presser turns
	// the sheet's position into the board (or a drop of a piece the
	// player does not hold).
	AlertUnexplained AlertKind = iota + 1
	// AlertNoMove: the player to move pressed and the board shows no move.
	AlertNoMove
	// AlertNotSynced: a player pressed while the board's squares were not
	// known (the e-board was not connected or had not sent its board
	// since it came back): his move was not captured.
	AlertNotSynced
)

var alertKindNames = [...]string{"", "unexplained", "no-move", "not-synced"}

// String returns "unexplained", "no-move" or "not-synced".
func (k AlertKind) String() string {
	if int(k) < len(alertKindNames) && k > 0 {
		return alertKindNames[k]
	}
	return fmt.Sprintf("AlertKind(%d)", uint8(k))
}

// Alert is what the arbiter should look at on one board: raised at a
// press (Seat's, at instant At) and open until the board or the sheet
// explains it (Tracker.Check).
type Alert struct {
	Kind  AlertKind
	Board bughouse.Board
	Seat  bughouse.Seat
	At    time.Duration
	// Reason says what is wrong for people; Rule the rule option or
	// article behind it ("" when none).
	Reason, Rule string
	// Differ are the squares where the board differs from the sheet.
	Differ []Difference
}

// String returns the alert for the console, e.g. "board A, after
// A-white's press: e2e4: ... ; differs on e2 (sheet P, board -), e4
// (sheet -, board P)".
func (a *Alert) String() string {
	s := fmt.Sprintf("board %s, after %s's press: %s", a.Board, a.Seat, a.Reason)
	if a.Rule != "" {
		s += " (" + a.Rule + ")"
	}
	if len(a.Differ) > 0 {
		parts := make([]string, len(a.Differ))
		for i, d := range a.Differ {
			parts[i] = d.String()
		}
		s += "; differs on " + strings.Join(parts, ", ")
	}
	return s
}

// Squares returns the names of the squares that differ ("e2 e4").
func (a *Alert) Squares() []string {
	out := make([]string, len(a.Differ))
	for i, d := range a.Differ {
		out[i] = d.Square.String()
	}
	return out
}

// Entry is a move to enter on the scoresheet: UCI (and SAN, as the
// sheet will write it) as Seat's move on Board, stamped with the instant
// At of the press that completed it.
type Entry struct {
	Board    bughouse.Board
	Seat     bughouse.Seat
	UCI, SAN string
	At       time.Duration
}

// Outcome is what a press or a check leads to: Enter, when not nil, is
// the move to enter now; Alert is the board's open alert afterwards (nil:
// none).
type Outcome struct {
	Enter *Entry
	Alert *Alert
}

// MaxQueue is the most square changes a Tracker keeps after its last
// press; older ones are folded into the board as of that press (a press
// is handled within milliseconds of its instant, long before).
const MaxQueue = 1024

// state is a board as far as a Tracker knows it.
type state struct {
	sq    Squares
	known bool
}

// change is one report of the e-board: a square's new piece, the whole
// board (dump), or the board lost.
type change struct {
	at   time.Duration
	kind uint8 // changePut, changeSet, changeLost
	sq   board.Square
	pc   board.Piece
	all  Squares
}

const (
	changePut uint8 = iota
	changeSet
	changeLost
)

func (s *state) apply(c *change) {
	switch c.kind {
	case changePut:
		s.sq[c.sq] = c.pc
	case changeSet:
		s.sq, s.known = c.all, true
	case changeLost:
		s.known = false
	}
}

// Tracker follows one e-board between clock presses: it takes the
// board's reports (Set, Put, Lost) in arrival order with their instants,
// and at each press of the board (Press) says which move to enter or
// raises an alert. The zero Tracker is not usable: use NewTracker. It is
// not safe for concurrent use (one goroutine feeds it).
type Tracker struct {
	b     bughouse.Board
	base  state    // the board at the last press handled
	cur   state    // the board now: base and the queue
	queue []change // reports after base, in arrival order
	alert *Alert
	// raised is board b's position on the sheet when a NoMove alert was
	// raised (its FEN without the reserves' changes: side and move
	// number): the alert clears when it changes.
	raisedSide bughouse.Color
	raisedMove int
}

// NewTracker returns a tracker of board b whose squares are not known
// until the first Set.
func NewTracker(b bughouse.Board) *Tracker { return &Tracker{b: b & 1} }

// Set reports the whole board at instant at (a board dump: at the
// connection, or after the board came back).
func (t *Tracker) Set(at time.Duration, s *Squares) { t.add(change{at: at, kind: changeSet, all: *s}) }

// Put reports that square sq holds pc (0: lifted) from instant at.
func (t *Tracker) Put(at time.Duration, sq board.Square, pc board.Piece) {
	if sq >= 64 {
		return
	}
	t.add(change{at: at, kind: changePut, sq: sq, pc: pc})
}

// Lost reports that the e-board went away at instant at: its squares are
// unknown until the next Set.
func (t *Tracker) Lost(at time.Duration) { t.add(change{at: at, kind: changeLost}) }

func (t *Tracker) add(c change) {
	t.cur.apply(&c)
	if len(t.queue) >= MaxQueue {
		t.base.apply(&t.queue[0])
		t.queue = append(t.queue[:0], t.queue[1:]...)
	}
	t.queue = append(t.queue, c)
}

// fold applies the reports up to instant at to the board as of the press.
func (t *Tracker) fold(at time.Duration) {
	n := 0
	for n < len(t.queue) && t.queue[n].at <= at {
		t.base.apply(&t.queue[n])
		n++
	}
	t.queue = append(t.queue[:0], t.queue[n:]...)
}

// Board returns the board's squares now, and whether they are known.
func (t *Tracker) Board() (Squares, bool) { return t.cur.sq, t.cur.known }

// Alert returns the open alert, or nil.
func (t *Tracker) Alert() *Alert { return t.alert }

// Press handles seat's press at instant at, a press the clock accepted
// (it ended seat's turn): the board as it was at that instant (reports
// up to at) is matched against board t's position in g, the scoresheet's
// game now (Explain). When seat is the player to move there and one
// legal move or drop explains the board, the Outcome enters it. A board
// that shows no change is nothing to enter (a second press, or a move the
// arbiter typed), except for the player to move, who pressed with no
// move (AlertNoMove). Anything else raises an AlertUnexplained, or AlertNotSynced
// when the board's squares are not known.
func (t *Tracker) Press(at time.Duration, seat bughouse.Seat, g *board.Game) Outcome {
	t.fold(at)
	t.alert = nil
	if seat.Board() != t.b {
		return Outcome{}
	}
	p := g.Board(t.b)
	toMove := bughouse.SeatOf(t.b, p.Side())
	if !t.base.known {
		t.alert = &Alert{Kind: AlertNotSynced, Board: t.b, Seat: seat, At: at,
			Reason: "the e-board's squares were not known (not connected, or not synchronised since it came back): the move was not captured"}
		return Outcome{Alert: t.alert}
	}
	f := Explain(g, t.b, &t.base.sq)
	switch {
	case f.Verdict == Same && seat != toMove:
		return Outcome{}
	case f.Verdict == Same:
		t.alert = &Alert{Kind: AlertNoMove, Board: t.b, Seat: seat, At: at, Reason: seat.String() + " pressed and the board shows no move"}
		t.raisedSide, t.raisedMove = p.Side(), p.FullMove()
	case f.Verdict == Found && seat == toMove:
		return Outcome{Enter: &Entry{Board: t.b, Seat: seat, UCI: f.UCI, SAN: f.SAN, At: at}}
	case f.Verdict == Found:
		t.alert = &Alert{Kind: AlertUnexplained, Board: t.b, Seat: seat, At: at, Differ: f.Differ,
			Reason: fmt.Sprintf("the board shows %s's %s, but %s pressed", toMove, f.SAN, seat)}
	default:
		t.alert = unexplained(t.b, seat, at, &f)
	}
	return Outcome{Alert: t.alert}
}

func unexplained(b bughouse.Board, seat bughouse.Seat, at time.Duration, f *Finding) *Alert {
	return &Alert{Kind: AlertUnexplained, Board: b, Seat: seat, At: at, Reason: "no legal move or drop explains the board: " + f.Reason,
		Rule: f.Rule, Differ: f.Differ}
}

// Check looks at the open alert again with the board now and g, the
// scoresheet's game now: call it after the board's reports and after
// the sheet changed. An alert clears when the board is the sheet's
// position again (the board restored, or the sheet corrected; an
// AlertNoMove, whose board is the sheet's, when the sheet's board moved
// on); when the presser's one legal move or drop now explains the board
// (the piece was set down after the press, a drop made just after it, or
// the board came back), the Outcome enters it, stamped with the press.
// Otherwise the alert is brought up to date.
func (t *Tracker) Check(g *board.Game) Outcome {
	a := t.alert
	if a == nil {
		return Outcome{}
	}
	p := g.Board(t.b)
	if a.Kind == AlertNoMove && (p.Side() != t.raisedSide || p.FullMove() != t.raisedMove) {
		t.alert = nil
		return Outcome{}
	}
	if !t.cur.known {
		return Outcome{Alert: a}
	}
	f := Explain(g, t.b, &t.cur.sq)
	toMove := bughouse.SeatOf(t.b, p.Side())
	switch {
	case f.Verdict == Same && a.Kind == AlertNoMove:
		return Outcome{Alert: a}
	case f.Verdict == Same:
		t.alert = nil
		return Outcome{}
	case f.Verdict == Found && a.Seat == toMove:
		t.alert = nil
		return Outcome{Enter: &Entry{Board: t.b, Seat: a.Seat, UCI: f.UCI, SAN: f.SAN, At: a.At}}
	case f.Verdict == Found:
		t.alert = &Alert{Kind: AlertUnexplained, Board: t.b, Seat: a.Seat, At: a.At, Differ: f.Differ,
			Reason: fmt.Sprintf("the board shows %s's %s, but %s pressed", toMove, f.SAN, a.Seat)}
	default:
		t.alert = unexplained(t.b, a.Seat, a.At, &f)
	}
	return Outcome{Alert: t.alert}
}
