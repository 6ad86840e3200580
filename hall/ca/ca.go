package ca

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tandem/internal/inputfile"
)

// Lifetimes of what Create and Issue make.
const (
	CALifetime   = 10 * 365 * 24 * time.Hour
	CertLifetime = 2 * 365 * 24 * time.Hour
	// Renew is how long before its end Ensure issues a certificate anew.
	Renew = 30 * 24 * time.Hour
)

// File names in a CA's directory.
const (
	CertFile = "ca.crt"
	KeyFile  = "ca.key"
)

// maxPEM bounds a PEM file read (bytes): a real one is under 2 KiB.
const maxPEM = 64 << 10

// CA is a certificate authority: its certificate and, where it issues
// certificates, its key.
type CA struct {
	// Cert is the CA's certificate, CertPEM the same in PEM.
	Cert    *x509.Certificate
	CertPEM []byte
	key     crypto.Signer // nil: verify only
}

// Create makes a new CA named name ("tandem hall CA"), valid from now for
// CALifetime, that may sign only the hall's names and addresses: its
// certificate's name constraints permit LocalDomains, the DNS names of
// hosts (the hall's configured names, this machine's name) and
// LocalNets. It fails, naming it, for a host CheckLocal refuses.
func Create(name string, hosts []string, now time.Time) (*CA, error) {
	domains, nets, err := scope(hosts)
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: name, Organization: []string{"tandem"}},
		NotBefore:             now.Add(-time.Hour), // a table's clock a little behind
		NotAfter:              now.Add(CALifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
		// Critical, as RFC 5280 asks: a verifier that cannot read the
		// constraints must refuse the certificates rather than ignore
		// them.
		PermittedDNSDomainsCritical: true,
		PermittedDNSDomains:         domains,
		PermittedIPRanges:           nets,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, err
	}
	cert, _ := x509.ParseCertificate(der)
	return &CA{Cert: cert, CertPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), key: key}, nil
}

// serial is a random 128-bit serial number.
func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		panic("ca: crypto/rand: " + err.Error())
	}
	return n.Add(n, big.NewInt(1))
}

// CanIssue reports whether the CA has its key.
func (c *CA) CanIssue() bool { return c.key != nil }

// Save writes the CA into dir (made 0700 if missing): ca.crt 0644 and,
// when the CA has its key, ca.key 0600. An existing file is not
// overwritten: the error names it.
func (c *CA) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := writeNew(filepath.Join(dir, CertFile), c.CertPEM, 0o644); err != nil {
		return err
	}
	if c.key == nil {
		return nil
	}
	der, err := x509.MarshalPKCS8PrivateKey(c.key)
	if err != nil {
		return err
	}
	return writeNew(filepath.Join(dir, KeyFile), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
}

// writeNew writes a file that must not exist yet.
func writeNew(path string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Load reads the CA of dir: ca.crt, and ca.key when it is there. Errors
// name the file and what is wrong with it.
func Load(dir string) (*CA, error) {
	certPEM, err := readPEM(filepath.Join(dir, CertFile))
	if err != nil {
		return nil, err
	}
	cert, err := parseCert(certPEM)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, CertFile), err)
	}
	if !cert.IsCA {
		return nil, fmt.Errorf("%s: not a CA's certificate", filepath.Join(dir, CertFile))
	}
	c := &CA{Cert: cert, CertPEM: certPEM}
	keyPath := filepath.Join(dir, KeyFile)
	keyPEM, err := readPEM(keyPath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return c, nil
	case err != nil:
		return nil, err
	}
	key, err := parseKey(keyPEM)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", keyPath, err)
	}
	if !publicEqual(key.Public(), cert.PublicKey) {
		return nil, fmt.Errorf("%s is not the key of %s", keyPath, filepath.Join(dir, CertFile))
	}
	c.key = key
	return c, nil
}

// Open returns the CA of dir, made and saved there when dir has none
// (made reports that). name names a new CA, hosts its names beyond
// LocalDomains (Create).
func Open(dir, name string, hosts []string, now time.Time) (c *CA, made bool, err error) {
	if _, err := os.Stat(filepath.Join(dir, CertFile)); errors.Is(err, os.ErrNotExist) {
		c, err := Create(name, hosts, now)
		if err != nil {
			return nil, false, err
		}
		return c, true, c.Save(dir)
	}
	c, err = Load(dir)
	return c, false, err
}

