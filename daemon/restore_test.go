package daemon

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
)

// A read-only file system at start (ext4 remounts read-only after
// errors): the record is read read-only, the match it holds comes back
// paused, and the table runs on without recording, saying so.
func TestRecord_ReadOnlyFileSystem_RestoredPausedRunsWithoutRecording(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a read-only file system is a tmpfs remounted read-only: it needs root (CI runs as root)")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	path := filepath.Join(dir, "tandem.db")
	before, _ := recordTwoPresses(t, path)
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v %s", err, out)
	}
	var log syncBuf
	d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
	if err != nil {
		t.Fatalf("the table must start on a read-only record: %v", err)
	}
	defer d.Close()
	s := d.Table.Snapshot()
	if s.Status != rules.Paused || !s.Recovered || s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.ABlack].Moves != 1 {
		t.Fatalf("restored %v (recovered %v), moves %d/%d; want the recorded match, paused", s.Status, s.Recovered,
			s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
	}
	if s.Recording || !strings.Contains(s.RecordErr, "read-only") || !strings.Contains(log.String(), "WITHOUT a record") {
		t.Fatalf("recording %v, RecordErr %q, log %q; want it said that nothing is recorded", s.Recording, s.RecordErr, log.String())
	}
	// The clocks run on.
	do(t, d, rules.Event{Kind: rules.Resume}, time.Now())
	do(t, d, rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now())
	if s := d.Table.Snapshot(); s.Status != rules.Running || s.Clocks[bughouse.AWhite].Moves != 2 {
		t.Errorf("after resuming: %v, A-white %d moves", s.Status, s.Clocks[bughouse.AWhite].Moves)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the read-only record changed")
	}
}

// A decision whose record was torn away (the cut kept the result event
// and lost the decision frame): the restored table writes it again, the
// log says decided, and the hub receives the result.
func TestRecord_LostDecision_WrittenAgainAndSentToTheHub(t *testing.T) {
	addr, store := hallAddr(t), t.TempDir()
	path := filepath.Join(t.TempDir(), "tandem.db")
	d, err := Start(context.Background(), hallConfig(t, path, addr), nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	do(t, d, rules.Event{Kind: rules.Start}, now)
	do(t, d, rules.Event{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.BlackWins, Reason: rules.Checkmate}, now.Add(time.Second))
	waitFinal(t, d)
	d.Close()
	// The cut: the decision's frame torn away, the result event kept.
	l, err := journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := len(l.Records)
	if l.Records[n-1].Kind != journal.KindDecision {
		t.Fatalf("the last record is %s", l.Records[n-1].Kind)
	}
	// The power went during that group commit: its witness was never
	// written (nor was the result reported final).
	w, err := journal.CutWitness(path)
	if err != nil {
		t.Fatal(err)
	}
	if w.Size > l.Offsets[n-1] {
		t.Fatalf("the witness before the last group commit says %d bytes, the decision is at %d: it had its own commit", w.Size, l.Offsets[n-1])
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:l.Offsets[n-1]+5], 0o644) // a torn frame where the decision was

	h := startHub(t, addr, store)
	var log syncBuf
	d, err = Start(context.Background(), hallConfig(t, path, addr), &Opts{Out: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if s := d.Table.Snapshot(); s.Status != rules.Decided || s.Result != rules.Team2Wins {
		t.Fatalf("restored %v %v, want decided 0-1", s.Status, s.Result)
	}
	if !strings.Contains(log.String(), "(decided)") || !strings.Contains(log.String(), "torn last record cut away") {
		t.Errorf("the log: %q", log.String())
	}
	waitFinal(t, d)
	l, err = journal.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := l.Matches()
	if dec := ms[len(ms)-1].Decision(); dec == nil || !dec.Restored || dec.Result != "0-1" || dec.Reason != "checkmate" {
		t.Fatalf("the decision written again: %+v", dec)
	}
	eventually(t, "the result on the hub", func() bool { return len(h.Results()) == 1 })
	if r := h.Results()[0]; r.Result != "0-1" || r.Reason != "checkmate" {
		t.Errorf("the hub's result %+v", r)
	}
}
