package ca

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCA_CreateSaveLoadIssueVerify(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	c, made, err := Open(filepath.Join(dir, "tls"), "tandem hall CA", nil, now)
	if err != nil || !made || !c.CanIssue() {
		t.Fatalf("Open a new CA: %v made %v", err, made)
	}
	if st, err := os.Stat(filepath.Join(dir, "tls", KeyFile)); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("ca.key: %v %v", st.Mode(), err)
	}
	again, made, err := Open(filepath.Join(dir, "tls"), "x", nil, now)
	if err != nil || made || !again.Cert.Equal(c.Cert) || !again.CanIssue() {
		t.Fatalf("Open again: %v made %v", err, made)
	}
	// A table holds only ca.crt: it verifies, it cannot issue.
	tdir := filepath.Join(dir, "table")
	os.MkdirAll(tdir, 0o700)
	os.WriteFile(filepath.Join(tdir, CertFile), c.CertPEM, 0o644)
	verify, err := Load(tdir)
	if err != nil || verify.CanIssue() {
		t.Fatalf("Load the certificate alone: %v", err)
	}
	if _, _, err := verify.Issue("t1", []string{"x"}, now); err == nil || !strings.Contains(err.Error(), "no key") {
		t.Fatalf("Issue without the key: %v", err)
	}

	// The hub's certificate for its hosts; a client trusting the CA
	// connects by name and by address, and refuses another CA's server.
	hosts := []string{"localhost", "127.0.0.1", "hall.local"}
	cert, issued, err := c.Ensure(filepath.Join(dir, "tls"), "hub", hosts, now)
	if err != nil || !issued {
		t.Fatalf("Ensure: %v %v", err, issued)
	}
	if _, issued, err := c.Ensure(filepath.Join(dir, "tls"), "hub", hosts, now); err != nil || issued {
		t.Fatalf("Ensure again issued %v (%v): the one there fits", issued, err)
	}
	if _, issued, _ := c.Ensure(filepath.Join(dir, "tls"), "hub", append(hosts, "10.0.0.9"), now); !issued {
		t.Fatal("a new host did not issue a new certificate")
	}
	if _, issued, _ := c.Ensure(filepath.Join(dir, "tls"), "hub", hosts, now.Add(CertLifetime-Renew+time.Hour)); !issued {
		t.Fatal("a certificate near its end was not renewed")
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: verify.Pool()}}}
	for _, host := range []string{"localhost", "127.0.0.1"} {
		resp, err := client.Get("https://" + net.JoinHostPort(host, port) + "/")
		if err != nil {
			t.Fatalf("GET by %s: %v", host, err)
		}
		resp.Body.Close()
	}
	other, _ := Create("another CA", nil, now)
	stranger := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: other.Pool()}}}
	if _, err := stranger.Get(srv.URL); err == nil {
		t.Fatal("a client of another CA trusted the hub")
	} else if !strings.Contains(err.Error(), "certificate signed by unknown authority") {
		t.Fatalf("another CA: %v", err)
	}
	if fp := Fingerprint(c.Cert); len(fp) != 95 || strings.Count(fp, ":") != 31 {
		t.Fatalf("fingerprint %q", fp)
	}
	x, _ := x509.ParseCertificate(cert.Certificate[0])
	if x.NotAfter.Sub(now) > CertLifetime+time.Minute {
		t.Fatalf("certificate lasts to %v", x.NotAfter)
	}
}

func TestCA_LoadErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "ca.crt") {
		t.Fatalf("no ca.crt: %v", err)
	}
	os.WriteFile(filepath.Join(dir, CertFile), []byte("not pem"), 0o644)
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "ca.crt: no PEM CERTIFICATE") {
		t.Fatalf("bad ca.crt: %v", err)
	}
	a, _ := Create("a", nil, time.Now())
	b, _ := Create("b", nil, time.Now())
	d2 := t.TempDir()
	a.Save(d2)
	os.Remove(filepath.Join(d2, KeyFile))
	bd := t.TempDir()
	b.Save(bd)
	kb, _ := os.ReadFile(filepath.Join(bd, KeyFile))
	os.WriteFile(filepath.Join(d2, KeyFile), kb, 0o600)
	if _, err := Load(d2); err == nil || !strings.Contains(err.Error(), "is not the key of") {
		t.Fatalf("another CA's key: %v", err)
	}
	if err := a.Save(d2); err == nil {
		t.Fatal("Save over an existing CA")
	}
}

func TestMachineHosts(t *testing.T) {
	h := MachineHosts()
	for _, want := range []string{"localhost", "127.0.0.1", "::1"} {
		found := false
		for _, x := range h {
			found = found || x == want
		}
		if !found {
			t.Errorf("MachineHosts %v lacks %s", h, want)
		}
	}
}
