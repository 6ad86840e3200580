package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tandem hall runs tandem-hall (found on PATH here) with its arguments
// and returns its exit code.
func TestHall_ForwardsToTandemHall(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"tandem-hall got: $*\"\necho oops >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(dir, "tandem-hall"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	var out, errb bytes.Buffer
	code := run([]string{"hall", "--listen", "127.0.0.1:4222", "--dashboard", "off"}, nil, &out, &errb)
	if code != 3 || out.String() != "tandem-hall got: --listen 127.0.0.1:4222 --dashboard off\n" || errb.String() != "oops\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// Without tandem-hall, tandem hall says what to install and exits 2.
func TestHall_WithoutTandemHall(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	code := run([]string{"hall"}, nil, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "install the tandem-hall package") || !strings.Contains(errb.String(), "go run ./cmd/tandem-hall") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}
