package hallload

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"tandem/bughouse"
	"tandem/hall"
	"tandem/journal"
	"tandem/rules"
	"tandem/table"
)

// SimOpts configures a simulated table (NewSim). Dir, ID and URL are
// required; every other zero value has the documented default.
type SimOpts struct {
	// ID is the table's hall id; Dir the directory of its record file
	// (Dir/ID.db); URL the hub's NATS address.
	ID, Dir, URL string
	// Preset names the rules (rules.LookupPreset). "" means "reglamento".
	Preset string
	// Period is the mean time between two presses (ns); each wait is drawn
	// uniformly from half to one and a half of it. Zero means 250 ms
	// (about four presses a second).
	Period time.Duration
	// MatchMin and MatchMax bound a match's length of play before the
	// arbiter declares a board's result; a new match starts a second
	// later. Zero means 15 s and 30 s.
	MatchMin, MatchMax time.Duration
	// Checkpoint is the record's checkpoint interval while clocks run.
	// Zero means 1 s (the daemon's default).
	Checkpoint time.Duration
	// Seed seeds the table's random choices (waits, boards, results).
	Seed uint64
}

// Event is one event a simulated table applied, numbered as the match
// numbers them (rules.Snapshot.Seq, hall.Snap.Events).
type Event struct {
	// Wall is the wall-clock instant the table stamped it with.
	Wall time.Time
	// Press is true for a clock press (the latency is a press's).
	Press bool
}

// Sim is one simulated table: a real table.Table with its journal on disk
// (journal.Writer, Recorder, checkpoints) and a real hall.Link publishing
// its snapshots and records, as the daemon wires them (daemon/hall.go),
// driven by a player loop instead of buttons. Make it with NewSim; Close
// it.
type Sim struct {
	opts   SimOpts
	path   string
	w      *journal.Writer
	prog   *journal.Progress
	t      *table.Table
	link   atomic.Pointer[hall.Link]
	synced atomic.Uint64

	ctx    context.Context
	cancel context.CancelFunc // the table and its record
	play   context.CancelFunc // the player loop
	wg     sync.WaitGroup
	pwg    sync.WaitGroup

	mu      sync.Mutex
	events  []Event // events[k-1] is event k
	presses int
	matches int
	err     error // the first event the table refused unexpectedly
}

// NewSim opens the table's record, starts its table and link. It returns
// an error when the record cannot be opened or the link cannot start (a
// bad id or URL); nothing is left running then.
func NewSim(opts *SimOpts) (*Sim, error) {
	s := &Sim{opts: *opts}
	o := &s.opts
	if o.Preset == "" {
		o.Preset = "reglamento"
	}
	if o.Period <= 0 {
		o.Period = 250 * time.Millisecond
	}
	if o.MatchMin <= 0 {
		o.MatchMin = 15 * time.Second
	}
	if o.MatchMax < o.MatchMin {
		o.MatchMax = max(2*o.MatchMin, 30*time.Second)
	}
	if o.Checkpoint <= 0 {
		o.Checkpoint = time.Second
	}
	p, err := rules.LookupPreset(o.Preset)
	if err != nil {
		return nil, err
	}
	s.path = filepath.Join(o.Dir, o.ID+".db")
	s.prog = journal.NewProgress()
	w, _, err := journal.Open(s.path, &journal.Opts{Synced: s.onSynced, Failed: s.prog.Failed})
	if err != nil {
		return nil, err
	}
	s.w = w
	t, err := table.New(&table.Opts{Options: p.Options, Preset: p.Name,
		Players: [4]string{o.ID + "-aw", o.ID + "-ab", o.ID + "-bw", o.ID + "-bb"},
		Record:  journal.NewRecorder(w, o.ID).Entry, Durable: s.prog.C(), Checkpoint: o.Checkpoint})
	if err != nil {
		w.Close()
		return nil, err
	}
	s.t = t
	link, err := hall.NewLink(&hall.LinkOpts{URL: o.URL, Table: o.ID, RecordFile: s.path,
		Handle: func(context.Context, hall.Command) hall.Reply {
			return hall.Reply{Error: "a simulated table takes no commands"}
		}})
	if err != nil {
		w.Close()
		return nil, err
	}
	s.link.Store(link)
	link.Synced(s.synced.Load())
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.wg.Add(2)
	go func() { defer s.wg.Done(); t.Run(s.ctx) }()
	go func() { defer s.wg.Done(); s.feed(link) }()
	return s, nil
}

// ID returns the table's hall id; Path its record file.
func (s *Sim) ID() string   { return s.opts.ID }
func (s *Sim) Path() string { return s.path }

// onSynced passes the writer's durable progress to the table (its
// decisions become final) and to the link (records are published only
// once on disk), as the daemon does.
func (s *Sim) onSynced(seq, tag uint64) {
	s.prog.Synced(seq, tag)
	for {
		old := s.synced.Load()
		if seq <= old || s.synced.CompareAndSwap(old, seq) {
			break
		}
	}
	if l := s.link.Load(); l != nil {
		l.Synced(s.synced.Load())
	}
}

// feed hands the link a snapshot at each change of the match, as
// daemon.feedHall does.
func (s *Sim) feed(link *hall.Link) {
	snaps, cancel := s.t.Subscribe()
	defer cancel()
	var last table.Snapshot
	have := false
	for {
		select {
		case <-s.ctx.Done():
			return
		case snap, ok := <-snaps:
			if !ok {
				return
			}
			if have && snap.Seq == last.Seq && snap.Status == last.Status && snap.Final == last.Final {
				continue
			}
			last, have = snap, true
			n := hall.SnapOf(snap.Snapshot, s.t.Epoch().Add(snap.At))
			n.Match, n.Preset, n.Control, n.Players = snap.Match, snap.Preset, snap.Options.Control.String(), snap.Players
			link.Publish(n)
		}
	}
}

