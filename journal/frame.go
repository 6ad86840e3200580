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
	"os"
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
	// the first damage or the torn tail.
	Records []Record
	// Offsets[i] is the file offset of Records[i]'s frame.
	Offsets []int64
	// Hashes[i] is the SHA-256 (hex) of Records[i]'s payload.
	Hashes []string
	// Size is the offset just after the last good frame: where the next
	// record goes once a torn tail is truncated.
	Size int64
	// Torn describes a torn last frame that was dropped ("" when none).
	Torn string
	// Damage is the first frame that is neither good nor a torn tail, nil
	// when none: Records stop before it.
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
	// "removed" or "reordered".
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

// LoadFile reads the record file at path (Load).
func LoadFile(path string) (*Log, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(data)
}

// Load reads a record file's frames. A last frame cut short or failing its
// CRC, with nothing after it (or only zero bytes, as a file system may
// leave after a cut), is a torn tail: dropped and described in Log.Torn.
// Any other bad frame stops the reading and is Log.Damage. An empty input
// is an empty Log (a new file); an input not starting with Header is
// ErrNotRecord. Load does not check the hash chain (Verify does).
func Load(data []byte) (*Log, error) {
	l := &Log{}
	if len(data) == 0 {
		return l, nil
	}
	if len(data) < len(Header) {
		if bytes.HasPrefix([]byte(Header), data) {
			l.Torn = "the header is cut short"
			return l, nil
		}
		return nil, ErrNotRecord
	}
	if string(data[:len(Header)]) != Header {
		return nil, ErrNotRecord
	}
	off := int64(len(Header))
	l.Size = off
	for off < int64(len(data)) {
		rest := data[off:]
		idx := len(l.Records) + 1
		torn := func(msg string) { l.Torn = fmt.Sprintf("record %d at offset %d: %s", idx, off, msg) }
		damaged := func(msg string) {
			l.Damage = &Problem{Index: idx, Offset: off, What: "damaged", Msg: msg}
		}
		if len(rest) < frameHead {
			torn("the frame header is cut short")
			break
		}
		n := int64(binary.LittleEndian.Uint32(rest))
		sum := binary.LittleEndian.Uint32(rest[4:])
		if n == 0 && allZero(rest) {
			torn("zero bytes after the last record")
			break
		}
		if n == 0 || n > MaxPayload {
			if frameHead+n >= int64(len(rest)) || n > MaxPayload && allZero(rest[frameHead:]) {
				torn(fmt.Sprintf("length %d is not a record's", n))
			} else {
				damaged(fmt.Sprintf("length %d is not a record's", n))
			}
			break
		}
		if frameHead+n > int64(len(rest)) {
			torn(fmt.Sprintf("the frame is cut short (%d of %d bytes)", len(rest)-frameHead, n))
			break
		}
		payload := rest[frameHead : frameHead+n]
		last := frameHead+n == int64(len(rest)) || allZero(rest[frameHead+n:])
		if crc32.Checksum(payload, castagnoli) != sum {
			if last {
				torn("its checksum does not match (cut while written)")
			} else {
				damaged("its checksum does not match: the bytes were changed")
			}
			break
		}
		var r Record
		if err := json.Unmarshal(payload, &r); err != nil {
			damaged(fmt.Sprintf("its checksum matches but it does not read: %v", err))
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

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

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

func laterHas(rs []Record, seq uint64) bool {
	for _, r := range rs {
		if r.Seq == seq {
			return true
		}
	}
	return false
}
