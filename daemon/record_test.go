package daemon

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/config"
	"tandem/journal"
	"tandem/rules"
	"tandem/timeline"
)

// syncBuf is a run log tests can read while the daemon writes it.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func recordConfig(t *testing.T, path string) *config.Config {
	t.Helper()
	c := config.Default()
	c.Journal.File = path
	c.Journal.Table = "Table 7"
	// No web console: it would listen on a real port (and a goroutine in
	// the network poller keeps synctest's clock from advancing).
	c.Console.Disabled = true
	return c
}

func do(t *testing.T, d *Daemon, e rules.Event, at time.Time) {
	t.Helper()
	if _, err := d.Table.Do(context.Background(), e, at); err != nil {
		t.Fatalf("%v: %v", e, err)
	}
}

// TestRecord_RestartRestoresPaused: a running match, a clean restart
// (Close records the clocks last), and the table comes back paused,
// Info.Recovered set, the run log saying so, each time exactly where it
// was at the stop. (Cuts are the kill trials' job: journal/faulttest.)
func TestRecord_RestartRestoresPaused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "tandem.db")
	synctest.Test(t, func(t *testing.T) { restartRestoresPaused(t, path) })
}

func restartRestoresPaused(t *testing.T, path string) {
	cfg := recordConfig(t, path)
	var log1 syncBuf
	d, err := Start(context.Background(), cfg, &Opts{Out: &log1})
	if err != nil {
		t.Fatal(err)
	}
	if in := d.Table.Snapshot(); in.Recovered || in.RecordErr != "" {
		t.Fatalf("a new record: %+v", in)
	}
	t0 := d.Table.Epoch()
	do(t, d, rules.Event{Kind: rules.Start}, t0)
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(2*time.Second))
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.BWhite}, t0.Add(3*time.Second))
	// The clocks run on for a while: a checkpoint every 9/10 of the
	// interval (0.9 s, 1.8 s, ... 4.5 s), then 0.2 s more before the stop.
	time.Sleep(4700 * time.Millisecond)
	synctest.Wait()
	l := synced(t, d, path)
	if n := count(l, journal.KindCheckpoint); n != 5 {
		t.Errorf("%d checkpoints in 4.7 s, want 5 (one every 0.9 s)", n)
	}
	d.Table.Ping(context.Background())
	before := d.Table.Snapshot()
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	_ = l

	var log2 syncBuf
	d2, err := Start(context.Background(), cfg, &Opts{Out: &log2})
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	in := d2.Table.Snapshot()
	if !in.Recovered || in.RecoveredAt.IsZero() || in.RecordErr != "" {
		t.Fatalf("after a restart: %+v", in)
	}
	if !strings.Contains(log2.String(), "recovered match") {
		t.Errorf("the run log does not say the match was recovered: %q", log2.String())
	}
	s := d2.Table.Snapshot()
	if s.Status != rules.Paused {
		t.Fatalf("restored %v, want paused", s.Status)
	}
	// A clean stop (Close) records the clocks last: the restart shows
	// exactly the times at the stop, not those of the last checkpoint.
	for _, seat := range bughouse.Seats {
		if s.Clocks[seat].Remaining != before.Clocks[seat].Remaining {
			t.Errorf("%v: restored %v, was %v at the stop", seat, s.Clocks[seat].Remaining, before.Clocks[seat].Remaining)
		}
	}
	// The restored match goes on, recorded under the same match id.
	do(t, d2, rules.Event{Kind: rules.Resume}, time.Now())
	do(t, d2, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.BlackWins, Reason: rules.Resignation}, time.Now())
	waitFinal(t, d2)
	l = synced(t, d2, path)
	ms, err := l.Matches()
	if err != nil || len(ms) != 1 || ms[0].Decision() == nil || ms[0].Begin.Table != "Table 7" {
		t.Fatalf("matches %v %v", ms, err)
	}
	if count(l, journal.KindRecovered) != 1 {
		t.Error("no recovered record")
	}
}

