package clocksync

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestRead_Sources(t *testing.T) {
	eperm := func() (Kernel, error) { return Kernel{}, syscall.EPERM }
	kernel := func(k Kernel) func() (Kernel, error) { return func() (Kernel, error) { return k, nil } }
	cases := []struct {
		name    string
		dir     bool // timesyncd's runtime directory exists (timesyncd runs)
		file    bool // and its synchronized file
		kernel  func() (Kernel, error)
		want    Status
		comment string
	}{
		{"timesyncd synchronised, kernel hidden", true, true, eperm, Synced, "the hardened unit on Raspberry Pi OS"},
		{"timesyncd synchronised, kernel lost it since", true, true, kernel(Kernel{State: 5, Status: 0x41}), Synced, "the file says since boot"},
		{"timesyncd running, never synchronised, kernel hidden", true, false, eperm, Unsynced, "a hall without a time server"},
		{"timesyncd running, not yet, kernel unsynchronised", true, false, kernel(Kernel{State: 5, Status: 0x40}), Unsynced, ""},
		{"chrony synchronised (no timesyncd)", false, false, kernel(Kernel{State: 0, Status: 0x2001}), Synced, "STA_PLL|STA_NANO"},
		{"nothing synchronised (no timesyncd)", false, false, kernel(Kernel{State: 5, Status: 0x40}), Unsynced, ""},
		{"STA_UNSYNC alone", false, false, kernel(Kernel{State: 0, Status: 0x40}), Unsynced, ""},
		{"TIME_ERROR alone", false, false, kernel(Kernel{State: 5, Status: 0}), Unsynced, ""},
		{"a leap second pending, synchronised", false, false, kernel(Kernel{State: 1, Status: 0x11}), Synced, "TIME_INS, STA_PLL|STA_INS"},
		{"kernel hidden, no timesyncd", false, false, eperm, Unknown, "chrony behind ProtectClock"},
		{"no adjtimex at all", false, false, func() (Kernel, error) { return Kernel{}, ErrNoKernel }, Unknown, "not Linux"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "timesync")
			if c.dir {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if c.file {
				if err := os.WriteFile(filepath.Join(dir, SyncedFile), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := Read(&Opts{TimesyncDir: dir, ReadKernel: c.kernel}); got != c.want {
				t.Fatalf("Read = %v, want %v (%s)", got, c.want, c.comment)
			}
		})
	}
}

// A file where the directory should be is not timesyncd running.
func TestRead_TimesyncDirIsAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "timesync")
	os.WriteFile(f, nil, 0o644)
	if got := Read(&Opts{TimesyncDir: f, ReadKernel: func() (Kernel, error) { return Kernel{}, syscall.EPERM }}); got != Unknown {
		t.Fatalf("Read = %v, want unknown", got)
	}
}

func TestStatus_Words(t *testing.T) {
	for _, s := range []Status{Unknown, Synced, Unsynced} {
		if ParseStatus(s.String()) != s {
			t.Errorf("%v does not read back", s)
		}
	}
	if Synced.String() != "synchronised" || Unsynced.String() != "unsynchronised" || Unknown.String() != "unknown" {
		t.Errorf("words %q %q %q", Synced, Unsynced, Unknown)
	}
	if ParseStatus("") != Unknown || ParseStatus("yes") != Unknown || Status(9).String() != "unknown" {
		t.Error("an unknown word or value is not Unknown")
	}
}

// The zero Opts reads this machine: on Linux the kernel answers (the test
// runs without a seccomp filter), so the status is known.
func TestRead_ThisMachine(t *testing.T) {
	k, err := readKernel()
	if errors.Is(err, ErrNoKernel) {
		if got := Read(&Opts{TimesyncDir: t.TempDir() + "/none"}); got != Unknown {
			t.Fatalf("without adjtimex: %v", got)
		}
		return
	}
	if err != nil {
		t.Fatalf("adjtimex: %v", err)
	}
	want := Unsynced
	if k.Synced() {
		want = Synced
	}
	if got := Read(&Opts{TimesyncDir: t.TempDir() + "/none"}); got != want {
		t.Fatalf("Read = %v, the kernel's status %+v says %v", got, k, want)
	}
	if got := Read(nil); got == Unknown {
		t.Fatal("Read(nil) = unknown on a Linux machine whose kernel answers")
	}
}
