// Package e2e gates the project's end-to-end trials: the tests that drive
// a real browser (Chromium, through internal/browsertest) or a native
// tandem binary (the terminal table in tmux, killed processes). They run
// in their own CI step (.ci/steps/e2e.sh), not in the README's test
// command, which stays a run of minutes: those trials were more than
// half of its time (the console's 111 s of 115 s, cmd/tandem's 79 s of
// 83 s on an idle 2-core machine).
package e2e
