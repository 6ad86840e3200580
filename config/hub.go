package config

import (
	"cmp"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"tandem/hall/ca"
	"tandem/internal/tomlline"

	"github.com/dustin/go-humanize"
)

// This file owns the [hub] section: the hall hub that tandem-hall runs
// (Hall issue, docs/hall.md). A table's configuration has no [hub].
//
//	[hub]
//	listen = ":4222"                  # NATS for the tables (embedded server)
//	store = "/var/lib/tandem/hall"    # JetStream store (default ./tandem-hall)
//	max_memory = "64MiB"              # JetStream caps
//	max_store = "4GiB"
//	dashboard_listen = ":8090"        # the hall dashboard
//	dashboard_pin = "246810"
//
//	[hub.tables.t07]                  # one per table: user + password, or nkey
//	user = "t07"
//	password = "..."

var (
	hubKeys = []string{"listen", "store", "max_memory", "max_store", "nats", "user", "password", "token",
		"nkey_seed_file", "creds_file", "dashboard_listen", "dashboard_pin", "tables", "tls", "tls_hosts", "node", "cluster_listen", "routes"}
	hubTableKeys = []string{"user", "password", "nkey"}
)

// Hub holds the [hub] settings. Its zero value is the default: an
// embedded NATS server on DefaultHubListen storing in DefaultHubStore,
// JetStream's memory and store capped at the hall package's defaults, no
// table credentials (any machine may join), the dashboard on
// DefaultDashboardListen with a PIN generated at each start.
type Hub struct {
	// Listen is the embedded NATS server's "host:port" ("" default).
	Listen string
	// Store is the JetStream directory ("" default).
	Store string
	// MaxMemory and MaxStore cap JetStream (bytes; 0 default). The file
	// writes them with a unit: "64MiB", "4GiB".
	MaxMemory int64
	MaxStore  int64
	// NATS, when set, joins an existing NATS server instead of embedding
	// one ("nats://host:4222"); User/Password, Token, NkeySeedFile or
	// CredsFile are the hub's credentials there. Token alone, without
	// NATS, is the one token every table gives the embedded server.
	NATS         string
	User         string
	Password     string
	Token        string
	NkeySeedFile string
	CredsFile    string
	// DashboardListen and DashboardPIN are the hall dashboard's address
	// and arbiter PIN ("": defaults).
	DashboardListen string
	DashboardPIN    string
	// Tables are the tables' credentials on the embedded server
	// ([hub.tables.ID]), in the file's order.
	Tables []HubTable
	// TLS is the directory of the hall CA and the hub's certificate
	// (package hall/ca): "" means Store's "tls" subdirectory, made with a
	// new CA at the first start; "off" serves NATS and the dashboard in
	// clear, allowed only when both listen on loopback. TLSHosts are the
	// names and addresses the tables dial the hub by, beside this
	// machine's own (its host name, its interfaces' addresses), for the
	// hub's certificate.
	TLS      string
	TLSHosts []string
	// Node, ClusterListen and Routes make this hub one node of a cluster
	// of hubs (docs/hall.md, "A hub on three machines"): its name,
	// unique; the "host:port" the other nodes' routes connect to; their
	// route URLs ("nats://hub2.local:6222"). None: a hub alone.
	Node          string
	ClusterListen string
	Routes        []string
}

// Clustered reports whether the hub is a node of a cluster.
func (h Hub) Clustered() bool { return h.Node != "" || h.ClusterListen != "" || len(h.Routes) > 0 }

// TLSDir is the hub's TLS directory (Hub.TLS's default applied), "" when
// TLS is off.
func (h Hub) TLSDir() string {
	switch h.TLS {
	case "off":
		return ""
	case "":
		return filepath.Join(cmp.Or(h.Store, DefaultHubStore), "tls")
	}
	return h.TLS
}

// HubTable is one table's credentials on the hub ([hub.tables.ID]).
type HubTable struct {
	// ID is the table id ([hall] table of that table).
	ID string
	// User and Password, or Nkey (the public key "U..." of the table's
	// nkey_seed_file): exactly one of the two.
	User     string
	Password string
	Nkey     string
}

