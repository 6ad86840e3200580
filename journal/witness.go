package journal

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
)

// The witness is a small file beside the record (WitnessPath) that says
// how much of the record was durable when the writer last reported it: a
// power cut can only lose what was never reported durable, so a record
// shorter than its witness lost records that were (a result reported
// final among them). Without it a cut-off end, or end blocks the card
// zeroed, read as a torn tail: what a power cut leaves.
//
// It holds two fixed-size slots written alternately (generation g goes to
// slot g%2), each made durable with fdatasync after the group commit's
// fsync and before the commit is reported: a cut while a slot is written
// leaves the other, one commit older, which witnesses less and so is
// still true. A slot:
//
//	magic     8 bytes  "tdwitns1"
//	gen       uint64   LE, the slot's generation (the newest valid wins)
//	size      uint64   LE, the record's durable length in bytes
//	seq       uint64   LE, the last durable record's Seq (0 none)
//	hash      32 bytes SHA-256 of that record's payload (zeros when none)
//	decisions uint64   LE, KindDecision records among the first seq
//	lastdec   uint64   LE, Seq of the last of them (0 none)
//	match     40 bytes its match id, NUL-padded
//	reserved  4 bytes  zero
//	crc       uint32   LE, CRC-32C of the 124 bytes before it

// WitnessSlotSize is the size of one witness slot (bytes); the witness file
// is two of them.
const WitnessSlotSize = 128

const witnessMagic = "tdwitns1"

// WitnessPath returns the witness file of the record at path: path +
// ".head" (/var/lib/tandem/tandem.db.head). Back it up, move it aside and
// restore it with its record.
func WitnessPath(path string) string { return path + ".head" }

// Witness is one witness slot: what the writer had made durable when it
// wrote it.
type Witness struct {
	// Gen is the slot's generation: one more at every write.
	Gen uint64
	// Size is the record's durable length (bytes, header included); Seq
	// the last durable record's sequence number (0 none) and Hash the
	// SHA-256 (hex) of its payload ("" when none).
	Size int64
	Seq  uint64
	Hash string
	// Decisions counts the KindDecision records among the first Seq;
	// LastDecision is the last one's Seq (0 none) and LastMatch its match
	// id (at most 40 bytes kept).
	Decisions    uint64
	LastDecision uint64
	LastMatch    string
}

// encode returns the slot's bytes.
func (w *Witness) encode() []byte {
	b := make([]byte, WitnessSlotSize)
	copy(b, witnessMagic)
	binary.LittleEndian.PutUint64(b[8:], w.Gen)
	binary.LittleEndian.PutUint64(b[16:], uint64(w.Size))
	binary.LittleEndian.PutUint64(b[24:], w.Seq)
	if h, err := hex.DecodeString(w.Hash); err == nil && len(h) == 32 {
		copy(b[32:64], h)
	}
	binary.LittleEndian.PutUint64(b[64:], w.Decisions)
	binary.LittleEndian.PutUint64(b[72:], w.LastDecision)
	copy(b[80:120], w.LastMatch)
	binary.LittleEndian.PutUint32(b[124:], crc32.Checksum(b[:124], castagnoli))
	return b
}

// decodeWitness reads one slot; false when it does not hold one (never
// written, torn by a cut while written, or damaged).
func decodeWitness(b []byte) (Witness, bool) {
	if len(b) != WitnessSlotSize || string(b[:8]) != witnessMagic ||
		crc32.Checksum(b[:124], castagnoli) != binary.LittleEndian.Uint32(b[124:]) {
		return Witness{}, false
	}
	w := Witness{
		Gen:          binary.LittleEndian.Uint64(b[8:]),
		Size:         int64(binary.LittleEndian.Uint64(b[16:])),
		Seq:          binary.LittleEndian.Uint64(b[24:]),
		Decisions:    binary.LittleEndian.Uint64(b[64:]),
		LastDecision: binary.LittleEndian.Uint64(b[72:]),
		LastMatch:    string(bytes.TrimRight(b[80:120], "\x00")),
	}
	if w.Seq > 0 {
		w.Hash = hex.EncodeToString(b[32:64])
	}
	return w, true
}

// WitnessFile is a witness file as read: both slots, and the newest valid
// one.
type WitnessFile struct {
	// Slots are the two slots; Valid[i] says whether slot i holds one.
	Slots [2]Witness
	Valid [2]bool
	// Newest is the valid slot with the highest generation (0 or 1).
	Newest int
}

