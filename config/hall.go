package config

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"tandem/internal/inputfile"
	"tandem/internal/tomlline"
)

// This file owns the [hall] section: a table's link to the hall's hub
// (Hall issue, docs/hall.md).
//
//	[hall]
//	url = "nats://hall.local:4222"   # the hub; no url: no hall
//	table = "t07"                    # this table's id on the hub
//	user = "t07"                     # credentials: user + password,
//	password = "..."                 # or token, nkey_seed_file, creds_file
//	ca = "/etc/tandem/hall-ca.crt"   # the hall CA: TLS to the hub

var hallKeys = []string{"url", "table", "user", "password", "token", "nkey_seed_file", "creds_file", "ca"}

// Hall holds the [hall] settings. Its zero value is the default: no hall
// link (the table stands alone).
type Hall struct {
	// URL is the hub's NATS address, "nats://host:4222" (several separated
	// by commas); "" means no hall link.
	URL string
	// Table is this table's id on the hub: 1 to 64 letters, digits, _ or
	// - (the hub's hall.ValidTableID). Required with URL.
	Table string
	// The table's credentials on the hub, at most one kind: User and
	// Password, Token, NkeySeedFile (the path of an nkey seed, "SU...")
	// or CredsFile (a NATS credentials file). None: no authentication.
	User         string
	Password     string
	Token        string
	NkeySeedFile string
	CredsFile    string
	// CA is the hall CA's certificate file (the hub's ca.crt: package
	// hall/ca): the link speaks TLS and verifies the hub with it.
	// Required when a URL's host is beyond this machine: nothing crosses
	// the hall's network in clear.
	CA string
}

// Enabled reports whether the table links to a hall (URL set).
func (h Hall) Enabled() bool { return h.URL != "" }

// hallTableID is hall.ValidTableID's rule (the config package does not
// import the transport).
var hallTableID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func init() {
	sections["hall"] = section{parse: parseHall, validate: validateHall, write: writeHall}
}

// parseHall reads [hall] into c.Hall.
func parseHall(p *parser, c *Config, t map[string]any) error {
	base := []string{"hall"}
	if err := p.checkKeys(base, t, hallKeys); err != nil {
		return err
	}
	h := &c.Hall
	fields := map[string]*string{"url": &h.URL, "table": &h.Table, "user": &h.User, "password": &h.Password,
		"token": &h.Token, "nkey_seed_file": &h.NkeySeedFile, "creds_file": &h.CredsFile, "ca": &h.CA}
	for _, k := range p.keys(base, t) {
		s, ok := t[k].(string)
		if !ok {
			return p.errorf(at(base, k), "expected a string in quotes, got %s", tomlline.Kind(t[k]))
		}
		*fields[k] = s
	}
	for _, k := range hallKeys {
		if msg := hallProblem(*h, k); msg != "" {
			path := at(base, k)
			if _, ok := t[k]; !ok {
				path = base // a missing key: the section's line
			}
			return p.errorf(path, "%s", msg)
		}
	}
	return nil
}

// hallProblem says what is wrong with h's field key, or "".
func hallProblem(h Hall, key string) string {
	switch key {
	case "url":
		if h.URL == "" {
			if h.Table != "" || h.User != "" || h.Token != "" || h.NkeySeedFile != "" || h.CredsFile != "" {
				return `no url: write the hub's address, e.g. url = "nats://hall.local:4222"`
			}
			return ""
		}
		for _, one := range strings.Split(h.URL, ",") {
			one = strings.TrimSpace(one)
			u, err := url.Parse(one)
			if err != nil || u.Host == "" || !slices.Contains([]string{"nats", "tls", "ws", "wss"}, u.Scheme) {
				return fmt.Sprintf(`%q is not a NATS address; write e.g. "nats://hall.local:4222"`, one)
			}
		}
	case "ca":
		if h.CA != "" || h.URL == "" {
			return ""
		}
		for _, one := range strings.Split(h.URL, ",") {
			u, err := url.Parse(strings.TrimSpace(one))
			if err == nil && !LoopbackOnly(u.Host) {
				return fmt.Sprintf(`the hub %s is beyond this machine: set ca to the hall CA's certificate (the hub's tls directory's ca.crt, docs/hall.md "TLS on the hall's network"), so that nothing crosses the network in clear`, u.Host)
			}
		}
	case "table":
		if h.URL != "" && h.Table == "" {
			return `no table id: write this table's id on the hub, e.g. table = "t07"`
		}
		if h.Table != "" && !hallTableID.MatchString(h.Table) {
			return fmt.Sprintf("%q: a table id is 1 to 64 letters, digits, _ or - (e.g. \"t07\")", h.Table)
		}
	case "password":
		if h.Password != "" && h.User == "" {
			return "a password needs its user"
		}
		if h.User != "" && h.Password == "" {
			return "user " + quote(h.User) + " has no password"
		}
		return placeholderProblem(h.Password)
	case "token":
		return placeholderProblem(h.Token)
	case "creds_file":
		n := 0
		for _, set := range []bool{h.User != "", h.Token != "", h.NkeySeedFile != "", h.CredsFile != ""} {
			if set {
				n++
			}
		}
		if n > 1 {
			return "give one kind of credentials: user and password, token, nkey_seed_file or creds_file"
		}
	}
	return ""
}