// Hub defaults, as tandem-hall applies them.
const (
	DefaultHubListen       = "0.0.0.0:4222"
	DefaultHubStore        = "tandem-hall"
	DefaultDashboardListen = ":8090"
)

// The smallest JetStream caps [hub] accepts (bytes): below them the hub
// starts but soon refuses records. A table writes about 0.5 MB of records
// per hour of play (docs/hall.md), so 16 MiB holds a short event of a
// few tables; the streams are on disk, so the memory cap barely matters.
const (
	MinHubMaxMemory int64 = 1 << 20
	MinHubMaxStore  int64 = 16 << 20
)

func init() {
	sections["hub"] = section{parse: parseHub, validate: validateHub, write: writeHub}
}

// parseHub reads [hub] into c.Hub.
func parseHub(p *parser, c *Config, t map[string]any) error {
	base := []string{"hub"}
	if err := p.checkKeys(base, t, hubKeys); err != nil {
		return err
	}
	h := &c.Hub
	strs := map[string]*string{"listen": &h.Listen, "store": &h.Store, "nats": &h.NATS, "user": &h.User,
		"password": &h.Password, "token": &h.Token, "nkey_seed_file": &h.NkeySeedFile, "creds_file": &h.CredsFile,
		"dashboard_listen": &h.DashboardListen, "dashboard_pin": &h.DashboardPIN, "tls": &h.TLS,
		"node": &h.Node, "cluster_listen": &h.ClusterListen}
	for _, k := range p.keys(base, t) {
		path := at(base, k)
		v := t[k]
		switch k {
		case "max_memory", "max_store":
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, `expected a size in quotes such as "64MiB" or "4GiB", got %s`, tomlline.Kind(v))
			}
			n, err := humanize.ParseBytes(s)
			if err != nil || n == 0 || n > 1<<50 {
				return p.errorf(path, `%q is not a size; write e.g. "64MiB", "512MB" or "4GiB"`, s)
			}
			if k == "max_memory" {
				h.MaxMemory = int64(n)
			} else {
				h.MaxStore = int64(n)
			}
			if msg := hubSizeProblem(*h, k); msg != "" {
				return p.errorf(path, "%s", msg)
			}
		case "tls_hosts":
			arr, ok := v.([]any)
			if !ok {
				return p.errorf(path, `expected a list of names and addresses such as ["hall.local", "10.0.0.1"], got %s`, tomlline.Kind(v))
			}
			for _, x := range arr {
				s, ok := x.(string)
				if !ok || s == "" || strings.ContainsAny(s, " /:") && net.ParseIP(s) == nil {
					return p.errorf(path, "%v is not a host name or an IP address", x)
				}
				// The hall CA signs only the hall's names (its name
				// constraints): a public one is refused here, with the
				// file and line, not at the hub's start.
				if err := ca.CheckLocal(s); err != nil {
					return p.errorf(path, "%s", err)
				}
				h.TLSHosts = append(h.TLSHosts, s)
			}
		case "routes":
			arr, ok := v.([]any)
			if !ok {
				return p.errorf(path, `expected a list of the other nodes' route URLs such as ["nats://hub2.local:6222"], got %s`, tomlline.Kind(v))
			}
			for _, x := range arr {
				s, ok := x.(string)
				if msg := hallProblem(Hall{URL: s, Table: "x"}, "url"); !ok || msg != "" {
					return p.errorf(path, "%v is not a route URL such as \"nats://hub2.local:6222\"", x)
				}
				h.Routes = append(h.Routes, s)
			}
		case "tables":
			tt, err := p.table(path, v)
			if err != nil {
				return err
			}
			for _, id := range p.keys(path, tt) {
				tp := at(path, id)
				if !hallTableID.MatchString(id) {
					return p.errorf(tp, "%q: a table id is 1 to 64 letters, digits, _ or - (e.g. \"t07\")", id)
				}
				m, err := p.table(tp, tt[id])
				if err != nil {
					return err
				}
				if err := p.checkKeys(tp, m, hubTableKeys); err != nil {
					return err
				}
				ht := HubTable{ID: id}
				for _, k := range p.keys(tp, m) {
					s, ok := m[k].(string)
					if !ok {
						return p.errorf(at(tp, k), "expected a string in quotes, got %s", tomlline.Kind(m[k]))
					}
					switch k {
					case "user":
						ht.User = s
					case "password":
						ht.Password = s
					case "nkey":
						ht.Nkey = s
					}
				}
				h.Tables = append(h.Tables, ht)
				if msg := hubTableProblem(h.Tables, len(h.Tables)-1); msg != "" {
					return p.errorf(tp, "%s", msg)
				}
			}
		default:
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, "expected a string in quotes, got %s", tomlline.Kind(v))
			}
			*strs[k] = s
			if msg := hubProblem(*h, k); msg != "" {
				return p.errorf(path, "%s", msg)
			}
		}
	}
	if msg := hubCredsProblem(*h); msg != "" {
		return p.errorf(base, "%s", msg)
	}
	if msg := networkPINProblem(h.DashboardPIN, cmp.Or(h.DashboardListen, DefaultDashboardListen), "dashboard_listen"); msg != "" {
		return p.errorf(at(base, "dashboard_pin"), "%s", msg)
	}
	if msg := hubTLSProblem(*h); msg != "" {
		return p.errorf(at(base, "tls"), "%s", msg)
	}
	if msg := hubClusterProblem(*h); msg != "" {
		return p.errorf(base, "%s", msg)
	}
	if msg := hubPortsProblem(*h); msg != "" {
		path := at(base, "dashboard_listen")
		if h.DashboardListen == "" {
			path = at(base, "listen")
		}
		return p.errorf(path, "%s", msg)
	}
	return nil
}