func waitFinal(t *testing.T, d *Daemon) {
	t.Helper()
	synced(t, d, d.Config.JournalFile())
	if err := d.Table.Ping(context.Background()); err != nil { // the loop has taken the report
		t.Fatal(err)
	}
	if !d.Table.Snapshot().Final {
		t.Fatal("the result is on disk but not final")
	}
}

func count(l *journal.Log, k journal.Kind) int {
	n := 0
	for _, r := range l.Records {
		if r.Kind == k {
			n++
		}
	}
	return n
}

// synced waits until everything d recorded so far is on disk and reads
// the file.
func synced(t *testing.T, d *Daemon, path string) *journal.Log {
	t.Helper()
	v, ok := d.rec, d.rec != nil
	if !ok {
		t.Fatal("no record open")
	}
	if err := v.w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	l, err := journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestRecord_DecidedStaysDecided: a decided match comes back decided and
// final.
func TestRecord_DecidedStaysDecided(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	cfg := recordConfig(t, path)
	d, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t0 := d.Table.Epoch()
	do(t, d, rules.Event{Kind: rules.Start}, t0)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Checkmate}, t0.Add(time.Second))
	waitFinal(t, d)
	d.Close()
	d2, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	s := d2.Table.Snapshot()
	if s.Status != rules.Decided || s.Result != rules.Team2Wins || s.Reason != rules.Checkmate || !d2.Table.Snapshot().Final || !s.Final || !d2.Table.Snapshot().Recovered {
		t.Fatalf("restored %v %v %v final %v (snapshot %v)", s.Status, s.Result, s.Reason, d2.Table.Snapshot().Final, s.Final)
	}

	// A new match is not the recovered one: Info.Recovered is cleared.
	changed, stop := d2.InfoChanged()
	defer stop()
	do(t, d2, rules.Event{Kind: rules.Reset}, time.Now())
	deadline := time.After(10 * time.Second)
	for d2.Table.Snapshot().Recovered {
		select {
		case <-changed:
		case <-deadline:
			t.Fatal("Info.Recovered still set after a new match")
		}
	}
}

// TestStart_ConsoleAddressInUse_NoMatchRecorded: a table that cannot serve
// its console fails before it writes anything to the record.
func TestStart_ConsoleAddressInUse_NoMatchRecorded(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	path := filepath.Join(t.TempDir(), "tandem.db")
	cfg := recordConfig(t, path)
	cfg.Console.Disabled = false
	cfg.Console.Listen = busy.Addr().String()
	d, err := Start(context.Background(), cfg, nil)
	if err == nil {
		d.Close()
		t.Fatal("Start succeeded on a busy address")
	}
	var ce *ConsoleError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *ConsoleError", err)
	}
	if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("the record was written before the console's address was taken (stat: %v)", serr)
	}
}

// TestRecord_UnwritableDirectory_ClockRuns: the record cannot be created
// (its directory is read-only, or not a directory): the table starts
// anyway, Info.RecordErr and the log say recording failed, the clocks run.
func TestRecord_UnwritableDirectory_ClockRuns(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, []byte("x"), 0o644)
	paths := map[string]string{"not a directory": filepath.Join(notDir, "tandem.db")}
	if ro := readOnlyDir(t); ro != "" {
		paths["read-only"] = filepath.Join(ro, "tandem.db")
	}
	for name, path := range paths {
		t.Run(name, func(t *testing.T) {
			var log syncBuf
			d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
			if err != nil {
				t.Fatalf("the table must start without its record: %v", err)
			}
			defer d.Close()
			in := d.Table.Snapshot()
			if in.RecordErr == "" || !strings.Contains(log.String(), "recording failed") {
				t.Fatalf("RecordErr %q, log %q", in.RecordErr, log.String())
			}
			t0 := d.Table.Epoch()
			do(t, d, rules.Event{Kind: rules.Start}, t0)
			do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(time.Second))
			if s := d.Table.Snapshot(); s.Status != rules.Running || s.Clocks[bughouse.ABlack].Running != true {
				t.Fatalf("the clocks must run: %v", s.Status)
			}
		})
	}
}

