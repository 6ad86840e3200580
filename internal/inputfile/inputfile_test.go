package inputfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRead_RegularFileUpToTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	os.WriteFile(path, []byte("12345"), 0o644)
	if b, err := Read(path, 5); err != nil || string(b) != "12345" {
		t.Fatalf("at the limit: %q %v", b, err)
	}
	_, err := Read(path, 4)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 5 || tl.Limit != 4 || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	if want := path + ": too large (5 bytes; at most 4 bytes)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if _, err := Read(filepath.Join(t.TempDir(), "missing"), 4); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestRead_DeviceRefusedAtOnce: /dev/zero never ends; it is refused
// before a byte is read.
func TestRead_DeviceRefusedAtOnce(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	_, err := Read("/dev/zero", 1<<20)
	var nr *NotRegularError
	if !errors.As(err, &nr) || !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "/dev/zero is a character device, not a regular file") {
		t.Fatalf("got %v", err)
	}
}

// TestRead_FIFOWithoutWriterRefused: a named pipe with no writer would
// block an ordinary open for ever; Read returns at once.
func TestRead_FIFOWithoutWriterRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	_, err := Read(path, 1<<20)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "named pipe") {
		t.Fatalf("got %v", err)
	}
}

func TestRead_DirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := Read(dir, 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a directory") {
		t.Fatalf("got %v", err)
	}
}

// TestRead_SymlinkFollowed: a link to a regular file reads; a link to a
// device is refused.
func TestRead_SymlinkFollowed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644)
	os.Symlink("f", filepath.Join(dir, "l"))
	if b, err := Read(filepath.Join(dir, "l"), 10); err != nil || string(b) != "x" {
		t.Fatalf("link to a file: %q %v", b, err)
	}
	os.Symlink("/dev/zero", filepath.Join(dir, "z"))
	if _, err := Read(filepath.Join(dir, "z"), 10); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("link to /dev/zero: %v", err)
	}
}

// endless is a stream that never ends, counting what was read from it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.n += int64(len(p))
	return len(p), nil
}

func TestReadAll_EndlessStreamStopsAfterTheLimit(t *testing.T) {
	r := &endless{}
	_, err := ReadAll(r, "-", 1000)
	if !errors.Is(err, ErrTooLarge) || err.Error() != "-: too large (more than 1000 bytes; at most 1000 bytes)" {
		t.Fatalf("got %v", err)
	}
	if r.n > 1001 {
		t.Errorf("read %d bytes of an endless stream for a limit of 1000", r.n)
	}
	b, err := ReadAll(io.LimitReader(r, 1000), "-", 1000)
	if err != nil || len(b) != 1000 {
		t.Fatalf("a stream of exactly the limit: %d bytes, %v", len(b), err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1: "1 byte", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB",
		4 << 20: "4 MiB", 5 << 29: "2.5 GiB", 1<<20 + 1: "1048577 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
