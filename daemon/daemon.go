package daemon

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"

	"tandem/config"
	"tandem/console"
	"tandem/display"
	"tandem/gpio"
	"tandem/internal/latest"
	"tandem/table"
)

// Opts configures Start. The zero value is valid.
type Opts struct {
	// Out receives the start-up lines a person needs: the console's
	// address, a generated arbiter PIN, a recovered match. Nil discards
	// them (the terminal table shows them itself from Info).
	Out io.Writer
	// Interactive is true when a person plays at the terminal table
	// (package tui) beside the daemon: the simulated panel is then not the
	// only input.
	Interactive bool
}

// Info is what the table reports about itself beside the match: shown by
// the console, the displays and the terminal table. (Whether the match
// was recovered and whether it is recorded are the match's: every
// table.Snapshot says so.)
type Info struct {
	// ConsoleURL is the web console's address ("" when it is off).
	ConsoleURL string
	// PIN is the arbiter's PIN when it was generated at this start (it is
	// shown once, on the terminal and the displays); "" when the
	// configuration sets it.
	PIN string
	// Hall is the table's link to the hall's hub (hall.go): "" when it
	// has none ([hall] url unset), else e.g. "hall online since 14:02" or
	// "hall offline since 14:05" (local time), with what keeps the
	// records from the hall when something does.
	Hall string
	// HallOnline is true while the hub is connected.
	HallOnline bool
	// LoginCode is the console's one-time code, "KQW-XMT-RBP" (login.go;
	// "" when the console is off): the arbiter's way in when wrong PINs
	// lock PIN logins. Logins is the console's failed logins of the last
	// hall.LoginWindow (zero: none).
	LoginCode string
	Logins    Logins
	// EBoard are the configured e-boards' states and alerts (eboard.go);
	// nil without [eboard].
	EBoard []EBoardStatus
}

// Daemon is one running table. Create it with Start; stop it with Close.
type Daemon struct {
	// Config is the configuration it was started with.
	Config *config.Config
	// Table is the match loop. Inputs post events to it; outputs
	// subscribe to its snapshots.
	Table *table.Table

	opts    Opts
	hw      *hardwareSet    // the opened GPIO lines and displays (hardware mode)
	hall    hallLink        // the link to the hall's hub (hall.go)
	rec     *recordState    // the record (nil when off or failed at open)
	con     *console.Server // the web console (nil when off)
	ln      net.Listener    // the console's, taken before the record is opened
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	closers []func() error // run in reverse order by Close

	info   *latest.Value[Info]
	logins loginLog // the console's failed logins (login.go)

	failOnce sync.Once
	failed   chan struct{}
	failErr  error

	closeOnce sync.Once
	closeErr  error
}

// hardwareSet is what openHardware opened for startHardware.
type hardwareSet struct {
	src  gpio.Source
	devs []display.Device
}

// Start opens the table that cfg describes and runs it until Close (or
// until ctx is done, which also needs a Close to release everything). It
// returns an error, with nothing left open, when a part cannot start: a
// missing GPIO device, a console address in use, an unreadable record.
func Start(ctx context.Context, cfg *config.Config, opts *Opts) (*Daemon, error) {
	d := &Daemon{Config: cfg, info: latest.New(Info{}), failed: make(chan struct{})}
	if opts != nil {
		d.opts = *opts
	}
	ctx, d.cancel = context.WithCancel(ctx)

	// The hardware is opened first: on a machine without the GPIO device
	// the message says so before anything else is touched (the record's
	// directory, the console's port). The console's address comes next:
	// a table that cannot serve fails before it writes a match to the
	// record.
	if err := d.openHardware(); err != nil {
		d.Close()
		return nil, err
	}
	if err := d.listenConsole(); err != nil {
		d.Close()
		return nil, err
	}
	topts := &table.Opts{Options: cfg.Rules, Preset: cfg.Preset, Players: cfg.Journal.Players,
		NextChange: display.NextChangeFunc(faceOpts(cfg))}
	if err := d.openRecord(topts); err != nil {
		d.Close()
		return nil, err
	}
	t, err := table.New(topts)
	if err != nil {
		d.Close()
		return nil, err
	}
	d.Table = t
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		t.Run(ctx)
	}()
	for _, start := range []func(context.Context) error{
		d.startHardware, d.startSound, d.startConsole, d.startNotify, d.startHall, d.startEBoard,
	} {
		if err := start(ctx); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// Failed returns a channel closed when a part of the table stops for good
// while it runs (the GPIO line set failed, say): the service should then
// exit with Err so that its manager restarts it (it comes back paused).
func (d *Daemon) Failed() <-chan struct{} { return d.failed }

// Err returns why Failed was closed, or nil.
func (d *Daemon) Err() error {
	select {
	case <-d.failed:
		return d.failErr
	default:
		return nil
	}
}

// fail records the first fatal error and closes Failed.
func (d *Daemon) fail(err error) {
	d.failOnce.Do(func() {
		d.failErr = err
		close(d.failed)
	})
}

// Go runs f in a goroutine that Close waits for; f must return once ctx
// (Start's, cancelled by Close) is done.
func (d *Daemon) Go(f func()) {
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		f()
	}()
}

// onClose registers f to run at Close, after the loop has stopped, in
// reverse order of registration.
func (d *Daemon) onClose(f func() error) { d.closers = append(d.closers, f) }

// Info returns what the table reports about itself now.
func (d *Daemon) Info() Info { return d.info.Load() }

// InfoChanged returns a channel that receives Info now and after each
// change (the newest, for a slow reader), and a cancel function.
func (d *Daemon) InfoChanged() (<-chan Info, func()) { return d.info.Subscribe() }

// setInfo changes Info with f.
func (d *Daemon) setInfo(f func(*Info)) {
	d.info.Update(func(in Info) Info {
		f(&in)
		return in
	})
}

// Close stops the inputs, the loop and the outputs, and releases every
// device and file, in reverse order of Start. It returns the first error
// met; later calls return the same.
func (d *Daemon) Close() error {
	d.closeOnce.Do(func() {
		d.cancel() // the loop records the clocks last, then stops
		d.wg.Wait()
		var errs []error
		for i := len(d.closers) - 1; i >= 0; i-- {
			errs = append(errs, d.closers[i]())
		}
		d.closeErr = errors.Join(errs...)
		d.info.Close()
	})
	return d.closeErr
}
