package daemon

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"tandem/config"
	"tandem/display"
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
// the console, the displays and the terminal table.
type Info struct {
	// ConsoleURL is the web console's address ("" when it is off).
	ConsoleURL string
	// PIN is the arbiter's PIN when it was generated at this start (it is
	// shown once, on the terminal and the displays); "" when the
	// configuration sets it.
	PIN string
	// Recovered is true when the match was restored from the record after
	// a restart; RecoveredAt is the wall-clock time of the last record
	// before the cut.
	Recovered   bool
	RecoveredAt time.Time
	// RecordErr says why recording failed ("" while it works). The clocks
	// keep running without a record.
	RecordErr string
}

// Daemon is one running table. Create it with Start; stop it with Close.
type Daemon struct {
	// Config is the configuration it was started with.
	Config *config.Config
	// Table is the match loop. Inputs post events to it; outputs
	// subscribe to its snapshots.
	Table *table.Table

	opts    Opts
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	closers []func() error // run in reverse order by Close

	info    atomic.Pointer[Info]
	infoMu  sync.Mutex
	infoSub map[chan struct{}]struct{}

	closeOnce sync.Once
	closeErr  error
}

// Start opens the table that cfg describes and runs it until Close (or
// until ctx is done, which also needs a Close to release everything). It
// returns an error, with nothing left open, when a part cannot start: a
// missing GPIO device, a console address in use, an unreadable record.
func Start(ctx context.Context, cfg *config.Config, opts *Opts) (*Daemon, error) {
	d := &Daemon{Config: cfg, infoSub: map[chan struct{}]struct{}{}}
	if opts != nil {
		d.opts = *opts
	}
	d.info.Store(&Info{})
	ctx, d.cancel = context.WithCancel(ctx)

	topts := &table.Opts{Options: cfg.Rules, NextChange: display.NextChangeFunc(cfg.DisplayOpts())}
	if err := d.openRecord(ctx, topts); err != nil {
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
		d.startRecord, d.startHardware, d.startConsole, d.startNotify,
	} {
		if err := start(ctx); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
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
func (d *Daemon) Info() Info { return *d.info.Load() }

// InfoChanged returns a channel that receives a value (without blocking
// the sender) each time Info changes, and a cancel function.
func (d *Daemon) InfoChanged() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	d.infoMu.Lock()
	d.infoSub[ch] = struct{}{}
	d.infoMu.Unlock()
	return ch, func() {
		d.infoMu.Lock()
		delete(d.infoSub, ch)
		d.infoMu.Unlock()
	}
}

// setInfo changes Info with f and signals the subscribers.
func (d *Daemon) setInfo(f func(*Info)) {
	d.infoMu.Lock()
	in := *d.info.Load()
	f(&in)
	d.info.Store(&in)
	for ch := range d.infoSub {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
	d.infoMu.Unlock()
}

// Close stops the inputs, the loop and the outputs, and releases every
// device and file, in reverse order of Start. It returns the first error
// met; later calls return the same.
func (d *Daemon) Close() error {
	d.closeOnce.Do(func() {
		d.cancel()
		d.wg.Wait()
		var errs []error
		for i := len(d.closers) - 1; i >= 0; i-- {
			errs = append(errs, d.closers[i]())
		}
		d.closeErr = errors.Join(errs...)
	})
	return d.closeErr
}
