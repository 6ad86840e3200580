package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tandem/config"
	"tandem/hall/ca"
	"tandem/hall/hub"
)

// This file owns the hub's TLS: the hall CA and the hub's certificate in
// [hub] tls (docs/hall.md, "TLS on the hall's network"), and the
// `tandem-hall ca` commands that issue the tables' certificates.

// hubCertName is the hub's certificate in its TLS directory (hub.crt,
// hub.key).
const hubCertName = "hub"

// hallTLS is the hub's TLS, nil when off.
type hallTLS struct {
	dir    string
	ca     *ca.CA
	config *tls.Config
}

// tlsDir returns the TLS directory the hub uses: [hub] tls (or --tls),
// its default the store's "tls" directory; "" (off) when it is "off",
// or when it is not set and every listener is on loopback (a hub on one
// PC, for its tables on the same PC). listen and dash are the addresses
// in force (flags applied; dash "off": no dashboard).
func tlsDir(h config.Hub, flag, listen, dash string) (string, error) {
	if flag != "" {
		h.TLS = flag
	}
	local := (h.NATS != "" || config.LoopbackOnly(listen)) && (dash == "off" || config.LoopbackOnly(dash)) &&
		(h.ClusterListen == "" || config.LoopbackOnly(h.ClusterListen))
	switch {
	case h.TLS == "off" && !local:
		return "", fmt.Errorf(`tls "off" with NATS (%s) or the dashboard (%s) beyond this machine: passwords and PINs would cross the hall's network in clear`, listen, dash)
	case h.TLS == "" && local:
		return "", nil
	}
	return h.TLSDir(), nil
}

// setupTLS gives opts and d (nil: no dashboard) the hub's TLS as h and
// the --tls flag say (tlsDir, openTLS). It returns 0, or the exit code
// after printing why not: 2 for TLS off beyond loopback, 1 for a CA or
// certificate that cannot be opened.
func setupTLS(h config.Hub, flag string, opts *hub.Opts, d *hallDashboard, stdout, stderr io.Writer) int {
	dash := "off"
	if d != nil {
		dash = d.Listen
	}
	if opts.StoreDir != "" {
		// --store: the default tls directory is that store's.
		h.Store = opts.StoreDir
	}
	dir, err := tlsDir(h, flag, cmpOr(opts.Listen, config.DefaultHubListen), dash)
	if err != nil {
		fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
		return 2
	}
	if dir == "" {
		return 0
	}
	t, err := openTLS(dir, h.TLSHosts, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
		return 1
	}
	opts.TLS = t.config
	if d != nil {
		d.TLS = t
	}
	return 0
}

