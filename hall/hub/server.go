package hub

import (
	"cmp"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"tandem/hall"
)

// TableAuth is one table's credentials on the hub's embedded server: a
// user and password, or an nkey (the public key "U..." of the seed the
// table holds in its nkey_seed_file). The table may then publish only on
// its own subjects ("tandem.table.<ID>.*": its snapshots, and its
// requests to the hub, which stores its records and results under <ID>)
// and read only its commands and its own inbox (hall.InboxPrefix): one
// table cannot pose as another, nor read another's replies.
type TableAuth struct {
	// ID is the table id the credentials belong to (ValidTableID).
	ID string
	// User and Password, or Nkey: exactly one of the two.
	User     string
	Password string
	Nkey     string
}

// hubUser is the hub's own user on its embedded server, with a password
// drawn at each start: only the hub's process knows it.
const hubUser = "tandem-hub"

// Embedded server defaults (Opts zero values).
const (
	// DefaultListen is where the embedded server listens for tables:
	// every interface, NATS's usual port.
	DefaultListen = "0.0.0.0:4222"
	// DefaultStoreDir is the JetStream store of the embedded server.
	DefaultStoreDir = "tandem-hall"
	// DefaultMaxMemory caps the embedded server's JetStream memory
	// (bytes); the streams are on disk, so little is used.
	DefaultMaxMemory int64 = 64 << 20
	// DefaultMaxStore caps the JetStream store on disk (bytes). A table
	// writes about 0.5 MB of records per hour of play.
	DefaultMaxStore int64 = 4 << 30
)

// tablePerms returns what table id may do: publish its snapshots, and
// its requests to the hub (store a record or result, ask for the last
// one: hall.StoreSubject, hall.LastSubject); read the commands sent to
// it and its own inbox (hall.InboxPrefix: the hub's answers); answer
// the commands. Nothing else: no JetStream API (the hub stores for it,
// under its own id) and no other inbox (the hub's command replies and
// the other tables' answers travel on inboxes a table cannot read).
func tablePerms(id string) *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			hall.SnapSubject(id), hall.StoreSubject(id), hall.LastSubject(id),
		}},
		Subscribe: &server.SubjectPermission{
			Allow: []string{hall.CmdSubject(id), hall.InboxPrefix(id) + ".>"},
			Deny:  []string{"_INBOX.>"},
		},
		// A command's reply subject is the hub's inbox: allowed once per
		// command received.
		Response: &server.ResponsePermission{MaxMsgs: 1, Expires: time.Minute},
	}
}

// ListenError is New's error when the embedded server cannot listen
// on Opts.Listen (the port in use, an address not of this machine).
type ListenError struct {
	// Addr is the address, "host:port".
	Addr string
	// Err is the system's reason, e.g. syscall.EADDRINUSE.
	Err error
}

func (e *ListenError) Error() string { return "hall: listen " + e.Addr + ": " + e.Err.Error() }
func (e *ListenError) Unwrap() error { return e.Err }

// probeListen fails at once, with a *ListenError, when addr cannot be
// listened on: nats-server would only say it did not start within its
// wait.
func probeListen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var se *os.SyscallError
		if errors.As(err, &se) {
			err = se.Err
		}
		return &ListenError{Addr: addr, Err: err}
	}
	return ln.Close()
}

// startServer starts the embedded nats-server for o, its error lines to
// log, and returns it with the store's lock (held until the hub stops)
// and the hub's own connection credentials (user and password; "" when
// the server has no authentication, token when o sets one).
func startServer(o *Opts, log server.Logger) (*server.Server, *storeLock, string, error) {
	s, password, err := newServer(o)
	if err != nil {
		return nil, nil, "", err
	}
	host, port, _ := splitListen(o.Listen) // newServer checked it
	addr := net.JoinHostPort(host, strconv.Itoa(port))
	store := o.StoreDir
	if store == "" {
		store = DefaultStoreDir
	}
	// The store first: a second hub on the same store and port is told
	// about the store.
	lock, err := lockStore(store)
	if err != nil {
		return nil, nil, "", err
	}
	probe := []string{}
	if port != server.RANDOM_PORT {
		probe = append(probe, addr)
	}
	if o.Cluster != nil {
		if h, p, err := net.SplitHostPort(o.Cluster.Listen); err == nil && p != "0" {
			probe = append(probe, net.JoinHostPort(cmp.Or(h, "0.0.0.0"), p))
		}
	}
	for _, a := range probe {
		if err := probeListen(a); err != nil {
			lock.release()
			return nil, nil, "", err
		}
	}
	s.SetLoggerV2(log, false, false, false)
	s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		lock.release()
		return nil, nil, "", fmt.Errorf("hall: the NATS server did not start listening on %s within 10 s", addr)
	}
	return s, lock, password, nil
}

