package eboard

import (
	"errors"
	"fmt"
	"io"
)

// Commands to the board (one byte each).
const (
	CmdReset       byte = 0x40 // back to idle; cancels update mode
	CmdBoard       byte = 0x42 // reply with a board dump
	CmdUpdate      byte = 0x43 // update mode: field updates and clock messages
	CmdUpdateBoard byte = 0x44 // update mode: field updates only
	CmdSerial      byte = 0x45 // reply with the serial number
	CmdVersion     byte = 0x4d // reply with the version
)

// Message ids from the board (the top bit set).
const (
	MsgBoardDump   byte = 0x86 // 64 piece codes, field 0 first
	MsgFieldUpdate byte = 0x8e // field, piece code (0: lifted)
	MsgSerial      byte = 0x91 // 5 ASCII bytes
	MsgVersion     byte = 0x93 // major, minor
)

// Header is a message's header size: the id and the two length bytes.
const Header = 3

// MaxMessage is the longest message Decoder accepts (bytes, header
// included): a board dump's 67, the longest the driver asks for. The
// length field allows 16383, but a longer length is taken for noise on
// the line: a stray header must not hold back the field updates behind
// it while the decoder waits for its data.
const MaxMessage = Header + 64

// wantLength is the total length of each known message.
var wantLength = map[byte]int{MsgBoardDump: Header + 64, MsgFieldUpdate: Header + 2, MsgSerial: Header + 5, MsgVersion: Header + 2}

// Message is one message from the board: its id (top bit set) and its
// data after the header.
type Message struct {
	ID   byte
	Data []byte
}

// Encode returns the bytes of a message with id and data: the id, the
// total length as two 7-bit halves (MSB first), the data. It panics when
// the message would be longer than the length field can say.
func Encode(id byte, data []byte) []byte {
	n := Header + len(data)
	if n > 0x3fff {
		panic("eboard: message too long")
	}
	return append([]byte{id | 0x80, byte(n >> 7 & 0x7f), byte(n & 0x7f)}, data...)
}

// Decoder reads messages from a byte stream. Bytes that cannot begin a
// message (no top bit) are skipped, and so is a message whose length is
// impossible, or wrong for its id: a line that came up in the middle of a
// message, or noise, costs only that message (Skipped counts the bytes).
type Decoder struct {
	r   io.Reader
	buf []byte
	// Skipped counts the bytes skipped so far.
	Skipped int
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r, buf: make([]byte, 0, 256)} }

// Next returns the next message (its Data is its own).
// The error is the reader's (io.EOF at the end of the stream, a read
// error when the port went away).
func (d *Decoder) Next() (Message, error) {
	for {
		if m, used, ok := d.parse(); ok {
			msg := Message{ID: m[0], Data: append([]byte(nil), m[Header:used]...)}
			d.buf = d.buf[:copy(d.buf, d.buf[used:])]
			return msg, nil
		}
		if len(d.buf) == cap(d.buf) {
			d.buf = append(d.buf, 0)[:len(d.buf)]
		}
		n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
		d.buf = d.buf[:len(d.buf)+n]
		if n == 0 && err != nil {
			return Message{}, err
		}
	}
}

// parse finds a whole message at the start of the buffer, skipping what
// cannot be one. It returns the buffer from the message's start and the
// message's length.
func (d *Decoder) parse() ([]byte, int, bool) {
	for {
		i := 0
		for i < len(d.buf) && d.buf[i]&0x80 == 0 {
			i++
		}
		if i > 0 {
			d.Skipped += i
			d.buf = d.buf[:copy(d.buf, d.buf[i:])]
		}
		if len(d.buf) < Header {
			return nil, 0, false
		}
		hi, lo := d.buf[1], d.buf[2]
		n := int(hi)<<7 | int(lo)
		want, known := wantLength[d.buf[0]]
		if hi&0x80 != 0 || lo&0x80 != 0 || n < Header || n > MaxMessage || (known && n != want) {
			d.Skipped++
			d.buf = d.buf[:copy(d.buf, d.buf[1:])]
			continue
		}
		if len(d.buf) < n {
			return nil, 0, false
		}
		return d.buf, n, true
	}
}

// ErrMessage is wrapped by the errors of the message readers below: the
// message is not of that kind, or its data has the wrong length.
var ErrMessage = errors.New("eboard: not that message")

func check(m Message, id byte) error {
	if m.ID != id || len(m.Data)+Header != wantLength[id] {
		return fmt.Errorf("%w: id %#02x with %d data bytes, want %#02x", ErrMessage, m.ID, len(m.Data), id)
	}
	return nil
}

// Dump returns the 64 piece codes of a board dump, field 0 (a8 seen by
// White with the board the right way round) first.
func Dump(m Message) ([64]byte, error) {
	var f [64]byte
	if err := check(m, MsgBoardDump); err != nil {
		return f, err
	}
	copy(f[:], m.Data)
	return f, nil
}

// FieldUpdate returns a field update's field (0-63) and piece code (0: a
// piece was lifted).
func FieldUpdate(m Message) (field, code byte, err error) {
	if err := check(m, MsgFieldUpdate); err != nil {
		return 0, 0, err
	}
	return m.Data[0], m.Data[1], nil
}

// Serial returns a serial-number message's 5 ASCII bytes.
func Serial(m Message) (string, error) {
	if err := check(m, MsgSerial); err != nil {
		return "", err
	}
	return string(m.Data), nil
}

// Version returns a version message's major and minor numbers.
func Version(m Message) (major, minor byte, err error) {
	if err := check(m, MsgVersion); err != nil {
		return 0, 0, err
	}
	return m.Data[0], m.Data[1], nil
}
