package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/config"
	"tandem/hall/dashboard"
	"tandem/tournament"
)

// tandem-hall serves the dashboard beside the hub: the start line gives
// its address and the generated PIN, the page and its state answer, and a
// cancel stops both.
func TestHall_ServesTheDashboard(t *testing.T) {
	dir := t.TempDir()
	tn, err := tournament.Load(filepath.Join("..", "..", "docs", "examples", "tournament.toml"))
	if err != nil {
		t.Fatal(err)
	}
	opts := hubOpts(hubConfig(t), "", "127.0.0.1:0", filepath.Join(dir, "store"))
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int)
	go func() {
		done <- serveHall(ctx, opts, &hallDashboard{Listen: "127.0.0.1:0", Tournament: tn}, "", &out, &errb)
	}()
	re := regexp.MustCompile(`hall: dashboard (http://127\.0\.0\.1:\d+/) · arbiter PIN (\d{6}) \(generated`)
	deadline := time.Now().Add(10 * time.Second)
	var m []string
	for m = re.FindStringSubmatch(out.String()); m == nil; m = re.FindStringSubmatch(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("no dashboard line: %q %q", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	code := regexp.MustCompile(`hall: dashboard one-time code ([A-Z]{3}-[A-Z]{3}-[A-Z]{3}) \(`).FindStringSubmatch(out.String())
	if code == nil {
		t.Errorf("no one-time code line: %q", out.String())
	} else {
		resp, err := http.Post(m[1]+"api/login", "application/json", strings.NewReader(`{"pin":"000000"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for !strings.Contains(out.String(), "hall: dashboard: wrong PIN from 127.0.0.1 (1 wrong PINs counted)") {
			if time.Now().After(deadline) {
				t.Fatalf("no failed login line: %q", out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !strings.Contains(out.String(), `hall: tournament "`+tn.Name+`"`) {
		t.Errorf("out %q", out.String())
	}
	for _, path := range []string{"", "api/state"} {
		resp, err := http.Get(m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || (path == "" && !bytes.Contains(body, []byte("TANDEM HALL"))) ||
			(path != "" && !bytes.Contains(body, []byte(`"tournament":{"name":`))) {
			t.Errorf("GET /%s: %d %.200s", path, resp.StatusCode, body)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "store")); err != nil {
		t.Errorf("store: %v", err)
	}
}

func TestHall_DashboardFlagsAndTournamentErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "t.toml")
	os.WriteFile(bad, []byte("name = \"X\"\nrounds = 3\n[[team]]\nname = \"A\"\nplayers = [{ name = \"a\" }]\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{"--store", dir, "--tournament", bad}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "t.toml:") {
		t.Fatalf("bad tournament: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"--dashboard", "nope"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--dashboard \"nope\"") {
		t.Fatalf("bad dashboard: %d %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"--dashboard", "off", "--tournament", bad}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--tournament needs the dashboard") {
		t.Fatalf("tournament without dashboard: %d %q", code, errb.String())
	}
}

// hubConfig is an empty [hub]: no table credentials.
func hubConfig(t *testing.T) config.Hub {
	t.Helper()
	return config.Default().Hub
}

// The one-PC walkthrough's simulated table plays a table of the example
// tournament's round (6 teams: tables 1 to 3), so that it gets players
// when round 1 is uploaded (docs/hall.md).
func TestHallExample_SimTablePlaysATournamentTable(t *testing.T) {
	cfg, err := config.Load(filepath.Join("..", "..", "docs", "examples", "hall-table-sim.toml"))
	if err != nil {
		t.Fatal(err)
	}
	tn, err := tournament.Load(filepath.Join("..", "..", "docs", "examples", "tournament.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if n := dashboard.TableNumber(cfg.Hall.Table); n < 1 || n > len(tn.Teams)/2 {
		t.Errorf("hall-table-sim.toml's table %q plays table %d; the example tournament's rounds have tables 1 to %d",
			cfg.Hall.Table, n, len(tn.Teams)/2)
	}
}
