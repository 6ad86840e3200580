package daemon

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"time"

	"tandem/config"
	"tandem/console"
	"tandem/hall/ca"
	"tandem/internal/webauth"
	"tandem/internal/webserve"
)

// This file owns the web console.

// ConsoleError is Start's error when the console cannot listen on its
// address (in use, not this machine's, no permission). The terminal
// table can then run without the console.
type ConsoleError struct {
	Addr string // the configured address, e.g. "127.0.0.1:8080"
	Err  error  // net.Listen's error
}

// Error says which address failed and how to choose another one.
func (e *ConsoleError) Error() string {
	return fmt.Sprintf("console: cannot listen on %s: %v (set [console] listen to another address, or enabled = false)", e.Addr, e.Err)
}

// Unwrap returns net.Listen's error (errors.Is(err, syscall.EADDRINUSE)
// works through it).
func (e *ConsoleError) Unwrap() error { return e.Err }

// listenConsole takes the console's address before anything is written
// (Start): a table whose address is in use fails without leaving a match
// in the record. Close releases it if startConsole never ran.
func (d *Daemon) listenConsole() error {
	cc := d.Config.Console
	if cc.Disabled {
		return nil
	}
	ln, err := net.Listen("tcp", cc.Addr())
	if err != nil {
		return &ConsoleError{Addr: cc.Addr(), Err: err}
	}
	d.ln = ln
	d.onClose(func() error {
		// Already closed by the server once it served: ignore that error.
		if err := ln.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			return err
		}
		return nil
	})
	return nil
}

// startConsole serves the web console when the configuration enables it:
// it listens on [console] listen, sets Info.ConsoleURL (and Info.PIN when
// it generated one), prints both to Opts.Out, and shows Info's record
// state on the page. Close stops it. A listen failure is a *ConsoleError.
func (d *Daemon) startConsole(ctx context.Context) error {
	cc := d.Config.Console
	ln := d.ln
	if ln == nil {
		return nil
	}
	pin, generated := cc.PIN, false
	if pin == "" {
		pin, generated = webauth.GeneratePIN(), true
	}
	var blackLeft [2]bool
	for _, dev := range d.Config.Display.Devices {
		if dev.Kind == config.SSD1306 && int(dev.Board) < len(blackLeft) {
			blackLeft[dev.Board] = dev.BlackLeft()
		}
	}
	first := true
	srv, err := console.New(d.Table, &console.Opts{
		PIN: pin, Simulated: d.Config.Mode == config.Simulated,
		Display: faceOpts(d.Config), MirrorBlackLeft: blackLeft,
		Lang: d.Config.Language, LangSet: d.Config.LanguageSet,
		Login: &webauth.Opts{
			OnCode: func(code string) { d.loginCode(code, first); first = false },
			OnFail: d.loginFailed,
		},
	})
	if err != nil {
		ln.Close()
		return err
	}
	d.con = srv
	d.onClose(d.stopLogins)
	tc, err := d.consoleTLS()
	if err != nil {
		ln.Close()
		srv.Close()
		return &ConsoleError{Addr: cc.Addr(), Err: err}
	}
	scheme := "http"
	if tc != nil {
		scheme = "https"
	}
	// The clock runs in this process: the server's limits (connections
	// per address and in all, taken at accept before TLS; heads, bodies,
	// timeouts) keep a client from exhausting its memory (internal/webserve).
	hs := webserve.New(ln, srv.Handler(), &webserve.Opts{TLS: tc})
	d.Go(func() {
		if err := hs.Serve(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			d.setInfo(func(in *Info) { in.ConsoleURL = "" })
		}
	})
	// The page shows the hall's link; it follows Info.
	changed, stop := d.InfoChanged()
	d.Go(func() {
		defer stop()
		for {
			select {
			case <-ctx.Done():
				hs.Close() // ends Serve and every connection
				srv.Close()
				return
			case in := <-changed:
				srv.SetInfo(console.Info{Hall: in.Hall, HallOnline: in.HallOnline, EBoard: consoleEBoards(in.EBoard)})
			}
		}
	})
	url := consoleURL(scheme, hs.Addr())
	d.setInfo(func(in *Info) {
		in.ConsoleURL = url
		if generated {
			in.PIN = pin
		}
	})
	if d.opts.Out != nil {
		// Opened on this machine, this address gives the simulated panel
		// without a login too (webauth.Local: the machine talking to
		// itself by its network address).
		fmt.Fprintf(d.opts.Out, "console: %s\n", url)
		if generated {
			fmt.Fprintf(d.opts.Out, "arbiter PIN: %s (generated for this start; set [console] pin to keep one)\n", pin)
		}
	}
	return nil
}

