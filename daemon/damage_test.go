package daemon

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/journal"
	"tandem/rules"
)

// recordTwoPresses records a match started, two presses and a pause, and
// returns the file's bytes and its Log.
func recordTwoPresses(t *testing.T, path string) ([]byte, *journal.Log) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		d, err := Start(context.Background(), recordConfig(t, path), nil)
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
	l, err := journal.Load(data)
	if err != nil || len(l.Records) < 5 {
		t.Fatalf("%v, %d records", err, len(l.Records))
	}
	return data, l
}

// TestRecord_DamageIsNeverTakenForATornTail: a length bit flipped in the
// middle of the record (the frame then reaches past the end of the file)
// and a frame written twice are damage, not a torn tail: the table keeps
// the file byte for byte (it used to cut it back to the records before the
// flip, deleting the rest), restores the part before the damage, paused,
// records nothing, and says so (Info.RecordErr, which the console, the
// displays and the hall show, and the run log).
func TestRecord_DamageIsNeverTakenForATornTail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(data []byte, l *journal.Log) []byte
		what   string
	}{
		{"length flipped", func(data []byte, l *journal.Log) []byte {
			data[l.Offsets[3]+1] ^= 0x80 // the second press's length + 32768
			return data
		}, "damaged"},
		{"frame duplicated", func(data []byte, l *journal.Log) []byte {
			fr := data[l.Offsets[3]:l.Offsets[4]]
			return append(append(append([]byte(nil), data[:l.Offsets[4]]...), fr...), data[l.Offsets[4]:]...)
		}, "duplicated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tandem.db")
			data, l := recordTwoPresses(t, path)
			data = tc.change(data, l)
			os.WriteFile(path, data, 0o644)
			synctest.Test(t, func(t *testing.T) {
				var log syncBuf
				d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
				if err != nil {
					t.Fatal(err)
				}
				defer d.Close()
				in := d.Table.Snapshot()
				if !strings.Contains(in.RecordErr, tc.what) || !in.Recovered || !strings.Contains(log.String(), "recording failed") {
					t.Fatalf("Info %+v, log %q", in, log.String())
				}
				s := d.Table.Snapshot()
				wantB := 0
				if tc.what == "duplicated" {
					wantB = 1 // the records up to the repeated press are good
				}
				if s.Status != rules.Paused || s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.ABlack].Moves != wantB {
					t.Fatalf("restored %v, moves %d/%d", s.Status, s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
				}
				do(t, d, rules.Event{Kind: rules.Resume}, d.Table.Epoch().Add(d.Table.Snapshot().At+time.Second))
			})
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Errorf("the damaged record was changed: %d bytes, was %d", len(after), len(data))
			}
		})
	}
}

// TestRecord_TornTailCutIsReported: a torn tail is cut away at open, and
// the run log says so with the bytes cut.
func TestRecord_TornTailCutIsReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tandem.db")
	data, _ := recordTwoPresses(t, path)
	// A power cut during the last group commit: its witness never
	// written, its last frame cut short.
	if _, err := journal.CutWitness(path); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, data[:len(data)-7], 0o644)
	synctest.Test(t, func(t *testing.T) {
		var log syncBuf
		d, err := Start(context.Background(), recordConfig(t, path), &Opts{Out: &log})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if !strings.Contains(log.String(), "torn last record cut away at open") || d.Table.Snapshot().RecordErr != "" {
			t.Fatalf("log %q, RecordErr %q", log.String(), d.Table.Snapshot().RecordErr)
		}
	})
}
