package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
)

// hallProgram is the hub's own program: the table's tandem does not carry
// the NATS server (docs/performance.md, Size).
const hallProgram = "tandem-hall"

// runHall hands `tandem hall ARGS` to tandem-hall, found beside this
// executable or else on PATH, with the same standard streams; SIGINT and
// SIGTERM are passed on. It returns tandem-hall's exit code, or 2 (with
// what to install) when there is none.
func runHall(args []string, stdout, stderr io.Writer) int {
	path, err := findHall()
	if err != nil {
		fmt.Fprintf(stderr, "tandem hall: the hall's hub is the program %s, not installed here (%v): install the tandem-hall package (sudo apt install ./tandem-hall_VERSION_ARCH.deb), or from the source run `go run ./cmd/tandem-hall`\n", hallProgram, err)
		return 2
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "tandem hall: %v\n", err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case s := <-sig:
			cmd.Process.Signal(s)
		case err := <-done:
			var ee *exec.ExitError
			switch {
			case err == nil:
				return 0
			case errors.As(err, &ee) && ee.ExitCode() >= 0:
				return ee.ExitCode()
			}
			fmt.Fprintf(stderr, "tandem hall: %s\n", fileErr(path, err))
			return 1
		}
	}
}

// findHall returns tandem-hall's path: beside this executable (the
// packages install both in /usr/bin), else the first on PATH.
func findHall() (string, error) {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), hallProgram)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return exec.LookPath(hallProgram)
}
