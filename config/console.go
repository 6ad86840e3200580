package config

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"tandem/internal/tomlline"
)

// This file owns the [console] section: the web console's listen address,
// the arbiter's PIN and its on/off switch.

var consoleKeys = []string{"enabled", "listen", "pin", "tls_cert", "tls_key"}

// Console holds the [console] settings. Its zero value is the default: the
// console on, listening on DefaultConsoleListen, with a PIN generated at
// each start.
type Console struct {
	// Disabled turns the web console off (enabled = false in the file).
	// It is the negation so that the zero Console is the default.
	Disabled bool
	// Listen is the TCP address the console serves, "host:port" as
	// net.Listen reads it: "127.0.0.1:8080" (this machine only), ":8080"
	// (every interface: the arbiter's phone on the hall's network). Empty
	// means DefaultConsoleListen.
	Listen string
	// PIN is the arbiter's PIN: 4 to 12 digits. Empty means a random one
	// is generated at each start and shown on the terminal and the
	// displays.
	PIN string
	// TLSCert and TLSKey are the console's certificate and key (PEM
	// files; the hall CA issues them: tandem-hall ca issue): the console
	// then serves HTTPS. Without them a console beyond loopback serves
	// HTTPS with a certificate the table makes itself (its own CA, in
	// TLSDir); a console on loopback serves plain HTTP. Both or neither.
	TLSCert, TLSKey string
}

// Beyond reports whether the console listens beyond this machine (it then
// serves HTTPS only: docs/console.md, "Security").
func (c Console) Beyond() bool { return !LoopbackOnly(c.Addr()) }

// Console defaults and limits.
const (
	// DefaultConsoleListen is Console.Listen when the file does not set
	// it: this machine only, which suits the simulated table. A table in a
	// hall sets ":8080" so the arbiter's phone reaches it.
	DefaultConsoleListen = "127.0.0.1:8080"
	// MinPIN and MaxPIN bound the length of Console.PIN in digits;
	// MinNetworkPIN is the least on a console that listens beyond
	// loopback (the hall's network: docs/console.md, "Security").
	MinPIN, MaxPIN = 4, 12
	MinNetworkPIN  = 6
)

// Addr returns the address to listen on: Listen, or DefaultConsoleListen
// when it is empty.
func (c Console) Addr() string {
	if c.Listen == "" {
		return DefaultConsoleListen
	}
	return c.Listen
}

func init() {
	sections["console"] = section{parse: parseConsole, validate: validateConsole, write: writeConsole}
}

// parseConsole reads [console] into c.Console.
func parseConsole(p *parser, c *Config, t map[string]any) error {
	base := []string{"console"}
	if err := p.checkKeys(base, t, consoleKeys); err != nil {
		return err
	}
	for _, k := range p.keys(base, t) {
		path := at(base, k)
		v := t[k]
		switch k {
		case "enabled":
			b, ok := v.(bool)
			if !ok {
				return p.errorf(path, "expected true or false, got %s", tomlline.Kind(v))
			}
			c.Console.Disabled = !b
		case "listen":
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, `expected a string such as ":8080" or "127.0.0.1:8080", got %s`, tomlline.Kind(v))
			}
			if msg := listenProblem(s); msg != "" {
				return p.errorf(path, "%s", msg)
			}
			c.Console.Listen = s
		case "tls_cert", "tls_key":
			s, ok := v.(string)
			if !ok || s == "" {
				return p.errorf(path, "expected a file name in quotes, got %s", tomlline.Kind(v))
			}
			if k == "tls_cert" {
				c.Console.TLSCert = s
			} else {
				c.Console.TLSKey = s
			}
		case "pin":
			// A PIN written as a number would lose its leading zeros: it
			// must be a string.
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, `expected a string of %d to %d digits such as "4821", got %s`, MinPIN, MaxPIN, tomlline.Kind(v))
			}
			if msg := pinProblem(s); msg != "" {
				return p.errorf(path, "%s", msg)
			}
			c.Console.PIN = s
		}
	}
	if msg := networkPINProblem(c.Console.PIN, c.Console.Addr(), "listen"); msg != "" {
		return p.errorf(at(base, "pin"), "%s", msg)
	}
	if (c.Console.TLSCert == "") != (c.Console.TLSKey == "") {
		return p.errorf(base, "tls_cert and tls_key go together: the certificate and its key")
	}
	return nil
}