// consoleURL is the address people type (scheme "http" or "https"): the
// listening address, or for an unspecified one (":8080") this machine's
// first non-loopback IPv4 address, so a phone on the hall's network
// reaches it; on the table's own machine it gives the simulated panel as
// a loopback address does (webauth.Local).
func consoleURL(scheme string, a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return scheme + "://" + a.String() + "/"
	}
	host := ta.IP.String()
	if ta.IP.IsUnspecified() {
		host = "localhost"
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, ad := range addrs {
				if ipn, ok := ad.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
					host = ipn.IP.String()
					break
				}
			}
		}
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(ta.Port)) + "/"
}

// consoleTLS returns the console's TLS, nil for plain HTTP: the
// configured certificate ([console] tls_cert and tls_key, issued by the
// hall CA), else for a console beyond loopback a certificate the table
// makes for itself from its own CA (consoleCADir; printed with its
// fingerprint, for the arbiter's phone to trust once), else none.
func (d *Daemon) consoleTLS() (*tls.Config, error) {
	cc := d.Config.Console
	var cert tls.Certificate
	switch {
	case cc.TLSCert != "":
		var err error
		if cert, err = tls.LoadX509KeyPair(cc.TLSCert, cc.TLSKey); err != nil {
			return nil, fmt.Errorf("[console] tls_cert and tls_key: %w", err)
		}
	case !cc.Beyond():
		return nil, nil
	default:
		dir := d.consoleCADir()
		own, made, err := ca.Open(dir, "tandem table CA", ca.MachineHosts(), time.Now())
		if err != nil {
			return nil, fmt.Errorf("the table's own CA in %s (or set [console] tls_cert and tls_key): %w", dir, err)
		}
		if !own.CanIssue() {
			return nil, fmt.Errorf("the table's own CA in %s has no key: set [console] tls_cert and tls_key", dir)
		}
		if !own.Constrained() {
			// Made before name constraints: it signs any name for the
			// phones that trust it. A new one means a warning on each
			// phone once more, so it is the arbiter's call.
			d.printf("console: WARNING: the table's own CA in %s has no name constraints: whoever copies its key can pose as any web site (www.google.com included) to the phones that trust it. Remove %s and %s there for a new one limited to the hall's names (each phone then trusts the new one once), or set [console] tls_cert from the hall CA\n",
				dir, ca.CertFile, ca.KeyFile)
		}
		// This machine's names the CA may sign: one renamed since the
		// CA was made is left out.
		mine, _ := own.Sort(ca.MachineHosts())
		if cert, _, err = own.Ensure(dir, "console", mine, time.Now()); err != nil {
			return nil, err
		}
		what := "its CA"
		if made {
			what = "a new CA"
		}
		d.printf("console: HTTPS with the table's own certificate (%s %s, SHA-256 %s): trust it once on the arbiter's phone, or give [console] tls_cert from the hall CA\n",
			what, filepath.Join(dir, ca.CertFile), ca.Fingerprint(own.Cert))
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// consoleCADir is where a table without [console] tls_cert keeps its own
// CA and certificate: "tls" beside its record (/var/lib/tandem/tls on
// the Pi), else "tandem-tls" in the working directory.
func (d *Daemon) consoleCADir() string {
	if f := d.Config.JournalFile(); f != "" {
		return filepath.Join(filepath.Dir(f), "tls")
	}
	return "tandem-tls"
}