// hubTLSProblem says when [hub] tls = "off" would put NATS or the
// dashboard in clear beyond this machine, or "".
func hubTLSProblem(h Hub) string {
	if h.TLS != "off" {
		return ""
	}
	for _, l := range []struct{ key, addr string }{
		{"listen", cmp.Or(h.Listen, DefaultHubListen)}, {"dashboard_listen", cmp.Or(h.DashboardListen, DefaultDashboardListen)},
		{"cluster_listen", cmp.Or(h.ClusterListen, "off")},
	} {
		if l.key == "listen" && h.NATS != "" {
			continue // no embedded server
		}
		if l.addr != "off" && !LoopbackOnly(l.addr) {
			return fmt.Sprintf(`tls = "off" with %s %q beyond this machine: passwords and PINs would cross the hall's network in clear; leave tls out (the hub makes the hall CA) or listen on 127.0.0.1`, l.key, l.addr)
		}
	}
	return ""
}

// hubClusterProblem says what is missing for a cluster node, or "".
func hubClusterProblem(h Hub) string {
	switch {
	case !h.Clustered():
		return ""
	case h.NATS != "":
		return "node, cluster_listen and routes are for the embedded server: a hub that joins another NATS server (nats) has none"
	case h.Node == "":
		return `a cluster node needs its name: node = "hub1" (each node its own)`
	case h.ClusterListen == "":
		return `a cluster node needs the address the other nodes' routes connect to: cluster_listen = ":6222"`
	case len(h.Routes) == 0:
		return `a cluster node needs the other nodes: routes = ["nats://hub2.local:6222", "nats://hub3.local:6222"]`
	}
	if msg := listenProblem(h.ClusterListen); msg != "" {
		return "cluster_listen: " + msg
	}
	return ""
}

// hubSizeProblem says what is wrong with h's size key ("max_memory" or
// "max_store"), or "": a size set (not 0) under its minimum.
func hubSizeProblem(h Hub, key string) string {
	n, least := h.MaxMemory, MinHubMaxMemory
	if key == "max_store" {
		n, least = h.MaxStore, MinHubMaxStore
	}
	if n != 0 && n < least {
		return fmt.Sprintf("%s is too small for JetStream; at least %s (leave it out for the default)", size(n), size(least))
	}
	return ""
}

