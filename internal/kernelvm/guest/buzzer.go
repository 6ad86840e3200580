package guest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"tandem/gpio"
	"tandem/sound"
	"tandem/sound/buzzer"
)

// The buzzer's line: a chip of its own with one line named as the Pi's
// GPIO18 ([sound] pin = "GPIO18").
const buzzerPin = "GPIO18"

// write is one value the buzzer's consumer set on a line, at the kernel's
// CLOCK_MONOTONIC (ns), as gpiolib's gpio_value trace event records it.
type write struct {
	at   int64
	gpio int
	high bool
}

// tracing is where the kernel's tracefs is mounted.
const tracing = "/sys/kernel/tracing"

// gpioTrace records every value set on a GPIO line through gpiolib (the
// character device's SET_VALUES ioctl included): the trace event
// gpio/gpio_value, stamped by the kernel's CLOCK_MONOTONIC (trace_clock
// mono) to the microsecond. Unlike reading the line back, it misses no
// write however briefly the level lasts, and the VM's scheduling does not
// blur the instants.
type gpioTrace struct{}

// startTrace clears the trace buffer and records gpio_value events.
func startTrace() (*gpioTrace, error) {
	if _, err := os.Stat(filepath.Join(tracing, "trace")); err != nil {
		if err := syscall.Mount("nodev", tracing, "tracefs", 0, ""); err != nil {
			return nil, fmt.Errorf("tracefs: %w", err)
		}
	}
	for _, w := range [][2]string{
		{"tracing_on", "0"}, {"trace_clock", "mono"}, {"buffer_size_kb", "4096"}, {"trace", ""},
		{"events/gpio/gpio_value/enable", "1"}, {"tracing_on", "1"},
	} {
		if err := os.WriteFile(filepath.Join(tracing, w[0]), []byte(w[1]), 0o644); err != nil {
			return nil, fmt.Errorf("tracefs %s: %w", w[0], err)
		}
	}
	return &gpioTrace{}, nil
}

// traceLine is a gpio_value line of the trace: "... 12.345678: gpio_value:
// 595 set 1".
var traceLine = regexp.MustCompile(`\s(\d+)\.(\d{6}):\s+gpio_value:\s+(\d+)\s+set\s+(\d)`)

// stop stops recording and returns the values set since startTrace, in
// order; whether the buffer overflowed is an error.
func (*gpioTrace) stop() ([]write, error) {
	os.WriteFile(filepath.Join(tracing, "tracing_on"), []byte("0"), 0o644)
	os.WriteFile(filepath.Join(tracing, "events/gpio/gpio_value/enable"), []byte("0"), 0o644)
	data, err := os.ReadFile(filepath.Join(tracing, "trace"))
	if err != nil {
		return nil, err
	}
	return parseTrace(data)
}

var traceCounts = regexp.MustCompile(`entries-in-buffer/entries-written: (\d+)/(\d+)`)

// parseTrace reads the values set from the text of tracefs's trace file.
func parseTrace(data []byte) ([]write, error) {
	if m := traceCounts.FindSubmatch(data); m != nil && !bytes.Equal(m[1], m[2]) {
		return nil, fmt.Errorf("the trace buffer overflowed: %s of %s events kept", m[1], m[2])
	}
	var out []write
	for _, m := range traceLine.FindAllSubmatch(data, -1) {
		s, _ := strconv.ParseInt(string(m[1]), 10, 64)
		us, _ := strconv.ParseInt(string(m[2]), 10, 64)
		g, _ := strconv.Atoi(string(m[3]))
		out = append(out, write{at: s*1e9 + us*1e3, gpio: g, high: m[4][0] == '1'})
	}
	return out, nil
}

// oneLine returns the writes' levels if they are all on one line, and its
// number.
func oneLine(ws []write) (int, error) {
	if len(ws) == 0 {
		return 0, errors.New("no value was set on any line")
	}
	for _, w := range ws {
		if w.gpio != ws[0].gpio {
			return 0, fmt.Errorf("values set on lines %d and %d: want the buzzer's alone", ws[0].gpio, w.gpio)
		}
	}
	return ws[0].gpio, nil
}

