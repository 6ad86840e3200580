package daemon

import (
	"context"
	"crypto/tls"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tandem/hall/ca"
)

// A console beyond loopback serves HTTPS only: with a certificate the
// table makes from its own CA (beside its record), or the hall CA's that
// [console] tls_cert names. The printed addresses are https, with the one
// on this machine beside it (the simulated panel's loopback).
func TestConsole_HTTPSBeyondLoopback(t *testing.T) {
	dir := t.TempDir()
	hallCA, _, err := ca.Open(filepath.Join(dir, "hall"), "test hall CA", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := hallCA.Ensure(filepath.Join(dir, "hall"), "t07", []string{"127.0.0.1"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		cert, key  string
		trust      func() *ca.CA
		wantOutput string
	}{
		{"own CA", "", "", func() *ca.CA { c, _ := ca.Load(filepath.Join(dir, "own", "tls")); return c }, "console: HTTPS with the table's own certificate (a new CA " + filepath.Join(dir, "own", "tls", "ca.crt")},
		{"hall CA", filepath.Join(dir, "hall", "t07.crt"), filepath.Join(dir, "hall", "t07.key"), func() *ca.CA { return hallCA }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := recordConfig(t, filepath.Join(dir, "own", "t.db"))
			c.Console.Disabled = false
			c.Console.Listen = "0.0.0.0:0" // every interface; the test speaks to it on loopback only
			c.Console.PIN = "482913"
			c.Console.TLSCert, c.Console.TLSKey = tc.cert, tc.key
			var out lockedBuffer
			d, err := Start(context.Background(), c, &Opts{Out: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			m := regexp.MustCompile(`console: (https://\S+/) \(on this machine: (https://127\.0\.0\.1:\d+/)\)`).FindStringSubmatch(out.String())
			if m == nil || !strings.HasPrefix(d.Info().ConsoleURL, "https://") || !strings.Contains(out.String(), tc.wantOutput) {
				t.Fatalf("out %q, info %q", out.String(), d.Info().ConsoleURL)
			}
			client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: tc.trust().Pool()}}}
			resp, err := client.Get(m[2] + "api/state")
			if err != nil {
				t.Fatalf("HTTPS with the CA: %v", err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("GET /api/state: %d", resp.StatusCode)
			}
			if resp, err := http.Get(strings.Replace(m[2], "https", "http", 1) + "api/state"); err == nil {
				resp.Body.Close()
				if resp.StatusCode < 400 {
					t.Fatalf("plain HTTP answered %d", resp.StatusCode)
				}
			}
		})
	}
}
