package bpgn

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestParse_AttackManyTags: a record of 120 000 tags (3.8 MB) took 57 s:
// each tag was checked against every tag before it. A repeat is now
// found in a map, and the tag after MaxTags is refused, naming its line.
// The work is bounded by what is allocated (counted, not timed): the old
// parser kept every tag.
func TestParse_AttackManyTags(t *testing.T) {
	var b strings.Builder
	for i := range 120_000 {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse([]byte(b.String()))
	runtime.ReadMemStats(&after)
	var e *Error
	want := fmt.Sprintf("line %d: more than %d tags", MaxTags+1, MaxTags)
	if !errors.As(err, &e) || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("Parse allocated %d MB", n>>20)
	}
	// A repeat is still found, at MaxTags tags.
	var r strings.Builder
	for i := range MaxTags - 1 {
		fmt.Fprintf(&r, "[T%d \"v\"]\n", i)
	}
	r.WriteString("[T7 \"again\"]\n")
	if _, err := Parse([]byte(r.String())); err == nil || err.Error() != fmt.Sprintf("line %d: tag T7 appears twice", MaxTags) {
		t.Errorf("a repeated tag: %v", err)
	}
}
