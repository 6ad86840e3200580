package latest

import (
	"sync"
	"testing"
)

func TestValue_SlowReaderGetsNewest(t *testing.T) {
	v := New(0)
	ch, cancel := v.Subscribe()
	defer cancel()
	if got := <-ch; got != 0 {
		t.Fatalf("first value %d, want 0", got)
	}
	for i := 1; i <= 100; i++ {
		v.Store(i) // never blocks although nobody reads
	}
	if got := <-ch; got != 100 {
		t.Errorf("slow reader got %d, want the newest (100)", got)
	}
	select {
	case got := <-ch:
		t.Errorf("a stale value %d after the newest", got)
	default:
	}
	if v.Load() != 100 {
		t.Errorf("Load %d", v.Load())
	}
}

func TestValue_CancelAndClose(t *testing.T) {
	v := New("a")
	ch1, cancel1 := v.Subscribe()
	ch2, _ := v.Subscribe()
	<-ch1
	<-ch2
	cancel1()
	cancel1() // twice is fine
	if _, ok := <-ch1; ok {
		t.Error("cancelled subscription still open")
	}
	v.Close()
	v.Close()
	if _, ok := <-ch2; ok {
		t.Error("subscription open after Close")
	}
	ch3, cancel3 := v.Subscribe()
	defer cancel3()
	if got, ok := <-ch3; !ok || got != "a" {
		t.Errorf("subscription after Close: %q %v, want the newest value then closed", got, ok)
	}
	if _, ok := <-ch3; ok {
		t.Error("subscription after Close stays open")
	}
	v.Store("b") // after Close: Load only
	if v.Load() != "b" {
		t.Error("Store after Close")
	}
}

func TestValue_ConcurrentUpdates(t *testing.T) {
	v := New(0)
	ch, cancel := v.Subscribe()
	defer cancel()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				v.Update(func(n int) int { return n + 1 })
			}
		}()
	}
	go func() {
		for range ch {
		}
	}()
	wg.Wait()
	if got := v.Load(); got != 8000 {
		t.Errorf("after 8000 updates: %d", got)
	}
}
