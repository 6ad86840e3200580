package journal

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// writeN writes n event records to a new file and returns its bytes.
func writeN(t *testing.T, n int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec")
	w, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		ev := rules.Event{Kind: rules.Press, Seat: bughouse.Seat(i % 4), At: time.Duration(i) * time.Second}
		w.Append(Record{Kind: KindEvent, Match: "m", At: ev.At, Wall: time.Unix(int64(i), 0).UTC(), Event: &ev, Text: ev.String()}, 0)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return mustRead(t, path)
}

// frames splits a record file into its header and frames.
func frames(data []byte) (head []byte, fs [][]byte) {
	head, rest := data[:len(Header)], data[len(Header):]
	for len(rest) > 0 {
		n := frameHead + int(binary.LittleEndian.Uint32(rest))
		fs = append(fs, rest[:n])
		rest = rest[n:]
	}
	return head, fs
}

func join(head []byte, fs [][]byte) []byte {
	b := append([]byte(nil), head...)
	for _, f := range fs {
		b = append(b, f...)
	}
	return b
}

// reframe changes a frame's payload with f and fixes its CRC, as a forger
// who knows the format would.
func reframe(t *testing.T, fr []byte, f func(*Record)) []byte {
	t.Helper()
	var r Record
	if err := json.Unmarshal(fr[frameHead:], &r); err != nil {
		t.Fatal(err)
	}
	f(&r)
	p, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return frame(nil, p)
}

func TestVerify_Intact(t *testing.T) {
	l, p, err := Verify(writeN(t, 10))
	if err != nil || p != nil || len(l.Records) != 10 || l.Torn != "" {
		t.Fatalf("intact record: %v %v, %d records, torn %q", p, err, len(l.Records), l.Torn)
	}
}

func TestVerify_Altered_PointsAtTheRecord(t *testing.T) {
	head, fs := frames(writeN(t, 10))
	fs[3] = reframe(t, fs[3], func(r *Record) { r.At += time.Second; r.Event.At += time.Second })
	_, p, err := Verify(join(head, fs))
	if err != nil || p == nil || p.What != "altered" || p.Index != 4 || p.Seq != 4 {
		t.Fatalf("got %v (%v), want record 4 altered", p, err)
	}
}

func TestVerify_Removed(t *testing.T) {
	head, fs := frames(writeN(t, 10))
	fs = append(fs[:4], fs[5:]...) // seq 5 gone
	_, p, _ := Verify(join(head, fs))
	if p == nil || p.What != "removed" || p.Index != 5 || p.Seq != 6 || !strings.Contains(p.Msg, "seq 5 is missing") {
		t.Fatalf("got %v, want seq 5 removed before record 5", p)
	}
	// Removing the first record too.
	head, fs = frames(writeN(t, 3))
	_, p, _ = Verify(join(head, fs[1:]))
	if p == nil || p.What != "removed" || p.Index != 1 {
		t.Fatalf("got %v, want the first record removed", p)
	}
}

func TestVerify_Reordered(t *testing.T) {
	head, fs := frames(writeN(t, 10))
	fs[5], fs[6] = fs[6], fs[5]
	_, p, _ := Verify(join(head, fs))
	if p == nil || p.What != "reordered" || p.Index != 6 || p.Seq != 7 {
		t.Fatalf("got %v, want record 6 (seq 7) reordered", p)
	}
}

func TestVerify_DamagedMidFile(t *testing.T) {
	data := writeN(t, 5)
	_, fs := frames(data)
	off := len(Header) + len(fs[0]) + len(fs[1]) + frameHead + 3 // inside record 3's payload
	data[off] ^= 0x20
	l, p, _ := Verify(data)
	if p == nil || p.What != "damaged" || p.Index != 3 || len(l.Records) != 2 {
		t.Fatalf("got %v with %d records, want record 3 damaged", p, len(l.Records))
	}
	// Open refuses to append after damage.
	path := filepath.Join(t.TempDir(), "rec")
	os.WriteFile(path, data, 0o644)
	if _, _, err := Open(path, nil); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("Open of a damaged record: %v", err)
	}
}

