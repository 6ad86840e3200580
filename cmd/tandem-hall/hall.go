package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"tandem/config"
	"tandem/hall/dashboard"
	"tandem/hall/hub"
	"tandem/i18n/lang"
	"tandem/internal/inputfile"
	"tandem/internal/tomlline"
	"tandem/internal/webauth"
	"tandem/internal/webserve"
	"tandem/tournament"
)

const hallSynopsis = "tandem-hall [--config FILE] [--nats URL] [--listen ADDR] [--store DIR] [--dashboard ADDR|off] [--tls DIR|off] [--tournament FILE]"

const hallAbout = `Runs the hall's hub: an embedded NATS server with JetStream (or --nats
to join an existing one) that the tables join with their [hall] settings;
it keeps every table's state and collects the decided results until
SIGINT or SIGTERM. It serves the hall dashboard (every table's clocks,
alerts, results; the head arbiter's PIN pauses and resumes tables) and,
with --tournament, the standings and the rounds' pairings. The hub's
settings are the [hub] section of FILE (docs/hall.md); the flags replace
them. Beyond loopback NATS and the dashboard speak TLS only, with the
hall CA the hub makes in [hub] tls (default: the store's tls directory).`

// runHall runs the hub until a signal: 0 after a signal, 1 when the hub
// cannot start, 2 for bad usage or a bad configuration.
func runHall(args []string, stdout, stderr io.Writer) int {
	// The signals first: SIGTERM must stop the hub whatever step it is
	// in (making the hall CA, starting the server, its first
	// connection), not only once it runs.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := newCommand("tandem-hall", hallSynopsis, hallAbout, stderr)
	path := c.FS.String("config", "", "the hub's configuration `FILE` ([hub] section)")
	natsURL := c.FS.String("nats", "", "join the NATS server at `URL` instead of embedding one")
	listen := c.FS.String("listen", "", "the embedded NATS server's `ADDR` for the tables (default "+config.DefaultHubListen+")")
	store := c.FS.String("store", "", "the embedded server's JetStream `DIR` (default ./"+config.DefaultHubStore+")")
	dash := c.FS.String("dashboard", "", "the dashboard's `ADDR` (default "+config.DefaultDashboardListen+"; off: none)")
	tlsFlag := c.FS.String("tls", "", "the hall CA's and the hub's certificate `DIR` (default STORE/tls when listening beyond loopback; off: plain, loopback only)")
	tourFile := c.FS.String("tournament", "", "the tournament `FILE` (docs/tournament.md): standings and pairings on the dashboard")
	if code, done := c.Parse(args); done {
		return code
	}
	cfg := config.Default()
	if *path != "" {
		var err error
		if cfg, err = config.Load(*path); err == nil {
			err = cfg.CheckFiles()
		}
		if err != nil {
			var ce *config.Error
			if errors.As(err, &ce) {
				fmt.Fprintln(stderr, ce)
			} else {
				fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
			}
			return 2
		}
	}
	opts := hubOpts(cfg.Hub, *natsURL, *listen, *store)
	// Where the listen address comes from, for the message when it is busy.
	listenFrom := "--listen"
	if *listen == "" {
		listenFrom = "the default"
		if line := settingLine(cfg.Source, "hub", "listen"); line > 0 {
			listenFrom = fmt.Sprintf("[hub] listen in %s:%d", cfg.Source, line)
		}
	}
	d := &hallDashboard{Listen: cfg.Hub.DashboardListen, PIN: cfg.Hub.DashboardPIN, Lang: cfg.Language, LangSet: cfg.LanguageSet}
	if *dash != "" {
		d.Listen = *dash
	}
	if d.Listen == "" {
		d.Listen = config.DefaultDashboardListen
	}
	if d.Listen == "off" {
		d = nil
	} else if _, _, err := net.SplitHostPort(d.Listen); err != nil {
		return c.Fail("--dashboard %q: an address host:port (\":8090\"), or off", d.Listen)
	}
	if *tourFile != "" {
		if d == nil {
			return c.Fail("--tournament needs the dashboard (not --dashboard off)")
		}
		t, err := tournament.Load(*tourFile)
		if err != nil {
			fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
			return 2
		}
		d.Tournament = t
	}
	if opts.Listen != "" {
		// Refused before the hall CA is made for it.
		if _, _, err := net.SplitHostPort(opts.Listen); err != nil {
			return c.Fail("%s %q: not host:port (\"127.0.0.1:4222\", \":4222\")", listenFrom, opts.Listen)
		}
	}
	if code := setupTLS(cfg.Hub, *tlsFlag, opts, d, stdout, stderr); code != 0 {
		return code
	}
	return serveHall(ctx, opts, d, listenFrom, stdout, stderr)
}