// readOnlyDir returns a directory that cannot be written: a 0555 one for
// a normal user; for root (who writes anyway) a read-only tmpfs when it
// can be mounted, else "".
func readOnlyDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o555)
	if os.Geteuid() != 0 {
		return dir
	}
	if err := exec.Command("mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", dir).Run(); err != nil {
		t.Logf("no read-only mount (%v): the read-only case is covered by the not-a-directory one", err)
		return ""
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// TestRecord_FullDisk_ClockRuns fills a tiny tmpfs (root only; the journal
// package's fake store covers every machine): the record fails, the
// clocks go on, RecordErr says so.
func TestRecord_FullDisk_ClockRuns(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tiny tmpfs needs root; journal's TestFullDisk covers ENOSPC with a fake store")
	}
	dir := filepath.Join(t.TempDir(), "full")
	os.Mkdir(dir, 0o755)
	if err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", dir).Run(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v); journal's TestFullDisk covers ENOSPC", err)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	var log syncBuf
	d, err := Start(context.Background(), recordConfig(t, filepath.Join(dir, "tandem.db")), &Opts{Out: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	t0 := d.Table.Epoch()
	do(t, d, rules.Event{Kind: rules.Start}, t0)
	seats := []bughouse.Seat{bughouse.AWhite, bughouse.ABlack}
	st := d.rec
	for i := 0; d.Table.Snapshot().RecordErr == ""; i++ {
		if i > 1000 {
			t.Fatal("8 KiB never filled")
		}
		do(t, d, rules.Event{Kind: rules.Press, Seat: seats[i%2]}, time.Now())
		st.w.Sync(context.Background()) // ENOSPC shows here
	}
	if !strings.Contains(d.Table.Snapshot().RecordErr, "no space left") || !strings.Contains(log.String(), "recording failed") {
		t.Fatalf("RecordErr %q", d.Table.Snapshot().RecordErr)
	}
	before := d.Table.Snapshot().Clocks[bughouse.AWhite].Moves + d.Table.Snapshot().Clocks[bughouse.ABlack].Moves
	for i := range 10 {
		do(t, d, rules.Event{Kind: rules.Press, Seat: seats[(before+i)%2]}, time.Now())
	}
	s := d.Table.Snapshot()
	if s.Status != rules.Running || s.Clocks[bughouse.AWhite].Moves+s.Clocks[bughouse.ABlack].Moves != before+10 {
		t.Fatalf("the clocks stopped with the disk: %v", s.Status)
	}
}

// TestRunScript posts a timeline at real instants: the record holds its
// events at exactly the scripted instants (from the script's start).
func TestRunScript(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	synctest.Test(t, func(t *testing.T) { runScript(t, path) })
}

func runScript(t *testing.T, path string) {
	d, err := Start(context.Background(), recordConfig(t, path), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s, err := timeline.Parse([]byte("0 start\n0.05 press A-white\n0.1 result A 1-0 resignation\n0.15 end\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuf
	if err := d.RunScript(context.Background(), s, &out); err != nil {
		t.Fatal(err)
	}
	waitFinal(t, d)
	l := synced(t, d, path)
	var ats []time.Duration
	for _, r := range l.Records {
		if r.Kind == journal.KindEvent {
			ats = append(ats, r.At)
		}
	}
	if len(ats) != 3 || ats[1]-ats[0] != 50*time.Millisecond || ats[2]-ats[0] != 100*time.Millisecond {
		t.Fatalf("event instants %v, want 0, 50ms, 100ms apart", ats)
	}
	synctest.Wait()
	if !strings.Contains(out.String(), "final 1-0 resignation") {
		t.Errorf("script output %q lacks the final result", out.String())
	}
	if !strings.HasPrefix(out.String(), "script: start wall=") || !strings.Contains(out.String(), "script: done") {
		t.Errorf("script output %q", out.String())
	}
}

// TestRecord_DamagedFile_RestoresWhatReadsAndSaysSo: a record damaged
// before its end (a changed byte mid-file) is not appended to; the table
// restores the readable part, paused, and RecordErr says why.
func TestRecord_DamagedFile_RestoresWhatReadsAndSaysSo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	synctest.Test(t, func(t *testing.T) {
		cfg := recordConfig(t, path)
		d, err := Start(context.Background(), cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		t0 := d.Table.Epoch()
		do(t, d, rules.Event{Kind: rules.Start}, t0)
		do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, t0.Add(time.Second))
		do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.ABlack}, t0.Add(2*time.Second))
		do(t, d, rules.Event{Kind: rules.Pause}, t0.Add(3*time.Second))
		synced(t, d, path)
		d.Close()
	})
	data, _ := os.ReadFile(path)
	l, _ := journal.Load(data)
	data[l.Offsets[3]+12] ^= 0x01 // inside the second press's payload
	os.WriteFile(path, data, 0o644)
	synctest.Test(t, func(t *testing.T) {
		var log syncBuf
		d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		in := d.Table.Snapshot()
		if !strings.Contains(in.RecordErr, "damaged") || !in.Recovered || !strings.Contains(log.String(), "recording failed") {
			t.Fatalf("Info %+v, log %q", in, log.String())
		}
		s := d.Table.Snapshot()
		// Restored from match, start, press A-white: paused at 1 s.
		if s.Status != rules.Paused || s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.ABlack].Moves != 0 {
			t.Fatalf("restored %v, moves %d/%d", s.Status, s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
		}
	})
	after, _ := os.ReadFile(path)
	if !bytes.Equal(after, data) {
		t.Error("a damaged record must not be written to")
	}
}

// TestRecord_ResetThenCut_NewMatch: the arbiter ended a match (a reset)
// and the power went before the new match's first record reached the
// disk: the restart starts a new match; it does not bring the ended one
// back.
func TestRecord_ResetThenCut_NewMatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	cfg := recordConfig(t, path)
	d, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t0 := d.Table.Epoch()
	do(t, d, rules.Event{Kind: rules.Start}, t0)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation}, t0.Add(time.Second))
	do(t, d, rules.Event{Kind: rules.Reset}, t0.Add(2*time.Second))
	l := synced(t, d, path)
	d.Close()
	// Cut the file just after the reset: the new match's records are lost.
	cut := int64(-1)
	for i, r := range l.Records {
		if r.Kind == journal.KindEvent && r.Event != nil && r.Event.Kind == rules.Reset {
			if i+1 >= len(l.Offsets) {
				t.Fatal("nothing recorded after the reset")
			}
			cut = l.Offsets[i+1]
		}
	}
	if cut < 0 {
		t.Fatal("no reset in the record")
	}
	if err := os.Truncate(path, cut); err != nil {
		t.Fatal(err)
	}
	d2, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if s := d2.Table.Snapshot(); s.Status != rules.Ready || s.Started || d2.Table.Snapshot().Recovered {
		t.Errorf("after the cut: %v started %v recovered %v; want a new match, ready", s.Status, s.Started, d2.Table.Snapshot().Recovered)
	}
}

// TestRecord_InUse_SecondTableRefused: a second table on the same record
// does not start (it would write over the first's records), and says why.
func TestRecord_InUse_SecondTableRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	cfg := recordConfig(t, path)
	d, err := Start(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	do(t, d, rules.Event{Kind: rules.Start}, d.Table.Epoch())
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := Start(context.Background(), cfg, nil)
	if err == nil {
		d2.Close()
		t.Fatal("a second table started on a record in use")
	}
	if !errors.Is(err, journal.ErrInUse) || !strings.Contains(err.Error(), "in use by another tandem table") {
		t.Errorf("err = %v, want journal.ErrInUse", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(after, before) {
		t.Error("the refused table changed the record")
	}
	// The first table goes on recording.
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, d.Table.Epoch().Add(time.Second))
	if l := synced(t, d, path); count(l, journal.KindEvent) != 2 {
		t.Errorf("the first table's record holds %d events, want 2", count(l, journal.KindEvent))
	}
}
