package journal

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/rules"
	"tandem/table"
)

// benchRecord is a typical press record.
func benchRecord(i int) Record {
	ev := rules.Event{Kind: rules.Press, Seat: bughouse.Seat(i % 4), At: time.Duration(i) * 731 * time.Millisecond}
	clocks := [4]time.Duration{4 * time.Minute, 4*time.Minute + 3*time.Second, 3 * time.Minute, 2 * time.Minute}
	return Record{Kind: KindEvent, Match: "20261129-212200-3f9a", At: ev.At, Wall: time.Now().UTC(), Event: &ev, Text: ev.String(), Clocks: &clocks}
}

// reportLatency reports the p50 and p99 of ds (ns) as metrics.
func reportLatency(b *testing.B, ds []time.Duration) {
	slices.Sort(ds)
	if len(ds) == 0 {
		return
	}
	b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), "p50-ns/event")
	b.ReportMetric(float64(ds[len(ds)*99/100].Nanoseconds()), "p99-ns/event")
}

// BenchmarkEventDurable is the per-event write latency of the record on
// this machine's disk: one event appended, then waited for until it is
// written and fsync'd (the worst case: no other record shares its sync).
// Metrics p50-ns/event and p99-ns/event.
func BenchmarkEventDurable(b *testing.B) {
	w, _, err := Open(filepath.Join(b.TempDir(), "rec"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	ctx := context.Background()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		w.Append(benchRecord(i), 0)
		if err := w.Sync(ctx); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	reportLatency(b, ds)
}

// BenchmarkPressRecorded is the press handling of the loop with the record
// on (the recorder only queues): Do's round trip, the same with or without
// a disk behind it. Compare BenchmarkPressUnrecorded.
func BenchmarkPressRecorded(b *testing.B)   { benchPress(b, true) }
func BenchmarkPressUnrecorded(b *testing.B) { benchPress(b, false) }

func benchPress(b *testing.B, record bool) {
	p, _ := rules.LookupPreset("reglamento")
	o := p.Options
	c := o.Control
	c.Stages = slices.Clone(c.Stages)
	c.Stages[0].Time = 24 * time.Hour // no flag during the run
	o.Control = c
	topts := &table.Opts{Options: o, Queue: 1024}
	var w *Writer
	if record {
		var err error
		w, _, err = Open(filepath.Join(b.TempDir(), "rec"), nil)
		if err != nil {
			b.Fatal(err)
		}
		topts.Record = NewRecorder(w, "").Entry
	}
	tb, err := table.New(topts)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { tb.Run(ctx); close(done) }()
	tb.Do(ctx, rules.Event{Kind: rules.Start}, time.Now())
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		if _, err := tb.Do(ctx, rules.Event{Kind: rules.Press, Seat: []bughouse.Seat{bughouse.AWhite, bughouse.ABlack}[i%2]}, t0); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	cancel()
	<-done
	if w != nil {
		w.Close()
	}
	reportLatency(b, ds)
}