// openTLS opens the hall CA in dir (made there at the first start, for
// the hall's names: this machine's and hosts) and the hub's certificate
// for this machine's names and addresses and hosts (issued anew when it
// does not cover them or nears its end; with a CA whose key is
// elsewhere, the hub.crt and hub.key given there are used as they are).
// It prints what the head arbiter needs: the CA's file and fingerprint,
// and a warning for a CA made before name constraints, which signs any
// name. A host of hosts that is public, or beyond the CA's names, is an
// error naming it.
func openTLS(dir string, hosts []string, stdout io.Writer) (*hallTLS, error) {
	for _, h := range hosts {
		if err := ca.CheckLocal(h); err != nil {
			return nil, fmt.Errorf("[hub] tls_hosts: %w", err)
		}
	}
	machine := ca.MachineHosts()
	c, made, err := ca.Open(dir, "tandem hall CA", append(machine, hosts...), time.Now())
	if err != nil {
		return nil, fmt.Errorf("the hall CA in %s: %w", dir, err)
	}
	if !c.Constrained() {
		fmt.Fprintf(stdout, "hall: WARNING: %s\n", unconstrained(dir))
	}
	var cert tls.Certificate
	if c.CanIssue() {
		for _, h := range hosts {
			if err := c.Permits(h); err != nil {
				return nil, fmt.Errorf("[hub] tls_hosts: the hall CA in %s: %w", dir, err)
			}
		}
		// The machine's names as they are now: a host name changed since
		// the CA was made is beyond it, and left out (the tables dial
		// the hub by another, or a new CA names it).
		mine, beyond := c.Sort(machine)
		if len(beyond) > 0 {
			fmt.Fprintf(stdout, "hall: the hall CA in %s does not cover %s: the hub's certificate leaves it out (add it to [hub] tls_hosts and make a new CA, tandem-hall ca new --replace, to have it)\n",
				dir, strings.Join(beyond, ", "))
		}
		all := append(mine, hosts...)
		var issued bool
		cert, issued, err = c.Ensure(dir, hubCertName, all, time.Now())
		if err != nil {
			return nil, err
		}
		if issued {
			fmt.Fprintf(stdout, "hall: TLS certificate %s issued for %s\n", filepath.Join(dir, hubCertName+".crt"), strings.Join(all, ", "))
		}
	} else if cert, err = tls.LoadX509KeyPair(filepath.Join(dir, hubCertName+".crt"), filepath.Join(dir, hubCertName+".key")); err != nil {
		return nil, fmt.Errorf("the hub's certificate in %s (the CA's key is not here: issue hub.crt where it is, tandem-hall ca issue): %w", dir, err)
	}
	if made {
		fmt.Fprintf(stdout, "hall: made a new hall CA in %s\n", dir)
	}
	fmt.Fprintf(stdout, "hall: TLS with the hall CA %s (SHA-256 %s): give it to every table ([hall] ca) and trust it once on the arbiters' phones\n",
		filepath.Join(dir, ca.CertFile), ca.Fingerprint(c.Cert))
	return &hallTLS{dir: dir, ca: c, config: &tls.Config{
		Certificates: []tls.Certificate{cert}, RootCAs: c.Pool(), MinVersion: tls.VersionTLS12,
	}}, nil
}

// unconstrained is the warning about the CA in dir made before name
// constraints, with what to do.
func unconstrained(dir string) string {
	return fmt.Sprintf("the hall CA in %s has no name constraints: whoever holds its key can make a certificate for any web site (www.google.com included) that the phones trusting it accept. Make a new one for the hall's names only: tandem-hall ca new --dir %s --replace [--host NAME ...], then give its ca.crt to every table and phone again and issue the tables' certificates anew", dir, dir)
}

const caSynopsis = `tandem-hall ca issue --dir DIR --name NAME --host HOST [--host HOST ...] [--out DIR]
       tandem-hall ca new --dir DIR [--host HOST ...] [--replace]`

const caAbout = `ca issue: issues a certificate of the hall CA in DIR (the hub's [hub]
tls directory; the CA is made there if it has none): NAME.crt and
NAME.key in --out (default DIR), for the names and addresses given with
--host. A table's console serves HTTPS with it ([console] tls_cert,
tls_key); another hub of a cluster uses it as its hub.crt and hub.key.

ca new: makes a new hall CA in DIR. Its certificate's name constraints
let it sign only the hall's names and addresses: loopback and private
addresses, names under .local, .lan, .home.arpa, .internal and
localhost, this machine's name, and the names given with --host (give
[hub] tls_hosts). --replace replaces a CA already there (kept as
ca.crt.old and ca.key.old): the tables and phones must then be given
the new ca.crt, and the tables' certificates issued anew.

A name or address of the Internet (www.google.com, 8.8.8.8) is refused.`

// hostList is a repeatable --host flag.
type hostList []string

func (h *hostList) String() string     { return strings.Join(*h, ",") }
func (h *hostList) Set(v string) error { *h = append(*h, v); return nil }