// changes keeps the writes that change the level (from low: the line
// starts low).
func changes(ws []write) []write {
	var out []write
	high := false
	for _, w := range ws {
		if w.high != high {
			out = append(out, w)
			high = w.high
		}
	}
	return out
}

// beeps turns the changes of an active buzzer's line into beeps: each
// high's length and the silence after it (the last beep's Off is zero).
func beeps(cs []write) sound.Pattern {
	var p sound.Pattern
	for i := 0; i+1 < len(cs); i += 2 {
		b := sound.Beep{On: time.Duration(cs[i+1].at - cs[i].at)}
		if i+2 < len(cs) {
			b.Off = time.Duration(cs[i+2].at - cs[i+1].at)
		}
		p = append(p, b)
	}
	return p
}

// compare reports whether got has want's shape (as many beeps), and the
// largest error of a beep's or a silence's length.
func compare(got, want sound.Pattern) (bool, time.Duration) {
	if len(got) != len(want) {
		return false, 0
	}
	var worst time.Duration
	abs := func(d time.Duration) time.Duration { return max(d, -d) }
	for i := range want {
		worst = max(worst, abs(got[i].On-want[i].On))
		if i+1 < len(want) {
			worst = max(worst, abs(got[i].Off-want[i].Off))
		}
	}
	return true, worst
}

