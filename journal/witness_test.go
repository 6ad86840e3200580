package journal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/rules"
)

// These tests are the attacks on the record of docs/record.md (the witness): a record cut
// short, or whose end blocks were zeroed, before what the table had
// reported durable read as "torn last record ... a power cut" (exit 0)
// and silently dropped final results. They use the witness only through
// its file (FILE.head, copied with the record), as a backup would.

// witnessMatch is one match of a generated record: its id, how many
// events it has and whether it is decided.
type witnessMatch struct {
	id      string
	events  int
	decided bool
}

// writeWitnessed writes the matches to a new record at path through Open,
// in group commits of batch records (a Sync after each batch: what the
// loop's decisions do), closes it, and returns the file's bytes, the
// witness file's bytes, and each decision's frame offset and match id.
func writeWitnessed(t fataler, path string, ms []witnessMatch, batch int) (data, head []byte, decs []decisionAt) {
	t.Helper()
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	n := 0
	sync := func() {
		if n++; n%batch == 0 {
			if err := w.Sync(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	var seqs []uint64
	at := time.Duration(0)
	for _, m := range ms {
		w.Append(Record{Kind: KindMatch, Match: m.id, At: at, Wall: time.Unix(0, 0).UTC(), Preset: "reglamento"}, 0)
		sync()
		for i := range m.events {
			at += 700 * time.Millisecond
			ev := rules.Event{Kind: rules.Press, Seat: bughouse.Seat(i % 4), At: at}
			w.Append(Record{Kind: KindEvent, Match: m.id, At: at, Wall: time.Unix(0, 0).UTC(), Event: &ev, Text: ev.String()}, 0)
			sync()
		}
		if m.decided {
			seqs = append(seqs, w.Append(Record{Kind: KindDecision, Match: m.id, At: at, Wall: time.Unix(0, 0).UTC(), Result: "1-0", Reason: "resignation"}, 0))
			sync()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, _ = os.ReadFile(path + ".head") // none on a table without a witness
	l, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range l.Records {
		if r.Kind == KindDecision {
			end := l.Size
			if i+1 < len(l.Offsets) {
				end = l.Offsets[i+1]
			}
			decs = append(decs, decisionAt{end: end, match: r.Match})
		}
	}
	if len(decs) != len(seqs) {
		t.Fatalf("%d decisions read, %d written", len(decs), len(seqs))
	}
	return data, head, decs
}

// fataler is what the helpers need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// decisionAt is a decision's frame end (offset just after it) and match.
type decisionAt struct {
	end   int64
	match string
}

// placeCopy writes data as a record at a new path in dir, with head as its
// witness when there is one, and returns the path.
func placeCopy(t fataler, dir string, i int, data, head []byte) string {
	t.Helper()
	p := filepath.Join(dir, fmt.Sprintf("copy%d.db", i))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if head != nil {
		if err := os.WriteFile(p+".head", head, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// wantLost checks that the record at p, cut at cut bytes (or zeroed from
// there), is reported as a loss by VerifyFile and, when open, by Open (no
// writer, the file left byte for byte), naming the last final result lost
// and how many more.
func wantLost(t fataler, p string, cut int64, decs []decisionAt, open bool) {
	t.Helper()
	before, _ := os.ReadFile(p)
	l, prob, err := VerifyFile(p)
	if err != nil {
		t.Fatalf("cut at %d: %v", cut, err)
	}
	if prob == nil || prob.What != "lost" {
		t.Fatalf("cut at %d: problem %v, torn %q: a record shorter than what was durable must be reported lost, not a power cut", cut, prob, l.Torn)
	}
	var lost []decisionAt
	for _, d := range decs {
		if d.end > cut { // the frame is not whole
			lost = append(lost, d)
		}
	}
	if len(lost) > 0 {
		last := lost[len(lost)-1]
		if !strings.Contains(prob.Msg, "including the final result of match "+last.match) {
			t.Fatalf("cut at %d: %q does not name the final result of match %s", cut, prob.Msg, last.match)
		}
		if more := len(lost) - 1; more > 0 && !strings.Contains(prob.Msg, fmt.Sprintf("and %d earlier final result", more)) {
			t.Fatalf("cut at %d: %q does not say %d earlier final results were lost", cut, prob.Msg, more)
		}
	} else if strings.Contains(prob.Msg, "final result") {
		t.Fatalf("cut at %d: %q names a final result, none was lost", cut, prob.Msg)
	}
	if !open {
		return
	}
	w, ol, err := Open(p, nil)
	var op *Problem
	if w != nil || !errors.As(err, &op) || op.What != "lost" || ol == nil || ol.Torn != "" {
		if w != nil {
			w.Close()
		}
		t.Fatalf("cut at %d: Open gave writer %v, error %v: want no writer and the loss", cut, w != nil, err)
	}
	if after, _ := os.ReadFile(p); string(after) != string(before) {
		t.Fatalf("cut at %d: Open changed a record that lost records", cut)
	}
}

// TestWitness_EveryCutBeforeTheDurableLengthIsLoss cuts a record of three
// decided matches (each record its own group commit) at every byte: each
// cut loses records the table had reported durable, and must be reported
// as lost, naming the final results lost; none reads as a torn tail.
// Then a group commit the witness never saw (the power went before it
// was witnessed): a cut inside it is a torn tail, a power cut, as before.
func TestWitness_EveryCutBeforeTheDurableLengthIsLoss(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	ms := []witnessMatch{{"20261129-100000-aaaa", 3, true}, {"20261129-110000-bbbb", 2, true}, {"20261129-120000-cccc", 1, true}}
	data, head, decs := writeWitnessed(t, src, ms, 1)
	if len(decs) != 3 {
		t.Fatalf("decisions %v", decs)
	}
	for cut := range int64(len(data)) {
		p := placeCopy(t, dir, int(cut), data[:cut], head)
		wantLost(t, p, cut, decs, cut%8 == 0) // Open at every 8th cut: it costs more
		os.Remove(p)
		os.Remove(p + ".head")
	}
	t.Logf("%d cuts before the witnessed length (3 matches, %d final results): %d reported lost", len(data), len(decs), len(data))

	// Two more records, their commit unwitnessed: what the older witness
	// says is still all there, so each cut after it is a power cut.
	w, _, err := Open(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		ev := rules.Event{Kind: rules.Press, Seat: bughouse.AWhite, At: time.Duration(i) * time.Second}
		w.Append(Record{Kind: KindEvent, Match: "20261129-130000-dddd", Event: &ev, Wall: time.Unix(0, 0).UTC()}, 0)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	more, _ := os.ReadFile(src)
	ml, _ := Load(more)
	whole := map[int64]bool{int64(len(more)): true}
	for _, o := range ml.Offsets {
		whole[o] = true
	}
	for cut := int64(len(data)); cut <= int64(len(more)); cut++ {
		p := placeCopy(t, dir, int(cut), more[:cut], head)
		l, prob, err := VerifyFile(p)
		if err != nil || prob != nil {
			t.Fatalf("cut at %d, after the witnessed length %d: %v %v: a torn tail past the witness is a power cut", cut, len(data), err, prob)
		}
		if whole[cut] != (l.Torn == "") {
			t.Fatalf("cut at %d: torn %q", cut, l.Torn)
		}
		os.Remove(p)
		os.Remove(p + ".head")
	}
}

// TestWitness_ZeroedEndBlocksAreLoss zeroes the record's end from every
// 512-byte boundary (an SD card that lost its last blocks keeps the
// file's length): zeros where durable records were are loss, never a
// power cut's zero tail.
func TestWitness_ZeroedEndBlocksAreLoss(t *testing.T) {
	dir := t.TempDir()
	ms := []witnessMatch{{"20261129-100000-aaaa", 4, true}, {"20261129-110000-bbbb", 5, true}, {"20261129-120000-cccc", 2, true}, {"20261129-130000-dddd", 3, false}}
	data, head, decs := writeWitnessed(t, filepath.Join(dir, "src.db"), ms, 2)
	n := 0
	for _, block := range []int64{512, 4096} {
		for from := block; from < int64(len(data)); from += block {
			z := append([]byte(nil), data...)
			clear(z[from:])
			p := placeCopy(t, dir, n, z, head)
			wantLost(t, p, from, decs, true)
			n++
		}
	}
	if n < 4 {
		t.Fatalf("only %d zeroings: the record is too short to test", n)
	}
	t.Logf("%d zeroed ends of a %d-byte record: %d reported lost", n, len(data), n)
}

// TestWitness_RandomRecordsRandomCuts: random records (matches, events,
// decisions, group commits of random sizes), cut or end-zeroed at a
// random byte before the witnessed length: always loss, naming the final
// results lost.
func TestWitness_RandomRecordsRandomCuts(t *testing.T) {
	dir := t.TempDir()
	i := 0
	rapid.Check(t, func(rt *rapid.T) {
		i++
		var ms []witnessMatch
		for j := range rapid.IntRange(1, 4).Draw(rt, "matches") {
			ms = append(ms, witnessMatch{fmt.Sprintf("20261129-1%d0000-%04x", j, i), rapid.IntRange(0, 6).Draw(rt, "events"), rapid.Bool().Draw(rt, "decided")})
		}
		src := filepath.Join(dir, fmt.Sprintf("src%d.db", i))
		data, head, decs := writeWitnessed(rt, src, ms, rapid.IntRange(1, 5).Draw(rt, "batch"))
		cut := rapid.Int64Range(0, int64(len(data))-1).Draw(rt, "cut")
		d := data[:cut]
		// Zeroes over the header make no record at all (verify-record
		// exits 2, the table records nothing and says so): zeroed ends
		// start after it.
		if cut >= int64(len(Header)) && rapid.Bool().Draw(rt, "zeroed") {
			d = append([]byte(nil), data...)
			clear(d[cut:])
		}
		p := placeCopy(rt, dir, i, d, head)
		wantLost(rt, p, cut, decs, true)
	})
}

// TestWitness_Damaged: a witness whose two slots do not read is damage
// (whether records were lost cannot be told); one slot torn is what a cut
// during its write leaves, and the other is in force; a witnessed record
// altered since (its chain rebuilt after it) is altered.
func TestWitness_Damaged(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	data, head, _ := writeWitnessed(t, src, []witnessMatch{{"20261129-100000-aaaa", 2, true}}, 1)

	bad := append([]byte(nil), head...)
	bad[10] ^= 1
	bad[WitnessSlotSize+10] ^= 1
	if _, prob, err := VerifyFile(placeCopy(t, dir, 1, data, bad)); err != nil || prob == nil || prob.What != "witness" {
		t.Fatalf("both slots damaged: %v %v", prob, err)
	}
	if _, prob, err := VerifyFile(placeCopy(t, dir, 2, data, head[:100])); err != nil || prob == nil || prob.What != "witness" {
		t.Fatalf("a witness cut short: %v %v", prob, err)
	}
	one := append([]byte(nil), head...)
	wf, err := ParseWitness(head)
	if err != nil {
		t.Fatal(err)
	}
	clear(one[wf.Newest*WitnessSlotSize:][:WitnessSlotSize])
	if _, prob, err := VerifyFile(placeCopy(t, dir, 3, data, one)); err != nil || prob != nil {
		t.Fatalf("one slot torn: %v %v, want intact", prob, err)
	}
	if _, prob, err := VerifyFile(placeCopy(t, dir, 4, data, nil)); err != nil || prob != nil {
		t.Fatalf("no witness (a record from before it): %v %v, want intact", prob, err)
	}

	// The last record replaced by another with a good frame: the chain
	// cannot see it (nothing follows it), the witness can.
	l, _ := Load(data)
	last := l.Records[len(l.Records)-1]
	last.Result = "0-1"
	payload, _ := json.Marshal(last)
	alt := frame(append([]byte(nil), data[:l.Offsets[len(l.Offsets)-1]]...), payload)
	if _, prob, err := VerifyFile(placeCopy(t, dir, 5, alt, head)); err != nil || prob == nil || (prob.What != "altered" && prob.What != "lost") {
		t.Fatalf("the last decision altered: %v %v", prob, err)
	}
}

// TestWitness_WrittenBeforeReported: every report of a Writer made by
// Open (Opts.Synced) comes after the witness says the record is durable
// up to it.
func TestWitness_WrittenBeforeReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec")
	var bad []string
	w, _, err := Open(path, &Opts{Synced: func(seq, _ uint64) {
		b, _ := os.ReadFile(WitnessPath(path))
		wf, err := ParseWitness(b)
		if err != nil || wf.Current().Seq != seq {
			bad = append(bad, fmt.Sprintf("seq %d reported, witness %+v %v", seq, wf, err))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		w.Append(benchRecord(i), 0)
		if i%3 == 0 {
			w.Sync(context.Background())
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatal(strings.Join(bad, "\n"))
	}
}

// TestWitness_ReadOnlyRecordStillReportsLoss: a record the table may not
// write (EACCES injected; a card remounted read-only after errors is when
// its end goes missing) and that lost witnessed records: Open's error
// says both, and the Log is the loss's.
func TestWitness_ReadOnlyRecordStillReportsLoss(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tandem.db")
	data, _, _ := writeWitnessed(t, path, []witnessMatch{{"20261129-100000-aaaa", 2, true}}, 1)
	os.WriteFile(path, data[:len(data)-40], 0o644)
	defer func(f func(string, int, os.FileMode) (*os.File, error)) { openFile = f }(openFile)
	openFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if flag&(os.O_RDWR|os.O_WRONLY) != 0 {
			return nil, &os.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.OpenFile(name, flag, perm)
	}
	w, l, err := Open(path, nil)
	var p *Problem
	if w != nil || !errors.Is(err, ErrReadOnly) || !errors.As(err, &p) || p.What != "lost" || l == nil || l.Damage == nil ||
		!strings.Contains(err.Error(), "final result of match 20261129-100000-aaaa") {
		t.Fatalf("Open: writer %v, %v; want ErrReadOnly and the loss", w != nil, err)
	}
}
