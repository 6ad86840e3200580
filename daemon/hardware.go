package daemon

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	pgpio "periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c/i2creg"
	_ "periph.io/x/host/v3/sysfs" // registers the I2C buses /dev/i2c-N

	"tandem/config"
	"tandem/display"
	"tandem/display/sevenseg"
	"tandem/display/ssd1306face"
	"tandem/gpio"
	"tandem/i18n"
	"tandem/rules"
	"tandem/table"
	"tandem/wiring"
)

// This file owns the table's hardware: the GPIO buttons and
// pause switch, and the clock displays.

// hardware opens the devices; tests replace it with fakes.
var hardware = struct {
	// inputs opens the buttons and pause switch.
	inputs func(w *wiring.Wiring) (gpio.Source, error)
	// display opens one display device; closeFn releases what it holds
	// beyond the device (a bus, lines).
	display func(c *config.Config, dev config.DisplayDevice) (d display.Device, closeFn func() error, err error)
	// buzzer opens the [sound] buzzer's line.
	buzzer func(chip, pin string) (pgpio.PinOut, func(), error)
	// shutdown powers the machine off (the button menu).
	shutdown func(ctx context.Context) error
}{
	inputs: func(w *wiring.Wiring) (gpio.Source, error) {
		return gpio.Open(w, &gpio.ReaderOpts{Hold: MenuHold})
	},
	display:  OpenDisplay,
	buzzer:   openBuzzer,
	shutdown: shutdownPi,
}

// openBuzzer opens the buzzer's line as an output.
func openBuzzer(chip, pin string) (pgpio.PinOut, func(), error) {
	if err := gpio.InitPeriph(); err != nil {
		return nil, nil, err
	}
	p, closeFn, err := gpio.OpenPin(chip, pin)
	if err != nil {
		return nil, nil, err
	}
	return p, closeFn, nil
}

// ErrNoGPIO is wrapped by Start's error in hardware mode on a machine
// without the GPIO character device.
var ErrNoGPIO = gpio.ErrNoDevice

// openHardware opens the GPIO lines and displays of a hardware-mode
// configuration, before anything else is opened (Start). A simulated table
// opens nothing, displays included. On a machine without /dev/gpiochip* it
// fails at once with an error that names the device and says how to run
// the simulated table.
func (d *Daemon) openHardware() error {
	if d.Config.Mode != config.Hardware {
		return nil
	}
	w := d.Config.GPIO.Wiring()
	src, err := hardware.inputs(&w)
	if err != nil {
		if errors.Is(err, gpio.ErrNoDevice) {
			//lint:ignore ST1005 the message is what the person at the table reads, in sentences
			return fmt.Errorf("daemon: %w\n"+
				"This machine has no GPIO buttons to read (mode = \"hardware\"%s).\n"+
				"Run `tandem` for the simulated table in a terminal, or set mode = \"simulated\".",
				err, inFile(d.Config.Source))
		}
		return fmt.Errorf("daemon: buttons: %w", err)
	}
	d.onClose(src.Close)
	hw := &hardwareSet{src: src}
	for _, dc := range d.Config.Display.Devices {
		dev, closeFn, err := hardware.display(d.Config, dc)
		if err != nil {
			return fmt.Errorf("daemon: display %q: %w", dc.Name, err)
		}
		hw.devs = append(hw.devs, dev)
		d.onClose(func() error {
			return errors.Join(dev.Halt(), closeFn())
		})
	}
	d.hw = hw
	return nil
}