// Current is the newest valid slot: the witness in force.
func (wf *WitnessFile) Current() Witness { return wf.Slots[wf.Newest] }

// errNoWitness means the witness file is missing or empty: a record
// written before tandem kept one, or a cut just after it was created.
var errNoWitness = errors.New("no witness")

// ParseWitness reads a witness file's bytes. A file that is not two slots
// long, or whose slots are both invalid, is damaged (an error saying so);
// one invalid slot is what a cut during its write leaves, and the other is
// in force.
func ParseWitness(b []byte) (*WitnessFile, error) {
	if len(b) == 0 {
		return nil, errNoWitness
	}
	if len(b) != 2*WitnessSlotSize {
		return nil, fmt.Errorf("it is %d bytes, a witness is %d", len(b), 2*WitnessSlotSize)
	}
	wf := &WitnessFile{}
	for i := range wf.Slots {
		wf.Slots[i], wf.Valid[i] = decodeWitness(b[i*WitnessSlotSize : (i+1)*WitnessSlotSize])
	}
	switch {
	case !wf.Valid[0] && !wf.Valid[1]:
		return nil, errors.New("neither of its two slots reads (magic or CRC-32C wrong): it was damaged")
	case wf.Valid[0] && wf.Valid[1]:
		if wf.Slots[1].Gen > wf.Slots[0].Gen {
			wf.Newest = 1
		}
	case wf.Valid[1]:
		wf.Newest = 1
	}
	return wf, nil
}

// readWitness reads the witness of the record at path: nil and
// errNoWitness when missing or empty, a *Problem when damaged.
func readWitness(path string) (*WitnessFile, error) {
	wp := WitnessPath(path)
	f, err := os.OpenFile(wp, os.O_RDONLY|nonBlock, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoWitness
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%v): a witness is a file", wp, st.Mode().Type())
	}
	b, err := io.ReadAll(io.LimitReader(f, 2*WitnessSlotSize+1))
	if err != nil {
		return nil, err
	}
	wf, err := ParseWitness(b)
	if err != nil && !errors.Is(err, errNoWitness) {
		return nil, &Problem{What: "witness", Msg: fmt.Sprintf("the witness %s is damaged: %v", wp, err)}
	}
	return wf, err
}

// witnessOf is the witness the records of l make: what a writer appending
// after them witnesses (Gen 0).
func witnessOf(l *Log) Witness {
	w := Witness{Size: l.Size}
	if n := len(l.Records); n > 0 {
		w.Seq, w.Hash = l.Records[n-1].Seq, l.Hashes[n-1]
	}
	for _, r := range l.Records {
		if r.Kind == KindDecision {
			w.Decisions++
			w.LastDecision, w.LastMatch = r.Seq, r.Match
		}
	}
	return w
}

// checkWitness returns the problem of l (as loadChecked returns it: its
// records stop before any other problem) against the witness w: records
// the witness says were durable and l lacks ("lost", the torn tail then
// being part of the loss: l.Torn is cleared), or a witnessed record whose
// content or end differs ("altered", "damaged"). nil when l holds at
// least what w witnessed, unchanged.
func checkWitness(l *Log, w Witness) *Problem {
	n := uint64(len(l.Records))
	var have uint64
	if n > 0 {
		have = l.Records[n-1].Seq
	}
	if have < w.Seq || l.Size < w.Size {
		from := have + 1
		p := &Problem{Index: int(n) + 1, Offset: l.Size, Seq: from, What: "lost"}
		finals := ""
		if have < w.LastDecision {
			var got uint64
			for _, r := range l.Records {
				if r.Kind == KindDecision {
					got++
				}
			}
			switch more := int64(w.Decisions) - int64(got) - 1; {
			case more == 1:
				finals = fmt.Sprintf(", including the final result of match %s and 1 earlier final result", w.LastMatch)
			case more > 1:
				finals = fmt.Sprintf(", including the final result of match %s and %d earlier final results", w.LastMatch, more)
			default:
				finals = fmt.Sprintf(", including the final result of match %s", w.LastMatch)
			}
		}
		// Whole formats, one a case: each is a template of the catalogs
		// (i18n), read back and translated as a whole.
		switch {
		case w.Seq == from:
			p.Msg = fmt.Sprintf("record %d is missing (the witness says %d records, %d bytes, were durable; the file holds %d good records, %d bytes)%s: not a power cut, which loses only what was never reported durable",
				from, w.Seq, w.Size, n, l.Size, finals)
		case w.Seq > from:
			p.Msg = fmt.Sprintf("records %d..%d are missing (the witness says %d records, %d bytes, were durable; the file holds %d good records, %d bytes)%s: not a power cut, which loses only what was never reported durable",
				from, w.Seq, w.Seq, w.Size, n, l.Size, finals)
		default:
			p.Msg = fmt.Sprintf("bytes %d..%d are missing (the witness says %d records, %d bytes, were durable; the file holds %d good records, %d bytes)%s: not a power cut, which loses only what was never reported durable",
				l.Size, w.Size, w.Seq, w.Size, n, l.Size, finals)
		}
		l.Torn, l.Dropped = "", 0
		return p
	}
	if w.Seq == 0 {
		if w.Size != int64(len(Header)) && w.Size != 0 {
			return &Problem{Index: 1, Offset: int64(len(Header)), What: "damaged",
				Msg: fmt.Sprintf("the witness says no record was durable but %d bytes: the witness or the record was changed", w.Size)}
		}
		return nil
	}
	i := int(w.Seq) - 1 // the chain holds: Seqs are 1..n
	end := l.Size
	if i+1 < len(l.Offsets) {
		end = l.Offsets[i+1]
	}
	switch {
	case l.Hashes[i] != w.Hash:
		return &Problem{Index: i + 1, Offset: l.Offsets[i], Seq: w.Seq, What: "altered",
			Msg: fmt.Sprintf("its content hashes to %.16s..., but the witness written when it was made durable holds %.16s...: it was changed after it was written", l.Hashes[i], w.Hash)}
	case end != w.Size:
		return &Problem{Index: i + 1, Offset: l.Offsets[i], Seq: w.Seq, What: "damaged",
			Msg: fmt.Sprintf("it ends at byte %d, but the witness says the record was durable up to byte %d", end, w.Size)}
	}
	return nil
}

