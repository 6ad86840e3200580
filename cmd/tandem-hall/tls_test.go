package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/config"
	"tandem/hall/ca"
)

func TestTLSDir_NothingInClearBeyondLoopback(t *testing.T) {
	for _, c := range []struct {
		hub                config.Hub
		flag, listen, dash string
		want, err          string
	}{
		{config.Hub{}, "", "127.0.0.1:4222", "127.0.0.1:8090", "", ""}, // one PC: plain
		{config.Hub{}, "", "127.0.0.1:4222", "off", "", ""},
		{config.Hub{}, "", "0.0.0.0:4222", "127.0.0.1:8090", "tandem-hall/tls", ""},
		{config.Hub{Store: "/srv/h"}, "", "127.0.0.1:4222", ":8090", "/srv/h/tls", ""},
		{config.Hub{}, "/etc/t", "127.0.0.1:4222", "127.0.0.1:8090", "/etc/t", ""}, // asked for on loopback too
		{config.Hub{}, "off", ":4222", "127.0.0.1:8090", "", "in clear"},
		{config.Hub{TLS: "off"}, "", "127.0.0.1:4222", ":8090", "", "in clear"},
	} {
		got, err := tlsDir(c.hub, c.flag, c.listen, c.dash)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("tlsDir(%+v, %q, %s, %s) = %q, %v; want %q, %q", c.hub, c.flag, c.listen, c.dash, got, err, c.want, c.err)
		}
	}
}

// With TLS the hub makes the hall CA, serves the dashboard over HTTPS
// (a client that trusts the CA verifies it; /ca.crt hands the CA out),
// and `tandem-hall ca issue` issues a table's console certificate.
func TestHall_TLS_DashboardAndIssue(t *testing.T) {
	dir := t.TempDir()
	tlsDir := filepath.Join(dir, "tls")
	opts := hubOpts(config.Hub{}, "", "127.0.0.1:0", filepath.Join(dir, "store"))
	d := &hallDashboard{Listen: "127.0.0.1:0"}
	var out, errb syncBuffer
	if code := setupTLS(config.Hub{TLSHosts: []string{"hall.local"}}, tlsDir, opts, d, &out, &errb); code != 0 {
		t.Fatalf("setupTLS: %d %s", code, errb.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- serveHall(ctx, opts, d, "", &out, &errb) }()
	re := regexp.MustCompile(`hall: dashboard (https://127\.0\.0\.1:\d+/)`)
	deadline := time.Now().Add(10 * time.Second)
	var m []string
	for m = re.FindStringSubmatch(out.String()); m == nil; m = re.FindStringSubmatch(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("no dashboard line: %q %q", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "hall: made a new hall CA in "+tlsDir) || !strings.Contains(out.String(), "hall: NATS for the tables at tls://127.0.0.1:") ||
		!strings.Contains(out.String(), "(SHA-256 ") {
		t.Errorf("start lines %q", out.String())
	}
	c, err := ca.Load(tlsDir)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: c.Pool()}}}
	resp, err := client.Get(m[1] + "ca.crt")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(body, c.CertPEM) {
		t.Fatalf("GET /ca.crt: %d %.80s", resp.StatusCode, body)
	}
	if _, err := http.Get(m[1]); err == nil {
		t.Fatal("a client without the hall CA trusted the dashboard")
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}

	var iout, ierr bytes.Buffer
	tdir := filepath.Join(dir, "t07")
	if code := run([]string{"ca", "issue", "--dir", tlsDir, "--name", "t07", "--host", "t07.local", "--host", "10.0.0.7", "--out", tdir}, nil, &iout, &ierr); code != 0 {
		t.Fatalf("ca issue: %d %s", code, ierr.String())
	}
	pair, err := tls.LoadX509KeyPair(filepath.Join(tdir, "t07.crt"), filepath.Join(tdir, "t07.key"))
	if err != nil {
		t.Fatal(err)
	}
	x, _ := x509.ParseCertificate(pair.Certificate[0])
	if _, err := x.Verify(x509.VerifyOptions{Roots: c.Pool(), DNSName: "t07.local"}); err != nil {
		t.Fatalf("the table's certificate: %v", err)
	}
	if x.VerifyHostname("10.0.0.7") != nil || !strings.Contains(iout.String(), "t07.crt and ") {
		t.Fatalf("issued %v; out %q", x.IPAddresses, iout.String())
	}
	if code := run([]string{"ca", "issue", "--dir", tlsDir, "--name", "t08"}, nil, &iout, &ierr); code != 2 {
		t.Fatalf("issue without a host: %d", code)
	}
}
