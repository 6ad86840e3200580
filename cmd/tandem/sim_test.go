package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/config"
	"tandem/daemon"
	"tandem/display"
	"tandem/i18n"
	"tandem/internal/e2e"
)

// simDeadline bounds every wait on the simulated table: a run that hangs
// fails instead.
const simDeadline = 15 * time.Second

// buildSim builds the tandem binary into a test directory, for the
// machine the tests run on even when they are cross-compiled and run under
// qemu (CI): tmux must be able to start it.
func buildSim(t *testing.T) string {
	t.Helper()
	// These tests drive a native binary (through tmux, or killing it):
	// end-to-end trials, run in their own CI step (TANDEM_E2E=1), never
	// under qemu's -short passes, where they would test the same native
	// binary again, only slower.
	e2e.Require(t, "end-to-end test of a native tandem binary")
	bin := filepath.Join(t.TempDir(), "tandem")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=", "GOARM=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestSim_NoTerminal_Exit2AtOnce(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- runSim(nil, &stdout, &stderr) }()
	select {
	case c := <-code:
		if c != 2 {
			t.Errorf("exit code %d, want 2", c)
		}
	case <-time.After(simDeadline):
		t.Fatal("runSim without a terminal did not return")
	}
	if !strings.Contains(stderr.String(), "needs an interactive terminal") || !strings.Contains(stderr.String(), "tandem replay FILE") {
		t.Errorf("stderr: %q", stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout: %q", stdout.String())
	}
}

func TestSim_Binary_StdinNotATerminal_Exit2(t *testing.T) {
	bin := buildSim(t)
	for _, args := range [][]string{nil, {"sim"}, {"sim", "--preset", "online"}} {
		ctx, cancel := context.WithTimeout(context.Background(), simDeadline)
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Stdin = strings.NewReader("zqpm\n") // a pipe, not a terminal
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err := cmd.Run()
		cancel()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 {
			t.Errorf("tandem %q: %v, want exit status 2", args, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("tandem %q took %v to give up", args, d)
		}
		if !strings.Contains(stderr.String(), "the simulated table needs an interactive terminal (stdin/stdout is not a TTY)") {
			t.Errorf("tandem %q stderr: %q", args, stderr.String())
		}
	}
}

func TestSim_BadFlags_Exit2(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "nope"}, `unknown preset "nope"`},
		{[]string{"--config", filepath.Join(t.TempDir(), "missing.toml")}, "missing.toml"},
		{[]string{"--bogus"}, "tandem sim: flag provided but not defined: --bogus\n"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--config"}, "tandem sim: flag needs an argument: --config\n"},
		{[]string{"--preset"}, "tandem sim: flag needs an argument: --preset\n"},
		{[]string{"-config"}, "tandem sim: flag needs an argument: --config\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runSim(c.args, &stdout, &stderr); code != 2 {
			t.Errorf("sim %q: exit %d, want 2", c.args, code)
		}
		got := stderr.String()
		if !strings.Contains(got, c.want) {
			t.Errorf("sim %q: stderr %q lacks %q", c.args, got, c.want)
		}
		// Usage errors spell the flags as the README does: --config,
		// --preset, never Go's one-dash form.
		for _, one := range []string{" -config", " -preset", " -bogus", "\t-"} {
			if strings.Contains(got, one) {
				t.Errorf("sim %q: stderr has the one-dash %q:\n%s", c.args, one, got)
			}
		}
		if strings.Contains(c.want, "flag") && !strings.Contains(got, "Usage: tandem sim [--config FILE] [--preset NAME]") {
			t.Errorf("sim %q: no usage after the error:\n%s", c.args, got)
		}
	}
}

func TestSim_Help_SpellsFlagsWithTwoDashes(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runSim([]string{"--help"}, &stdout, &stderr); code != 0 {
		t.Errorf("sim --help: exit %d, want 0", code)
	}
	got := stderr.String()
	for _, want := range []string{"Usage: tandem sim [--config FILE] [--preset NAME]", "\n  --config FILE\n", "\n  --preset NAME\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("sim --help lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, " -config") || strings.Contains(got, " -preset") {
		t.Errorf("sim --help spells a flag with one dash:\n%s", got)
	}
}