// readPEM reads a certificate or key file through inputfile, which never
// waits on a FIFO put where the file should be (os.Open would block there
// until a writer came) and reads no more than maxPEM bytes.
func readPEM(path string) ([]byte, error) {
	b, err := inputfile.Read(path, maxPEM)
	if errors.Is(err, inputfile.ErrNotRegular) || errors.Is(err, inputfile.ErrTooLarge) {
		return nil, fmt.Errorf("%s: not a PEM file (a regular file under %d bytes)", path, maxPEM)
	}
	return b, err
}

func parseCert(data []byte) (*x509.Certificate, error) {
	b, _ := pem.Decode(data)
	if b == nil || b.Type != "CERTIFICATE" {
		return nil, errors.New("no PEM CERTIFICATE block")
	}
	return x509.ParseCertificate(b.Bytes)
}

func parseKey(data []byte) (crypto.Signer, error) {
	b, _ := pem.Decode(data)
	if b == nil || !strings.HasSuffix(b.Type, "PRIVATE KEY") {
		return nil, errors.New("no PEM PRIVATE KEY block")
	}
	k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		if ek, err2 := x509.ParseECPrivateKey(b.Bytes); err2 == nil {
			return ek, nil
		}
		return nil, err
	}
	s, ok := k.(crypto.Signer)
	if !ok {
		return nil, errors.New("a key that cannot sign")
	}
	return s, nil
}

func publicEqual(a, b crypto.PublicKey) bool {
	e, ok := a.(interface{ Equal(crypto.PublicKey) bool })
	return ok && e.Equal(b)
}

