package journal

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
)

// Header is the first bytes of a record file.
const Header = "tandem-record 1\n"

// MaxPayload is the largest record payload accepted (bytes). A real one is
// under 1 KiB; a larger length field is damage, not a record.
const MaxPayload = 1 << 16

const frameHead = 8 // length + CRC

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// frame appends payload's frame to b.
func frame(b, payload []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(payload)))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(payload, castagnoli))
	return append(b, payload...)
}

// hashOf returns the chain hash of a payload (Record.Prev of the next).
func hashOf(payload []byte) string {
	h := sha256.Sum256(payload)
	return hex.EncodeToString(h[:])
}

// Log is a record file as read by Load.
type Log struct {
	// Records are the records of the good frames, in file order, up to
	// the first damage or the torn tail; as Open and OpenReadOnly return
	// it, up to the first problem of the chain too (Damage).
	Records []Record
	// Offsets[i] is the file offset of Records[i]'s frame.
	Offsets []int64
	// Hashes[i] is the SHA-256 (hex) of Records[i]'s payload.
	Hashes []string
	// Size is the offset just after the last good frame: where the next
	// record goes once a torn tail is truncated.
	Size int64
	// Torn describes a torn last frame that was dropped ("" when none):
	// what a power cut during the last write leaves (Load). Open
	// truncates it away: a caller reports it (every truncation is
	// reported; docs/record.md).
	Torn string
	// Dropped is the number of bytes of the torn tail (0 when none).
	Dropped int64
	// Witness is the witness in force (WitnessPath) when the Log was read
	// from a path (Open, OpenReadOnly, VerifyFile) and the witness read;
	// nil when the record has none (written before tandem kept one) or it
	// is damaged (Damage says so). After Open, the one Open wrote.
	Witness *Witness
	// Damage is the first frame that is neither good nor a torn tail (as
	// Load returns it), or the first problem of the file, chain included
	// (as Open and OpenReadOnly return it); nil when none. Records stop
	// before it.
	Damage *Problem
}

// Problem is the first place a record file is not what tandem wrote.
type Problem struct {
	// Index is the 1-based position of the record in the file, Offset its
	// frame's byte offset, Seq its sequence number when it could be read.
	Index  int
	Offset int64
	Seq    uint64
	// What is "damaged" (a frame that does not read), "altered",
	// "removed", "reordered" or "duplicated" (a frame that repeats an
	// earlier one byte for byte).
	What string
	// Msg says what is wrong, for people.
	Msg string
}

// Error says where and what: "record 4 (offset 716): altered: ...".
func (p *Problem) Error() string {
	return fmt.Sprintf("record %d (offset %d): %s: %s", p.Index, p.Offset, p.What, p.Msg)
}

var _ error = (*Problem)(nil)

// ErrNotRecord is returned by Load for a file that does not start with
// Header.
var ErrNotRecord = errors.New("journal: not a tandem record (no \"tandem-record 1\" header)")

// LoadFile reads the record file at path (Load), at most MaxFile bytes
// (ErrTooLarge), refusing what is not a regular file (a FIFO or a device
// that never ends).
func LoadFile(path string) (*Log, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return Load(data)
}

// Load reads a record file's frames. Only what a power cut during the
// last write can leave is a torn tail, dropped and described in Log.Torn:
// after the last good frame, a frame cut short (its length is a record's
// but the file ends before its payload does), followed by nothing or by
// zero bytes only (what a file system may leave after a cut), or zero
// bytes alone. Any other bad frame is Log.Damage and stops the reading: a
// length that is no record's, a checksum or payload that does not match
// while the whole frame is there, a frame "cut short" whose bytes hold a
// complete record (its length field changed), or a bad frame with a good
// frame after it. An empty input is an empty Log (a new file); an input
// not starting with Header is ErrNotRecord. Load does not check the hash
// chain (Verify and Open do).
func Load(data []byte) (*Log, error) {
	l := &Log{}
	if len(data) == 0 {
		return l, nil
	}
	if len(data) < len(Header) {
		if bytes.HasPrefix([]byte(Header), data) {
			l.Torn = "the header is cut short"
			l.Dropped = int64(len(data))
			return l, nil
		}
		return nil, ErrNotRecord
	}
	if string(data[:len(Header)]) != Header {
		return nil, ErrNotRecord
	}
	off := int64(len(Header))
	l.Size = off
	if n := countFrames(data[off:]); n > 0 {
		// Sized once: a record of a few MB holds tens of thousands.
		l.Records, l.Offsets, l.Hashes = make([]Record, 0, n), make([]int64, 0, n), make([]string, 0, n)
	}
	for off < int64(len(data)) {
		rest := data[off:]
		if msg, bad := badFrame(rest); bad {
			l.tornOrDamaged(rest, off, msg)
			break
		}
		n := int64(binary.LittleEndian.Uint32(rest))
		payload := rest[frameHead : frameHead+n]
		var r Record
		if err := json.Unmarshal(payload, &r); err != nil {
			l.Damage = &Problem{Index: len(l.Records) + 1, Offset: off, What: "damaged",
				Msg: fmt.Sprintf("its checksum matches but it does not read: %v", err)}
			break
		}
		l.Records = append(l.Records, r)
		l.Offsets = append(l.Offsets, off)
		l.Hashes = append(l.Hashes, hashOf(payload))
		off += frameHead + n
		l.Size = off
	}
	return l, nil
}