func TestSim_UnknownPreset_FlagNamedOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "club.toml")
	if err := os.WriteFile(file, []byte("preset = \"online\"\n[time]\ncontrol = \"10s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--preset", "fide"},
		{"--config", file, "--preset", "fide"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runSim(args, &stdout, &stderr); code != 2 {
			t.Errorf("sim %q: exit %d, want 2", args, code)
		}
		const want = `tandem sim: --preset: unknown preset "fide"; presets are `
		if got := stderr.String(); !strings.HasPrefix(got, want) || strings.Count(got, "--preset") != 1 ||
			strings.Contains(got, "club.toml") || strings.Count(got, "\n") != 1 {
			t.Errorf("sim %q: stderr %q, want one line starting %q", args, got, want)
		}
	}
	// An error in the file itself still names the file and line.
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("[time]\ncontrol = \"zz\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	runSim([]string{"--config", bad, "--preset", "online"}, &stdout, &stderr)
	if got := stderr.String(); !strings.HasPrefix(got, "tandem sim: "+bad+":2: time.control: ") {
		t.Errorf("bad file: stderr %q", got)
	}
}

func TestSim_LoadConfig_PresetReplacesTheFilesPreset(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "table.toml")
	if err := os.WriteFile(file, []byte("preset = \"online\"\n\n[time]\ncontrol = \"10s\"\n\n[display]\ntenths_below = \"5s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(file, "panoriental")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Preset != "panoriental" || cfg.Rules.Control.String() != "10s" || cfg.Display.TenthsBelow != 5*time.Second {
		t.Errorf("preset %q, control %s, tenths below %v; want panoriental with the file's 10s and 5s",
			cfg.Preset, cfg.Rules.Control, cfg.Display.TenthsBelow)
	}
	if !cfg.Rules.CastleDroppedRook { // panoriental's, not online's
		t.Error("the rules are not panoriental's")
	}
	cfg, err = loadConfig("", "online")
	if err != nil || cfg.Preset != "online" || cfg.Rules.Control.String() != "3m" {
		t.Errorf("--preset online alone: %+v, %v", cfg, err)
	}
	cfg, err = loadConfig("", "")
	if err != nil || cfg.Preset != "reglamento" {
		t.Errorf("defaults: %+v, %v", cfg, err)
	}
}

func TestSim_DisplayOpts_ZeroMeansNeverTenths(t *testing.T) {
	cfg := config.Default()
	if got := display.Format(15*time.Second, &display.Opts{TenthsBelow: cfg.FaceTenthsBelow()}); got != "15.0" {
		t.Errorf("default configuration shows 15 s as %q, want 15.0", got)
	}
	cfg.Display.TenthsBelow = 0 // tenths_below = "0s": never
	if got := display.Format(15*time.Second, &display.Opts{TenthsBelow: cfg.FaceTenthsBelow()}); got != "0:15" {
		t.Errorf("tenths_below 0 shows 15 s as %q, want 0:15", got)
	}
	cfg.Display.TenthsBelow = 10 * time.Second
	if got := display.Format(9*time.Second, &display.Opts{TenthsBelow: cfg.FaceTenthsBelow()}); got != "9.0" {
		t.Errorf("tenths_below 10s shows 9 s as %q, want 9.0", got)
	}
}

// tmuxSession is a detached tmux session on a private server.
type tmuxSession struct {
	t      *testing.T
	sock   string
	name   string
	status string // file the session's shell writes tandem's exit status to
}

// requireTmux skips the test unless the end-to-end trials are on
// (TANDEM_E2E=1), and when tmux is missing, unless CI is set: CI installs
// tmux, so there its absence is a failure.
func requireTmux(t *testing.T) {
	t.Helper()
	e2e.Require(t, "terminal table in tmux")
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; CI must install it for the terminal table test")
		}
		t.Skip("tmux is not installed")
	}
}

