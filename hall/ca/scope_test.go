package ca

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// legacyCA is a CA as Create made it before name constraints: one that
// signs any name.
func legacyCA(t *testing.T, now time.Time) *CA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: "old CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(CALifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true, IsCA: true, MaxPathLenZero: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return &CA{Cert: cert, CertPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), key: key}
}

// forge signs a server certificate for hosts with the CA's key directly,
// as whoever copied ca.key would: no check of Issue's stands in the way.
func forge(t *testing.T, c *CA, hosts ...string) *x509.Certificate {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: hosts[0]},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, c.Cert, key.Public(), c.key)
	if err != nil {
		t.Fatal(err)
	}
	x, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// goVerify verifies x with Go's verifier for its first name, trusting c.
func goVerify(c *CA, x *x509.Certificate) error {
	name := ""
	if len(x.DNSNames) > 0 {
		name = x.DNSNames[0]
	} else if len(x.IPAddresses) > 0 {
		name = x.IPAddresses[0].String()
	}
	_, err := x.Verify(x509.VerifyOptions{Roots: c.Pool(), DNSName: name})
	return err
}

// The attack: a certificate for www.google.com (and for a public
// address) signed with the hall CA's own key, as a thief of ca.key would
// make it. The hall CA's name constraints make every verifier refuse it:
// Go's here, OpenSSL's in TestCA_ForgedCertificate_OpenSSL. A CA made
// before the constraints is shown to accept it, so the test can fail.
func TestCA_ForgedCertificateForAPublicNameIsRefused(t *testing.T) {
	now := time.Now()
	c, err := Create("tandem hall CA", []string{"hall.example-club.corp", "raspberrypi"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Constrained() || !c.Cert.PermittedDNSDomainsCritical {
		t.Fatalf("a new CA is not constrained: %v", c.Cert.PermittedDNSDomains)
	}
	for _, hosts := range [][]string{{"www.google.com"}, {"8.8.8.8"}, {"t07.local", "www.google.com"}, {"2001:4860:4860::8888"}, {"bank.com.evil.corp"}} {
		x := forge(t, c, hosts...)
		err := goVerify(c, x)
		if err == nil || !strings.Contains(err.Error(), "not permitted") {
			t.Errorf("a forged certificate for %v: Go's verifier says %v, want a name constraint violation", hosts, err)
		}
	}
	old := legacyCA(t, now)
	if err := goVerify(old, forge(t, old, "www.google.com")); err != nil {
		t.Fatalf("the unconstrained CA's forgery: %v (the attack this test guards against should pass there)", err)
	}
	// The hall's own names and addresses still verify.
	for _, h := range []string{"t07.local", "hall.lan", "hub.home.arpa", "x.internal", "localhost", "hall.example-club.corp",
		"raspberrypi", "127.0.0.1", "::1", "10.1.2.3", "100.100.1.1", "192.0.2.2", "2001:db8::2", "172.20.0.9", "192.168.1.50", "169.254.9.9", "fd00::7", "fe80::1"} {
		if err := goVerify(c, forge(t, c, h)); err != nil {
			t.Errorf("the hall's %s: %v", h, err)
		}
	}
}

// The same forgery, refused by `openssl verify` (OpenSSL reads the name
// constraints as browsers do). Without openssl the test is skipped, unless
// TANDEM_REQUIRE_OPENSSL=1 (CI: .ci/deps/tls.sh installs it).
func TestCA_ForgedCertificate_OpenSSL(t *testing.T) {
	bin, err := exec.LookPath("openssl")
	if err != nil {
		if os.Getenv("TANDEM_REQUIRE_OPENSSL") == "1" {
			t.Fatal("openssl not found and TANDEM_REQUIRE_OPENSSL=1")
		}
		t.Skip("openssl not found (set TANDEM_REQUIRE_OPENSSL=1 to make that a failure)")
	}
	dir := t.TempDir()
	write := func(name string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	verify := func(ca *CA, leaf *x509.Certificate, name string) (string, error) {
		out, err := exec.Command(bin, "verify", "-CAfile", write(name+"-ca.crt", ca.Cert.Raw), write(name+".crt", leaf.Raw)).CombinedOutput()
		return string(out), err
	}
	c, err := Create("tandem hall CA", nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range []string{"www.google.com", "8.8.8.8"} {
		out, err := verify(c, forge(t, c, h), "forged"+string(rune('a'+i)))
		if err == nil || !strings.Contains(out, "permitted subtree violation") {
			t.Errorf("openssl verify of a forged %s: %v\n%s", h, err, out)
		}
	}
	if out, err := verify(c, forge(t, c, "t07.local", "10.0.0.7"), "table"); err != nil {
		t.Errorf("openssl verify of the hall's t07.local: %v\n%s", err, out)
	}
	// What Issue makes verifies, also with only an address (OpenSSL then
	// reads the common name as a host name).
	for i, name := range []string{"t07", "t07.local"} {
		certPEM, _, err := c.Issue(name, []string{"10.0.0.7"}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		x, _ := parseCert(certPEM)
		if out, err := verify(c, x, "issued"+string(rune('a'+i))); err != nil {
			t.Errorf("openssl verify of Issue's %s: %v\n%s", name, err, out)
		}
	}
	old := legacyCA(t, time.Now())
	if out, err := verify(old, forge(t, old, "www.google.com"), "legacy"); err != nil {
		t.Errorf("openssl verify of the unconstrained CA's forgery: %v\n%s (the attack should pass there)", err, out)
	}
}

// Issue refuses what the constraints would: a public name or address,
// one beyond the CA's names; an old CA without constraints still refuses
// public names.
func TestCA_IssueRefusesNamesBeyondTheHall(t *testing.T) {
	now := time.Now()
	c, err := Create("tandem hall CA", []string{"hub.corp"}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, c2 := range []*CA{c, legacyCA(t, now)} {
		for _, h := range []string{"www.google.com", "WWW.Google.COM.", "8.8.8.8", "[2001:4860::1]", "hall.example.org", "foo.github.io"} {
			if _, _, err := c2.Issue("x", []string{"t07.local", h}, now); err == nil || !strings.Contains(err.Error(), "public") || !strings.Contains(err.Error(), strings.Trim(h, "[]")) {
				t.Errorf("Issue for %s: %v, want a refusal naming it as public", h, err)
			}
		}
		for _, h := range []string{"*.local", "a b", ""} {
			if _, _, err := c2.Issue("x", []string{h}, now); err == nil || !strings.Contains(err.Error(), "not a host name") {
				t.Errorf("Issue for %q: %v", h, err)
			}
		}
	}
	if _, _, err := c.Issue("x", []string{"other.corp"}, now); err == nil || !strings.Contains(err.Error(), "ca new --replace --host other.corp") {
		t.Errorf("a private name beyond the CA's: %v", err)
	}
	if _, _, err := legacyCA(t, now).Issue("x", []string{"other.corp"}, now); err != nil {
		t.Errorf("a private name from an unconstrained CA: %v", err)
	}
	for _, h := range []string{"hub.corp", "a.hub.corp", "t07.local", "[fd00::1]", "192.168.0.2"} {
		if _, _, err := c.Issue("x", []string{h}, now); err != nil {
			t.Errorf("Issue for %s: %v", h, err)
		}
	}
	if _, err := Create("x", []string{"hall.example.com"}, now); err == nil || !strings.Contains(err.Error(), "hall.example.com is a public name") {
		t.Errorf("a CA for a public name: %v", err)
	}
	if _, _, err := c.Issue("www.google.com", []string{"10.0.0.7"}, now); err == nil || !strings.Contains(err.Error(), "name www.google.com looks like a host name") {
		t.Errorf("a certificate named www.google.com: %v", err)
	}
	if _, _, err := c.Issue("t07.local", []string{"10.0.0.7"}, now); err != nil {
		t.Errorf("a certificate named t07.local: %v", err)
	}
	if c.Permits("hub.corp") != nil || legacyCA(t, now).Constrained() {
		t.Error("Permits, Constrained")
	}
	ok, refused := c.Sort([]string{"t1.local", "8.8.4.4", "zz.corp", "10.0.0.1"})
	if strings.Join(ok, " ") != "t1.local 10.0.0.1" || strings.Join(refused, " ") != "8.8.4.4 zz.corp" {
		t.Errorf("Sort: %v %v", ok, refused)
	}
}

func TestMachineHosts_OnlyTheHalls(t *testing.T) {
	for _, h := range MachineHosts() {
		if err := CheckLocal(h); err != nil {
			t.Errorf("MachineHosts gives %s: %v", h, err)
		}
	}
}

// Replace keeps the old CA's files beside the new one's; Ensure then
// issues the hub's certificate anew, from the new CA.
func TestCA_Replace(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old := legacyCA(t, now)
	if err := old.Save(dir); err != nil {
		t.Fatal(err)
	}
	if _, _, err := old.Ensure(dir, "hub", []string{"localhost"}, now); err != nil {
		t.Fatal(err)
	}
	c, err := Replace(dir, "tandem hall CA", []string{"hall.corp"}, now)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Load(dir)
	if err != nil || !back.Cert.Equal(c.Cert) || !back.Constrained() || !back.CanIssue() {
		t.Fatalf("Load after Replace: %v", err)
	}
	kept, err := os.ReadFile(filepath.Join(dir, CertFile+OldSuffix))
	if err != nil || string(kept) != string(old.CertPEM) {
		t.Fatalf("ca.crt.old: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, KeyFile+OldSuffix)); err != nil {
		t.Fatal(err)
	}
	if _, issued, err := back.Ensure(dir, "hub", []string{"localhost", "hall.corp"}, now); err != nil || !issued {
		t.Fatalf("Ensure after Replace: issued %v, %v", issued, err)
	}
	if _, err := Replace(dir, "x", []string{"www.google.com"}, now); err == nil {
		t.Fatal("Replace for a public name")
	}
	if again, err := Load(dir); err != nil || !again.Cert.Equal(c.Cert) {
		t.Fatalf("a refused Replace changed the CA: %v", err)
	}
}
