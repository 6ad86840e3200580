package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net/http"
	"os"
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
	d := &hallDashboard{Listen: "127.0.0.1:0", PIN: "482913"}
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
	// Over HTTPS the session cookie is Secure, and the pages send HSTS.
	resp, err = client.Post(m[1]+"api/login", "application/json", strings.NewReader(`{"pin":"482913"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || len(resp.Cookies()) != 1 || !resp.Cookies()[0].Secure || resp.Header.Get("Strict-Transport-Security") == "" {
		t.Fatalf("login over HTTPS: %d, cookies %v, HSTS %q", resp.StatusCode, resp.Cookies(), resp.Header.Get("Strict-Transport-Security"))
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

// The attack of docs/hall.md (TLS): `tandem-hall ca issue --host www.google.com`
// made a certificate that `openssl verify` accepted. Now it is refused
// with the reason, and the CA it makes is constrained (the forged
// certificates themselves are hall/ca's tests).
func TestCA_IssueRefusesPublicNames(t *testing.T) {
	dir := t.TempDir()
	for _, host := range []string{"www.google.com", "8.8.8.8", "hall.example.org"} {
		var out, errb bytes.Buffer
		code := run([]string{"ca", "issue", "--dir", dir, "--name", "evil", "--host", "t07.local", "--host", host}, nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), host+" is a public") {
			t.Errorf("ca issue --host %s: exit %d, %q", host, code, errb.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "evil.crt")); err == nil {
			t.Fatalf("a certificate for %s was written", host)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"ca", "issue", "--dir", dir, "--name", "t07", "--host", "t07.local"}, nil, &out, &errb); code != 0 {
		t.Fatalf("ca issue t07.local: %d %s", code, errb.String())
	}
	c, err := ca.Load(dir)
	if err != nil || !c.Constrained() || strings.Contains(errb.String(), "warning") {
		t.Fatalf("the CA ca issue made: %v constrained %v; %s", err, c != nil && c.Constrained(), errb.String())
	}
}

// writeLegacyCA writes into dir a CA as the hub made it before name
// constraints: one that signs any name.
func writeLegacyCA(t *testing.T, dir string) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "tandem hall CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(ca.CALifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true, IsCA: true, MaxPathLenZero: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalPKCS8PrivateKey(key)
	os.MkdirAll(dir, 0o700)
	os.WriteFile(filepath.Join(dir, ca.CertFile), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(filepath.Join(dir, ca.KeyFile), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), 0o600)
}

// A hub whose CA was made before name constraints says so at each start
// and names the command that replaces it; `ca new` refuses to overwrite
// a CA without --replace, and with it makes a constrained one, keeping
// the old one's files; the hub then issues its certificate from the new
// CA. A configured host the CA may not sign is refused at start.
func TestCA_NewReplacesAnUnconstrainedCA(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tls")
	writeLegacyCA(t, dir)
	var out bytes.Buffer
	if _, err := openTLS(dir, []string{"hall.local"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "hall: WARNING: the hall CA in "+dir+" has no name constraints") ||
		!strings.Contains(out.String(), "tandem-hall ca new --dir "+dir+" --replace") {
		t.Fatalf("no warning for the unconstrained CA: %q", out.String())
	}
	var errb bytes.Buffer
	if code := run([]string{"ca", "issue", "--dir", dir, "--name", "t07", "--host", "t07.local"}, nil, &out, &errb); code != 0 || !strings.Contains(errb.String(), "warning: the hall CA in") {
		t.Fatalf("ca issue from the old CA: %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"ca", "new", "--dir", dir, "--host", "hall.corp"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--replace") {
		t.Fatalf("ca new over a CA: %d, %q", code, errb.String())
	}
	if code := run([]string{"ca", "new", "--dir", dir, "--host", "www.google.com", "--replace"}, nil, &out, &errb); code != 2 {
		t.Fatalf("ca new for a public name: %d", code)
	}
	out.Reset()
	if code := run([]string{"ca", "new", "--dir", dir, "--host", "hall.corp", "--replace"}, nil, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "a new hall CA") || !strings.Contains(out.String(), "hall.corp") || !strings.Contains(out.String(), "ca.crt.old") {
		t.Fatalf("ca new --replace: %d, %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	tc, err := openTLS(dir, []string{"hall.corp"}, &out)
	if err != nil || strings.Contains(out.String(), "WARNING") || !tc.ca.Constrained() || !strings.Contains(out.String(), "hub.crt issued") {
		t.Fatalf("the hub with the new CA: %v, %q", err, out.String())
	}
	if _, err := openTLS(dir, []string{"other.corp"}, &out); err == nil || !strings.Contains(err.Error(), "[hub] tls_hosts: the hall CA in "+dir+": ca: other.corp is not among") {
		t.Fatalf("a host beyond the CA: %v", err)
	}
	if _, err := openTLS(dir, []string{"www.google.com"}, &out); err == nil || !strings.Contains(err.Error(), "[hub] tls_hosts: ca: www.google.com is a public name") {
		t.Fatalf("a public host: %v", err)
	}
}