// startTmux runs tandem with args in a detached 160x50 tmux session.
func startTmux(t *testing.T, bin string, args ...string) *tmuxSession {
	t.Helper()
	requireTmux(t)
	dir := t.TempDir()
	s := &tmuxSession{t: t, sock: filepath.Join(dir, "tmux.sock"), name: "sim", status: filepath.Join(dir, "status")}
	command := shellQuote(bin)
	for _, a := range args {
		command += " " + shellQuote(a)
	}
	// The session ends when tandem does; its exit status is kept in a file.
	command += "; echo $? > " + shellQuote(s.status)
	s.tmux("new-session", "-d", "-s", s.name, "-x", "160", "-y", "50", command)
	t.Cleanup(func() { exec.Command("tmux", "-S", s.sock, "kill-server").Run() })
	return s
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return string(out)
}

func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", s.name}, keys...)...)
}

func (s *tmuxSession) capture() string {
	s.t.Helper()
	return s.tmux("capture-pane", "-p", "-t", s.name)
}

// waitFor polls the screen until ok accepts it, and fails with the last
// screen after simDeadline.
func (s *tmuxSession) waitFor(what string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(simDeadline)
	for {
		screen := s.capture()
		if ok(screen) {
			return screen
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waiting for %s; the screen is:\n%s", what, screen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitScreen waits until the screen has every string in has and none in
// hasNot.
func (s *tmuxSession) waitScreen(has []string, hasNot ...string) string {
	s.t.Helper()
	return s.waitFor(strings.Join(has, ", ")+" without "+strings.Join(hasNot, ", "), func(screen string) bool {
		for _, h := range has {
			if !strings.Contains(screen, h) {
				return false
			}
		}
		for _, h := range hasNot {
			if strings.Contains(screen, h) {
				return false
			}
		}
		return true
	})
}

// waitExit waits until tandem has exited and the session has ended, and
// returns tandem's exit status.
func (s *tmuxSession) waitExit() string {
	s.t.Helper()
	deadline := time.Now().Add(simDeadline)
	for {
		gone := exec.Command("tmux", "-S", s.sock, "has-session", "-t", s.name).Run() != nil
		status, err := os.ReadFile(s.status)
		if gone && err == nil {
			return strings.TrimSpace(string(status))
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("tandem did not exit; the screen is:\n%s", s.capture())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// position returns the line and column of the first occurrence of sub.
func position(screen, sub string) (line, col int) {
	for i, l := range strings.Split(screen, "\n") {
		if j := strings.Index(l, sub); j >= 0 {
			return i, len([]rune(l[:j]))
		}
	}
	return -1, -1
}

const quitQuestion = "Quit and abandon the match in progress? y = quit, any other key = no"

func TestSim_Tmux_StartPressPauseQuit(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t))

	screen := s.waitScreen([]string{"READY", "BOARD A", "BOARD B", "preset reglamento", "time control 5m",
		"arbiter: r result · c claim · u uphold · x reject · t adjust time · s resume choosing · n new match · enter start · space pause · esc quit"}, "▶")
	// Seated as at the table: team 2 (A-black, B-white) on the top row,
	// team 1 (A-white, B-black) on the bottom row, board A on the left.
	lab, cab := position(screen, "│   A-black")
	lbw, cbw := position(screen, "│   B-white")
	law, caw := position(screen, "│   A-white")
	lbb, cbb := position(screen, "│   B-black")
	if lab < 0 || lab != lbw || law != lbb || lab >= law || cab >= cbw || caw >= cbb {
		t.Errorf("seats not laid out as seated: A-black %d:%d B-white %d:%d A-white %d:%d B-black %d:%d\n%s",
			lab, cab, lbw, cbw, law, caw, lbb, cbb, screen)
	}

	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white", "▶ B-white", "last event: start at 0:00.000 of the match"}, "READY")

	s.send("z")
	s.waitScreen([]string{"RUNNING", "▶ A-black", "▶ B-white", "last event: press A-white at 0:", " of the match"}, "▶ A-white")

	// Esc while the match runs asks; any other key keeps the match.
	s.send("Escape")
	s.waitScreen([]string{"RUNNING", quitQuestion})
	s.send("k")
	s.waitScreen([]string{"RUNNING", "kept the match"}, quitQuestion)

	s.send("Space")
	s.waitScreen([]string{"PAUSED", "▷ A-black", "▷ B-white", "last event: pause"}, "▶", "RUNNING")

	s.send("Escape")
	s.waitScreen([]string{"PAUSED", quitQuestion})
	s.send("y")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

func TestSim_Tmux_CtrlCTwiceQuitsARunningMatch(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t))
	s.waitScreen([]string{"READY"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})
	s.send("C-c")
	s.waitScreen([]string{"RUNNING", quitQuestion})
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

func TestSim_Tmux_ClaimUpheld_ResultOnScreen(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t))
	s.waitScreen([]string{"READY"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})
	// A-white's move, illegal: A-black claims it before moving (Art 26-27).
	s.send("z")
	s.waitScreen([]string{"RUNNING", "▶ A-black", "last event: press A-white"})

	// c stops both boards at once, before the questions (Art 29).
	s.send("c")
	s.waitScreen([]string{"PAUSED", "clocks stopped for the claim", "Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black",
		"last event: pause at 0:"}, "▶")
	// A player's clock key is his press (ignored: paused), not the
	// claimant: the question stays.
	s.send("q")
	s.waitScreen([]string{"Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black", "last event: press A-black", "ignored: paused"})
	s.send("2")
	s.waitScreen([]string{"Claim by A-black · kind: i illegal move · f flag · o other"})
	s.send("i")
	s.waitScreen([]string{"PAUSED", "CLAIM by A-black: illegal-move", "u uphold · x reject"}, "▶")

	s.send("u")
	s.waitScreen([]string{"Uphold A-black's claim? A-white's illegal move loses the game and the match (Art 27; team 2 wins)?"})
	s.send("y")
	s.waitScreen([]string{"DECIDED", "0-1  illegal-move  A-white  (Art 27)  team 2 wins: A-black + B-white",
		"BOARD A · A-black won (illegal move)", "last event: uphold at 0:"}, "CLAIM by")

	// Decided: the result is only on the screen, so Esc asks first.
	s.send("Escape")
	s.waitScreen([]string{"Quit? The result 0-1 illegal-move A-white will be gone. y = quit, any other key = no"})
	s.send("y")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

func TestSim_Tmux_ResultMenu_DigitsNotClockKeys(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t))
	s.waitScreen([]string{"READY"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})

	s.send("r")
	s.waitScreen([]string{"PAUSED", "clocks stopped for the result", "Result on board: a / b"}, "▶")
	// One key at a time, as the arbiter types: keys arriving together
	// with the key that asks are not its answer.
	s.send("a")
	s.waitScreen([]string{"Board A: w White wins · b Black wins · d draw"})
	s.send("w")
	s.waitScreen([]string{"Board A, A-white wins · how: 1 checkmate · 2 resignation · 3 illegal move · 4 forfeit"})
	// B-black's clock key is no answer: it is his press (ignored:
	// paused), and the question stays.
	s.send("m")
	s.waitScreen([]string{"PAUSED", "Board A, A-white wins · how: 1 checkmate", "last event: press B-black", "ignored: paused"}, "DECIDED", "cancelled")
	s.send("1")
	s.waitScreen([]string{"PAUSED", "Declare board A 1-0 checkmate (A-white wins; team 1 wins the match)? y = yes, any other key = no"}, "DECIDED")
	s.send("y")
	s.waitScreen([]string{"DECIDED", "1-0  checkmate  A-black  (Art 22-23)"}, "Declare")

	s.send("C-c")
	s.waitScreen([]string{"Quit? The result 1-0 checkmate A-black will be gone."})
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

func TestSim_Tmux_ConfigAndPreset_FlagDecides(t *testing.T) {
	requireTmux(t)
	bin := buildSim(t)
	file := filepath.Join(t.TempDir(), "short.toml")
	if err := os.WriteFile(file, []byte("[time]\ncontrol = \"1s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, bin, "sim", "--config", file, "--preset", "pasapiezas")
	s.waitScreen([]string{"READY", "preset pasapiezas", "time control 1s"})

	s.send("Enter")
	// Both White clocks run out together: players of different teams, so
	// the match is drawn (clock rule 6, Art 35).
	s.waitScreen([]string{"DECIDED", "1/2-1/2  simultaneous-flag  A-white B-white  (Art 35)", "⚑ A-white", "⚑ B-white",
		"BOARD A · A-white lost on time", "BOARD B · B-white lost on time"}, "▶")

	s.send("Z")
	s.waitScreen([]string{"last event: press A-white", "ignored: match decided"})

	s.send("n")
	s.waitScreen([]string{"New match? The result 1/2-1/2 simultaneous-flag A-white B-white will be gone."})
	s.send("y")
	s.waitScreen([]string{"READY", "last event: reset"}, "⚑", "DECIDED")

	// Ready: nothing to lose, Ctrl-C quits at once.

	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

// The arbiter's seat digits in t and s, a player's key in the typed
// field, and a burst of players' keys with the arbiter's c, on a real
// terminal.
func TestSim_Tmux_SeatDigits_ClockKeysNeverAnswer(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t))
	s.waitScreen([]string{"READY"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})

	// Players pressing fast with the arbiter's c in their burst: the z
	// after c is A-white's press, not the claimant.
	s.send("zqzqcz")
	s.waitScreen([]string{"PAUSED", "Claim by: 1 A-white · 2 A-black · 3 B-white · 4 B-black", "last event: press A-white", "ignored: paused"},
		"Claim by A-white", "▶")
	s.send("Escape")
	s.waitScreen([]string{"PAUSED", "claim cancelled — paused; space resumes"}, "Claim by")

	// t 1 "+5 min": every key typed goes to the field, the space and the
	// m too (no pause switch, no press of B-black's clock); a key it
	// cannot take is refused at once.
	s.send("t")
	s.waitScreen([]string{"Adjust whose time: 1 A-white · 2 A-black · 3 B-white · 4 B-black"})
	s.send("1")
	s.waitScreen([]string{"Adjust A-white: ▏  type + or - and the time, then Enter (e.g. +30, +1:30, +5m, +1m30s, -10s)"})
	s.send("+5")
	s.waitScreen([]string{"Adjust A-white: +5▏"})
	s.send(" min")
	s.waitScreen([]string{"Adjust A-white: +5 min▏  type", "PAUSED"}, "last event: press B-black", "RUNNING")
	s.send("x")
	s.waitScreen([]string{`Adjust A-white: +5 min▏  "x" refused: only a sign, digits, . : and the units h, min, s`})
	s.send("Enter")
	s.waitScreen([]string{"A-white +5m: now ", "last event: adjust A-white +300s", "PAUSED"}, "Adjust A-white:")

	// s: board A 1 or 2, board B 3 or 4; p is B-white's press.
	s.send("s")
	s.waitScreen([]string{"Resume with: board A 1 A-white · 2 A-black, then board B 3 B-white · 4 B-black; Enter keeps a board's turn in progress"})
	s.send("Enter")
	s.waitScreen([]string{"Resume with: board A turn in progress; board B 3 B-white · 4 B-black; Enter keeps the turn in progress"})
	s.send("p")
	s.waitScreen([]string{"Resume with: board A turn in progress; board B 3 B-white", "last event: press B-white"})
	s.send("4")
	s.waitScreen([]string{"RUNNING", "▶ B-black", "resumed: A-white and B-black to move"})

	s.send("C-c")
	s.waitScreen([]string{quitQuestion})
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

// consoleConfig writes a configuration whose console listens on listen.
func consoleConfig(t *testing.T, listen string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "console.toml")
	if err := os.WriteFile(file, []byte("[console]\nlisten = \""+listen+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

var consoleLineRE = regexp.MustCompile(`browser console (http://127\.0\.0\.1:[0-9]+/) · arbiter PIN ([0-9]{6})`)

// TestSim_Tmux_BrowserConsoleServesTheSameTable: the terminal shows the
// console's address and a generated PIN; the console shows the terminal's
// table, and a simulated-panel press from this machine reaches the
// terminal's screen.
func TestSim_Tmux_BrowserConsoleServesTheSameTable(t *testing.T) {
	requireTmux(t)
	s := startTmux(t, buildSim(t), "sim", "--config", consoleConfig(t, "127.0.0.1:0"))
	screen := s.waitFor("the console line", func(sc string) bool { return consoleLineRE.MatchString(sc) })
	m := consoleLineRE.FindStringSubmatch(screen)
	url := m[1]
	state := func() string {
		resp, err := http.Get(url + "api/state")
		if err != nil {
			t.Fatalf("GET %sapi/state: %v", url, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if st := state(); !strings.Contains(st, `"status":"ready"`) {
		t.Fatalf("console state before the start: %.200s", st)
	}
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})
	if st := state(); !strings.Contains(st, `"status":"running"`) {
		t.Errorf("console state after Enter: %.200s", st)
	}
	resp, err := http.Post(url+"api/press", "application/json", strings.NewReader(`{"seat":"A-white"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Errorf("panel press: %d", resp.StatusCode)
	}
	s.waitScreen([]string{"RUNNING", "▶ A-black", "last event: press A-white"})
	// A login with the PIN on the screen gives the arbiter's session; a
	// new match with other rules from the browser reaches the terminal's
	// header.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(path, body string) int {
		resp, err := client.Post(url+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("api/login", `{"pin":"`+m[2]+`"}`); code != http.StatusOK {
		t.Errorf("login with the screen's PIN: %d", code)
	}
	post("api/action", `{"action":"pause"}`)
	s.waitScreen([]string{"PAUSED"})
	if code := post("api/action", `{"action":"new","preset":"online","control":"1m"}`); code != http.StatusOK {
		t.Errorf("new match: %d", code)
	}
	s.waitScreen([]string{"READY", "preset online", "time control 1m"}, "preset reglamento")
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

// TestSim_Tmux_ConsoleAddressInUse_TableStillRuns: a console address in
// use leaves the terminal table playable, with a line saying why the
// browser console is off.
func TestSim_Tmux_ConsoleAddressInUse_TableStillRuns(t *testing.T) {
	requireTmux(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	s := startTmux(t, buildSim(t), "sim", "--config", consoleConfig(t, addr))
	s.waitScreen([]string{"READY", "browser console off: " + addr + " is in use or not available", "set [console] listen"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})
	s.send("Space")
	s.waitScreen([]string{"PAUSED"})
	s.send("Escape")
	s.waitScreen([]string{quitQuestion})
	s.send("y")
	if status := s.waitExit(); status != "0" {
		t.Errorf("tandem exited with status %s, want 0", status)
	}
}

func TestConsoleLine(t *testing.T) {
	for _, c := range []struct {
		in   daemon.Info
		want string
	}{
		{daemon.Info{}, ""},
		{daemon.Info{ConsoleURL: "http://127.0.0.1:8080/", PIN: "048213"}, "browser console http://127.0.0.1:8080/ · arbiter PIN 048213"},
		{daemon.Info{ConsoleURL: "http://10.0.0.5:8080/"}, "browser console http://10.0.0.5:8080/ · arbiter PIN from the configuration"},
		{daemon.Info{ConsoleURL: "http://10.0.0.5:8080/", LoginCode: "KQW-XMT-RBP"}, "browser console http://10.0.0.5:8080/ · arbiter PIN from the configuration · code KQW-XMT-RBP"},
	} {
		if got := consoleLine(c.in, i18n.For(i18n.English)); got != c.want {
			t.Errorf("consoleLine(%+v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSimDaemon_Console: the daemon the terminal table runs on serves the
// console on the configured address, prints its URL and the generated
// PIN, says which address failed when it is in use, and stops serving at
// Close.
func TestSimDaemon_Console(t *testing.T) {
	cfg := config.Default()
	cfg.Console.Listen = "127.0.0.1:0"
	var out bytes.Buffer
	d, err := daemon.Start(context.Background(), cfg, &daemon.Opts{Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	in := d.Info()
	if !strings.HasPrefix(in.ConsoleURL, "http://127.0.0.1:") || len(in.PIN) != 6 {
		t.Errorf("info %+v", in)
	}
	want := "arbiter one-time code: " + in.LoginCode + " (logs in once even while wrong PINs lock PIN logins)\n" +
		"console: " + in.ConsoleURL + "\narbiter PIN: " + in.PIN + " (generated for this start; set [console] pin to keep one)\n"
	if out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
	resp, err := http.Get(in.ConsoleURL + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET api/state: %d", resp.StatusCode)
	}

	// A second table on the same address: a *daemon.ConsoleError naming it.
	busy := config.Default()
	busy.Console.Listen = strings.TrimSuffix(strings.TrimPrefix(in.ConsoleURL, "http://"), "/")
	if d2, err := daemon.Start(context.Background(), busy, nil); err == nil {
		d2.Close()
		t.Error("a second console on the same address started")
	} else if ce := (*daemon.ConsoleError)(nil); !errors.As(err, &ce) || ce.Addr != busy.Console.Listen ||
		!strings.Contains(err.Error(), "cannot listen on "+busy.Console.Listen) {
		t.Errorf("address in use: %v", err)
	}

	if err := d.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := http.Get(in.ConsoleURL + "api/state"); err == nil {
		t.Error("the console still answers after Close")
	}

	// A configured PIN is not printed; a disabled console serves nothing.
	cfg.Console.PIN = "13579"
	out.Reset()
	d, err = daemon.Start(context.Background(), cfg, &daemon.Opts{Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if in := d.Info(); in.PIN != "" || strings.Contains(out.String(), "13579") || !strings.Contains(out.String(), "\nconsole: http://") {
		t.Errorf("configured PIN: info %+v, printed %q", in, out.String())
	}
	d.Close()
	cfg.Console.Disabled = true
	d, err = daemon.Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if in := d.Info(); in.ConsoleURL != "" {
		t.Errorf("disabled console: %+v", in)
	}
	d.Close()
}

// TestSim_Tmux_RecordRecoveredAndFailed: with [journal] file set, the
// terminal table records the match; quit mid-match and started again, it
// comes back paused and says it was recovered. A record that cannot be
// written is said on the note line, and the clocks still run.
func TestSim_Tmux_RecordRecoveredAndFailed(t *testing.T) {
	requireTmux(t)
	bin := buildSim(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "club.toml")
	if err := os.WriteFile(cfg, []byte("[console]\nenabled = false\n[journal]\nfile = \""+filepath.Join(dir, "club.db")+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, bin, "sim", "--config", cfg)
	s.waitScreen([]string{"READY"})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white"})
	s.send("z")
	s.waitScreen([]string{"RUNNING", "▶ A-black"})
	s.send("C-c")
	s.waitScreen([]string{quitQuestion})
	s.send("C-c")
	if status := s.waitExit(); status != "0" {
		t.Fatalf("tandem exited with status %s, want 0", status)
	}

	s = startTmux(t, bin, "sim", "--config", cfg)
	s.waitScreen([]string{"PAUSED", "▷ A-black", "recovered from the record, last recorded "}, "RUNNING", "READY")
	s.send("Space")
	s.waitScreen([]string{"RUNNING", "▶ A-black"}, "PAUSED")

	// A record under a regular file cannot be created: the clocks run
	// without it, and the terminal says so.
	blocker := filepath.Join(dir, "not-a-dir")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[console]\nenabled = false\n[journal]\nfile = \""+filepath.Join(blocker, "x.db")+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s = startTmux(t, bin, "sim", "--config", bad)
	s.waitScreen([]string{"READY", "recording failed: opening "})
	s.send("Enter")
	s.waitScreen([]string{"RUNNING", "▶ A-white", "recording failed"})
}
