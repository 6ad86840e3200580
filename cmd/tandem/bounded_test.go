package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endless is standard input that never ends (as `tandem replay - <
// /dev/zero`), counting the bytes read from it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.n += int64(len(p))
	return len(p), nil
}

// TestBoundedInput_DevicesAndFIFOsRefused: every command that reads a file
// refuses a device that never ends and a FIFO (which would block its open
// for ever), at once, with exit 2 and a message naming the path. `tandem
// replay /dev/zero` used to reach 2.5 GB in 3 s.
func TestBoundedInput_DevicesAndFIFOsRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tour := filepath.Join("..", "..", "docs", "examples", "tournament.toml")
	for _, path := range []string{"/dev/zero", fifo} {
		for _, args := range [][]string{
			{"replay", path},
			{"check-config", path},
			{"run", "--config", path},
			{"run", "--script", path},
			{"probe", "--config", path},
			{"verify-record", path},
			{"export", "last", "--record", path, "--format", "json"},
			{"tournament", "check", path},
			{"tournament", "standings", tour, "--results", path},
			{"tournament", "pairings", tour, "1", path},
			{"check-config", writeConfigFile(t, "hall.toml", "[hall]\nurl = \"nats://127.0.0.1:4222\"\ntable = \"t07\"\nnkey_seed_file = \""+path+"\"\n")},
		} {
			code, _, errs := runCmd(args...)
			if code != 2 && !(args[0] == "export" && code == 1) || !strings.Contains(errs, path) || !strings.Contains(errs, "not a regular file") {
				t.Errorf("tandem %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
			}
		}
	}
}

// TestBoundedInput_StdinAndLargeFiles: standard input is read no further
// than the limit (4 MiB for replay), and a file over its limit is refused
// by its size before it is read.
func TestBoundedInput_StdinAndLargeFiles(t *testing.T) {
	in := &endless{}
	var out, errb bytes.Buffer
	code := run([]string{"replay", "-"}, in, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "-: too large (more than 4 MiB; at most 4 MiB)") || in.n > 4<<20+1 {
		t.Errorf("replay of endless stdin: exit %d, %q, read %d bytes", code, errb.String(), in.n)
	}
	dir := t.TempDir()
	big := func(name string, size int64) string {
		p := filepath.Join(dir, name)
		f, _ := os.Create(p)
		f.Truncate(size) // sparse: nothing is written
		f.Close()
		return p
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", big("g.bpgn", 4<<20+1)}, "too large (4194305 bytes; at most 4 MiB)"},
		{[]string{"check-config", big("c.toml", 1<<20+1)}, "too large (1048577 bytes; at most 1 MiB)"},
		{[]string{"tournament", "check", big("t.toml", 1<<20+1)}, "too large (1048577 bytes; at most 1 MiB)"},
		{[]string{"verify-record", big("r.db", 32<<20+1)}, "larger than tandem reads"},
		{[]string{"eboard", "replay", big("s.session", 4<<20+1)}, "too large (4194305 bytes; at most 4 MiB)"},
	} {
		code, _, errs := runCmd(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("tandem %s: exit %d, stderr %q; want %q", strings.Join(tc.args, " "), code, errs, tc.want)
		}
	}
}

// TestBoundedInput_EBoardReplayRefusesFIFOAndDevice: tandem eboard replay
// of a FIFO blocked for ever in its open (no writer ever comes), and read
// /dev/zero until a line was too long; both are refused at once, exit 2,
// naming the path. The command runs beside the test, which waits for its
// answer with a deadline so that the old code fails instead of hanging.
func TestBoundedInput_EBoardReplayRefusesFIFOAndDevice(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero"} {
		type answer struct {
			code int
			errs string
		}
		done := make(chan answer, 1)
		go func() {
			code, _, errs := runCmd("eboard", "replay", path)
			done <- answer{code, errs}
		}()
		select {
		case a := <-done:
			if a.code != 2 || !strings.Contains(a.errs, path) || !strings.Contains(a.errs, "not a regular file") {
				t.Errorf("tandem eboard replay %s: exit %d, stderr %q", path, a.code, a.errs)
			}
		case <-time.After(time.Minute):
			t.Fatalf("tandem eboard replay %s: no answer in a minute (blocked)", path)
		}
	}
}