// startHardware connects what openHardware opened to the loop: every
// input is posted with its edge instant; every snapshot is shown on every
// display (each sends bytes only when what it shows changed). When the
// line set fails while the table runs, the daemon fails (Failed): its
// service manager restarts it and the match comes back paused from the
// record, rather than going on with dead buttons.
func (d *Daemon) startHardware(ctx context.Context) error {
	if d.hw == nil {
		return nil
	}
	src, devs := d.hw.src, d.hw.devs
	pauseOn := false
	if r, ok := src.(interface{ PauseOn() bool }); ok {
		pauseOn = r.PauseOn()
	}
	bm := newButtonMenu(d, pauseOn)
	results, cancelResults := d.Table.Subscribe()
	stopResults := context.AfterFunc(ctx, cancelResults)
	d.Go(func() {
		defer stopResults()
		bm.followResults(results)
	})
	d.Go(func() {
		stop := context.AfterFunc(ctx, func() { src.Halt() })
		defer stop()
		for in := range src.Inputs() {
			if !bm.input(ctx, in) {
				break // the table is closed
			}
		}
		if r, ok := src.(*gpio.Reader); ok && r.Err() != nil {
			d.printf("tandem: the buttons stopped: %v\n", r.Err())
			d.fail(fmt.Errorf("daemon: the buttons stopped: %w", r.Err()))
		}
	})
	if len(devs) > 0 {
		snaps, cancel := d.Table.Subscribe()
		infoCh, cancelInfo := d.InfoChanged()
		menuCh, cancelMenu := bm.view.Subscribe()
		stop := context.AfterFunc(ctx, cancel)
		tx := display.TextsFor(d.Config.Language)
		d.Go(func() {
			defer stop()
			defer cancelInfo()
			defer cancelMenu()
			showAll(snaps, infoCh, menuCh, devs, tx, d.printf)
		})
	}
	return nil
}

func inFile(name string) string {
	if name == "" {
		return ""
	}
	return " in " + name
}

// printf writes a line for the person running the table to Opts.Out.
func (d *Daemon) printf(format string, args ...any) {
	if d.opts.Out != nil {
		outMu.Lock()
		fmt.Fprintf(d.opts.Out, format, args...)
		outMu.Unlock()
	}
}

var outMu sync.Mutex

// showAll shows every snapshot on every device until snaps is closed, and
// shows again when Info changes: before the start, a generated arbiter PIN
// is the displays' note (display.Noter), since on the Pi the displays are
// where the arbiter can read it. A device's error is reported once until
// it works again; the next snapshot retries.
//
// While the button menu is open (menuCh) the displays show its screen
// instead (display.MenuShower; a display without it its four characters,
// Message), and the players' names go to the displays with room for them
// (display.Namer) as they change. The words are tx's.
func showAll(snaps <-chan table.Snapshot, infoCh <-chan Info, menuCh <-chan menuView, devs []display.Device, tx *display.Texts, printf func(string, ...any)) {
	failing := make([]bool, len(devs))
	var s table.Snapshot
	var in Info
	var mv menuView
	have := false
	note := ""
	var players [4]string
	for {
		select {
		case next, ok := <-snaps:
			if !ok {
				return
			}
			s, have = next, true
		case in = <-infoCh:
		case mv = <-menuCh:
		}
		if !have {
			continue
		}
		n := displayNote(in, &s, tx)
		if n != note {
			note = n
			for _, dev := range devs {
				if nd, ok := dev.(display.Noter); ok {
					nd.SetNote(note)
				}
			}
		}
		if s.Players != players {
			players = s.Players
			for _, dev := range devs {
				if nd, ok := dev.(display.Namer); ok {
					nd.SetPlayers(players)
				}
			}
		}
		for i, dev := range devs {
			var err error
			switch ms, ok := dev.(display.MenuShower); {
			case mv.open && ok:
				err = ms.ShowMenu(mv.screen)
			case mv.open:
				err = dev.Message(mv.screen.Short)
			default:
				err = dev.Show(&s.Snapshot)
			}
			if err != nil && !failing[i] {
				printf("tandem: display %s: %v\n", dev, err)
			}
			failing[i] = err != nil
		}
	}
}