// networkPINProblem says when pin is too short for a page listening on
// listen beyond loopback (key names the listen setting), or "".
func networkPINProblem(pin, listen, key string) string {
	if pin == "" || len(pin) >= MinNetworkPIN || LoopbackOnly(listen) {
		return ""
	}
	return fmt.Sprintf("a %d-digit PIN on a page the hall's network reaches (%s %q): use %d to %d digits, or leave pin out for a generated one",
		len(pin), key, listen, MinNetworkPIN, MaxPIN)
}

// LoopbackOnly reports whether listen address "host:port" is reachable
// from this machine only: a loopback IP or "localhost". An empty or
// unspecified host (":8080", "0.0.0.0:8080") is every interface.
func LoopbackOnly(listen string) bool {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// placeholderProblem says when secret s is the examples' placeholder
// (they ship "CHANGE-ME" where a secret goes, so that no example's
// secret works anywhere), or "".
func placeholderProblem(s string) string {
	l := strings.ToLower(s)
	if strings.Contains(l, "change-me") || strings.Contains(l, "changeme") || strings.Contains(l, "...") {
		return fmt.Sprintf("%q is a placeholder: write a secret of your own", s)
	}
	return ""
}

// validateConsole checks a Console built in code, for Config.Validate.
func validateConsole(c *Config) error {
	if c.Console.Listen != "" {
		if msg := listenProblem(c.Console.Listen); msg != "" {
			return &Error{Field: "console.listen", Msg: msg}
		}
	}
	if c.Console.PIN != "" {
		if msg := pinProblem(c.Console.PIN); msg != "" {
			return &Error{Field: "console.pin", Msg: msg}
		}
	}
	if msg := networkPINProblem(c.Console.PIN, c.Console.Addr(), "listen"); msg != "" {
		return &Error{Field: "console.pin", Msg: msg}
	}
	if (c.Console.TLSCert == "") != (c.Console.TLSKey == "") {
		return &Error{Field: "console.tls_cert", Msg: "tls_cert and tls_key go together"}
	}
	return nil
}

// listenProblem says what is wrong with listen address s, or "".
func listenProblem(s string) string {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return fmt.Sprintf(`%q is not host:port; write e.g. ":8080" (every interface) or "127.0.0.1:8080" (this machine only)`, s)
	}
	if strings.ContainsAny(host, " \t") {
		return fmt.Sprintf("%q: the host has spaces", s)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return fmt.Sprintf("%q: port %q is not a number from 0 to 65535", s, port)
	}
	return ""
}

// pinProblem says what is wrong with PIN s, or "".
func pinProblem(s string) string {
	if msg := placeholderProblem(s); msg != "" {
		return msg + " (or leave pin out for one generated at each start)"
	}
	if len(s) < MinPIN || len(s) > MaxPIN {
		return fmt.Sprintf("the PIN has %d characters; allowed %d to %d digits", len(s), MinPIN, MaxPIN)
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return fmt.Sprintf("the PIN has %q; only digits 0-9 are allowed (a phone's number pad types them)", r)
		}
	}
	return ""
}

// writeConsole writes the [console] section for Write when it differs
// from the default (a default configuration's file stays as it was).
func writeConsole(c *Config, b *out) error {
	if c.Console == (Console{}) {
		return nil
	}
	b.WriteString("\n[console]\n")
	var cb block
	cb.add("enabled", strconv.FormatBool(!c.Console.Disabled), pick(!c.Console.Disabled, "default", "default: true"))
	if c.Console.Listen != "" {
		cb.add("listen", quote(c.Console.Listen), pick(c.Console.Listen == DefaultConsoleListen, "default", "default: "+DefaultConsoleListen))
	}
	if c.Console.PIN != "" {
		cb.add("pin", quote(c.Console.PIN), "the arbiter's PIN")
	}
	if c.Console.TLSCert != "" {
		cb.add("tls_cert", quote(c.Console.TLSCert), "HTTPS")
		cb.add("tls_key", quote(c.Console.TLSKey), "")
	}
	cb.writeTo(b)
	if c.Console.Listen == "" {
		b.note("listen not set: " + DefaultConsoleListen + " (this machine only)")
	}
	if c.Console.PIN == "" {
		b.note("pin not set: a PIN is generated at each start")
	}
	return nil
}
