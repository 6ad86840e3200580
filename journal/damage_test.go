package journal

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/rules"
)

// decidedMatches records n matches on a real table, each started, played a
// little and decided by a declared result, with a reset between them (a
// new match begins), and returns the file's bytes. The last frame is the
// last match's decision.
func decidedMatches(t *testing.T, n int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec")
	o := preset(t, "reglamento")
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
		ctx := context.Background()
		do := func(e rules.Event) {
			t.Helper()
			time.Sleep(700 * time.Millisecond)
			if _, err := s.t.Do(ctx, e, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		outcomes := []rules.Outcome{rules.WhiteWins, rules.BlackWins, rules.BlackWins}
		for i := range n {
			if i > 0 {
				do(rules.Event{Kind: rules.Reset})
			}
			do(rules.Event{Kind: rules.Start})
			do(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite})
			do(rules.Event{Kind: rules.Press, Seat: bughouse.BWhite})
			do(rules.Event{Kind: rules.Press, Seat: bughouse.ABlack})
			do(rules.Event{Kind: rules.Declare, Board: bughouse.Board(i % 2), Outcome: outcomes[i%3], Reason: rules.Resignation})
			if err := s.w.Sync(ctx); err != nil {
				t.Fatal(err)
			}
		}
		s.stop()
	})
	return mustRead(t, path)
}

// decisions returns the seqs and results of l's KindDecision records.
func decisions(l *Log) map[uint64]string {
	ds := map[uint64]string{}
	for _, r := range l.Records {
		if r.Kind == KindDecision {
			ds[r.Seq] = r.Result + " " + r.Reason
		}
	}
	return ds
}

// TestBitFlips_NoFinalResultLostWithoutDamageReport flips, one at a time,
// every bit of every frame header (length and CRC) and every bit of three
// bytes of every payload (its first, middle and last) of a record with
// four decided matches, whose last frame is a decision. After each flip
// the file is read as Open reads it: either it reports damage (the flip
// is found, the records before it are the original's), or every decision
// of the original record is still there. A torn tail never takes a
// decision with it. A sample of the flips also goes through a real Open:
// a damaged file is left byte for byte as it is and not appended to.
func TestBitFlips_NoFinalResultLostWithoutDamageReport(t *testing.T) {
	data := decidedMatches(t, 4)
	orig, err := Load(data)
	if err != nil || orig.Damage != nil || orig.Torn != "" {
		t.Fatalf("the record as written: %v %v %q", err, orig.Damage, orig.Torn)
	}
	want := decisions(orig)
	if len(want) != 4 || orig.Records[len(orig.Records)-1].Kind != KindDecision {
		t.Fatalf("%d decisions, last record %s; want 4, a decision", len(want), orig.Records[len(orig.Records)-1].Kind)
	}
	type flip struct {
		off int
		bit uint
	}
	var flips []flip
	var headerFlips, lengthFlips int
	for _, off := range orig.Offsets {
		for b := range frameHead {
			for bit := range uint(8) {
				flips = append(flips, flip{int(off) + b, bit})
			}
		}
		headerFlips += frameHead * 8
		lengthFlips += 4 * 8
		n := int(binary.LittleEndian.Uint32(data[off:]))
		p := int(off) + frameHead
		for _, b := range []int{p, p + n/2, p + n - 1} {
			for bit := range uint(8) {
				flips = append(flips, flip{b, bit})
			}
		}
	}
	var damaged, intact, torn int
	dir := t.TempDir()
	for k, f := range flips {
		b := bytes.Clone(data)
		b[f.off] ^= 1 << f.bit
		l, err := loadChecked(b)
		if err != nil {
			t.Fatalf("flip of bit %d at %d: %v", f.bit, f.off, err)
		}
		switch {
		case l.Damage != nil:
			damaged++
			for i, r := range l.Records {
				if r.Seq != orig.Records[i].Seq || l.Hashes[i] != orig.Hashes[i] {
					t.Fatalf("flip of bit %d at %d: damage reported, but the records before it differ at %d", f.bit, f.off, i)
				}
			}
		default:
			if l.Torn != "" {
				torn++
			} else {
				intact++
			}
			got := decisions(l)
			for seq, res := range want {
				if got[seq] != res {
					t.Fatalf("flip of bit %d at offset %d: decision seq %d (%s) is gone with no damage reported (torn %q)",
						f.bit, f.off, seq, res, l.Torn)
				}
			}
		}
		if k%127 != 0 {
			continue // a real Open syncs: a sample is enough
		}
		path := filepath.Join(dir, fmt.Sprint(k))
		os.WriteFile(path, b, 0o644)
		w, ol, err := Open(path, nil)
		if l.Damage != nil {
			var p *Problem
			if w != nil || !errors.As(err, &p) || ol == nil || len(ol.Records) != len(l.Records) {
				t.Fatalf("flip %d: Open of a damaged record: writer %v, %v", k, w != nil, err)
			}
			if !bytes.Equal(mustRead(t, path), b) {
				t.Fatalf("flip %d: Open changed a damaged record", k)
			}
			continue
		}
		if err != nil {
			t.Fatalf("flip %d: %v", k, err)
		}
		w.Close()
	}
	t.Logf("%d single-bit flips (%d of frame headers, %d of them length fields; %d of payload bytes): damage reported %d, torn tail %d, read intact %d",
		len(flips), headerFlips, lengthFlips, len(flips)-headerFlips, damaged, torn, intact)
	if damaged != len(flips) {
		// CRC-32C detects every single-bit error in a payload, and a
		// header's every bit matters: no flip can go unnoticed.
		t.Errorf("%d of %d flips were not reported as damage", len(flips)-damaged, len(flips))
	}
}

