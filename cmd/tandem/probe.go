package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"slices"

	"tandem/bughouse"

	"tandem/config"
	"tandem/daemon"
	"tandem/display"
	"tandem/eboard"
	"tandem/gpio"
	"tandem/wiring"
)

// probeDeps opens the devices for tandem probe; tests replace it.
var probeDeps = struct {
	lines   func(w *wiring.Wiring) (gpio.Lines, []int, error)
	bias    func(w *wiring.Wiring) ([]gpio.BiasLine, func(), error)
	settle  time.Duration
	display func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error)
	ports   func() ([]eboard.PortInfo, error)
}{lines: gpio.OpenLines, bias: gpio.OpenBiasLines, settle: gpio.DefaultSettle, display: daemon.OpenDisplay, ports: eboard.ListPorts}

// runProbe runs tandem probe --config FILE: the installer's check of the
// wiring. It lights each display with its name and gives each I2C bus's
// clock, reads every button line with the Pi's pull-up and pull-down
// (probewiring.go), then prints every edge of the buttons and the pause
// switch as it happens, with its time and what the table would make of it
// (a press, a bounce ignored), until Ctrl-C or --for. It exits 0 when
// every device opened and every line passed, 1 when one is missing or a
// line's wiring cannot work (each is reported with what to check), 2 on
// bad usage or configuration.
func runProbe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return probe(ctx, args, stdout, stderr)
}

func probe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem probe", "tandem probe --config FILE [--for DURATION]",
		"Check the wiring: light each display with its name, show every button and\nswitch edge live.", stderr)
	fs := c.FS
	cfgPath := fs.String("config", "", "the table's configuration `FILE` (TOML), e.g. /etc/tandem/tandem.toml")
	dur := fs.Duration("for", 0, "stop after `DURATION` (e.g. 30s); default: until Ctrl-C")
	if code, done := c.Parse(args); done {
		return code
	}
	if *cfgPath == "" {
		return c.Fail("--config FILE is required")
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintf(stderr, "tandem probe: %v\n", err)
		return 2
	}
	if *dur > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *dur)
		defer cancel()
	}

	stdout = &lockedWriter{w: stdout} // the e-boards print beside the buttons
	missing := 0
	fmt.Fprintf(stdout, "tandem probe: %s\n\nDisplays:\n", *cfgPath)
	if len(cfg.Display.Devices) == 0 {
		fmt.Fprintf(stdout, "  none configured ([display.devices.NAME] in the file)\n")
	}
	for _, dc := range cfg.Display.Devices {
		dev, closeFn, err := probeDeps.display(cfg, dc)
		if err != nil {
			missing++
			fmt.Fprintf(stdout, "  %-10s %s  MISSING: %v\n", dc.Name, dc.Kind, err)
			continue
		}
		// A TM1637 takes any write, present or not: ask it to acknowledge.
		if ck, ok := dev.(display.Checker); ok {
			if err := ck.Check(); err != nil {
				missing++
				fmt.Fprintf(stdout, "  %-10s %s  MISSING: %v\n", dc.Name, dc.Kind, err)
				dev.Halt()
				closeFn()
				continue
			}
		}
		if err := dev.Message(dc.Name); err != nil {
			missing++
			fmt.Fprintf(stdout, "  %-10s %s  FAILED writing its name: %v\n", dc.Name, dev, err)
		} else {
			note := ""
			if _, ok := dev.(display.Checker); ok {
				note = " (it acknowledged)"
			}
			fmt.Fprintf(stdout, "  %-10s %s  shows its name: check it does%s\n", dc.Name, dev, note)
		}
		defer func() { dev.Halt(); closeFn() }()
	}
	probeI2CClocks(cfg, stdout)

	ebDone := probeEBoards(ctx, cfg, stdout)
	defer ebDone()

	w := cfg.GPIO.Wiring()
	faults := probePulls(&w, stdout)
	fmt.Fprintf(stdout, "\nButtons and pause switch (%s):\n", probeWord(w.Chip == "", "the first GPIO chip", w.Chip))
	lines, numbers, err := probeDeps.lines(&w)
	if err != nil {
		fmt.Fprintf(stdout, "  MISSING: %v\n", err)
		if errors.Is(err, gpio.ErrNoDevice) {
			fmt.Fprintf(stdout, "  This machine has no GPIO: on a PC, `tandem` runs the simulated table.\n")
		}
		if cfg.EBoard.Enabled() {
			fmt.Fprintf(stdout, "\nThe e-boards' field updates follow (Ctrl-C to stop).\n")
			<-ctx.Done()
		}
		return 1
	}
	defer lines.Close()
	ins := w.Inputs()
	kinfo, _, _ := gpio.LinesInfo(lines) // the kernel's view, when it is a real chip
	for i, l := range ins {
		kernel := ""
		if i < len(kinfo) {
			kernel = fmt.Sprintf(" (kernel: %q, bias %s)", kinfo[i].Name, kinfo[i].Bias)
		}
		fmt.Fprintf(stdout, "  %-8s %-8s line %-3d active %s, pull-%s%s\n", wiring.InputName(i), l, numbers[i], probeWord(l.ActiveHigh, "high", "low"), l.Pull, kernel)
	}
	if missing > 0 {
		fmt.Fprintf(stdout, "\n%d display(s) missing; the buttons still work below.\n", missing)
	}
	if faults > 0 {
		fmt.Fprintf(stdout, "\n%d line(s) wired wrong (FAULT above); the edges still show below.\n", faults)
	}
	fmt.Fprintf(stdout, "\nPress each button and turn the switch (Ctrl-C to stop). Lockout %v.\n", w.LockoutOrDefault())

	levels, err := lines.Levels()
	if err != nil {
		fmt.Fprintf(stdout, "  reading the lines: %v\n", err)
		return 1
	}
	deb := gpio.NewDebouncer(&w, (levels&(1<<4) != 0) == w.Pause.ActiveHigh)
	start := time.Now()
	stopWait := context.AfterFunc(ctx, func() { lines.Halt() })
	defer stopWait()
	for ctx.Err() == nil {
		e, err := lines.WaitForEdge(100 * time.Millisecond)
		if ctx.Err() != nil {
			break
		}
		at := e.At // the kernel's instant of the edge
		if err != nil {
			at = time.Now()
		}
		if in, ok := deb.Settle(at); ok {
			fmt.Fprintf(stdout, "  +%.6fs %-8s settled: %s\n", in.At.Sub(start).Seconds(), "pause", in.Kind)
		}
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				continue
			}
			fmt.Fprintf(stdout, "  waiting for an edge: %v\n", err)
			return 1
		}
		i := slices.Index(numbers, e.Offset)
		if i < 0 {
			continue
		}
		rising := e.Rising
		active := rising == ins[i].ActiveHigh
		what := "ignored (bounce or release)"
		if in, ok := deb.Edge(i, rising, at); ok {
			what = "-> " + in.Kind.String()
		}
		fmt.Fprintf(stdout, "  +%.6fs %-8s %-8s %-7s %-8s %s\n", at.Sub(start).Seconds(), wiring.InputName(i), ins[i],
			probeWord(rising, "rising", "falling"), probeWord(active, "active", "inactive"), what)
	}
	fmt.Fprintf(stdout, "\nDone.\n")
	if missing > 0 || faults > 0 {
		return 1
	}
	return 0
}

