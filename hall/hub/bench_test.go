package hub

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"tandem/hall"
)

// BenchmarkLink_CatchUp measures the catch-up after an outage: b.N
// records already on the table's disk, published one at a time, each
// acknowledged by the hub's JetStream (file storage, sync always) before
// the next. Reported as records per second.
func BenchmarkLink_CatchUp(b *testing.B) {
	dir := b.TempDir()
	h, err := New(&Opts{Listen: "127.0.0.1:0", StoreDir: filepath.Join(dir, "store")})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	rec := openRecord(b, filepath.Join(dir, "t.db"))
	for rec.n < uint64(b.N) {
		rec.match(b, "m", 50)
	}
	b.ResetTimer()
	start := time.Now()
	l, err := hall.NewLink(&hall.LinkOpts{URL: h.URL(), Table: "tb", RecordFile: rec.path, Reconnect: 10 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	rec.attach(b, l)
	for {
		n, err := h.LastRecord(context.Background(), "tb")
		if err == nil && n == rec.n {
			break
		}
		time.Sleep(time.Millisecond)
	}
	b.StopTimer()
	b.ReportMetric(float64(rec.n)/time.Since(start).Seconds(), "records/s")
}
