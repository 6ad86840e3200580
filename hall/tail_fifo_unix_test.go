//go:build unix

package hall

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"tandem/internal/inputfile"
)

// The attack: a FIFO where the table's record should be. The link's tail
// opened it with os.Open, which waits for a writer forever, and the link
// to the hub stalled with it; it must be refused at once.
func TestTail_AttackFIFOForTheRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	tl := newTail(path)
	defer tl.close()
	done := make(chan error, 1)
	go func() { done <- tl.read() }()
	if err := <-done; !errors.Is(err, inputfile.ErrNotRegular) {
		t.Fatalf("tail of a FIFO: %v, want inputfile.ErrNotRegular", err)
	}
}