// settingLine returns the line where configuration file names the key at
// path, 0 when it does not (or cannot be read again).
func settingLine(file string, path ...string) int {
	if file == "" {
		return 0
	}
	data, err := inputfile.Read(file, config.MaxFileSize)
	if err != nil {
		return 0
	}
	// Counted as config.Parse counts: the file may have changed since.
	ix, err := tomlline.Scan(data, tomlline.Limits{Depth: config.MaxKeyDepth, Names: config.MaxKeys})
	if err != nil {
		return 0
	}
	return ix.Exact(path)
}

// hallDashboard is the dashboard tandem-hall serves beside the hub.
type hallDashboard struct {
	// Listen is the dashboard's address ([hub] dashboard_listen or
	// --dashboard); PIN the arbiter's ("": generated and printed).
	Listen string
	PIN    string
	// Tournament is the event (--tournament), nil without one.
	Tournament *tournament.Tournament
	// Lang is the configuration's language, when LangSet: the page's.
	Lang    lang.Lang
	LangSet bool
	// TLS serves the dashboard over HTTPS with the hub's certificate, and
	// the hall CA's certificate at /ca.crt; nil: plain HTTP (loopback).
	TLS *hallTLS
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// dashboardStateFile is the dashboard's state (pairings, round) in the
// hub's store directory.
const dashboardStateFile = "dashboard.json"

// hubOpts turns the [hub] settings and the flags (which win when set) into
// the hub's options.
func hubOpts(h config.Hub, natsURL, listen, store string) *hub.Opts {
	o := &hub.Opts{
		URL: h.NATS, User: h.User, Password: h.Password, Token: h.Token,
		NkeySeedFile: h.NkeySeedFile, CredsFile: h.CredsFile,
		Listen: h.Listen, StoreDir: h.Store, MaxMemory: h.MaxMemory, MaxStore: h.MaxStore,
	}
	for _, t := range h.Tables {
		o.Tables = append(o.Tables, hub.TableAuth{ID: t.ID, User: t.User, Password: t.Password, Nkey: t.Nkey})
	}
	if h.Clustered() {
		o.Cluster = &hub.Cluster{Node: h.Node, Listen: h.ClusterListen, Routes: h.Routes}
	}
	for _, f := range []struct{ v, dst *string }{{&natsURL, &o.URL}, {&listen, &o.Listen}, {&store, &o.StoreDir}} {
		if *f.v != "" {
			*f.dst = *f.v
		}
	}
	return o
}

// serveHall runs the hub, and the dashboard d (nil: none), until ctx is
// done; listenFrom says where opts.Listen comes from (for the message when
// it is busy). The server's refusals of tables are printed on stdout.
func serveHall(ctx context.Context, opts *hub.Opts, d *hallDashboard, listenFrom string, stdout, stderr io.Writer) int {
	opts.OnRefused = func(_, text string) { fmt.Fprintf(stdout, "hall: refused: %s\n", text) }
	h, err := newHub(ctx, opts)
	if err != nil && ctx.Err() != nil {
		fmt.Fprintln(stdout, "hall: stopping (a signal while starting)")
		return 0
	}
	if err != nil {
		var le *hub.ListenError
		if errors.As(err, &le) && listenFrom != "" {
			err = fmt.Errorf("%w (%s)", err, listenFrom)
		}
		fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
		return 1
	}
	defer h.Close()
	if opts.URL != "" {
		fmt.Fprintf(stdout, "hall: joined NATS at %s\n", h.URL())
	} else {
		store := opts.StoreDir
		if store == "" {
			store = hub.DefaultStoreDir
		}
		where := h.URL()
		if everyInterface(opts.Listen) {
			// The URL is this machine's loopback (which the hub's
			// certificate names): say where the others dial.
			where += " (every interface: this machine's address on the hall's network)"
		}
		fmt.Fprintf(stdout, "hall: NATS for the tables at %s (store %s)\n", where, store)
		if c := opts.Cluster; c != nil {
			fmt.Fprintf(stdout, "hall: node %s of a cluster, routes on %s to %s; the streams open once a quorum of nodes is up\n",
				c.Node, c.Listen, strings.Join(c.Routes, ", "))
		}
		switch {
		case len(opts.Tables) > 0:
			fmt.Fprintf(stdout, "hall: %d tables with credentials\n", len(opts.Tables))
		case opts.Token == "":
			fmt.Fprintln(stdout, "hall: no table credentials: any machine on the network may join as a table ([hub.tables] in the configuration)")
		}
	}
	if d != nil {
		stopDash, err := serveDashboard(h, opts, d, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "tandem-hall: %v\n", err)
			return 1
		}
		defer stopDash()
	}
	<-ctx.Done()
	fmt.Fprintln(stdout, "hall: stopping")
	return 0
}

