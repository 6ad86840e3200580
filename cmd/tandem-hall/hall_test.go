package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/config"
	"tandem/hall/hub"
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
	go func() { done <- serveHall(ctx, opts, nil, "", &out, &errb) }()
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
	if code := run([]string{"--config", bad}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.toml:2: hub.max_store:") {
		t.Fatalf("bad config: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"--bogus"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "Usage: tandem-hall") {
		t.Fatalf("bad flag: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"--listen", "nope", "--store", dir}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not host:port") {
		t.Fatalf("bad listen: %d %q", code, errb.String())
	}
	// A refused start makes no hall CA, in the store or in the working
	// directory (the default store's).
	for _, d := range []string{filepath.Join(dir, "tls"), config.DefaultHubStore} {
		if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s after a refused start: %v", d, err)
		}
	}
}

// A busy port fails at once, naming where the address comes from; a store
// another hub holds is refused with that hub's pid.
func TestHall_BusyListenAndStore(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfgPath := filepath.Join(dir, "hub.toml")
	os.WriteFile(cfgPath, []byte("[hub]\nlisten = \""+ln.Addr().String()+"\"\n"), 0o644)
	var out, errb bytes.Buffer
	code := run([]string{"--config", cfgPath, "--store", filepath.Join(dir, "s1"), "--dashboard", "off"}, nil, &out, &errb)
	want := "tandem-hall: hall: listen " + ln.Addr().String() + ": address already in use ([hub] listen in " + cfgPath + ":2)\n"
	if code != 1 || errb.String() != want {
		t.Fatalf("busy port: %d %q, want %q", code, errb.String(), want)
	}

	store := filepath.Join(dir, "s2")
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: store})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	errb.Reset()
	code = run([]string{"--listen", "127.0.0.1:0", "--store", store, "--dashboard", "off"}, nil, &out, &errb)
	want = fmt.Sprintf("tandem-hall: hall: the store %s is in use by another hub (pid %d): stop it, or give this hub another store ([hub] store, --store)\n", store, os.Getpid())
	if code != 1 || errb.String() != want {
		t.Fatalf("store in use: %d %q, want %q", code, errb.String(), want)
	}
}

// The server's refusal of a table's login is printed on the hub's stdout.
func TestHall_RefusalPrinted(t *testing.T) {
	opts := &hub.Opts{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Tables: []hub.TableAuth{{ID: "t1", User: "one", Password: "pw"}}}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int)
	go func() { done <- serveHall(ctx, opts, nil, "", &out, &errb) }()
	var url string
	deadline := time.Now().Add(10 * time.Second)
	for url == "" {
		if time.Now().After(deadline) {
			t.Fatalf("no start line: %q %q", out.String(), errb.String())
		}
		if _, rest, ok := strings.Cut(out.String(), "NATS for the tables at "); ok {
			url, _, _ = strings.Cut(rest, " ")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if nc, err := nats.Connect(url, nats.UserInfo("one", "wrong")); err == nil {
		nc.Close()
		t.Fatal("a wrong password connected")
	}
	want := `hall: refused: login refused for table t1's user "one" (from 127.0.0.1)`
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no refusal line in %q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}