// newServer makes (does not start) the embedded server for o.
func newServer(o *Opts) (*server.Server, string, error) {
	host, port, err := splitListen(o.Listen)
	if err != nil {
		return nil, "", err
	}
	name := "tandem-hall"
	if o.Cluster != nil {
		if o.Cluster.Node == "" {
			return nil, "", errors.New("hall: a cluster node needs its name (Cluster.Node, [hub] node)")
		}
		name = o.Cluster.Node
	}
	so := &server.Options{
		ServerName:         name,
		Host:               host,
		Port:               port,
		JetStream:          true,
		StoreDir:           o.StoreDir,
		SyncAlways:         true, // a result acknowledged is on disk (docs/hall.md)
		JetStreamMaxMemory: o.MaxMemory,
		JetStreamMaxStore:  o.MaxStore,
		NoSigs:             true, // the command handles signals
		NoLog:              true, // a library does not log
		MaxPayload:         1 << 20,
	}
	if o.TLS != nil {
		so.TLSConfig = o.TLS.Clone()
		so.TLS, so.TLSTimeout = true, 5 // seconds, as nats-server reads it
	}
	if c := o.Cluster; c != nil {
		if err := clusterOptions(so, c, o.TLS); err != nil {
			return nil, "", err
		}
	}
	if so.StoreDir == "" {
		so.StoreDir = DefaultStoreDir
	}
	if so.JetStreamMaxMemory == 0 {
		so.JetStreamMaxMemory = DefaultMaxMemory
	}
	if so.JetStreamMaxStore == 0 {
		so.JetStreamMaxStore = DefaultMaxStore
	}
	password := ""
	switch {
	case o.Token != "" && len(o.Tables) > 0:
		return nil, "", errors.New("hall: a shared token and per-table credentials exclude each other: give every table a user or an nkey, or use the token alone")
	case o.Token != "":
		so.Authorization = o.Token
	case len(o.Tables) > 0:
		var b [16]byte
		rand.Read(b[:])
		password = hex.EncodeToString(b[:])
		so.Users = []*server.User{{Username: hubUser, Password: password}}
		seen := map[string]string{}
		for i, t := range o.Tables {
			if err := hall.ValidTableID(t.ID); err != nil {
				return nil, "", fmt.Errorf("hall: table credentials %d: %w", i+1, err)
			}
			who := t.User
			switch {
			case t.Nkey != "" && t.User != "":
				return nil, "", fmt.Errorf("hall: table %s: give a user and password or an nkey, not both", t.ID)
			case t.Nkey != "":
				if !nkeys.IsValidPublicUserKey(t.Nkey) {
					return nil, "", fmt.Errorf("hall: table %s: nkey %q is not a user public key (it starts with U; `nk -gen user -pubout` makes one)", t.ID, t.Nkey)
				}
				who = t.Nkey
				so.Nkeys = append(so.Nkeys, &server.NkeyUser{Nkey: t.Nkey, Permissions: tablePerms(t.ID)})
			case t.User != "":
				if t.User == hubUser {
					return nil, "", fmt.Errorf("hall: table %s: user %q is the hub's own", t.ID, hubUser)
				}
				if t.Password == "" {
					return nil, "", fmt.Errorf("hall: table %s: user %q has no password", t.ID, t.User)
				}
				so.Users = append(so.Users, &server.User{Username: t.User, Password: t.Password, Permissions: tablePerms(t.ID)})
			default:
				return nil, "", fmt.Errorf("hall: table %s: no credentials (a user and password, or an nkey)", t.ID)
			}
			if prev, ok := seen[who]; ok {
				return nil, "", fmt.Errorf("hall: tables %s and %s have the same user or nkey", prev, t.ID)
			}
			seen[who] = t.ID
		}
	}
	s, err := server.NewServer(so)
	if err != nil {
		return nil, "", fmt.Errorf("hall: the NATS server: %w", err)
	}
	return s, password, nil
}

// clusterOptions sets so's cluster part for c: the routes' listener and
// the other nodes' routes, over TLS with tc (each node proves itself with
// its hall CA certificate: strangers cannot join as a route).
func clusterOptions(so *server.Options, c *Cluster, tc *tls.Config) error {
	if c.Listen == "" {
		return errors.New("hall: a cluster node needs the address its routes listen on (Cluster.Listen, [hub] cluster_listen)")
	}
	host, port, err := splitListen(c.Listen)
	if err != nil {
		return fmt.Errorf("hall: cluster %w", err)
	}
	so.Cluster.Name = c.Name
	if so.Cluster.Name == "" {
		so.Cluster.Name = "tandem-hall"
	}
	so.Cluster.Host, so.Cluster.Port = host, port
	for _, r := range c.Routes {
		u, err := url.Parse(r)
		if err != nil || u.Host == "" {
			return fmt.Errorf("hall: cluster route %q is not a URL such as nats://hub2.local:6222", r)
		}
		so.Routes = append(so.Routes, u)
	}
	if tc != nil {
		rt := tc.Clone()
		rt.ClientAuth = tls.RequireAndVerifyClientCert
		rt.ClientCAs = tc.RootCAs
		so.Cluster.TLSConfig, so.Cluster.TLSTimeout = rt, 5
	}
	return nil
}

// splitListen reads a "host:port" listen address; port 0 means a free
// port chosen by the system (nats-server's -1).
func splitListen(listen string) (string, int, error) {
	if listen == "" {
		listen = DefaultListen
	}
	host, ps, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("hall: listen address %q is not host:port (e.g. \":4222\" or \"127.0.0.1:4222\")", listen)
	}
	port, err := strconv.Atoi(ps)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("hall: listen address %q: port %q is not a number from 0 to 65535", listen, ps)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if host == "" {
		host = "0.0.0.0"
	}
	return host, port, nil
}