// TestTornTail_EveryCut cuts the file at every byte of its last frame (and
// pads with zeros as a file system may): Load drops the torn frame, never
// fails, and Open truncates it and goes on appending a chain that
// verifies (sampled: every 16th cut and the last).
func TestTornTail_EveryCut(t *testing.T) {
	data := writeN(t, 4)
	_, fs := frames(data)
	start := len(data) - len(fs[3])
	for cut := start; cut < len(data); cut++ {
		for _, pad := range []int{0, 7} {
			b := append(append([]byte(nil), data[:cut]...), make([]byte, pad)...)
			l, err := Load(b)
			if err != nil || l.Damage != nil || len(l.Records) != 3 || (l.Torn == "" && !(cut == start && pad == 0)) {
				t.Fatalf("cut %d pad %d: %v damage %v, %d records, torn %q", cut, pad, err, l.Damage, len(l.Records), l.Torn)
			}
			if (cut-start)%16 != 0 && cut != len(data)-1 {
				continue // Open syncs a real file: a sample of cuts is enough
			}
			path := filepath.Join(t.TempDir(), "rec")
			os.WriteFile(path, b, 0o644)
			w, _, err := Open(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			w.Append(Record{Kind: KindCheckpoint, Match: "m"}, 0)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			l, p, err := Verify(mustRead(t, path))
			if err != nil || p != nil || len(l.Records) != 4 || l.Records[3].Seq != 4 {
				t.Fatalf("cut %d pad %d, after append: %v %v, %d records", cut, pad, p, err, len(l.Records))
			}
		}
	}
}

func TestLoad_NotARecord(t *testing.T) {
	if _, err := Load([]byte("hello, this is not a record\n")); err != ErrNotRecord {
		t.Fatalf("got %v", err)
	}
}

// TestLoad_NeverPanics: any bytes after the header read as records, a torn
// tail or damage; never a panic or an error.
func TestLoad_NeverPanics(t *testing.T) {
	good := writeN(t, 3)
	rapid.Check(t, func(t *rapid.T) {
		b := append([]byte(Header), rapid.SliceOf(rapid.Byte()).Draw(t, "tail")...)
		if rapid.Bool().Draw(t, "fromGood") {
			b = append([]byte(nil), good...)
			i := rapid.IntRange(len(Header), len(b)-1).Draw(t, "i")
			b[i] = rapid.Byte().Draw(t, "v")
		}
		if _, err := Load(b); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(Header))
	f.Add(append([]byte(Header), 1, 0, 0, 0, 0, 0, 0, 0, '{'))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, p, err := Verify(b)
		if err == nil && l == nil || err == nil && p != nil && p.Index < 1 {
			t.Fatalf("bad result %v %v %v", l, p, err)
		}
	})
}

