package eboard_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"tandem/eboard"
)

// TestEncode_TheNotesExample: a white knight put down on f3 (field 45).
func TestEncode_TheNotesExample(t *testing.T) {
	if got := eboard.Encode(eboard.MsgFieldUpdate, []byte{45, 3}); !bytes.Equal(got, []byte{0x8E, 0x00, 0x05, 0x2D, 0x03}) {
		t.Fatalf("% X", got)
	}
	// A dump's length, 67, is 0x00 0x43 in two 7-bit halves.
	if got := eboard.Encode(eboard.MsgBoardDump, make([]byte, 64))[:3]; !bytes.Equal(got, []byte{0x86, 0x00, 0x43}) {
		t.Fatalf("% X", got)
	}
	// Lengths past 127 use the high half.
	if got := eboard.Encode(0xA0, make([]byte, 200))[:3]; !bytes.Equal(got, []byte{0xA0, 0x01, 0x4B}) {
		t.Fatalf("% X", got)
	}
}

func decodeAll(t *testing.T, r io.Reader) ([]eboard.Message, *eboard.Decoder) {
	t.Helper()
	d := eboard.NewDecoder(r)
	var out []eboard.Message
	for {
		m, err := d.Next()
		if errors.Is(err, io.EOF) {
			return out, d
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
}

// TestDecoder_EveryMessage reads each message kind back, one byte at a
// time as a slow line delivers them.
func TestDecoder_EveryMessage(t *testing.T) {
	dump := make([]byte, 64)
	for i := range dump {
		dump[i] = byte(i % 13)
	}
	var stream []byte
	stream = append(stream, eboard.Encode(eboard.MsgSerial, []byte("12345"))...)
	stream = append(stream, eboard.Encode(eboard.MsgVersion, []byte{3, 1})...)
	stream = append(stream, eboard.Encode(eboard.MsgBoardDump, dump)...)
	stream = append(stream, eboard.Encode(eboard.MsgFieldUpdate, []byte{45, 3})...)
	stream = append(stream, eboard.Encode(0x8D, []byte{1, 2, 3})...) // a clock message: an unknown id, skipped by its readers
	msgs, d := decodeAll(t, iotest.OneByteReader(bytes.NewReader(stream)))
	if len(msgs) != 5 || d.Skipped != 0 {
		t.Fatalf("%d messages, %d skipped", len(msgs), d.Skipped)
	}
	if s, err := eboard.Serial(msgs[0]); err != nil || s != "12345" {
		t.Errorf("serial %q %v", s, err)
	}
	if a, b, err := eboard.Version(msgs[1]); err != nil || a != 3 || b != 1 {
		t.Errorf("version %d.%d %v", a, b, err)
	}
	if f, err := eboard.Dump(msgs[2]); err != nil || !bytes.Equal(f[:], dump) {
		t.Errorf("dump %v %v", f, err)
	}
	if f, c, err := eboard.FieldUpdate(msgs[3]); err != nil || f != 45 || c != 3 {
		t.Errorf("update %d %d %v", f, c, err)
	}
	if _, err := eboard.Serial(msgs[4]); !errors.Is(err, eboard.ErrMessage) {
		t.Errorf("a clock message read as a serial number: %v", err)
	}
}

// TestDecoder_Noise: a line that came up mid-message, stray bytes, a
// length wrong for its id and a length out of range cost only those
// bytes; the messages after them are read.
func TestDecoder_Noise(t *testing.T) {
	upd := eboard.Encode(eboard.MsgFieldUpdate, []byte{12, 0})
	var stream []byte
	stream = append(stream, upd[2:]...)                   // the tail of a message
	stream = append(stream, 0x00, 0x7f)                   // stray bytes
	stream = append(stream, 0x8E, 0x00, 0x07, 1, 2, 3, 4) // a field update of the wrong length
	stream = append(stream, 0x86, 0x7f, 0x7f)             // longer than MaxMessage
	stream = append(stream, 0x8E, 0x80, 0x05)             // a length byte with its top bit
	stream = append(stream, upd...)                       // the message that counts
	stream = append(stream, eboard.Encode(eboard.MsgFieldUpdate, []byte{28, 1})...)
	msgs, d := decodeAll(t, bytes.NewReader(stream))
	if len(msgs) != 2 {
		t.Fatalf("%d messages: %v", len(msgs), msgs)
	}
	if f, c, _ := eboard.FieldUpdate(msgs[0]); f != 12 || c != 0 {
		t.Errorf("first %d %d", f, c)
	}
	if f, c, _ := eboard.FieldUpdate(msgs[1]); f != 28 || c != 1 {
		t.Errorf("second %d %d", f, c)
	}
	if d.Skipped == 0 {
		t.Error("nothing counted as skipped")
	}
}

// FuzzDecoder: no input makes the decoder fail, loop, or return a
// message longer than MaxMessage or of a known id with the wrong length.
func FuzzDecoder(f *testing.F) {
	f.Add(eboard.Encode(eboard.MsgFieldUpdate, []byte{45, 3}))
	f.Add(append(eboard.Encode(eboard.MsgBoardDump, make([]byte, 64)), 0x8E, 0))
	f.Add([]byte{0x86, 0x00, 0x43, 0x8E})
	f.Fuzz(func(t *testing.T, in []byte) {
		d := eboard.NewDecoder(bytes.NewReader(in))
		total := 0
		for {
			m, err := d.Next()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					t.Fatal(err)
				}
				break
			}
			n := len(m.Data) + eboard.Header
			total += n
			if n > eboard.MaxMessage || m.ID&0x80 == 0 {
				t.Fatalf("message %#x of %d bytes", m.ID, n)
			}
			switch m.ID {
			case eboard.MsgFieldUpdate:
				if _, _, err := eboard.FieldUpdate(m); err != nil {
					t.Fatal(err)
				}
			case eboard.MsgBoardDump:
				if _, err := eboard.Dump(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if total+d.Skipped > len(in) {
			t.Fatalf("read %d bytes of messages and skipped %d of %d", total, d.Skipped, len(in))
		}
	})
}