// countFrames returns how many frames b seems to hold, following the
// length fields (an upper bound of the good ones, for sizing).
func countFrames(b []byte) int {
	n := 0
	for len(b) >= frameHead {
		m := int64(binary.LittleEndian.Uint32(b))
		if m == 0 || m > MaxPayload || frameHead+m > int64(len(b)) {
			break
		}
		b = b[frameHead+m:]
		n++
	}
	return n
}

// badFrame reports whether rest does not start with a whole frame whose
// checksum matches, and why.
func badFrame(rest []byte) (string, bool) {
	if len(rest) < frameHead {
		return "the frame header is cut short", true
	}
	n := int64(binary.LittleEndian.Uint32(rest))
	switch {
	case n == 0 || n > MaxPayload:
		return fmt.Sprintf("length %d is not a record's (1 to %d)", n, MaxPayload), true
	case frameHead+n > int64(len(rest)):
		return fmt.Sprintf("the frame is cut short (%d of %d bytes)", len(rest)-frameHead, n), true
	case crc32.Checksum(rest[frameHead:frameHead+n], castagnoli) != binary.LittleEndian.Uint32(rest[4:]):
		return "its checksum does not match: the bytes were changed", true
	}
	return "", false
}

// tornOrDamaged sets l.Torn or l.Damage for the bad frame at off; rest is
// the file from there and msg what is wrong with the frame.
//
// A torn tail is what the writer's last write leaves when the power goes:
// a prefix of its frames, maybe followed by zero bytes. So with the
// trailing zero bytes set aside, the bad frame must be cut short: its
// length a record's and the file ending before its payload does. A frame
// whose bytes are all there but do not match is damage (a flipped bit),
// and so is a frame "cut short" whose remaining bytes hold a record with
// its checksum (the length field changed), or one followed by any good
// frame: a flipped length makes a frame in the middle of the file reach
// past its end, and taking that for a torn tail would cut away every
// record after it.
func (l *Log) tornOrDamaged(rest []byte, off int64, why string) {
	msg := why
	idx := len(l.Records) + 1
	damaged := func(msg string) {
		l.Damage = &Problem{Index: idx, Offset: off, What: "damaged", Msg: msg}
	}
	kept := bytes.TrimRight(rest, "\x00")
	torn := func(msg string) {
		if zeros := len(rest) - len(kept); zeros > 0 && len(kept) > 0 {
			msg += fmt.Sprintf(", then %d zero bytes", zeros)
		}
		l.Torn = fmt.Sprintf("record %d at offset %d: %s", idx, off, msg)
		l.Dropped = int64(len(rest))
	}
	if len(kept) == 0 {
		torn(fmt.Sprintf("%d zero bytes after the last record", len(rest)))
		return
	}
	if len(kept) < frameHead {
		msg = fmt.Sprintf("the frame header is cut short (%d of %d bytes)", len(kept), frameHead)
	} else {
		n := int64(binary.LittleEndian.Uint32(kept))
		msg = fmt.Sprintf("the frame is cut short (%d of its %d bytes)", len(kept), frameHead+n)
		switch {
		case n == 0 || n > MaxPayload:
			damaged(fmt.Sprintf("length %d is not a record's (1 to %d)", n, MaxPayload))
			return
		case frameHead+n <= int64(len(kept)):
			damaged(why) // the whole frame is there
			return
		case len(kept) > frameHead && crc32.Checksum(kept[frameHead:], castagnoli) == binary.LittleEndian.Uint32(kept[4:]):
			damaged(fmt.Sprintf("its length field says %d bytes, but a whole record of %d bytes is there: the length was changed", n, len(kept)-frameHead))
			return
		}
	}
	switch at, ok := nextFrame(kept); {
	case !ok:
		damaged(msg + ", and the bytes after it are too many to search for good records")
	case at > 0:
		damaged(fmt.Sprintf("%s, and a good record follows at offset %d", msg, off+int64(at)))
	default:
		torn(msg)
	}
}

// searchBudget bounds the bytes nextFrame checksums: far more than a torn
// tail's, a fraction of a second of CRC-32C on a Raspberry Pi.
const searchBudget = 64 << 20