// TestLoad_LengthMadeLarger_MidFile_IsDamage is the flip the first fault
// trials found: a length field's high bit set in the middle of the file
// makes the frame reach past the end. That is no torn tail: good frames
// follow, and every record before it is kept.
func TestLoad_LengthMadeLarger_MidFile_IsDamage(t *testing.T) {
	data := writeN(t, 10)
	_, fs := frames(data)
	off := len(Header) + len(fs[0]) + len(fs[1])
	data[off+1] ^= 0x40 // length + 16384: past the end of the file
	l, err := Load(data)
	if err != nil || l.Damage == nil || l.Torn != "" || len(l.Records) != 2 || l.Damage.Index != 3 ||
		!strings.Contains(l.Damage.Msg, "a good record follows at offset") {
		t.Fatalf("got damage %v, torn %q, %d records; want record 3 damaged, 2 records", l.Damage, l.Torn, len(l.Records))
	}
}

// TestLoad_LastLengthChanged_IsDamage: the last frame's length made larger
// looks like a cut-short frame, but its whole payload is there and
// matches its CRC: the length was changed, not torn.
func TestLoad_LastLengthChanged_IsDamage(t *testing.T) {
	data := writeN(t, 3)
	_, fs := frames(data)
	off := len(data) - len(fs[2])
	data[off] ^= 0x80 // +128 (or -128): one way or the other, not a cut
	l, _ := Load(data)
	if l.Damage == nil || l.Torn != "" || len(l.Records) != 2 {
		t.Fatalf("got damage %v, torn %q, %d records", l.Damage, l.Torn, len(l.Records))
	}
}

// TestLoad_TornTail_StillTorn: what a cut leaves (a prefix of the last
// write, then maybe zeros) is still a torn tail, with the bytes dropped.
func TestLoad_TornTail_StillTorn(t *testing.T) {
	data := writeN(t, 3)
	_, fs := frames(data)
	cut := len(data) - len(fs[2])/2
	for _, b := range [][]byte{data[:cut], append(bytes.Clone(data[:cut]), make([]byte, 4096)...), append(bytes.Clone(data[:len(data)-len(fs[2])]), make([]byte, 10)...)} {
		l, _ := Load(b)
		if l.Damage != nil || l.Torn == "" || len(l.Records) != 2 || l.Dropped != int64(len(b))-l.Size {
			t.Fatalf("cut: damage %v, torn %q, %d records, dropped %d", l.Damage, l.Torn, len(l.Records), l.Dropped)
		}
	}
}

