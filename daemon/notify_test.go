package daemon

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// listenNotify makes a socket like systemd's NOTIFY_SOCKET and returns a
// function that reads the next message (failing the test after 10 s, which
// only a broken feeding reaches).
func listenNotify(t *testing.T) func() string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "notify.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	t.Setenv("NOTIFY_SOCKET", path)
	return func() string {
		t.Helper()
		buf := make([]byte, 256)
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("no message from the daemon: %v", err)
		}
		return string(buf[:n])
	}
}

// Under systemd: READY=1 once started, WATCHDOG=1 fed through the loop,
// STOPPING=1 at Close.
func TestNotify_ReadyWatchdogStopping(t *testing.T) {
	next := listenNotify(t)
	t.Setenv("WATCHDOG_USEC", "20000") // 20 ms: fed every 10 ms
	t.Setenv("WATCHDOG_PID", "")
	d, err := hwDaemon(t, hwConfig(t, ""), (*Daemon).startNotify)
	if err != nil {
		t.Fatal(err)
	}
	if m := next(); m != "READY=1" {
		t.Errorf("first message %q, want READY=1", m)
	}
	for range 3 {
		if m := next(); m != "WATCHDOG=1" {
			t.Errorf("message %q, want WATCHDOG=1", m)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	for {
		m := next()
		if m == "STOPPING=1" {
			break
		}
		if m != "WATCHDOG=1" {
			t.Fatalf("message %q, want STOPPING=1", m)
		}
	}
}

// Outside systemd nothing is sent and nothing fails.
func TestNotify_NotUnderSystemd(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "")
	d, err := hwDaemon(t, hwConfig(t, ""), (*Daemon).startNotify)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
}

// A NOTIFY_SOCKET that nothing listens on is an error naming systemd.
func TestNotify_BrokenSocket(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", filepath.Join(t.TempDir(), "gone.sock"))
	_, err := hwDaemon(t, hwConfig(t, ""), (*Daemon).startNotify)
	if err == nil || !strings.Contains(err.Error(), "systemd") {
		t.Errorf("err = %v", err)
	}
}