// witnessWriter writes a record's witness file: the next slot, then
// fdatasync. Owned by the Writer's goroutine.
type witnessWriter struct {
	f   *os.File
	cur Witness
}

// openWitness opens (creating it when missing) the witness of the record
// at path and writes cur as the next generation after prev (nil: none
// readable), durable before it returns.
func openWitness(path string, prev *WitnessFile, cur Witness) (*witnessWriter, error) {
	wp := WitnessPath(path)
	_, statErr := os.Stat(wp)
	f, err := openFile(wp, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	ww := &witnessWriter{f: f, cur: cur}
	if prev != nil {
		ww.cur.Gen = prev.Current().Gen
	}
	if prev == nil {
		// A new (or empty) witness: both slots, so that a cut during a
		// later write leaves the other.
		old := ww.cur
		if err := ww.write(old); err != nil {
			f.Close()
			return nil, err
		}
	}
	if err := ww.write(cur); err != nil {
		f.Close()
		return nil, err
	}
	if statErr != nil {
		if err := syncDir(dirOf(wp)); err != nil {
			f.Close()
			return nil, err
		}
	}
	return ww, nil
}

// write writes w as the next generation and makes it durable.
func (ww *witnessWriter) write(w Witness) error {
	w.Gen = ww.cur.Gen + 1
	if _, err := ww.f.WriteAt(w.encode(), int64(w.Gen%2)*WitnessSlotSize); err != nil {
		return err
	}
	if err := datasync(ww.f); err != nil {
		return err
	}
	ww.cur = w
	return nil
}

// CutWitness makes the witness of the record at path what a power cut
// during its last write leaves: its newest slot unreadable (zeroed), the
// one before it, a group commit older, in force. It is for fault
// injection (journal/faulttest, tests): a power cut during the last group
// commit leaves its records unwitnessed, so a tear of the record after
// what the older slot witnessed is then a torn tail, as such a cut makes
// it; without it, any tear of a witnessed record is damage. It returns
// the witness then in force, and an error when the file does not read or
// has no older valid slot.
func CutWitness(path string) (Witness, error) {
	wp := WitnessPath(path)
	b, err := os.ReadFile(wp)
	if err != nil {
		return Witness{}, err
	}
	wf, err := ParseWitness(b)
	if err != nil {
		return Witness{}, fmt.Errorf("%s: %w", wp, err)
	}
	old := 1 - wf.Newest
	if !wf.Valid[old] {
		return Witness{}, fmt.Errorf("%s: no older slot to fall back to", wp)
	}
	clear(b[wf.Newest*WitnessSlotSize : (wf.Newest+1)*WitnessSlotSize])
	if err := os.WriteFile(wp, b, 0o644); err != nil {
		return Witness{}, err
	}
	return wf.Slots[old], nil
}