// TestLoad_CraftedTail_SearchBounded: bytes built so that every offset
// looks like a frame's head cannot make the search for a good frame after
// a cut-short one take long: past its budget it is damage (the safe side).
func TestLoad_CraftedTail_SearchBounded(t *testing.T) {
	data := writeN(t, 1)
	var tail []byte
	head := binary.LittleEndian.AppendUint32(nil, MaxPayload) // a frame that is cut short
	tail = append(append(tail, head...), 0, 0, 0, 0)
	for len(tail) < MaxPayload {
		// A candidate head every 15 bytes, each claiming a payload that
		// reaches near the end and starts like a record's.
		n := uint32(MaxPayload - len(tail) - 16)
		tail = binary.LittleEndian.AppendUint32(tail, n)
		tail = append(tail, 1, 2, 3, 4)
		tail = append(tail, payloadStart...)
	}
	t0 := time.Now()
	l, _ := Load(append(data, tail...))
	if l.Damage == nil || len(l.Records) != 1 {
		t.Fatalf("crafted tail: damage %v, torn %q", l.Damage, l.Torn)
	}
	t.Logf("crafted tail of %d bytes read in %v: %v", len(tail), time.Since(t0), l.Damage)
}

// TestOpen_DuplicatedOrReorderedFrame_IsDamage: the chain is checked at
// open. A frame repeated or two frames swapped are damage: the file is
// left as it is, nothing is appended, and the Log holds the records
// before the problem (what a table restores).
func TestOpen_DuplicatedOrReorderedFrame_IsDamage(t *testing.T) {
	head, fs := frames(writeN(t, 6))
	dup := append(append(append([][]byte{}, fs[:4]...), fs[3]), fs[4:]...)
	swapped := append([][]byte{}, fs...)
	swapped[2], swapped[3] = swapped[3], swapped[2]
	for name, tc := range map[string]struct {
		fs    [][]byte
		what  string
		index int
	}{
		"duplicated":      {dup, "duplicated", 5},
		"reordered":       {swapped, "reordered", 3},
		"last duplicated": {append(append([][]byte{}, fs...), fs[5]), "duplicated", 7},
	} {
		t.Run(name, func(t *testing.T) {
			data := join(head, tc.fs)
			path := filepath.Join(t.TempDir(), "rec")
			os.WriteFile(path, data, 0o644)
			w, l, err := Open(path, nil)
			var p *Problem
			if w != nil || !errors.As(err, &p) || p.What != tc.what || p.Index != tc.index || l == nil || l.Damage != p {
				t.Fatalf("Open: writer %v, %v; want %s at record %d", w != nil, err, tc.what, tc.index)
			}
			if len(l.Records) != tc.index-1 || l.Size != int64(len(join(head, tc.fs[:tc.index-1]))) {
				t.Errorf("the Log holds %d records (size %d); want the %d before the problem", len(l.Records), l.Size, tc.index-1)
			}
			if !bytes.Equal(mustRead(t, path), data) {
				t.Error("Open changed a damaged record")
			}
		})
	}
}

// TestOpen_TornTail_TruncatedAndReported: Open cuts a torn tail away and
// the Log says what and how many bytes, for the caller to report.
func TestOpen_TornTail_TruncatedAndReported(t *testing.T) {
	data := writeN(t, 3)
	path := filepath.Join(t.TempDir(), "rec")
	os.WriteFile(path, data[:len(data)-5], 0o644)
	w, l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if l.Torn == "" || l.Dropped == 0 || len(l.Records) != 2 {
		t.Fatalf("torn %q, dropped %d, %d records", l.Torn, l.Dropped, len(l.Records))
	}
	if st, _ := os.Stat(path); st.Size() != l.Size || l.Size+l.Dropped != int64(len(data)-5) {
		t.Errorf("file %d bytes after Open; Log size %d + dropped %d", st.Size(), l.Size, l.Dropped)
	}
}

// TestOpen_TooLargeOrNotAFile: a record larger than MaxFile is refused
// before it is read (a sparse file: no disk used), as are a FIFO and a
// device, for Open as for LoadFile.
func TestOpen_TooLargeOrNotAFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	f, _ := os.Create(big)
	f.Write([]byte(Header))
	f.Truncate(MaxFile + 1)
	f.Close()
	if _, _, err := Open(big, nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Open of %d bytes: %v", MaxFile+1, err)
	}
	if _, err := LoadFile(big); !errors.Is(err, ErrTooLarge) {
		t.Errorf("LoadFile of %d bytes: %v", MaxFile+1, err)
	}
	if st, _ := os.Stat(big); st.Size() != MaxFile+1 {
		t.Errorf("the large file was changed: %d bytes", st.Size())
	}
	if _, err := LoadFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("LoadFile(/dev/zero): %v", err)
	}
	if _, _, err := Open("/dev/zero", nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Open(/dev/zero): %v", err)
	}
}