// displayNote is the short line the displays show beside the clocks, most
// urgent first: that the record failed (the arbiter must know the match is
// not being recorded), the generated arbiter PIN until the match starts,
// the one-time login code at a pause while wrong PINs lock PIN logins,
// that the match was recovered after a restart (with the wall-clock time
// of the last record) until play resumes, and that the hall's hub is not
// reachable ([hall]).
func displayNote(in Info, s *table.Snapshot, tx *display.Texts) string {
	if tx == nil {
		tx = display.TextsFor(i18n.English)
	}
	switch {
	case s.RecordErr != "":
		return tx.NoRecord
	case in.LoginCode != "" && !in.Logins.LockedUntil.IsZero() && s.Status != rules.Running:
		// Wrong PINs lock PIN logins: the arbiter pauses and reads the
		// one-time code here (docs/console.md, "Security").
		return tx.Code + " " + strings.ReplaceAll(in.LoginCode, "-", "")
	case in.PIN != "" && !s.Started:
		return tx.PIN + " " + in.PIN
	case s.Recovered && s.Status == rules.Paused:
		return tx.Recovered + " " + s.RecoveredAt.Local().Format("15:04")
	case in.Hall != "" && !in.HallOnline:
		// The table plays on; the head arbiter's dashboard shows it
		// offline too.
		return tx.HallOffline
	}
	return ""
}

// OpenDisplay opens the display device dev of configuration c: an I2C bus
// and the SSD1306 or HT16K33 on it, or the TM1637's two GPIO lines. The
// returned function releases the bus or lines (call the device's Halt
// first). Errors name the bus or line and what answered.
func OpenDisplay(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
	if err := gpio.InitPeriph(); err != nil {
		return nil, nil, err
	}
	switch dev.Kind {
	case config.SSD1306, config.HT16K33:
		if buses, _ := filepath.Glob(i2cPattern); len(buses) == 0 {
			return nil, nil, fmt.Errorf("no I2C bus: nothing matches %s (enable I2C: raspi-config, docs/hardware.md)", i2cPattern)
		}
		bus, err := i2creg.Open(dev.Bus)
		if err != nil {
			return nil, nil, fmt.Errorf("I2C bus %q: %w (is I2C enabled? raspi-config, docs/hardware.md)", busName(dev.Bus), err)
		}
		var d display.Device
		if dev.Kind == config.SSD1306 {
			d, err = ssd1306face.NewI2C(bus, &ssd1306face.Opts{
				Board: dev.Board, Image: imageOpts(c, dev), Address: dev.Address,
				Brightness: dev.Brightness, Name: dev.Name,
			})
		} else {
			d, err = sevenseg.NewHT16K33(bus, dev.Address, &sevenseg.Opts{
				Seat: dev.Seat, Format: faceOpts(c), Brightness: dev.Brightness, Name: dev.Name,
			})
		}
		if err != nil {
			bus.Close()
			return nil, nil, fmt.Errorf("%w (nothing answers at %#x on %s? check the wiring with i2cdetect)", err, dev.Address, busName(dev.Bus))
		}
		return d, bus.Close, nil
	case config.TM1637:
		clk, closeClk, err := gpio.OpenPin(dev.Chip, dev.CLK)
		if err != nil {
			return nil, nil, err
		}
		dio, closeDio, err := gpio.OpenPin(dev.Chip, dev.DIO)
		if err != nil {
			closeClk()
			return nil, nil, err
		}
		closeBoth := func() error { closeClk(); closeDio(); return nil }
		d, err := sevenseg.NewTM1637(clk, dio, &sevenseg.Opts{
			Seat: dev.Seat, Format: faceOpts(c), Brightness: dev.Brightness, Name: dev.Name,
		})
		if err != nil {
			closeBoth()
			return nil, nil, err
		}
		return d, closeBoth, nil
	}
	return nil, nil, fmt.Errorf("unknown display kind %v", dev.Kind)
}

// i2cPattern is where the I2C buses are; periph's sysfs driver registers
// these.
const i2cPattern = "/dev/i2c-*"

func busName(b string) string {
	if b == "" {
		return "the first I2C bus"
	}
	return b
}

// faceOpts returns the clock faces' time format of c ([display]
// tenths_below).
func faceOpts(c *config.Config) *display.Opts {
	return &display.Opts{TenthsBelow: c.FaceTenthsBelow()}
}

// imageOpts returns the drawing options of SSD1306 device dev: its left
// seat, c's time format and c's language.
func imageOpts(c *config.Config, dev config.DisplayDevice) display.ImageOpts {
	return display.ImageOpts{BlackLeft: dev.BlackLeft(), Format: faceOpts(c), Texts: display.TextsFor(c.Language)}
}