// runCA runs `tandem-hall ca ARGS`: 0 done, 1 it failed, 2 bad usage.
func runCA(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "new" {
		return runCANew(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "issue" {
		fmt.Fprintf(stderr, "Usage: %s\n\n%s\n", caSynopsis, caAbout)
		if len(args) == 1 && (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
			return 0
		}
		return 2
	}
	c := newCommand("tandem-hall ca issue", caSynopsis, caAbout, stderr)
	dir := c.FS.String("dir", "", "the hall CA's `DIR` ([hub] tls)")
	name := c.FS.String("name", "", "the certificate's `NAME` (files NAME.crt, NAME.key), e.g. t07")
	out := c.FS.String("out", "", "where to write it (`DIR`; default --dir)")
	var hosts hostList
	c.FS.Var(&hosts, "host", "a `HOST` name or address it is for (repeat)")
	if code, done := c.Parse(args[1:]); done {
		return code
	}
	switch {
	case *dir == "":
		return c.Fail("--dir is required")
	case *name == "" || strings.ContainsAny(*name, `/\ `) || *name == hubCertName && *out == "":
		return c.Fail("--name: a file name such as t07 (not %q in the CA's own directory)", hubCertName)
	case len(hosts) == 0:
		return c.Fail("at least one --host: the names and addresses the certificate is for")
	}
	if *out == "" {
		*out = *dir
	}
	for _, h := range hosts {
		if err := ca.CheckLocal(h); err != nil {
			return c.Fail("--host: %v", err)
		}
	}
	cc, _, err := ca.Open(*dir, "tandem hall CA", ca.MachineHosts(), time.Now())
	if err == nil && !cc.CanIssue() {
		err = errors.New("the CA's key (ca.key) is not in " + *dir)
	}
	if err == nil && !cc.Constrained() {
		fmt.Fprintf(stderr, "tandem-hall ca issue: warning: %s\n", unconstrained(*dir))
	}
	if err == nil {
		err = os.MkdirAll(*out, 0o700)
	}
	var certPEM, keyPEM []byte
	if err == nil {
		certPEM, keyPEM, err = cc.Issue(*name, hosts, time.Now())
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(*out, *name+".key"), keyPEM, 0o600)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(*out, *name+".crt"), certPEM, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem-hall ca issue: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s and %s: for %s, from the hall CA %s (SHA-256 %s)\n",
		filepath.Join(*out, *name+".crt"), filepath.Join(*out, *name+".key"), strings.Join(hosts, ", "),
		filepath.Join(*dir, ca.CertFile), ca.Fingerprint(cc.Cert))
	return 0
}

// runCANew runs `tandem-hall ca new ARGS`: 0 made, 1 it failed, 2 bad
// usage (a CA already there without --replace included).
func runCANew(args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem-hall ca new", caSynopsis, caAbout, stderr)
	dir := c.FS.String("dir", "", "the hall CA's `DIR` ([hub] tls)")
	replace := c.FS.Bool("replace", false, "replace the CA in DIR (kept as ca.crt.old, ca.key.old)")
	var hosts hostList
	c.FS.Var(&hosts, "host", "a `HOST` name the CA may sign beyond the local ones ([hub] tls_hosts; repeat)")
	if code, done := c.Parse(args); done {
		return code
	}
	if *dir == "" {
		return c.Fail("--dir is required")
	}
	for _, h := range hosts {
		if err := ca.CheckLocal(h); err != nil {
			return c.Fail("--host: %v", err)
		}
	}
	_, err := os.Stat(filepath.Join(*dir, ca.CertFile))
	exists := err == nil
	if exists && !*replace {
		return c.Fail("a CA is already in %s: --replace to make a new one in its place (the tables and phones must then be given the new ca.crt)", *dir)
	}
	var cc *ca.CA
	if err = os.MkdirAll(*dir, 0o700); err == nil {
		cc, err = ca.Replace(*dir, "tandem hall CA", append(ca.MachineHosts(), hosts...), time.Now())
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem-hall ca new: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: a new hall CA (SHA-256 %s) for %s\n", filepath.Join(*dir, ca.CertFile), ca.Fingerprint(cc.Cert), strings.Join(cc.Cert.PermittedDNSDomains, ", "))
	if exists {
		fmt.Fprintf(stdout, "the old one is kept as %s and %s: give the new ca.crt to every table ([hall] ca) and phone, and issue the tables' certificates anew (tandem-hall ca issue); the hub issues its own at its next start\n",
			filepath.Join(*dir, ca.CertFile+ca.OldSuffix), filepath.Join(*dir, ca.KeyFile+ca.OldSuffix))
	}
	return 0
}