// TestLastWall_IsTheLastRecordOfPlay: after two restarts, "last recorded"
// is still the wall time of the last record written while the match was
// played, not that of the previous restart's records.
func TestLastWall_IsTheLastRecordOfPlay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	o := preset(t, "reglamento")
	var played time.Time
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, o, 0)
		s.t.Do(context.Background(), rules.Event{Kind: rules.Start}, time.Now())
		time.Sleep(time.Second)
		played = time.Now().UTC()
		s.t.Do(context.Background(), rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, played)
		s.w.Sync(context.Background())
		s.stop()
		for range 2 {
			time.Sleep(time.Hour)
			s = open(t, path, o, 0) // restores: a recovered record and the recovery pause
			s.w.Sync(context.Background())
			s.stop()
		}
	})
	l, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := l.Matches()
	m := ms[len(ms)-1]
	if n := len(m.Records); !restartRecord(&m.Records[n-1]) {
		t.Fatalf("the last record is %s, want the second restart's", m.Records[n-1].Kind)
	}
	if got := m.LastWall(); !got.Equal(played) {
		t.Errorf("LastWall %v, want the press at %v", got, played)
	}
}

// TestLostDecision_TornAwayDecisionIsWrittenAgain: a power cut inside the
// group commit of the deciding event keeps the event and loses the
// decision's frame. LostDecision gives back the decision the table made
// (result, reason, seats, instant, clocks); the table restored from the
// record writes it again, marked restored, and the record then verifies
// and has its decision, while LastWall still names the last record of
// play.
func TestLostDecision_TornAwayDecisionIsWrittenAgain(t *testing.T) {
	data := decidedMatches(t, 2)
	full, _ := Load(data)
	n := len(full.Records)
	want := full.Records[n-1]
	if want.Kind != KindDecision {
		t.Fatalf("last record %s", want.Kind)
	}
	path := filepath.Join(t.TempDir(), "rec")
	os.WriteFile(path, data[:full.Offsets[n-1]], 0o644) // the decision's frame torn away
	w, l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ms, _ := l.Matches()
	m := ms[len(ms)-1]
	if m.Decision() != nil {
		t.Fatal("the decision is still there")
	}
	d, err := m.LostDecision()
	if err != nil || d == nil {
		t.Fatalf("LostDecision = %v, %v", d, err)
	}
	if d.Kind != KindDecision || d.Match != want.Match || d.At != want.At || d.Result != want.Result || d.Reason != want.Reason ||
		fmt.Sprint(d.Decisive) != fmt.Sprint(want.Decisive) || *d.Clocks != *want.Clocks || !d.Restored {
		t.Fatalf("LostDecision = %+v\nthe table decided %+v", d, want)
	}
	if !d.Wall.Equal(want.Wall) {
		t.Errorf("wall %v, the decision's %v (the deciding event's)", d.Wall, want.Wall)
	}
	for _, other := range ms[:len(ms)-1] {
		if d, err := other.LostDecision(); d != nil || err != nil {
			t.Errorf("match %s has its decision: LostDecision = %v, %v", other.ID(), d, err)
		}
	}

	// The table restored from it (as the daemon does) records the
	// decision again, marked restored.
	w.Close()
	synctest.Test(t, func(t *testing.T) {
		s := open(t, path, m.Options, 0)
		if st := s.t.Snapshot(); st.Status != rules.Decided || st.Result.String() != want.Result {
			t.Fatalf("restored %v %v, want decided %s", st.Status, st.Result, want.Result)
		}
		s.stop()
	})
	l2, p, err := Verify(mustRead(t, path))
	if err != nil || p != nil {
		t.Fatalf("after the restore: %v %v", p, err)
	}
	ms2, _ := l2.Matches()
	m2 := ms2[len(ms2)-1]
	if got := m2.Decision(); got == nil || got.Result != want.Result || !got.Restored {
		t.Fatalf("the decision after the restore: %+v", got)
	}
	if d, _ := m2.LostDecision(); d != nil {
		t.Errorf("LostDecision after the restore = %+v", d)
	}
	if !m2.LastWall().Equal(m.LastWall()) {
		t.Errorf("LastWall %v after the restore, %v before", m2.LastWall(), m.LastWall())
	}
}

