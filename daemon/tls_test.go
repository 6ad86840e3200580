package daemon

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/hall/ca"
)

// A console beyond loopback serves HTTPS only: with a certificate the
// table makes from its own CA (beside its record), or the hall CA's that
// [console] tls_cert names. The printed address is https; opened on the
// table's own machine it gives the simulated panel without a login, like
// loopback.
func TestConsole_HTTPSBeyondLoopback(t *testing.T) {
	dir := t.TempDir()
	hallCA, _, err := ca.Open(filepath.Join(dir, "hall"), "test hall CA", ca.MachineHosts(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := hallCA.Ensure(filepath.Join(dir, "hall"), "t07", ca.MachineHosts(), time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		cert, key  string
		trust      func() *ca.CA
		wantOutput string
	}{
		{"own CA", "", "", func() *ca.CA { c, _ := ca.Load(filepath.Join(dir, "own", "tls")); return c }, "console: HTTPS with the table's own certificate (a new CA " + filepath.Join(dir, "own", "tls", "ca.crt")},
		{"hall CA", filepath.Join(dir, "hall", "t07.crt"), filepath.Join(dir, "hall", "t07.key"), func() *ca.CA { return hallCA }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := recordConfig(t, filepath.Join(dir, "own", "t.db"))
			c.Console.Disabled = false
			c.Console.Listen = "0.0.0.0:0" // every interface; the test speaks to it on loopback only
			c.Console.PIN = "482913"
			c.Console.TLSCert, c.Console.TLSKey = tc.cert, tc.key
			var out lockedBuffer
			d, err := Start(context.Background(), c, &Opts{Out: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			m := regexp.MustCompile(`console: (https://(\S+)/)\n`).FindStringSubmatch(out.String())
			if m == nil || m[1] != d.Info().ConsoleURL || !strings.Contains(out.String(), tc.wantOutput) {
				t.Fatalf("out %q, info %q", out.String(), d.Info().ConsoleURL)
			}
			_, port, _ := net.SplitHostPort(m[2])
			client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: tc.trust().Pool()}}}
			// By the printed address and by loopback, from this machine:
			// the view, and the simulated panel without a login.
			for _, url := range []string{m[1], "https://127.0.0.1:" + port + "/"} {
				resp, err := client.Get(url + "api/session")
				if err != nil {
					t.Fatalf("HTTPS with the CA: %v", err)
				}
				var s struct{ Arbiter, Panel bool }
				err = json.NewDecoder(resp.Body).Decode(&s)
				resp.Body.Close()
				if resp.StatusCode != 200 || err != nil || !s.Panel || s.Arbiter {
					t.Fatalf("GET %sapi/session: %d %+v %v, want the panel without a login", url, resp.StatusCode, s, err)
				}
			}
			// Over HTTPS the session cookie is Secure, and the pages
			// send HSTS.
			resp, err := client.Post(m[1]+"api/login", "application/json", strings.NewReader(`{"pin":"482913"}`))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 || len(resp.Cookies()) != 1 || !resp.Cookies()[0].Secure || resp.Header.Get("Strict-Transport-Security") == "" {
				t.Fatalf("login over HTTPS: %d, cookies %v, HSTS %q", resp.StatusCode, resp.Cookies(), resp.Header.Get("Strict-Transport-Security"))
			}
			if resp, err := http.Get("http://127.0.0.1:" + port + "/api/state"); err == nil {
				resp.Body.Close()
				if resp.StatusCode < 400 {
					t.Fatalf("plain HTTP answered %d", resp.StatusCode)
				}
			}
		})
	}
}

// A table whose own CA was made before name constraints (it signs any
// name, and the arbiters' phones trust it) says so at start, with what
// to do; the console still serves HTTPS with it.
func TestConsole_UnconstrainedOwnCAWarns(t *testing.T) {
	dir := t.TempDir()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "tandem table CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(ca.CALifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true, IsCA: true, MaxPathLenZero: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalPKCS8PrivateKey(key)
	tlsDir := filepath.Join(dir, "tls")
	os.MkdirAll(tlsDir, 0o700)
	os.WriteFile(filepath.Join(tlsDir, ca.CertFile), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(filepath.Join(tlsDir, ca.KeyFile), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), 0o600)

	c := recordConfig(t, filepath.Join(dir, "t.db"))
	c.Console.Disabled = false
	c.Console.Listen = "0.0.0.0:0"
	c.Console.PIN = "482913"
	var out lockedBuffer
	d, err := Start(context.Background(), c, &Opts{Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if !strings.Contains(out.String(), "console: WARNING: the table's own CA in "+tlsDir+" has no name constraints") ||
		!strings.HasPrefix(d.Info().ConsoleURL, "https://") {
		t.Fatalf("out %q, console %q", out.String(), d.Info().ConsoleURL)
	}
}