func probeWord(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// lockedWriter lets several goroutines print whole lines to one writer.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// probeEBoards lists the machine's serial ports and connects to the
// configured e-boards, printing what each says (serial number, version,
// orientation, every field update) live until ctx is done or the
// function returned is called, which waits for them to stop.
func probeEBoards(ctx context.Context, cfg *config.Config, stdout io.Writer) func() {
	fmt.Fprintf(stdout, "\nSerial ports (a DGT board is one of them):\n")
	ports, err := probeDeps.ports()
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "  %v\n", err)
	case len(ports) == 0:
		fmt.Fprintf(stdout, "  none found\n")
	}
	for _, p := range ports {
		usb := ""
		if p.USB {
			usb = fmt.Sprintf("  USB %s:%s serial %s %s", p.VID, p.PID, p.USBSerial, p.Product)
		}
		fmt.Fprintf(stdout, "  %s%s\n", p.Path, usb)
	}
	fmt.Fprintf(stdout, "\nE-boards ([eboard]):\n")
	if !cfg.EBoard.Enabled() {
		fmt.Fprintf(stdout, "  none configured\n")
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	start := time.Now()
	for i, dev := range cfg.EBoard.Device {
		if dev == "" {
			continue
		}
		b := bughouse.Board(i)
		o, _ := eboard.ParseOrientation(cfg.EBoard.Orientation[i])
		word := o.String()
		if o == eboard.Unknown {
			word = "from the start position"
		}
		fmt.Fprintf(stdout, "  board %s  %s  opening (orientation %s)\n", b, dev, word)
		conn := eboard.New(dev, &eboard.Opts{Orientation: o, Retry: 2 * time.Second})
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.Run(ctx, func(r eboard.Report) {
				t := r.At.Sub(start).Seconds()
				switch r.Kind {
				case eboard.Connected:
					fmt.Fprintf(stdout, "  +%.3fs board %s  %s: DGT board serial %s version %s\n", t, b, dev, r.Serial, r.Version)
				case eboard.BoardDump:
					fmt.Fprintf(stdout, "  +%.3fs board %s  board %s (orientation %s)\n", t, b, r.Squares.String(), r.Orientation)
				case eboard.Update:
					what := "lifted from"
					if r.Piece != 0 {
						what = string(r.Piece.Letter()) + " set down on"
					}
					fmt.Fprintf(stdout, "  +%.3fs board %s  field %2d: %s %s\n", t, b, r.Field, what, r.Square)
				case eboard.Lost:
					fmt.Fprintf(stdout, "  +%.3fs board %s  MISSING: %v\n", t, b, r.Err)
				}
			})
		}()
	}
	return func() {
		cancel()
		wg.Wait()
	}
}