// TestLostDecision_UndecidedMatch: a match whose replay is not decided has
// no lost decision.
func TestLostDecision_UndecidedMatch(t *testing.T) {
	data := decidedMatches(t, 1)
	full, _ := Load(data)
	n := len(full.Records)
	l, _ := Load(data[:full.Offsets[n-2]]) // the result event torn away too
	ms, _ := l.Matches()
	if d, err := ms[0].LostDecision(); d != nil || err != nil {
		t.Fatalf("LostDecision = %+v, %v", d, err)
	}
}

// TestOpen_ReadOnlyFileSystem_ReadsTheRecord: the file system the record is
// on was remounted read-only (ext4 does so after errors): Open cannot open
// it for writing (EROFS), reads it read-only and returns its Log with
// ErrReadOnly, and no Writer. A torn tail is reported and left there.
// Root only (a tmpfs mounted, filled, then remounted read-only: a real
// EROFS); TestOpen_NoPermission_ReadsTheRecord covers every machine.
func TestOpen_ReadOnlyFileSystem_ReadsTheRecord(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root; TestOpen_NoPermission_ReadsTheRecord covers the read-only open")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	data := decidedMatches(t, 2)
	torn := data[:len(data)-3]
	path := filepath.Join(dir, "tandem.db")
	if err := os.WriteFile(path, torn, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v %s", err, out)
	}
	checkReadOnlyOpen(t, path, torn, syscall.EROFS)
	if _, _, err := Open(filepath.Join(dir, "missing.db"), nil); err == nil || errors.Is(err, ErrReadOnly) {
		t.Errorf("a missing record on a read-only file system: %v; want the file system's error", err)
	}
}

// TestOpen_NoPermission_ReadsTheRecord: a record the table may not write
// (EACCES; injected, as root writes anyway) is read read-only.
func TestOpen_NoPermission_ReadsTheRecord(t *testing.T) {
	data := decidedMatches(t, 2)
	path := filepath.Join(t.TempDir(), "tandem.db")
	os.WriteFile(path, data, 0o644)
	defer func(f func(string, int, os.FileMode) (*os.File, error)) { openFile = f }(openFile)
	openFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if flag&(os.O_RDWR|os.O_WRONLY) != 0 {
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.OpenFile(name, flag, perm)
	}
	checkReadOnlyOpen(t, path, data, syscall.EACCES)
}

func checkReadOnlyOpen(t *testing.T, path string, data []byte, errno syscall.Errno) {
	t.Helper()
	w, l, err := Open(path, nil)
	if w != nil || !errors.Is(err, ErrReadOnly) || !errors.Is(err, errno) || l == nil {
		t.Fatalf("Open: writer %v, Log %v, %v; want no writer, the Log, ErrReadOnly and %v", w != nil, l != nil, err, errno)
	}
	want, _ := Load(data)
	if len(l.Records) != len(want.Records) || l.Torn != want.Torn || l.Damage != nil {
		t.Fatalf("read-only Log: %d records, torn %q, damage %v; want %d, %q", len(l.Records), l.Torn, l.Damage, len(want.Records), want.Torn)
	}
	ms, err := l.Matches()
	if err != nil || len(ms) != 2 {
		t.Fatalf("matches %d, %v", len(ms), err)
	}
	if !bytes.Equal(mustRead(t, path), data) {
		t.Error("a read-only open changed the file")
	}
}

// TestOpenReadOnly_WhileATableWrites: a table writing the record holds its
// lock: a read-only open says the record is in use rather than read a
// file being written.
func TestOpenReadOnly_WhileATableWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OpenReadOnly(path); !errors.Is(err, ErrInUse) {
		t.Errorf("OpenReadOnly while written: %v", err)
	}
	// A table that may not write it (EACCES) while another writes it is
	// told the record is in use, as a second writer is.
	defer func(f func(string, int, os.FileMode) (*os.File, error)) { openFile = f }(openFile)
	openFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if flag&(os.O_RDWR|os.O_WRONLY) != 0 {
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.OpenFile(name, flag, perm)
	}
	if w2, _, err := Open(path, nil); w2 != nil || !errors.Is(err, ErrInUse) {
		t.Errorf("Open without write permission while written: %v", err)
	}
	w.Close()
	if l, err := OpenReadOnly(path); err != nil || len(l.Records) != 0 {
		t.Errorf("OpenReadOnly after: %v", err)
	}
}
