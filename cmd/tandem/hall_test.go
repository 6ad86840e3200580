package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/config"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestHall_ServesUntilCancelled(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "hub.toml")
	os.WriteFile(cfgPath, []byte("[hub]\nlisten = \"127.0.0.1:1\"\n[hub.tables.t1]\nuser = \"a\"\npassword = \"b\"\n"), 0o644)
	c, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	// The flags win over the file.
	opts := hubOpts(c.Hub, "", "127.0.0.1:0", filepath.Join(dir, "store"))
	if opts.Listen != "127.0.0.1:0" || len(opts.Tables) != 1 || opts.Tables[0].User != "a" {
		t.Fatalf("opts %+v", opts)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int)
	go func() { done <- serveHall(ctx, opts, nil, &out, &errb) }()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "1 tables with credentials") {
		if time.Now().After(deadline) {
			t.Fatalf("no start line: %q %q", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "hall: NATS for the tables at nats://127.0.0.1:") {
		t.Errorf("out %q", out.String())
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

func TestHall_BadConfigAndFlags(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[hub]\nmax_store = \"lots\"\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"hall", "--config", bad}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.toml:2: hub.max_store:") {
		t.Fatalf("bad config: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"hall", "--bogus"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "Usage: tandem hall") {
		t.Fatalf("bad flag: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"hall", "--listen", "nope", "--store", dir}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "not host:port") {
		t.Fatalf("bad listen: %d %q", code, errb.String())
	}
}
