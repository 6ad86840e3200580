package display

import (
	"fmt"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// ClockFace is what one player's clock shows.
type ClockFace struct {
	Seat bughouse.Seat
	// Time is the formatted remaining time (Format).
	Time string
	// Running: this clock counts down now.
	Running bool
	// Turn: it is this player's turn (running, or stopped by a pause).
	Turn bool
	// Flagged: this player's time ran out (the flag mark).
	Flagged bool
	// InDelay: the move's delay is being used; the time does not count down.
	InDelay bool
	// Moves counts the player's completed moves.
	Moves int
}

// Face is what one board's display shows: both players' clocks, left and
// right as seated, and the match marks.
type Face struct {
	Board       bughouse.Board
	Left, Right ClockFace
	// Paused: the pause mark (the match is paused or waiting to start).
	Paused bool
	// Status is a short word for the match state: "READY", "PAUSED",
	// "CLAIM", "" while running, or the board's / match's result.
	Status string
	// Provisional: the match is decided but its result is not yet on disk
	// (rules.Snapshot.Final is false: the record has not synced it, or
	// recording failed). StatusText then marks the result word with
	// MarkProvisional ("0-1?"); a final result has no mark.
	Provisional bool
}

// Render returns board b's face in snapshot s. whiteLeft says whether
// White sits on the display's left (DGT clocks are turned so that each
// player has his own side; the default table has White on the left).
func Render(s *rules.Snapshot, b bughouse.Board, whiteLeft bool, o *Opts) Face {
	return RenderIn(s, b, whiteLeft, o, nil)
}

// RenderIn is Render with the face's words in tx (nil: English).
func RenderIn(s *rules.Snapshot, b bughouse.Board, whiteLeft bool, o *Opts, tx *Texts) Face {
	w, bl := clockFace(s, bughouse.SeatOf(b, bughouse.White), o), clockFace(s, bughouse.SeatOf(b, bughouse.Black), o)
	f := Face{Board: b, Left: w, Right: bl}
	if !whiteLeft {
		f.Left, f.Right = bl, w
	}
	var buf [96]byte
	status, paused, provisional := appendStatus(buf[:0], s, b, tx.or())
	f.Status, f.Paused, f.Provisional = string(status), paused, provisional
	return f
}

// appendStatus appends board b's Face.Status in s to dst and returns it
// with the face's Paused and Provisional.
func appendStatus(dst []byte, s *rules.Snapshot, b bughouse.Board, tx *Texts) (status []byte, paused, provisional bool) {
	switch s.Status {
	case rules.Ready:
		return append(dst, tx.Ready...), true, false
	case rules.Paused:
		if s.Claim.Active {
			return append(append(append(dst, tx.Claim...), ' '), tx.Seats[s.Claim.Claimant]...), true, false
		}
		return append(dst, tx.Paused...), true, false
	case rules.Decided:
		return appendResult(dst, s, tx), false, !s.Final
	case rules.Running:
		if bv := s.Boards[b]; bv.Over {
			return append(append(append(dst, tx.Drawn...), ' '), tx.reason(bv.Reason)...), false, false
		}
	}
	return dst, false, false
}

func clockFace(s *rules.Snapshot, seat bughouse.Seat, o *Opts) ClockFace {
	c := clockState(s, seat)
	c.Time = Format(s.Clocks[seat].Remaining, o)
	return c
}

// clockState is clockFace without the Time.
func clockState(s *rules.Snapshot, seat bughouse.Seat) ClockFace {
	c := s.Clocks[seat]
	return ClockFace{
		Seat: seat, Running: c.Running, Turn: c.Turn,
		Flagged: c.Flagged, InDelay: c.Running && c.DelayLeft > 0, Moves: c.Moves,
	}
}

// ResultText is the match result as a display line: "1-0 flag B-white",
// "1/2-1/2 simultaneous-flag", "*" when undecided.
func ResultText(s *rules.Snapshot) string {
	var buf [96]byte
	return string(appendResult(buf[:0], s, english))
}

// ResultTextIn is ResultText with the words of tx (nil: English).
func ResultTextIn(s *rules.Snapshot, tx *Texts) string {
	var buf [96]byte
	return string(appendResult(buf[:0], s, tx.or()))
}

// appendResult appends ResultTextIn(s, tx) to dst.
func appendResult(dst []byte, s *rules.Snapshot, tx *Texts) []byte {
	if s.Result == rules.NoResult {
		return append(dst, '*')
	}
	dst = append(append(append(dst, s.Result.String()...), ' '), tx.reason(s.Reason)...)
	for _, seat := range s.Decisive[:s.NDecisive] {
		dst = append(append(dst, ' '), tx.Seats[seat]...)
	}
	return dst
}

// StatusText is Status as the faces write it: a provisional result has
// MarkProvisional after its result word ("0-1? flag A-white"); anything
// else is Status unchanged.
func (f Face) StatusText() string {
	if !f.Provisional || f.Status == "" {
		return f.Status
	}
	head, rest, ok := strings.Cut(f.Status, " ")
	if !ok {
		return head + MarkProvisional
	}
	return head + MarkProvisional + " " + rest
}

// String renders the face on one text line, as a character display would:
//
//	A  W ▶ 4:59  │  5:00   B   PAUSED
//	A  W ⚑    0.0 │ 10.0      B  0-1? flag A-white
//
// Marks: ▶ running, ▷ turn while stopped, ⚑ flag, d in delay; a result
// not yet recorded has ? after it (StatusText).
func (f Face) String() string {
	return fmt.Sprintf("%s  %s │ %s  %s", f.Board, f.Left.text(true), f.Right.text(false), f.StatusText())
}

// The marks a face shows beside a clock; every screen uses these.
const (
	MarkRunning = "▶" // the clock runs
	MarkTurn    = "▷" // the player's turn while the clocks are stopped
	MarkFlag    = "⚑" // the flag fell
	MarkDelay   = "d" // the clock runs inside the move's delay
	MarkPause   = "‖" // the match is paused
	// MarkProvisional follows a decided result that is not yet on disk
	// (Face.Provisional): "0-1?". It goes when the record has synced the
	// decision (rules.Snapshot.Final), and stays when recording failed.
	MarkProvisional = "?"
)

// Mark returns the clock's mark (one of the Mark constants), or " ".
func (c ClockFace) Mark() string {
	switch {
	case c.Flagged:
		return MarkFlag
	case c.Running && c.InDelay:
		return MarkDelay
	case c.Running:
		return MarkRunning
	case c.Turn:
		return MarkTurn
	}
	return " "
}

func (c ClockFace) text(left bool) string {
	color := "W"
	if c.Seat.Color() == bughouse.Black {
		color = "B"
	}
	if left {
		return fmt.Sprintf("%s %s %7s", color, c.Mark(), c.Time)
	}
	return fmt.Sprintf("%-7s %s %s", c.Time, c.Mark(), color)
}

// NextChangeFunc returns a function for table.Opts.NextChange: the time
// until a running clock's face changes, either its digits or the end of
// its delay.
func NextChangeFunc(o *Opts) func(rules.SeatClock) time.Duration {
	return func(c rules.SeatClock) time.Duration {
		if c.DelayLeft > 0 {
			return c.DelayLeft
		}
		return NextChange(c.Remaining, o)
	}
}