// nextFrame returns the offset of the first good frame in b after its
// first byte (0 when there is none), or false when the search would
// checksum more than searchBudget bytes (crafted data: every offset
// looking like a frame's head).
//
// A frame's payload is JSON, which holds no zero byte, while every length
// (at most MaxPayload) has a zero high byte: frame heads are rare, and
// each candidate is checked by its payload's first bytes before its
// checksum.
func nextFrame(b []byte) (int, bool) {
	budget := searchBudget
	for p := 1; p+frameHead < len(b); p++ {
		if b[p+3] != 0 || b[p+2] > 1 {
			continue
		}
		n := int(binary.LittleEndian.Uint32(b[p:]))
		if n == 0 || n > MaxPayload || p+frameHead+n > len(b) || !bytes.HasPrefix(b[p+frameHead:], payloadStart) {
			continue
		}
		if budget -= n; budget < 0 {
			return 0, false
		}
		if crc32.Checksum(b[p+frameHead:p+frameHead+n], castagnoli) == binary.LittleEndian.Uint32(b[p+4:]) {
			return p, true
		}
	}
	return 0, true
}

// payloadStart is how every payload the Writer encodes begins (Record's
// first field).
var payloadStart = []byte(`{"seq":`)

// Verify checks a record file's audit trail: every frame reads and the
// hash chain holds (each record's Prev is the previous payload's SHA-256,
// its Seq the previous plus one, the first Seq 1). It returns the first
// problem, nil when the record is intact, with the Log read. A torn tail
// is not a problem (Log.Torn says it was dropped). Records cut off the end
// cannot be detected from the file alone: compare the count and the last
// hash (Log.Hashes) with ones written down, e.g. on the scoresheet.
func Verify(data []byte) (*Log, *Problem, error) {
	l, err := Load(data)
	if err != nil {
		return nil, nil, err
	}
	return l, l.check(), nil
}

// VerifyFile reads the record file at path as LoadFile does (at most
// MaxFile bytes, a regular file), verifies it (Verify) and checks it
// against its witness (WitnessPath) as Open does: records the witness
// says were durable and the file lacks are a Problem ("lost": no power
// cut loses them, and a torn tail there is part of the loss), so is a
// witnessed record changed since ("altered") and a witness that does not
// read ("witness"). Log.Witness is nil when the record has no witness.
func VerifyFile(path string) (*Log, *Problem, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, nil, err
	}
	l, p, err := Verify(data)
	if err != nil {
		return nil, nil, err
	}
	if p != nil {
		l = l.upTo(p)
	}
	l, _, err = witnessed(path, l)
	if err != nil {
		return nil, nil, err
	}
	return l, l.Damage, nil
}

// check returns the first chain problem of l's records, or l.Damage.
func (l *Log) check() *Problem {
	for i, r := range l.Records {
		p := &Problem{Index: i + 1, Offset: l.Offsets[i], Seq: r.Seq}
		wantSeq, wantPrev := uint64(1), ""
		if i > 0 {
			wantSeq, wantPrev = l.Records[i-1].Seq+1, l.Hashes[i-1]
		}
		switch {
		case r.Seq > wantSeq:
			if laterHas(l.Records[i+1:], wantSeq) {
				p.What = "reordered"
				p.Msg = fmt.Sprintf("seq %d comes where seq %d should: records were moved", r.Seq, wantSeq)
			} else {
				p.What = "removed"
				if r.Seq-1 == wantSeq {
					p.Msg = fmt.Sprintf("seq %d is missing before it", wantSeq)
				} else {
					p.Msg = fmt.Sprintf("seqs %d to %d are missing before it", wantSeq, r.Seq-1)
				}
			}
			return p
		case r.Seq < wantSeq:
			if j := slices.Index(l.Hashes[:i], l.Hashes[i]); j >= 0 {
				p.What = "duplicated"
				p.Msg = fmt.Sprintf("it repeats record %d (seq %d) byte for byte", j+1, l.Records[j].Seq)
				return p
			}
			p.What = "reordered"
			p.Msg = fmt.Sprintf("seq %d comes after seq %d: records were moved", r.Seq, wantSeq-1)
			return p
		case r.Prev != wantPrev:
			// r holds the hash its predecessor had when r was written:
			// the predecessor changed since (or r's Prev was).
			if i == 0 {
				p.What = "altered"
				p.Msg = "the first record holds a previous hash: records were removed before it or it was altered"
				return p
			}
			q := &Problem{Index: i, Offset: l.Offsets[i-1], Seq: l.Records[i-1].Seq, What: "altered"}
			q.Msg = fmt.Sprintf("its content hashes to %.16s..., but the next record (seq %d) holds %.16s...: it was changed after it was written", wantPrev, r.Seq, r.Prev)
			return q
		}
	}
	return l.Damage
}

// upTo returns l cut just before the record p names (p from check): the
// records that precede every problem, with p as the Damage.
func (l *Log) upTo(p *Problem) *Log {
	n := p.Index - 1
	c := &Log{Records: l.Records[:n], Offsets: l.Offsets[:n], Hashes: l.Hashes[:n], Size: p.Offset, Damage: p}
	return c
}

func laterHas(rs []Record, seq uint64) bool {
	for _, r := range rs {
		if r.Seq == seq {
			return true
		}
	}
	return false
}
