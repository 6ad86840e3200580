package session

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// lines is a session file made as it is read: line(i) for i from 0 to
// n-1, counting the bytes read from it.
type lines struct {
	n, i int
	line func(int) string
	buf  []byte
	read int64
}

func (l *lines) Read(p []byte) (int, error) {
	for len(l.buf) == 0 {
		if l.i == l.n {
			return 0, io.EOF
		}
		l.buf = []byte(l.line(l.i))
		l.i++
	}
	k := copy(p, l.buf)
	l.buf = l.buf[k:]
	l.read += int64(k)
	return k, nil
}

// TestRead_AttackLargeSession: a session of 30 MB (7 500 lines of 4 000
// bytes, a press each and a comment) was read whole (257 MB for a file of
// presses). Read stops after MaxSize bytes, with an *Error naming the
// file and the line reached.
func TestRead_AttackLargeSession(t *testing.T) {
	pad := strings.Repeat("x", 3980)
	src := &lines{n: 7500, line: func(i int) string { return fmt.Sprintf("%d press A-white # %s\n", i, pad) }}
	_, err := Read("big.session", src)
	var e *Error
	if !errors.As(err, &e) || e.File != "big.session" || !strings.Contains(err.Error(), fmt.Sprintf("more than %d bytes: a session file is at most 4 MiB", MaxSize)) {
		t.Fatalf("got %v", err)
	}
	if src.read > MaxSize+1 {
		t.Errorf("read %d bytes for a limit of %d", src.read, MaxSize)
	}
}

// TestRead_AttackManyItems: 2 million presses (30 MB) were kept up to a
// million items; the item after MaxItems is refused, and what was read
// stays within MaxSize.
func TestRead_AttackManyItems(t *testing.T) {
	src := &lines{n: 2_000_000, line: func(i int) string { return fmt.Sprintf("%d press A-white\n", i) }}
	_, err := Read("many.session", src)
	want := fmt.Sprintf("many.session:%d: more than %d items", MaxItems+1, MaxItems)
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
	if src.read > MaxSize+1 {
		t.Errorf("read %d bytes for a limit of %d", src.read, MaxSize)
	}
}