// Issue makes a certificate for name (its common name) valid for hosts
// (DNS names and IP addresses: the names a client dials), for servers and
// clients alike, from now for CertLifetime, and returns it and its new
// key in PEM. It fails without the CA's key, with no host, or with a host
// the CA may not sign (Permits: a public name or address, or one beyond
// its constraints), naming it.
func (c *CA) Issue(name string, hosts []string, now time.Time) (certPEM, keyPEM []byte, err error) {
	if c.key == nil {
		return nil, nil, errors.New("ca: this CA has no key here (ca.key): issue the certificate where the CA was made")
	}
	if len(hosts) == 0 {
		return nil, nil, errors.New("ca: a certificate needs at least one host name or address")
	}
	for _, h := range hosts {
		if err := c.Permits(h); err != nil {
			return nil, nil, err
		}
	}
	// OpenSSL reads a common name that looks like a host name as one
	// (against the name constraints, when no DNS name is given): a name
	// with a dot must be one the CA may sign.
	if strings.Contains(name, ".") && c.Permits(name) != nil {
		return nil, nil, fmt.Errorf("ca: the certificate's name %s looks like a host name beyond the hall's: name it t07, or t07.local", name)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{CommonName: name, Organization: []string{"tandem"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(CertLifetime),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	if tmpl.NotAfter.After(c.Cert.NotAfter) {
		tmpl.NotAfter = c.Cert.NotAfter
	}
	for _, h := range hosts {
		if ip := net.ParseIP(strings.Trim(h, "[]")); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, c.Cert, key.Public(), c.key)
	if err != nil {
		return nil, nil, err
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), nil
}

// Pool returns a pool holding the CA's certificate, for a client that
// verifies a server with it.
func (c *CA) Pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(c.Cert)
	return p
}

// Fingerprint is a certificate's SHA-256 in hex pairs ("AB:12:..."): what
// a person compares when trusting the CA on a phone.
func Fingerprint(cert *x509.Certificate) string {
	sum := sha256.Sum256(cert.Raw)
	var b strings.Builder
	for i, x := range sum {
		if i > 0 {
			b.WriteByte(':')
		}
		fmt.Fprintf(&b, "%02X", x)
	}
	return b.String()
}

// Ensure returns the certificate dir/NAME.crt and key dir/NAME.key, first
// issuing them anew (the CA must have its key) when they are missing, do
// not cover every host of hosts, are not the CA's, or end within Renew.
// issued reports that.
func (c *CA) Ensure(dir, name string, hosts []string, now time.Time) (cert tls.Certificate, issued bool, err error) {
	certPath, keyPath := filepath.Join(dir, name+".crt"), filepath.Join(dir, name+".key")
	if cert, err := tls.LoadX509KeyPair(certPath, keyPath); err == nil && c.fits(cert, hosts, now) {
		return cert, false, nil
	}
	certPEM, keyPEM, err := c.Issue(name, hosts, now)
	if err != nil {
		return tls.Certificate{}, false, fmt.Errorf("%s: %w", certPath, err)
	}
	for _, f := range []struct {
		path string
		data []byte
		mode os.FileMode
	}{{keyPath, keyPEM, 0o600}, {certPath, certPEM, 0o644}} {
		tmp := f.path + ".new"
		os.Remove(tmp)
		if err := writeNew(tmp, f.data, f.mode); err != nil {
			return tls.Certificate{}, false, err
		}
		if err := os.Rename(tmp, f.path); err != nil {
			return tls.Certificate{}, false, err
		}
	}
	cert, err = tls.X509KeyPair(certPEM, keyPEM)
	return cert, true, err
}

// fits reports whether cert is the CA's, lasts past Renew and covers
// hosts.
func (c *CA) fits(cert tls.Certificate, hosts []string, now time.Time) bool {
	if len(cert.Certificate) == 0 {
		return false
	}
	x, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil || now.Add(Renew).After(x.NotAfter) {
		return false
	}
	if _, err := x.Verify(x509.VerifyOptions{Roots: c.Pool(), CurrentTime: now, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}); err != nil {
		return false
	}
	for _, h := range hosts {
		if x.VerifyHostname(strings.Trim(h, "[]")) != nil {
			return false
		}
	}
	return true
}

// MachineHosts returns the names and addresses this machine answers to
// on the hall's network: localhost, the loopback addresses, its host name
// (and NAME.local, for mDNS), and every interface's address, sorted, each
// once; public names and addresses are left out (CheckLocal: a hall's
// certificate is never for them). A hub's certificate covers them, so
// that a table dials it by any.
func MachineHosts() []string {
	hosts := []string{"localhost", "127.0.0.1", "::1"}
	if h, err := os.Hostname(); err == nil && h != "" {
		hosts = append(hosts, h)
		if !strings.Contains(h, ".") {
			hosts = append(hosts, h+".local")
		}
	}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && !n.IP.IsLinkLocalUnicast() {
				hosts = append(hosts, n.IP.String())
			}
		}
	}
	hosts = slices.DeleteFunc(hosts, func(h string) bool { return CheckLocal(h) != nil })
	slices.Sort(hosts)
	return slices.Compact(hosts)
}

// OldSuffix ends the names Replace keeps a replaced CA's files under
// (ca.crt.old, ca.key.old).
const OldSuffix = ".old"

// Replace makes a new CA in dir (Create) in place of the one there, whose
// ca.crt and ca.key are kept as ca.crt.old and ca.key.old (replacing
// older ones); with none there it is Open's first start. Certificates
// the old CA issued are not the new one's: Ensure issues the hub's anew,
// and each table's must be issued again. On an error the old CA is put
// back.
func Replace(dir, name string, hosts []string, now time.Time) (*CA, error) {
	c, err := Create(name, hosts, now)
	if err != nil {
		return nil, err
	}
	var moved []string
	for _, f := range []string{CertFile, KeyFile} {
		p := filepath.Join(dir, f)
		if err := os.Rename(p, p+OldSuffix); err == nil {
			moved = append(moved, p)
		} else if !errors.Is(err, os.ErrNotExist) {
			restore(moved)
			return nil, err
		}
	}
	if err := c.Save(dir); err != nil {
		for _, f := range []string{CertFile, KeyFile} {
			os.Remove(filepath.Join(dir, f))
		}
		restore(moved)
		return nil, err
	}
	return c, nil
}

// restore moves back what Replace moved aside.
func restore(moved []string) {
	for _, p := range moved {
		os.Rename(p+OldSuffix, p)
	}
}