func describePattern(p sound.Pattern) string {
	var parts []string
	for _, b := range p {
		s := fmt.Sprintf("%.3f", ms(b.On))
		if b.Off > 0 {
			s += fmt.Sprintf("/%.3f", ms(b.Off))
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ") + " ms"
}

// readLine returns the level on line offset of c as the simulator holds
// it (the value file: what the consumer drove, else the pull).
func readLine(c *Chip, offset int) (bool, error) {
	b, err := os.ReadFile(filepath.Join(c.lineDir(offset), "value"))
	if err != nil {
		return false, fmt.Errorf("gpio-sim: %w", err)
	}
	return strings.TrimSpace(string(b)) == "1", nil
}

// testBuzzer: the buzzer's patterns as line values of the real kernel.
// Package sound/buzzer drives the line through the character device as
// the Pi's table opens it (gpio.OpenPin: periph's gpioioctl), and the
// kernel's gpio_value trace event records each value set, with its
// instant. Each event's pattern must come out as its beeps; a passive
// piezo's 2 kHz square wave must be as many toggles as its frequency
// says, high first, ending low; tandem run with [sound] must beep the
// start and the pause that the pause switch makes. The lengths and the
// toggles' lateness are measured and printed (an emulated CPU's timers
// are not a Pi's), not asserted.
func testBuzzer(r *Report, pi, snd *Chip) {
	if err := gpio.InitPeriph(); err != nil {
		r.Fail("buzzer-patterns", "periph: %v", err)
		return
	}
	testBuzzerPatterns(r, snd)
	testBuzzerPassive(r, snd)
	testBuzzerDaemon(r, pi, snd)
}

// traced runs play with the gpio_value trace on and returns the writes
// on the one line written, from the instant play began (ns).
func traced(play func()) ([]write, int64, error) {
	tr, err := startTrace()
	if err != nil {
		return nil, 0, err
	}
	t0 := monoNow()
	play()
	ws, err := tr.stop()
	if err != nil {
		return nil, 0, err
	}
	if _, err := oneLine(ws); err != nil {
		return nil, 0, err
	}
	return ws, t0, nil
}

func testBuzzerPatterns(r *Report, snd *Chip) {
	const name = "buzzer-patterns"
	line, closeLine, err := gpio.OpenPin(snd.Name, buzzerPin)
	if err != nil {
		r.Fail(name, "%v", err)
		return
	}
	defer closeLine()
	all := []sound.Event{sound.Start, sound.Flag, sound.LowTime, sound.Pause, sound.Claim, sound.Press}
	p, err := buzzer.New(line, &buzzer.Opts{Events: all})
	if err != nil {
		r.Fail(name, "%v", err)
		return
	}
	defer p.Halt()
	var worst, lag, endErr time.Duration
	var got []string
	for _, e := range all {
		want := sound.PatternOf(e)
		ws, t0, err := traced(func() {
			p.Enqueue(e)
			time.Sleep(want.Duration() + 300*time.Millisecond)
		})
		if err != nil {
			r.Fail(name, "%s: %v", e, err)
			return
		}
		cs := changes(ws)
		b := beeps(cs)
		ok, w := compare(b, want)
		if !ok || len(cs)%2 != 0 {
			r.Fail(name, "%s: the line played %s (%d beeps), want %s (%d)", e, describePattern(b), len(b), describePattern(want), len(want))
			return
		}
		worst, lag = max(worst, w), max(lag, time.Duration(cs[0].at-t0))
		// Every instant is a deadline from the pattern's start: a late
		// write moves one edge, not the ones after it.
		d := time.Duration(cs[len(cs)-1].at-cs[0].at) - (want.Duration() - want[len(want)-1].Off)
		endErr = max(endErr, d, -d)
		got = append(got, fmt.Sprintf("%s %s", e, describePattern(b)))
	}
	if high, err := readLine(snd, 0); err != nil || high {
		r.Fail(name, "the line reads high after the patterns (%v)", err)
		return
	}
	r.Pass(name, "every event's pattern set on %s %s through the character device, as the kernel traced it: %s", snd.Name, buzzerPin, strings.Join(got, "; "))
	r.Figure("buzzer-pattern-error", "%.3f ms at most between a beep's or a silence's length and its pattern's, %.3f ms at most between a pattern's last edge and its deadline from the first (the kernel's instants of the writes); %.3f ms at most from the event to its first beep",
		ms(worst), ms(endErr), ms(lag))
}

// testBuzzerPassive: a passive piezo's square wave at the default 2 kHz
// is 1 600 values set in the start's 400 ms beep, alternately high and
// low from high, the line low at the end; each toggle's lateness from its
// deadline (start + k half periods) is measured.
func testBuzzerPassive(r *Report, snd *Chip) {
	const name = "buzzer-passive"
	line, closeLine, err := gpio.OpenPin(snd.Name, buzzerPin)
	if err != nil {
		r.Fail(name, "%v", err)
		return
	}
	defer closeLine()
	const hz = sound.DefaultFrequency
	p, err := buzzer.New(line, &buzzer.Opts{Kind: sound.Passive, Frequency: hz})
	if err != nil {
		r.Fail(name, "%v", err)
		return
	}
	defer p.Halt()
	beep := sound.PatternOf(sound.Start)[0].On
	ws, _, err := traced(func() {
		p.Enqueue(sound.Start)
		time.Sleep(beep + 300*time.Millisecond)
	})
	if err != nil {
		r.Fail(name, "%v", err)
		return
	}
	half := time.Second / (2 * hz)
	want := int(beep / half) // toggles, then the final low
	if len(ws) != want+1 {
		r.Fail(name, "%d values set, want %d toggles and the final low", len(ws), want)
		return
	}
	for i, w := range ws[:want] {
		if w.high != (i%2 == 0) {
			r.Fail(name, "value %d set %v: the wave does not alternate from high", i, w.high)
			return
		}
	}
	if end := ws[want]; end.high {
		r.Fail(name, "the beep ends with the line high")
		return
	}
	start := ws[0].at
	lates := make([]int64, want)
	for k, w := range ws[:want] {
		lates[k] = w.at - (start + int64(k)*int64(half))
	}
	slices.Sort(lates)
	span := time.Duration(ws[want].at - start)
	r.Pass(name, "%d Hz: %d toggles from high in %.3f ms, then low, set through the character device", hz, want, ms(span))
	r.Figure("buzzer-passive", "%d Hz square wave (a %v half period): a toggle later than its deadline by p50 %.3f ms, p99 %.3f ms, max %.3f ms (the kernel's instants; each toggle is one ioctl); the beep %.3f ms for %v",
		hz, half, ms(time.Duration(lates[want/2])), ms(time.Duration(lates[want*99/100])), ms(time.Duration(lates[want-1])), ms(span), beep)
}

// testBuzzerDaemon: tandem run (mode hardware) with [sound] on the
// buzzer's chip: the pause switch turned off starts the match and the
// line plays the start's long beep; turned on, the pause's short one.
func testBuzzerDaemon(r *Report, pi, snd *Chip) {
	const name = "buzzer-daemon"
	const db = "/tmp/buzzer.db"
	cfg := "/tmp/buzzer.toml"
	os.WriteFile(cfg, []byte(fmt.Sprintf("mode = \"hardware\"\n[journal]\nfile = %q\n[console]\nenabled = false\n[sound]\nchip = %q\npin = %q\n", db, snd.Name, buzzerPin)), 0o644)
	for o := range 5 {
		pi.Drive(o, true, monoNow) // nothing pressed, the switch off
	}
	cmd := exec.Command(tandemBin, "run", "--config", cfg)
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		r.Fail(name, "%v", err)
		return
	}
	var lines []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
	}()
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-done
		cmd.Wait()
	}()
	// The buzzer's line is requested once the table is up: the switch
	// comes after it.
	if !waitFor(func() bool { return lineUsed(snd, 0) }) {
		r.Fail(name, "tandem run did not request %s in 10 s: %s", buzzerPin, strings.Join(lines, " | "))
		return
	}
	const pauseLine = 4
	pi.Drive(pauseLine, false, monoNow) // on: a ready match ignores it
	time.Sleep(100 * time.Millisecond)
	var got []sound.Pattern
	var lags []time.Duration
	for _, on := range []bool{false, true} { // off: the start; on: the pause
		var before int64
		ws, _, err := traced(func() {
			before, _, _ = pi.Drive(pauseLine, !on, monoNow)
			time.Sleep(time.Second)
		})
		if err != nil {
			r.Fail(name, "%v: %s", err, strings.Join(lines, " | "))
			return
		}
		cs := changes(ws)
		got = append(got, beeps(cs))
		if len(cs) > 0 {
			lags = append(lags, time.Duration(cs[0].at-before))
		}
	}
	start, pause := got[0], got[1]
	if ok, _ := compare(start, sound.PatternOf(sound.Start)); !ok {
		start = nil
	}
	if ok, _ := compare(pause, sound.PatternOf(sound.Pause)); !ok || start == nil || start[0].On <= pause[0].On {
		r.Fail(name, "the start played %s and the pause %s; want one long beep, then one short (%s, %s): %s",
			describePattern(got[0]), describePattern(got[1]), describePattern(sound.PatternOf(sound.Start)), describePattern(sound.PatternOf(sound.Pause)), strings.Join(lines, " | "))
		return
	}
	r.Pass(name, "tandem run with [sound] on %s %s: the pause switch off started the match and the line beeped %s; on, it paused it and beeped %s",
		snd.Name, buzzerPin, describePattern(start), describePattern(pause))
	r.Figure("buzzer-daemon-lag", "%.3f ms (start), %.3f ms (pause) from the write that made the switch's edge to the beep's first (the edge, the loop, the snapshot, the player; on one CPU the daemon may beep before the writer's write returns)", ms(lags[0]), ms(lags[1]))
}

// lineUsed reports whether line offset of c is requested by a consumer,
// as the kernel's line info says.
func lineUsed(c *Chip, offset int) bool {
	ch, err := gpiocdev.NewChip(c.Name)
	if err != nil {
		return false
	}
	defer ch.Close()
	li, err := ch.LineInfo(offset)
	return err == nil && li.Used
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
