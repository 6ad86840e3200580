package guest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
)

// testDaemon runs the real binary as the Pi runs it (tandem run, mode =
// "hardware": daemon/hardware.go reads the chip) and plays on its lines:
// the pause switch turned on and off starts the match, then one press a
// seat in turn. The record must hold the start and the four presses, by
// the right seats, each interval between two presses within the interval
// between the writes that made their edges (the instants are the kernel's,
// not the program's wake-ups).
func testDaemon(r *Report, pi *Chip) {
	const name = "daemon-hardware"
	db := "/tmp/hardware.db"
	cfg := "/tmp/hardware.toml"
	os.WriteFile(cfg, []byte(fmt.Sprintf("mode = \"hardware\"\n[journal]\nfile = %q\n[console]\nenabled = false\n", db)), 0o644)
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
	stop := func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-done
		cmd.Wait()
	}
	if !waitFor(func() bool { l, err := journal.LoadFile(db); return err == nil && len(l.Records) > 0 }) {
		stop()
		r.Fail(name, "tandem run wrote no record in 10 s: %s", strings.Join(lines, " | "))
		return
	}
	events := func() []journal.Record {
		l, err := journal.LoadFile(db)
		if err != nil {
			return nil
		}
		var ev []journal.Record
		for _, rec := range l.Records {
			if rec.Kind == journal.KindEvent && rec.Event != nil {
				ev = append(ev, rec)
			}
		}
		return ev
	}
	const pauseLine = 4
	pi.Drive(pauseLine, false, monoNow) // on
	time.Sleep(100 * time.Millisecond)
	pi.Drive(pauseLine, true, monoNow) // off: starts the match
	if !waitFor(func() bool { return len(events()) >= 2 }) {
		stop()
		r.Fail(name, "the pause switch did not start the match")
		return
	}
	type window struct{ before, after int64 }
	var ws []window
	for _, s := range rotation {
		b, a, _ := pi.Drive(int(s), false, monoNow)
		ws = append(ws, window{b, a})
		time.Sleep(30 * time.Millisecond)
		pi.Drive(int(s), true, monoNow)
		time.Sleep(30 * time.Millisecond)
	}
	ok := waitFor(func() bool { return len(events()) >= 6 })
	stop()
	ev := events()
	if !ok || len(ev) < 6 {
		r.Fail(name, "%d events recorded, want the switch on and off and 4 presses", len(ev))
		return
	}
	// Before the start the switch turned on is a pause (ignored), turned
	// off it starts the match.
	if on, off := ev[0], ev[1]; on.Event.Kind != rules.Pause || off.Event.Kind != rules.Resume || off.Ignored != "" || off.Refused != "" {
		r.Fail(name, "the switch made %q, %q (ignored %q)", on.Text, off.Text, off.Ignored)
		return
	}
	presses := ev[len(ev)-4:]
	var worst time.Duration
	for i, p := range presses {
		if p.Event.Kind != rules.Press || p.Event.Seat != rotation[i] || p.Ignored != "" {
			r.Fail(name, "event %d is %q (ignored %q), want %v's press", i, p.Text, p.Ignored, rotation[i])
			return
		}
		if i == 0 {
			continue
		}
		d := int64(p.At - presses[i-1].At)
		lo, hi := ws[i].before-ws[i-1].after, ws[i].after-ws[i-1].before
		if d < lo || d > hi {
			r.Fail(name, "presses %d-%d recorded %d ns apart, their edges were written %d..%d ns apart", i-1, i, d, lo, hi)
			return
		}
		worst = max(worst, time.Duration(hi-lo))
	}
	r.Pass(name, "tandem run (mode hardware) on %s: started by the pause switch, 4 presses recorded for %v, each interval within its writes' (widest %v)", pi.Name, []bughouse.Seat(rotation[:]), worst)
}
