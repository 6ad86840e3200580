package ca

import (
	"crypto/x509"
	"fmt"
	"net"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// This file holds what a CA may sign for: the hall's own names and
// addresses, never a name of the Internet. Phones are told to trust the
// hall CA (and a table's own CA); a CA that signs any name would let
// whoever holds its key (a stolen table's SD card) pose as any web site
// to those phones. So a CA made here carries X.509 name constraints
// (RFC 5280, 4.2.1.10), which browsers and TLS libraries enforce whatever
// its key signs, and Issue refuses a name the constraints would refuse.

// LocalDomains are the DNS domains a CA made here may always sign names
// in: each name itself and every name under it. "local" is mDNS (RFC
// 6762), "home.arpa" a home network's (RFC 8375), "internal" ICANN's
// private-use name (2024), "lan" the common routers' default, and
// "localhost" this machine (RFC 6761).
var LocalDomains = []string{"local", "lan", "home.arpa", "internal", "localhost"}

// LocalNets are the addresses a CA made here may sign: loopback, the
// private IPv4 ranges (RFC 1918), link-local (RFC 3927, RFC 4291), IPv6
// unique local addresses (RFC 4193), and the other ranges IANA's
// special-purpose registry marks not globally reachable, where no site
// of the Internet can be: shared address space (RFC 6598, a carrier's
// or a VPN's), benchmarking (RFC 2544) and documentation (RFC 5737,
// RFC 3849; test networks use them).
var LocalNets = mustNets("127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
	"100.64.0.0/10", "198.18.0.0/15", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24",
	"::1/128", "fc00::/7", "fe80::/10", "2001:db8::/32")

func mustNets(cidrs ...string) []*net.IPNet {
	var out []*net.IPNet
	for _, c := range cidrs {
		_, n, err := net.ParseCIDR(c)
		if err != nil {
			panic(err)
		}
		out = append(out, n)
	}
	return out
}

// CheckLocal returns nil when host (a DNS name, or an IP address with or
// without brackets) is the hall's own: an address of LocalNets, a name
// in LocalDomains, or a name whose top-level domain is none of the
// Internet's (a bare host name such as "raspberrypi", or a private
// "hub.corp"), the public suffix list saying which are
// (golang.org/x/net/publicsuffix, ICANN's section). Its error names
// host and what may be signed.
func CheckLocal(host string) error {
	h := strings.Trim(host, "[]")
	if ip := net.ParseIP(h); ip != nil {
		if inNets(ip, LocalNets) {
			return nil
		}
		return fmt.Errorf("ca: %s is a public address: a hall's certificate is only for loopback and private addresses (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, ...)", host)
	}
	name, err := dnsName(h)
	if err != nil {
		return err
	}
	if inDomains(name, LocalDomains) {
		return nil
	}
	tld := name[strings.LastIndexByte(name, '.')+1:]
	if _, icann := publicsuffix.PublicSuffix(tld); icann {
		return fmt.Errorf("ca: %s is a public name, under .%s: a hall's certificate is only for names such as t07.local, hall.lan, hub.home.arpa, x.internal or a bare host name", host, tld)
	}
	return nil
}

// dnsName returns h lower case without a final dot, or an error when it
// is not a host name (letters, digits, '-', '_' and dots; no wildcard).
func dnsName(h string) (string, error) {
	name := strings.ToLower(strings.TrimSuffix(h, "."))
	ok := name != "" && len(name) <= 253 && !strings.HasPrefix(name, ".") && !strings.Contains(name, "..")
	for _, r := range name {
		ok = ok && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_')
	}
	if !ok {
		return "", fmt.Errorf("ca: %q is not a host name or an IP address", h)
	}
	return name, nil
}

func inNets(ip net.IP, nets []*net.IPNet) bool {
	for _, n := range nets {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// inDomains reports whether name is one of domains or under one (the
// matching of RFC 5280's dNSName constraints).
func inDomains(name string, domains []string) bool {
	for _, d := range domains {
		d = strings.ToLower(strings.TrimPrefix(d, "."))
		if name == d || strings.HasSuffix(name, "."+d) {
			return true
		}
	}
	return false
}

// scope returns the constraints of a new CA: LocalDomains and the DNS
// names of hosts not already under them, and LocalNets. It fails, naming
// it, for a host CheckLocal refuses.
func scope(hosts []string) (domains []string, nets []*net.IPNet, err error) {
	domains = append(domains, LocalDomains...)
	for _, h := range hosts {
		if err := CheckLocal(h); err != nil {
			return nil, nil, err
		}
		if net.ParseIP(strings.Trim(h, "[]")) != nil {
			continue
		}
		name, _ := dnsName(h)
		if !inDomains(name, domains) {
			domains = append(domains, name)
		}
	}
	return domains, LocalNets, nil
}

// Constrained reports whether the CA's certificate carries name
// constraints: a CA made before them signs any name, and should be
// replaced (tandem-hall ca new --replace).
func (c *CA) Constrained() bool {
	x := c.Cert
	return len(x.PermittedDNSDomains) > 0 || len(x.PermittedIPRanges) > 0 || len(x.ExcludedDNSDomains) > 0 || len(x.ExcludedIPRanges) > 0
}

// Permits returns nil when the CA may sign host: a name or address of
// the hall (CheckLocal), and, for a constrained CA, one its constraints
// permit. The error names host and what to do.
func (c *CA) Permits(host string) error {
	if err := CheckLocal(host); err != nil {
		return err
	}
	if !c.Constrained() {
		return nil
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); ip != nil {
		if permittedIP(c.Cert, ip) {
			return nil
		}
	} else if name, _ := dnsName(host); permittedDNS(c.Cert, name) {
		return nil
	}
	return fmt.Errorf("ca: %s is not among the names this CA may sign (%s): make a new CA that names it (tandem-hall ca new --replace --host %s)", host, strings.Join(c.Cert.PermittedDNSDomains, ", "), host)
}

func permittedIP(x *x509.Certificate, ip net.IP) bool {
	if inNets(ip, x.ExcludedIPRanges) {
		return false
	}
	return len(x.PermittedIPRanges) == 0 || inNets(ip, x.PermittedIPRanges)
}

func permittedDNS(x *x509.Certificate, name string) bool {
	if inDomains(name, x.ExcludedDNSDomains) {
		return false
	}
	return len(x.PermittedDNSDomains) == 0 || inDomains(name, x.PermittedDNSDomains)
}

// Sort splits hosts into those the CA may sign (Permits) and the others,
// each in the order given.
func (c *CA) Sort(hosts []string) (ok, refused []string) {
	for _, h := range hosts {
		if c.Permits(h) == nil {
			ok = append(ok, h)
		} else {
			refused = append(refused, h)
		}
	}
	return ok, refused
}
