package hub

import (
	"context"
	"crypto/tls"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/hall"
	"tandem/hall/ca"
)

// hallTLS makes a hall CA in dir and the hub's certificate for this
// machine, and returns the hub's TLS and the CA's certificate file.
func hallTLS(t *testing.T, dir string) (*tls.Config, string) {
	t.Helper()
	c, _, err := ca.Open(dir, "test hall CA", nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cert, _, err := c.Ensure(dir, "hub", []string{"localhost", "127.0.0.1"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, RootCAs: c.Pool(), MinVersion: tls.VersionTLS12}, filepath.Join(dir, ca.CertFile)
}

// A hub with TLS: a table that trusts the hall CA publishes its records
// and results over TLS; one without the CA, and one trusting another CA,
// are refused, and say what to set.
func TestHub_TLS(t *testing.T) {
	tc, caFile := hallTLS(t, t.TempDir())
	h := newTestHub(t, "", &Opts{TLS: tc})
	if !strings.HasPrefix(h.URL(), "tls://127.0.0.1:") {
		t.Fatalf("URL %s", h.URL())
	}
	rec := openRecord(t, filepath.Join(t.TempDir(), "t1.db"))
	rec.match(t, "m1", 3)
	l := newTestLink(t, h.URL(), "t1", rec.path, &hall.LinkOpts{CAFile: caFile})
	rec.attach(t, l)
	l.Publish(hall.Snap{Status: "ready"})
	waitFor(t, "t1 online over TLS", func() bool { s, _ := h.Table("t1"); return s.Online })
	waitFor(t, "t1's result over TLS", func() bool { return len(h.Results()) == 1 })
	waitFor(t, "every record", func() bool { n, _ := h.LastRecord(context.Background(), "t1"); return n == rec.n })
	checkOnce(t, records(t, h, "t1"), rec.n)

	plain := newTestLink(t, h.URL(), "t2", "", nil)
	waitFor(t, "the plain link refused", func() bool { return strings.Contains(plain.State().Refused, "set [hall] ca") })
	_, otherCA := hallTLS(t, t.TempDir())
	stranger := newTestLink(t, h.URL(), "t3", "", &hall.LinkOpts{CAFile: otherCA})
	waitFor(t, "another CA's link refused", func() bool { return strings.Contains(stranger.State().Refused, "not the hall CA's") })
	localhost := newTestLink(t, strings.Replace(h.URL(), "127.0.0.1", "localhost", 1), "t4", "", &hall.LinkOpts{CAFile: caFile})
	localhost.Publish(hall.Snap{Status: "ready"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.WaitSnap(ctx, "t4", localhost.Boot(), 1); err != nil {
		t.Fatalf("a table dialling the hub by name: %v", err)
	}
	if plain.State().Online || stranger.State().Online {
		t.Fatalf("a link without the hall CA is online: %+v %+v", plain.State(), stranger.State())
	}
}