// hubPortsProblem says when the dashboard would listen where the embedded
// NATS server does (defaults applied), or "": one of them could not start.
func hubPortsProblem(h Hub) string {
	if h.NATS != "" {
		return "" // no embedded server
	}
	nl, dl := cmp.Or(h.Listen, DefaultHubListen), cmp.Or(h.DashboardListen, DefaultDashboardListen)
	nh, np, err1 := net.SplitHostPort(nl)
	dh, dp, err2 := net.SplitHostPort(dl)
	if err1 != nil || err2 != nil || np != dp || np == "0" {
		return ""
	}
	every := func(h string) bool { ip := net.ParseIP(h); return h == "" || (ip != nil && ip.IsUnspecified()) }
	if nh == dh || every(nh) || every(dh) {
		return fmt.Sprintf("the dashboard (dashboard_listen %q) and the tables' NATS (listen %q) cannot share port %s: give one another port", dl, nl, np)
	}
	return ""
}

// hubProblem says what is wrong with h's string field key, or "".
func hubProblem(h Hub, key string) string {
	switch key {
	case "listen", "dashboard_listen":
		s := h.Listen
		if key == "dashboard_listen" {
			s = h.DashboardListen
		}
		if s != "" {
			return listenProblem(s)
		}
	case "dashboard_pin":
		if h.DashboardPIN != "" {
			return pinProblem(h.DashboardPIN)
		}
	case "password", "token":
		s := h.Password
		if key == "token" {
			s = h.Token
		}
		return placeholderProblem(s)
	case "nats":
		if h.NATS != "" {
			return hallProblem(Hall{URL: h.NATS, Table: "x"}, "url")
		}
	}
	return ""
}

// hubCredsProblem checks the hub's own credentials against the tables'.
func hubCredsProblem(h Hub) string {
	if h.Password != "" && h.User == "" {
		return "hub: a password needs its user"
	}
	if h.NATS == "" && (h.User != "" || h.NkeySeedFile != "" || h.CredsFile != "") {
		return "user, nkey_seed_file and creds_file are the hub's credentials on another NATS server: set nats, or leave them out"
	}
	if h.NATS == "" && h.Token != "" && len(h.Tables) > 0 {
		return "a shared token and [hub.tables] credentials exclude each other: give every table a user or an nkey, or use the token alone"
	}
	return ""
}

// hubTableProblem says what is wrong with ts[i], or "".
func hubTableProblem(ts []HubTable, i int) string {
	t := ts[i]
	switch {
	case t.Nkey != "" && (t.User != "" || t.Password != ""):
		return "give a user and password or an nkey, not both"
	case t.Nkey != "":
		if len(t.Nkey) != 56 || t.Nkey[0] != 'U' {
			return fmt.Sprintf("nkey %q is not a user public key (56 characters starting with U)", t.Nkey)
		}
	case t.User == "":
		return "no credentials: a user and password, or an nkey"
	case t.Password == "":
		return "user " + quote(t.User) + " has no password"
	default:
		if msg := placeholderProblem(t.Password); msg != "" {
			return msg
		}
	}
	for _, o := range ts[:i] {
		if o.ID == t.ID {
			return "table " + t.ID + " is given twice"
		}
		if (t.User != "" && o.User == t.User) || (t.Nkey != "" && o.Nkey == t.Nkey) {
			return "tables " + o.ID + " and " + t.ID + " have the same user or nkey"
		}
	}
	return ""
}

