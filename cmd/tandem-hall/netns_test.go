package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"tandem/hall/ca"
)

// netnsEnv gates TestHall_PackagedConfigInNetns: it needs root and
// iproute2, and makes a network namespace (CI step hall-start).
const netnsEnv = "TANDEM_HALL_NETNS"

// The packaged configuration (packaging/tandem-hall.toml: NATS on
// listen ":4222", the dashboard on ":8090", so TLS on) started as the
// service starts it, the real binary, in a network namespace of its own
// joined to this one by a veth pair: the hub comes up (its own client
// once dialled tls://0.0.0.0:4222, which its certificate does not name,
// and hung: no dashboard, SIGTERM ignored), the dashboard answers over
// the veth with the hall CA's certificate for the namespace's address,
// and SIGTERM stops it with exit 0.
func TestHall_PackagedConfigInNetns(t *testing.T) {
	if os.Getenv(netnsEnv) != "1" {
		t.Skip("set " + netnsEnv + "=1 (root and iproute2: a network namespace; CI step hall-start)")
	}
	if testing.Short() {
		t.Skip("a process in a network namespace: not with -short")
	}
	if os.Geteuid() != 0 {
		t.Fatal(netnsEnv + "=1 needs root (ip netns add)")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Fatal(netnsEnv + "=1 needs iproute2's ip")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tandem-hall")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	// The namespace: 10.231.N.2 inside, 10.231.N.1 here.
	n := os.Getpid()%200 + 20
	ns := fmt.Sprintf("tandemhall%d", os.Getpid())
	host, inside := fmt.Sprintf("th%dh", os.Getpid()%100000), fmt.Sprintf("th%dn", os.Getpid()%100000)
	hostIP, nsIP := fmt.Sprintf("10.231.%d.1", n), fmt.Sprintf("10.231.%d.2", n)
	ip := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	ip("netns", "add", ns)
	t.Cleanup(func() { exec.Command("ip", "netns", "del", ns).Run() }) // the veth pair goes with it
	ip("link", "add", host, "type", "veth", "peer", "name", inside)
	ip("link", "set", inside, "netns", ns)
	ip("addr", "add", hostIP+"/24", "dev", host)
	ip("link", "set", host, "up")
	ip("-n", ns, "addr", "add", nsIP+"/24", "dev", inside)
	ip("-n", ns, "link", "set", inside, "up")
	ip("-n", ns, "link", "set", "lo", "up")

	// The packaged configuration, its store here.
	pkg, err := os.ReadFile(filepath.Join("..", "..", "packaging", "tandem-hall.toml"))
	if err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "store")
	conf := strings.Replace(string(pkg), `store = "/var/lib/tandem-hall"`, fmt.Sprintf("store = %q", store), 1)
	if conf == string(pkg) || !strings.Contains(conf, `listen = ":4222"`) || !strings.Contains(conf, `dashboard_listen = ":8090"`) {
		t.Fatalf("packaging/tandem-hall.toml is not the one this test knows:\n%s", pkg)
	}
	confFile := filepath.Join(dir, "tandem-hall.toml")
	if err := os.WriteFile(confFile, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}

	var out, errb syncBuffer
	cmd := exec.Command("ip", "netns", "exec", ns, bin, "--config", confFile) // ip execs the binary: its pid
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{}) // closed once waited for, waitErr set
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		select {
		case <-exited:
		default:
			cmd.Process.Kill()
			<-exited
		}
	})

	deadline := time.Now().Add(30 * time.Second)
	re := regexp.MustCompile(`hall: dashboard https://[^ ]+:8090/`)
	for !re.MatchString(out.String()) {
		select {
		case <-exited:
			t.Fatalf("tandem-hall exited (%v) before its dashboard:\n%s\n%s", waitErr, out.String(), errb.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no dashboard within 30 s (the hub hangs):\n%s\n%s", out.String(), errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "hall: NATS for the tables at tls://127.0.0.1:4222") {
		t.Errorf("the tables' URL: %s", out.String())
	}

	// The dashboard from this namespace, over the veth, verified with the
	// hall CA the hub made.
	caPEM, err := os.ReadFile(filepath.Join(store, "tls", ca.CertFile))
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		t.Fatal("no CA certificate")
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	resp, err := client.Get("https://" + nsIP + ":8090/")
	if err != nil {
		t.Fatalf("the dashboard over the veth: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the dashboard: %s", resp.Status)
	}
	// And a client of the hall CA joins NATS at the namespace's
	// address over TLS, as a table on another machine does.
	nc, err := nats.Connect("tls://"+nsIP+":4222", nats.Secure(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}), nats.Timeout(5*time.Second))
	if err != nil {
		t.Fatalf("NATS over TLS over the veth: %v", err)
	}
	nc.Close()

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		if waitErr != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s\n%s", waitErr, out.String(), errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("SIGTERM did not stop tandem-hall within 30 s:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "hall: stopping") {
		t.Errorf("out %q", out.String())
	}
}
