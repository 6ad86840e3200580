package clock_test

import (
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
)

// BenchmarkPairPress measures one press on a running pair. Each turn lasts
// 1 µs and the increment is 1 µs, so the banks never run down however large
// b.N is.
func BenchmarkPairPress(b *testing.B) {
	c := clock.Fischer(5*time.Minute, time.Microsecond)
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at := time.Duration(i+1) * time.Microsecond
		if err := p.Press(bughouse.Color(i&1), at); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPairNextFlag measures the flag instant computation.
func BenchmarkPairNextFlag(b *testing.B) {
	c, _ := clock.Parse("40/90m+30s, 30m+30s")
	p := clock.NewPair(c, c)
	p.Start(bughouse.White, 0)
	b.ReportAllocs()
	b.ResetTimer()
	var sink time.Duration
	for i := 0; i < b.N; i++ {
		f, _, _ := p.NextFlag()
		sink += f
	}
	_ = sink
}
