package daemon

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tandem/hall/hub"
)

// lockedBuffer is an Opts.Out written from the link's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestHall_RefusedIsNotOffline: a wrong password and another table's user
// are the hub refusing the table: Info.Hall says so (not "offline since",
// not "online") and Opts.Out gets the reason once.
func TestHall_RefusedIsNotOffline(t *testing.T) {
	addr := hallAddr(t)
	h, err := hub.New(&hub.Opts{Listen: addr, StoreDir: t.TempDir(),
		Tables: []hub.TableAuth{{ID: "t8", User: "t8", Password: "p8"}, {ID: "t9", User: "t9", Password: "p9"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, c := range []struct {
		name, table, user, password, want, hub string
	}{
		{"wrong password", "t9", "t9", "guess", "hall offline: the hub refused the login (authorization violation): check [hall] user and password",
			`login refused for table t9's user "t9"`},
		{"another table's user", "t9", "t8", "p8", "hall ERROR: the hub refuses this table's messages on tandem.table.t9.*: check [hall] table and user",
			`the hub refuses the table that calls itself t9: it logs in with table t8's user "t8"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := hallConfig(t, filepath.Join(t.TempDir(), "t9.db"), addr)
			cfg.Hall.Table, cfg.Hall.User, cfg.Hall.Password = c.table, c.user, c.password
			var out lockedBuffer
			d, err := Start(context.Background(), cfg, &Opts{Out: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			eventually(t, "the refusal in Info.Hall", func() bool { return strings.HasPrefix(d.Info().Hall, c.want) })
			if d.Info().HallOnline {
				t.Fatalf("HallOnline while refused: %+v", d.Info())
			}
			eventually(t, "the hub's alert", func() bool {
				s, _ := h.Table(c.table)
				return strings.Contains(s.Refused, c.hub)
			})
			line := "hall: " + strings.SplitN(c.want, ": ", 2)[1]
			if n := strings.Count(out.String(), line); n != 1 {
				t.Fatalf("%q printed %d times on Out:\n%s", line, n, out.String())
			}
		})
	}
}
