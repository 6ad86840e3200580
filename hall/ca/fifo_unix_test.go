//go:build unix

package ca

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The attack: a FIFO put where the CA's certificate should be. os.Open
// waits on a FIFO until a writer comes, so the hub or table that loads its
// CA would hang at start; Load must refuse it at once and say why.
func TestLoad_AttackFIFOForTheCertificate(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, CertFile), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(dir); done <- err }()
	// No deadline of ours: on the old code Load never returns, and the
	// test binary's own -timeout reports the hang with its stack.
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "not a PEM file") {
		t.Fatalf("Load of a FIFO: %v, want a refusal naming the file", err)
	}
}
