package e2e

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the end-to-end trials on:
// TANDEM_E2E=1.
const Env = "TANDEM_E2E"

// On reports whether the end-to-end trials run: Env is "1" and the run is
// not -short. Under -short (CI's qemu passes for the Pi's CPUs) they never
// run: they would drive the same native browser or binary again, proving
// nothing about the Pi's instruction set.
func On() bool { return !testing.Short() && os.Getenv(Env) == "1" }

// Require skips t unless On, saying what the trial is (what, e.g.
// "browser test") and how to run it.
func Require(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip(what + ": an end-to-end trial, not run under -short")
	}
	if os.Getenv(Env) != "1" {
		t.Skip(what + ": an end-to-end trial, run with " + Env + "=1 (CI: .ci/steps/e2e.sh)")
	}
}
