package scoresheet

import (
	"tandem/bughouse"
	"testing"
)

// Any text entered on a game in progress: no panic; a refusal changes
// nothing; an accepted move reads back through Test at the ply before it
// and is taken back to the position before it.
func FuzzEnter(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "N@f3", "P@d6", "exd5", "O-O", "e7e8q", "g1f3", "Qxd5+", "@e3", "$146@g4", "", "Ke2", "d5d4", "P@h8"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, onB bool) {
		s := newSheet(t, "uscf-fics", "")
		enter(t, s, bughouse.BoardA, "e4", "d5", "exd5", "Nf6")
		enter(t, s, bughouse.BoardB, "d4")
		b := bughouse.BoardA
		if onB {
			b = bughouse.BoardB
		}
		fen, n := s.FEN(), len(s.Moves())
		m, err := s.Enter(b, text, 0)
		if err != nil {
			if s.FEN() != fen || len(s.Moves()) != n {
				t.Fatalf("refused %q changed the sheet", text)
			}
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		got, err := s.Test(b, m.Ply-1, m.SAN)
		if err != nil || got.UCI != m.UCI {
			t.Fatalf("%q entered as %+v; its SAN tests as %+v %v", text, m, got, err)
		}
		if _, err := s.TakeBack(b); err != nil || s.FEN() != fen {
			t.Fatalf("take back of %q: %v, %s", text, err, s.FEN())
		}
	})
}