// validateHub checks c.Hub for Config.Validate.
func validateHub(c *Config) error {
	h := c.Hub
	for _, k := range []string{"listen", "dashboard_listen", "dashboard_pin", "nats", "password", "token"} {
		if msg := hubProblem(h, k); msg != "" {
			return &Error{Field: "hub." + k, Msg: msg}
		}
	}
	if msg := networkPINProblem(h.DashboardPIN, cmp.Or(h.DashboardListen, DefaultDashboardListen), "dashboard_listen"); msg != "" {
		return &Error{Field: "hub.dashboard_pin", Msg: msg}
	}
	if msg := hubTLSProblem(h); msg != "" {
		return &Error{Field: "hub.tls", Msg: msg}
	}
	if msg := hubClusterProblem(h); msg != "" {
		return &Error{Field: "hub", Msg: msg}
	}
	if h.MaxMemory < 0 || h.MaxStore < 0 {
		return &Error{Field: "hub.max_memory", Msg: "a negative size"}
	}
	for _, k := range []string{"max_memory", "max_store"} {
		if msg := hubSizeProblem(h, k); msg != "" {
			return &Error{Field: "hub." + k, Msg: msg}
		}
	}
	if msg := hubPortsProblem(h); msg != "" {
		return &Error{Field: "hub.dashboard_listen", Msg: msg}
	}
	for i, t := range h.Tables {
		if !hallTableID.MatchString(t.ID) {
			return &Error{Field: "hub.tables", Msg: fmt.Sprintf("%q is not a table id", t.ID)}
		}
		if msg := hubTableProblem(h.Tables, i); msg != "" {
			return &Error{Field: "hub.tables." + t.ID, Msg: msg}
		}
	}
	if msg := hubCredsProblem(h); msg != "" {
		return &Error{Field: "hub", Msg: msg}
	}
	return nil
}

// writeHub writes [hub] for Write when it is set.
func writeHub(c *Config, b *out) error {
	h := c.Hub
	if h.Listen == "" && h.Store == "" && h.MaxMemory == 0 && h.MaxStore == 0 && h.NATS == "" && h.User == "" &&
		h.Password == "" && h.Token == "" && h.NkeySeedFile == "" && h.CredsFile == "" && h.DashboardListen == "" &&
		h.DashboardPIN == "" && len(h.Tables) == 0 && h.TLS == "" && len(h.TLSHosts) == 0 && !h.Clustered() {
		return nil
	}
	b.WriteString("\n[hub]\n")
	var hb block
	for _, kv := range [][3]string{
		{"listen", h.Listen, "default: " + DefaultHubListen}, {"store", h.Store, "default: " + DefaultHubStore},
		{"max_memory", size(h.MaxMemory), ""}, {"max_store", size(h.MaxStore), ""},
		{"nats", h.NATS, "join this NATS server instead of embedding one"},
		{"user", h.User, ""}, {"password", h.Password, ""}, {"token", h.Token, ""},
		{"nkey_seed_file", h.NkeySeedFile, ""}, {"creds_file", h.CredsFile, ""},
		{"dashboard_listen", h.DashboardListen, "default: " + DefaultDashboardListen},
		{"dashboard_pin", h.DashboardPIN, "the dashboard's arbiter PIN"},
		{"tls", h.TLS, "default: the store's tls directory"},
		{"node", h.Node, "this node of the cluster"}, {"cluster_listen", h.ClusterListen, "the other nodes' routes"},
	} {
		if kv[1] != "" {
			hb.add(kv[0], quote(kv[1]), kv[2])
		}
	}
	if len(h.Routes) > 0 {
		qs := make([]string, len(h.Routes))
		for i, x := range h.Routes {
			qs[i] = quote(x)
		}
		hb.add("routes", "["+strings.Join(qs, ", ")+"]", "the other nodes")
	}
	if len(h.TLSHosts) > 0 {
		qs := make([]string, len(h.TLSHosts))
		for i, x := range h.TLSHosts {
			qs[i] = quote(x)
		}
		hb.add("tls_hosts", "["+strings.Join(qs, ", ")+"]", "in the hub's certificate")
	}
	hb.writeTo(b)
	for _, t := range h.Tables {
		b.WriteString("\n[hub.tables." + t.ID + "]\n")
		var tb block
		if t.Nkey != "" {
			tb.add("nkey", quote(t.Nkey), "")
		} else {
			tb.add("user", quote(t.User), "")
			tb.add("password", quote(t.Password), "")
		}
		tb.writeTo(b)
	}
	return nil
}

// size writes n bytes as the file reads them back exactly ("64MiB"), or
// "" for 0.
func size(n int64) string {
	if n == 0 {
		return ""
	}
	for _, u := range []struct {
		name string
		v    int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.v == 0 {
			return fmt.Sprintf("%d%s", n/u.v, u.name)
		}
	}
	return fmt.Sprintf("%dB", n)
}