// Play starts the player loop: start the match, press about every
// Period (alternating the boards, each press by the seat whose clock
// runs there), declare a result after MatchMin to MatchMax, a new match
// a second later. It runs until Stop.
func (s *Sim) Play() {
	ctx, cancel := context.WithCancel(s.ctx)
	s.play = cancel
	s.pwg.Add(1)
	go func() { defer s.pwg.Done(); s.run(ctx) }()
}

// Stop ends the player loop and waits for it.
func (s *Sim) Stop() {
	if s.play != nil {
		s.play()
	}
	s.pwg.Wait()
}

func (s *Sim) run(ctx context.Context) {
	rng := rand.New(rand.NewPCG(s.opts.Seed, uint64(len(s.opts.ID))))
	o := s.opts
	wait := func(d time.Duration) bool {
		tm := time.NewTimer(d)
		defer tm.Stop()
		select {
		case <-ctx.Done():
			return false
		case <-tm.C:
			return true
		}
	}
	// The tables do not all start at once.
	if !wait(time.Duration(rng.Int64N(int64(o.Period)))) {
		return
	}
	for {
		if !s.do(ctx, rules.Event{Kind: rules.Start}, false) {
			return
		}
		s.mu.Lock()
		s.matches++
		s.mu.Unlock()
		end := time.Now().Add(o.MatchMin + time.Duration(rng.Int64N(int64(o.MatchMax-o.MatchMin)+1)))
		board := bughouse.Board(rng.IntN(2))
		for time.Now().Before(end) {
			if !wait(o.Period/2 + time.Duration(rng.Int64N(int64(o.Period)+1))) {
				return
			}
			seat, ok := s.turn(board)
			board = 1 - board
			if !ok {
				continue // nobody's clock runs there (not expected while running)
			}
			if !s.do(ctx, rules.Event{Kind: rules.Press, Seat: seat}, true) {
				return
			}
		}
		out := []rules.Outcome{rules.WhiteWins, rules.BlackWins}[rng.IntN(2)]
		why := []rules.Reason{rules.Checkmate, rules.Resignation}[rng.IntN(2)]
		if !s.do(ctx, rules.Event{Kind: rules.Declare, Board: bughouse.Board(rng.IntN(2)), Outcome: out, Reason: why}, false) {
			return
		}
		if !wait(time.Second) || !s.do(ctx, rules.Event{Kind: rules.Reset}, false) || !wait(o.Period) {
			return
		}
	}
}

// turn returns the seat whose clock runs on board b.
func (s *Sim) turn(b bughouse.Board) (bughouse.Seat, bool) {
	snap := s.t.Snapshot()
	for i, c := range snap.Clocks {
		if c.Running && bughouse.Seats[i].Board() == b {
			return bughouse.Seats[i], true
		}
	}
	return 0, false
}

// do applies e now and notes its instant. It returns false when ctx
// ended or the table refused e (the first refusal is kept: Err). The wait
// for the loop is not cut by ctx: an event sent is applied, and counted,
// even when the player loop is stopped meanwhile (only Close, which stops
// the table, ends it).
func (s *Sim) do(ctx context.Context, e rules.Event, press bool) bool {
	if ctx.Err() != nil {
		return false
	}
	at := time.Now()
	eff, err := s.t.Do(s.ctx, e, at)
	if errors.Is(err, table.ErrClosed) || s.ctx.Err() != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Every event the loop applied counts (rules.Match.Apply), a refused
	// one too: the numbering follows the match's.
	s.events = append(s.events, Event{Wall: at, Press: press})
	if press {
		s.presses++
	}
	if err == nil && eff.Ignored != "" {
		err = fmt.Errorf("ignored: %s", eff.Ignored)
	}
	if err != nil {
		if s.err == nil {
			s.err = fmt.Errorf("table %s: %s refused: %w", s.opts.ID, e, err)
		}
		return false
	}
	return true
}

// Events returns a copy of the events the table applied, in order.
func (s *Sim) Events() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Event(nil), s.events...)
}

// Event returns event k (from 1) of the table's log, and false when the
// table has not applied it (as far as the log knows).
func (s *Sim) Event(k uint64) (Event, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k == 0 || k > uint64(len(s.events)) {
		return Event{}, false
	}
	return s.events[k-1], true
}

// Counts returns the presses made and the matches started.
func (s *Sim) Counts() (presses, matches int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.presses, s.matches
}

// Err returns the first event the table refused or ignored (the player
// loop stopped there), nil when none.
func (s *Sim) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Flush stops the table and its checkpoints and waits until every record
// is on disk; the link goes on publishing. It returns the last record's
// sequence number.
func (s *Sim) Flush(ctx context.Context) (uint64, error) {
	s.Stop()
	s.cancel()
	s.wg.Wait()
	if err := s.w.Sync(ctx); err != nil {
		return 0, err
	}
	return s.synced.Load(), nil
}

// Close stops everything (Flush first to keep every record) and closes
// the record and the link.
func (s *Sim) Close() error {
	s.Stop()
	s.cancel()
	s.wg.Wait()
	err := s.w.Close()
	if l := s.link.Load(); l != nil {
		l.Close()
	}
	return err
}
