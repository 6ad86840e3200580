package session_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"tandem/board"
	"tandem/eboard/session"
	"tandem/internal/lineerr"
	"tandem/rules"
)

func reglamento(t testing.TB) board.Rules {
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	return p.Options.Rules
}

// TestRead_Malformed: every malformed line is refused with FILE:LINE and
// what is wrong.
func TestRead_Malformed(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"0 A 8E00052D03 extra", "f.session:1: want TIME BOARD HEX or TIME press SEAT, got 4 fields"},
		{"# c\n\nx A 8E00052D03", "f.session:3: time \"x\": seconds from the start"},
		{"-1 A 8E00052D03", "f.session:1: time \"-1\""},
		{"2 A 8E00052D03\n1 A 8E00052D03", "f.session:2: time 1 is before the line above's 2"},
		{"0 press C-white", "f.session:1: "},
		{"0 C 8E00052D03", "f.session:1: \"C\": the second field is a board (A, B) or press"},
		{"0 A 8E00052D0", "f.session:1: message \"8E00052D0\": hex bytes"},
		{"0 A 8E00052D", "f.session:1: message 8E00052D: not one DGT message"},
		{"0 A 8E00052D038E00052D03", "f.session:1: message 8E00052D038E00052D03: more than one message"},
		{"0 A 0E00052D03", "f.session:1: message 0E00052D03: not one DGT message"},
		{"0 A " + strings.Repeat("00", session.MaxLine), "f.session:1: line longer than"},
	} {
		_, err := session.Read("f.session", strings.NewReader(c.src))
		var le *lineerr.Error
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%.40q: %v, want %q", c.src, err, c.want)
		}
	}
}

// TestReplay_BadCode: a message with a piece code out of range is
// malformed input at its line.
func TestReplay_BadCode(t *testing.T) {
	s, err := session.Read("f.session", strings.NewReader("0 A 8E00052D0F\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = session.Replay("f.session", s, reglamento(t))
	if err == nil || !strings.HasPrefix(err.Error(), "f.session:1: ") {
		t.Fatalf("%v", err)
	}
}

// TestReplay_Hand: a short session written by hand, as docs/eboard.md
// shows it: e4 on board A, a capture on board B, the drop of the
// captured piece on board A, and an ignored press.
func TestReplay_Hand(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("0 A " + dumpHex() + "\n0 B " + dumpHex() + "\n")
	b.WriteString(`1.0 A 8E00053400   # e2 lifted
1.1 A 8E00052401            # e4 set down
1.5 press A-white
2.0 press A-white           # a second press: not his turn, ignored
3.0 B 8E00053400
3.1 B 8E00052401
3.2 press B-white
4.0 B 8E00050B00            # d7 lifted
4.1 B 8E00051B07            # d5
4.2 press B-black
5.0 B 8E00052400            # exd5: e4 lifted
5.1 B 8E00051B00            # d5 lifted (the pawn to B-white's partner, A-black)
5.2 B 8E00051B01            # e4 pawn on d5
5.3 press B-white
6.0 A 8E00051307            # A-black drops the pawn on d6 (field 19)
6.5 press A-black
`)
	s, err := session.Read("hand.session", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := session.Replay("hand.session", s, reglamento(t))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.WriteJSON(&out)
	want := `"A":{"moves":["e4","P@d6"]`
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), `"B":{"moves":["e4","d5","exd5"]`) ||
		!strings.Contains(out.String(), `"alerts":[]`) || !strings.Contains(out.String(), `"ignored":1`) {
		t.Fatalf("%s", out.String())
	}
}

func dumpHex() string {
	return "860043" + "08090A0C0B0A0908" + "0707070707070707" + strings.Repeat("00", 32) + "0101010101010101" + "0203040605040302"
}

// FuzzRead: no input makes Read fail other than with a line error, or
// makes Replay fail other than with one.
func FuzzRead(f *testing.F) {
	f.Add("0 A 8E00052D03\n1 press A-white\n")
	f.Add("0 A " + dumpHex() + "\n0.5 A 8E00053400\n0.6 A 8E00052401\n1 press A-white\n")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := session.Read("f", strings.NewReader(src))
		if err != nil {
			var le *lineerr.Error
			if !errors.As(err, &le) {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		if _, err := session.Replay("f", s, reglamento(t)); err != nil {
			var le *lineerr.Error
			if !errors.As(err, &le) {
				t.Fatalf("%T %v", err, err)
			}
		}
	})
}