// newHub is hub.New, given up when ctx ends first (a signal during the
// start: hub.New's own waits are bounded, but the process stops at
// once). A hub that starts after that is closed.
func newHub(ctx context.Context, opts *hub.Opts) (*hub.Hub, error) {
	type started struct {
		h   *hub.Hub
		err error
	}
	done := make(chan started, 1)
	go func() {
		h, err := hub.New(opts)
		done <- started{h, err}
	}()
	select {
	case s := <-done:
		return s.h, s.err
	case <-ctx.Done():
		go func() {
			if s := <-done; s.h != nil {
				s.h.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// serveDashboard starts the dashboard of hub h on d.Listen and returns
// its stop. Its state file is in the hub's store directory.
func serveDashboard(h *hub.Hub, opts *hub.Opts, d *hallDashboard, stdout io.Writer) (func(), error) {
	store := opts.StoreDir
	if store == "" {
		store = hub.DefaultStoreDir
	}
	if err := os.MkdirAll(store, 0o750); err != nil {
		return nil, fmt.Errorf("dashboard state: %w", err)
	}
	pin, generated := d.PIN, false
	if pin == "" {
		pin, generated = webauth.GeneratePIN(), true
	}
	// The one-time codes and the failed logins go to the journal: the
	// head arbiter reads a code there when wrong PINs lock PIN logins.
	var outMu sync.Mutex
	say := func(line string) {
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Fprintln(stdout, line)
	}
	// Ten lines a minute at most, then one summing up the rest.
	tell := &webauth.Teller{Page: "hall: dashboard", Print: say}
	login := &webauth.Opts{
		OnCode: func(code string) {
			say("hall: dashboard one-time code " + webauth.FormatCode(code) + " (logs in once even while wrong PINs lock PIN logins)")
		},
		OnFail: tell.Tell,
	}
	dopts := &dashboard.Opts{PIN: pin, Tournament: d.Tournament, StateFile: filepath.Join(store, dashboardStateFile),
		NeverSeenAfter: opts.OfflineAfter, Login: login, Lang: d.Lang, LangSet: d.LangSet}
	if d.TLS != nil {
		dopts.CACert = d.TLS.ca.CertPEM
	}
	srv, err := dashboard.New(h, dopts)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", d.Listen)
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("dashboard: %w", err)
	}
	scheme := "http"
	wo := &webserve.Opts{}
	if d.TLS != nil {
		wo.TLS = d.TLS.config
		scheme = "https"
	}
	// Connections capped per address and in all at accept, before TLS;
	// small heads and bodies; timeouts (internal/webserve).
	hs := webserve.New(ln, srv.Handler(), wo)
	go hs.Serve()
	line := "hall: dashboard " + dashboardURL(scheme, hs.Addr())
	if generated {
		line += " · arbiter PIN " + pin + " (generated: set [hub] dashboard_pin)"
	}
	say(line)
	if d.Tournament != nil {
		fmt.Fprintf(stdout, "hall: tournament %q, %d teams, %d rounds\n", d.Tournament.Name, len(d.Tournament.Teams), d.Tournament.Rounds)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Close() // ends the WebSockets, which Shutdown does not wait for
		hs.Shutdown(ctx)
		tell.Stop()
	}, nil
}

// everyInterface reports whether the NATS listen address (empty: the
// default, every interface) listens on every interface.
func everyInterface(listen string) bool {
	if listen == "" {
		listen = hub.DefaultListen
	}
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return host == "" || ip != nil && ip.IsUnspecified()
}

// dashboardURL is the address people type (scheme "http" or "https"): a
// host listening on every interface is shown as this machine's loopback.
func dashboardURL(scheme string, a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return scheme + "://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		return scheme + "://" + net.JoinHostPort("127.0.0.1", port) + "/ (every interface: this machine's address on the hall's network)"
	}
	return scheme + "://" + net.JoinHostPort(host, port) + "/"
}
