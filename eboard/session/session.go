package session

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/eboard"
	"tandem/internal/inputfile"
	"tandem/internal/lineerr"
)

// Error is malformed input: "FILE:LINE: what is wrong".
type Error = lineerr.Error

// Kind is what an Item is.
type Kind uint8

const (
	// Message: bytes from a board (Board, Msg).
	Message Kind = iota + 1
	// Press: a clock press (Seat).
	Press
)

// Item is one line of a session.
type Item struct {
	Kind Kind
	// At is the instant, from the session's start.
	At    time.Duration
	Board bughouse.Board
	Msg   eboard.Message
	Seat  bughouse.Seat
	// Line is the item's line in the file (0 for items made in code).
	Line int
}

// Session is a recorded session's items, in time order.
type Session struct {
	Items []Item
}

// MaxLine is the longest line Read accepts (bytes): a board dump's 67
// bytes are 134 hex digits.
const MaxLine = 4096

// MaxItems is the most items Read accepts: a long game's session holds a
// few thousand; the limit keeps a wrong file from filling a Pi's memory.
const MaxItems = 100_000

// MaxSize is the most bytes Read reads (4 MiB): MaxItems presses of 17
// bytes a line take 1.7 MB; a session of a long game, some 100 KB. A file
// of 30 MB took 257 MB before there was a limit.
const MaxSize = 4 << 20

// Read reads a session from r, at most MaxSize bytes. name is the file's
// name for errors. Errors are *Error naming the file and line (more than
// MaxSize bytes is one, at the line where the limit was reached), or the
// reader's error.
func Read(name string, r io.Reader) (*Session, error) {
	lr := &io.LimitedReader{R: r, N: MaxSize + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 256), MaxLine)
	s := &Session{}
	line := 0
	var last time.Duration
	fail := func(format string, args ...any) error {
		e := lineerr.New(line, format, args...)
		e.File = name
		return e
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return nil, fail("want TIME BOARD HEX or TIME press SEAT, got %d fields", len(f))
		}
		at, err := clock.ParseSeconds(f[0])
		if err != nil || at < 0 {
			return nil, fail("time %q: seconds from the start, e.g. 12.5", f[0])
		}
		if at < last {
			return nil, fail("time %s is before the line above's %s: the items are in time order", f[0], clock.FormatSeconds(last))
		}
		last = at
		if len(s.Items) >= MaxItems {
			return nil, fail("more than %d items", MaxItems)
		}
		it := Item{At: at, Line: line}
		switch f[1] {
		case "press":
			seat, err := bughouse.ParseSeat(f[2])
			if err != nil {
				return nil, fail("%v", err)
			}
			it.Kind, it.Seat = Press, seat
		case "A", "B":
			b, _ := bughouse.ParseBoard(f[1])
			raw, err := hex.DecodeString(f[2])
			if err != nil {
				return nil, fail("message %q: hex bytes, two digits each, e.g. 8E00052D03", f[2])
			}
			m, err := one(raw)
			if err != nil {
				return nil, fail("message %s: %v", f[2], err)
			}
			it.Kind, it.Board, it.Msg = Message, b, m
		default:
			return nil, fail("%q: the second field is a board (A, B) or press", f[1])
		}
		s.Items = append(s.Items, it)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			line++
			return nil, fail("line longer than %d bytes", MaxLine)
		}
		return nil, err
	}
	if lr.N <= 0 {
		return nil, fail("more than %d bytes: a session file is at most %s", MaxSize, inputfile.Size(MaxSize))
	}
	return s, nil
}

// one reads raw as exactly one message.
func one(raw []byte) (eboard.Message, error) {
	d := eboard.NewDecoder(bytes.NewReader(raw))
	m, err := d.Next()
	if err != nil || d.Skipped > 0 {
		return eboard.Message{}, fmt.Errorf("not one DGT message (id with the top bit, two length bytes, data)")
	}
	if _, err := d.Next(); err != io.EOF {
		return eboard.Message{}, fmt.Errorf("more than one message on the line")
	}
	return m, nil
}

// Write writes s in the file format, one item a line.
func Write(w io.Writer, s *Session) error {
	bw := bufio.NewWriter(w)
	for _, it := range s.Items {
		if err := WriteItem(bw, &it); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteItem writes one item's line to file, in the file format (its
// keywords are the format's, never translated: not a message).
func WriteItem(file io.Writer, it *Item) error {
	t := clock.FormatSeconds(it.At)
	var err error
	switch it.Kind {
	case Press:
		_, err = fmt.Fprintf(file, "%s press %s\n", t, it.Seat)
	case Message:
		_, err = fmt.Fprintf(file, "%s %s %s\n", t, it.Board, strings.ToUpper(hex.EncodeToString(eboard.Encode(it.Msg.ID, it.Msg.Data))))
	default:
		err = fmt.Errorf("session: item of kind %d", it.Kind)
	}
	return err
}