// MaxCredentialsSize is the largest credentials file (nkey seed, NATS
// creds) CheckFiles accepts (bytes): a real one is under 2 KiB.
const MaxCredentialsSize = 64 << 10

// CheckFiles checks that the files c names for credentials exist and can
// be read: [hall] nkey_seed_file, creds_file and ca, [console] tls_cert
// and tls_key, [hub] nkey_seed_file and creds_file (relative paths from the working directory, as tandem opens
// them). It returns the first that cannot as an *Error with c.Source's
// file and line, or nil. Parse does not check them: a table whose file is
// missing still plays and shows why it has no hall; check-config does.
func (c *Config) CheckFiles() error {
	for _, f := range []struct {
		path []string
		name string
	}{
		{[]string{"hall", "nkey_seed_file"}, c.Hall.NkeySeedFile},
		{[]string{"hall", "creds_file"}, c.Hall.CredsFile},
		{[]string{"hall", "ca"}, c.Hall.CA},
		{[]string{"console", "tls_cert"}, c.Console.TLSCert},
		{[]string{"console", "tls_key"}, c.Console.TLSKey},
		{[]string{"hub", "nkey_seed_file"}, c.Hub.NkeySeedFile},
		{[]string{"hub", "creds_file"}, c.Hub.CredsFile},
	} {
		if f.name == "" {
			continue
		}
		msg := ""
		if st, err := os.Stat(f.name); err == nil && st.IsDir() {
			msg = fmt.Sprintf("%s is a directory, not a file", f.name)
		} else if _, err := inputfile.Read(f.name, MaxCredentialsSize); err != nil {
			// A FIFO or a device would never end (nats reads the file
			// again at each login); a real one is under 2 KiB.
			msg = "cannot be read: " + err.Error()
		}
		if msg != "" {
			e := &Error{File: c.Source, Field: fieldName(f.path), Msg: msg}
			// Read again, and counted again: the file may have
			// changed since it was parsed.
			if data, err := inputfile.Read(c.Source, MaxFileSize); err == nil && c.Source != "" {
				if ix, err := tomlline.Scan(data, limits); err == nil {
					e.Line = ix.Line(f.path)
				}
			}
			return e
		}
	}
	return nil
}

// validateHall checks c.Hall for Config.Validate.
func validateHall(c *Config) error {
	for _, k := range hallKeys {
		if msg := hallProblem(c.Hall, k); msg != "" {
			return &Error{Field: "hall." + k, Msg: msg}
		}
	}
	return nil
}

// writeHall writes [hall] for Write when the table links to a hall.
func writeHall(c *Config, b *out) error {
	h := c.Hall
	if h == (Hall{}) {
		return nil
	}
	b.WriteString("\n[hall]\n")
	var hb block
	hb.add("url", quote(h.URL), "the hub")
	hb.add("table", quote(h.Table), "this table's id on the hub")
	for _, kv := range [][2]string{{"user", h.User}, {"password", h.Password}, {"token", h.Token},
		{"nkey_seed_file", h.NkeySeedFile}, {"creds_file", h.CredsFile}, {"ca", h.CA}} {
		if kv[1] != "" {
			hb.add(kv[0], quote(kv[1]), "")
		}
	}
	hb.writeTo(b)
	return nil
}