func TestOptions_RoundTripEveryPreset(t *testing.T) {
	for _, p := range rules.Presets() {
		m, err := EncodeOptions(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		o, err := DecodeOptions(m)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		m2, _ := EncodeOptions(o)
		if !mapsEqual(m, m2) {
			t.Errorf("%s: %v != %v", p.Name, m, m2)
		}
		if got := PresetOf(o); got != p.Name {
			t.Errorf("PresetOf(%s) = %s", p.Name, got)
		}
	}
	o := preset(t, "reglamento")
	c, err := clock.Parse("3m")
	if err != nil {
		t.Fatal(err)
	}
	c.IncrementBeforeFirstMove = o.Control.IncrementBeforeFirstMove
	o.SeatControls[bughouse.AWhite] = &c
	m, _ := EncodeOptions(o)
	o2, err := DecodeOptions(m)
	if err != nil || o2.SeatControls[bughouse.AWhite] == nil || o2.SeatControls[bughouse.AWhite].String() != c.String() {
		t.Fatalf("handicap: %v %v", o2.SeatControls, err)
	}
	if PresetOf(o) != "custom" {
		t.Error("a handicap is no preset")
	}
	var buf bytes.Buffer
	if err := WriteTimeline(&buf, &Match{Options: o}); err != ErrHandicap {
		t.Errorf("timeline of a handicap: %v", err)
	}
	if _, err := DecodeOptions(map[string]string{"control": "5m"}); err == nil {
		t.Error("missing keys must be refused")
	}
}

func TestFind(t *testing.T) {
	ms := []*Match{{Begin: Record{Match: "20261129-210000-aaaa"}}, {Begin: Record{Match: "20261129-213000-bbbb"}}, {Begin: Record{Match: "20261129-213000-bbcc"}}}
	for _, tc := range []struct {
		id, want string
		ok       bool
	}{
		{"last", "20261129-213000-bbcc", true},
		{"20261129-21", "", false}, // three match: ambiguous
		{"20261129-2100", "20261129-210000-aaaa", true},
		{"20261129-213000-bbbb", "20261129-213000-bbbb", true},
		{"2025", "", false},
	} {
		m, err := Find(ms, tc.id)
		if tc.ok != (err == nil) || err == nil && m.ID() != tc.want {
			t.Errorf("Find(%q) = %v, %v; want %q", tc.id, m, err, tc.want)
		}
	}
	if _, err := Find(nil, "last"); err == nil {
		t.Error("Find in an empty record")
	}
}

// TestWriter_Property: any records, appended in any batches, read back
// equal and in order, with an intact chain; the file cut at any byte reads
// back as a prefix of them (a torn tail dropped, never damage).
func TestWriter_Property(t *testing.T) {
	dir := t.TempDir()
	n := 0
	rapid.Check(t, func(rt *rapid.T) {
		n++
		path := filepath.Join(dir, fmt.Sprint(n))
		w, _, err := Open(path, nil)
		if err != nil {
			rt.Fatal(err)
		}
		var want []Record
		for i := range rapid.IntRange(1, 30).Draw(rt, "n") {
			ev := rules.Event{Kind: rules.Kind(rapid.IntRange(1, 10).Draw(rt, "kind")), Seat: bughouse.Seat(rapid.IntRange(0, 3).Draw(rt, "seat")),
				At: time.Duration(rapid.Int64Range(0, 1<<40).Draw(rt, "at"))}
			r := Record{Kind: KindEvent, Match: rapid.StringMatching(`[a-z0-9-]{0,20}`).Draw(rt, "match"), At: ev.At,
				Event: &ev, Ignored: rapid.String().Draw(rt, "ignored")}
			r.Seq = w.Append(r, uint64(i))
			want = append(want, r)
			if rapid.Bool().Draw(rt, "sync") {
				if err := w.Sync(context.Background()); err != nil {
					rt.Fatal(err)
				}
			}
		}
		if err := w.Close(); err != nil {
			rt.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		l, p, err := Verify(data)
		if err != nil || p != nil || len(l.Records) != len(want) {
			rt.Fatalf("%v %v: %d records, want %d", p, err, len(l.Records), len(want))
		}
		for i, r := range l.Records {
			w := want[i]
			if r.Seq != uint64(i+1) || r.Seq != w.Seq || r.Match != w.Match || r.At != w.At || *r.Event != *w.Event || r.Ignored != w.Ignored {
				rt.Fatalf("record %d: %+v, want %+v", i, r, w)
			}
		}
		cut := rapid.IntRange(len(Header), len(data)).Draw(rt, "cut")
		lc, err := Load(data[:cut])
		if err != nil || lc.Damage != nil || len(lc.Records) > len(want) {
			rt.Fatalf("cut at %d: %v %v", cut, err, lc.Damage)
		}
		for i, r := range lc.Records {
			if r.Seq != want[i].Seq {
				rt.Fatalf("cut at %d: record %d is seq %d", cut, i, r.Seq)
			}
		}
	})
}

// A record written before the seeds' options existed lacks their keys:
// it reads as the match was played then (rules.AddedOptionKeys), and an
// event recorded then (no accused) reads as before.
func TestDecodeOptions_RecordBeforeTheSeedsOptions(t *testing.T) {
	o := preset(t, "uscf-fics")
	m, err := EncodeOptions(o)
	if err != nil {
		t.Fatal(err)
	}
	for k := range rules.AddedOptionKeys {
		delete(m, k)
	}
	m["start"], m["one_board_draw"] = "arbiter", "other-continues" // as the old preset wrote them
	old, err := DecodeOptions(m)
	if err != nil {
		t.Fatal(err)
	}
	if old.ClaimIllegal != rules.ClaimBoardOpponent || old.DrawAgreement != rules.AgreeOneBoard || old.DeadlockDraw || old.MoveLimit != 0 ||
		old.FiftyMoveDraw || old.Format != rules.FormatFirstDecision || old.NoShowTolerance != 0 {
		t.Errorf("an old record's options %+v: want what tandem did before the keys", old)
	}
	var e rules.Event
	if err := json.Unmarshal([]byte(`{"Kind":6,"At":2000000000,"Seat":1,"Board":0,"Delta":0,"Outcome":0,"Reason":5,"Run":{"Set":[false,false],"Seat":[0,0]}}`), &e); err != nil {
		t.Fatal(err)
	}
	if e.AccusedSet || e.Accuses() != bughouse.AWhite || e.String() != "claim A-black illegal-move" {
		t.Errorf("an old claim reads as %+v (%s)", e, e.String())
	}
	b, _ := json.Marshal(rules.Event{Kind: rules.Claim, Seat: bughouse.BWhite, Reason: rules.IllegalMove, Accused: bughouse.AWhite, AccusedSet: true})
	var back rules.Event
	if err := json.Unmarshal(b, &back); err != nil || !back.AccusedSet || back.Accused != bughouse.AWhite {
		t.Errorf("%s reads back as %+v (%v)", b, back, err)
	}
}
