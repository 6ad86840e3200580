package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unowned makes section name free-form for one test, as a reserved
// section that no feature reads yet: the way every section began, kept
// for the next ones.
func unowned(t *testing.T, name string) {
	t.Helper()
	sec, ok := sections[name]
	delete(sections, name)
	t.Cleanup(func() {
		if ok {
			sections[name] = sec
		}
	})
}

func TestHall_ReadAndWritten(t *testing.T) {
	c := mustParse(t, "[hall]\nurl = \"nats://hall.local:4222\"\ntable = \"t07\"\ntoken = \"abc\"\nca = \"hall-ca.crt\"\n")
	want := Hall{URL: "nats://hall.local:4222", Table: "t07", Token: "abc", CA: "hall-ca.crt"}
	if c.Hall != want || !c.Hall.Enabled() {
		t.Fatalf("hall %+v", c.Hall)
	}
	if Default().Hall.Enabled() {
		t.Error("the default links to a hall")
	}
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\n[hall]\nurl = \"nats://hall.local:4222\"  # the hub\n") {
		t.Errorf("written:\n%s", b.String())
	}
	b.Reset()
	if err := Default().Write(&b); err != nil || strings.Contains(b.String(), "[hall]") {
		t.Errorf("the default writes [hall]: %v", err)
	}
}

func TestHall_Errors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"[hall]\nurl = \"nats://h:4222\"\n", `t.toml:1: hall: no table id: write this table's id on the hub, e.g. table = "t07"`},
		{"[hall]\ntable = \"t1\"\n", `t.toml:1: hall: no url: write the hub's address`},
		{"[hall]\nurl = \"nats://h:4222\"\ntable = \"t.1\"\n", `t.toml:3: hall.table: "t.1": a table id is 1 to 64 letters, digits, _ or -`},
		{"[hall]\nurl = \"http://h\"\ntable = \"t1\"\n", `t.toml:2: hall.url: "http://h" is not a NATS address`},
		{"[hall]\nurl = \"nats://h:1, h2\"\ntable = \"t1\"\n", `t.toml:2: hall.url: "h2" is not a NATS address`},
		{"[hall]\nurl = 4222\n", `t.toml:2: hall.url: expected a string in quotes, got an integer`},
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\npassword = \"x\"\n", `t.toml:4: hall.password: a password needs its user`},
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\nuser = \"x\"\n", `t.toml:1: hall: user "x" has no password`},
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\ntoken = \"x\"\ncreds_file = \"/c\"\n", `t.toml:5: hall.creds_file: give one kind of credentials`},
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\nport = 4\n", `t.toml:4: hall.port: unknown key "port"; allowed in [hall]: url, table, user, password, token, nkey_seed_file, creds_file`},
		{"[hub]\nlisten = \"4222\"\n", `t.toml:2: hub.listen: "4222" is not host:port`},
		{"[hub]\nmax_store = \"lots\"\n", `t.toml:2: hub.max_store: "lots" is not a size`},
		{"[hub]\nmax_store = 5\n", `t.toml:2: hub.max_store: expected a size in quotes`},
		{"[hub]\ndashboard_pin = \"12\"\n", `t.toml:2: hub.dashboard_pin: the PIN has 2 characters`},
		{"[hub.tables.t1]\nuser = \"a\"\n", `t.toml:1: hub.tables.t1: user "a" has no password`},
		{"[hub.tables.t1]\nnkey = \"SUAB\"\n", `t.toml:1: hub.tables.t1: nkey "SUAB" is not a user public key`},
		{"[hub.tables.t1]\n[hub.tables.\"t 2\"]\n", `hub.tables.t1: no credentials`},
		{"[hub.tables.t1]\nuser = \"a\"\npassword = \"b\"\n[hub.tables.t2]\nuser = \"a\"\npassword = \"c\"\n", `t.toml:4: hub.tables.t2: tables t1 and t2 have the same user or nkey`},
		{"[hub]\ntoken = \"x\"\n[hub.tables.t1]\nuser = \"a\"\npassword = \"b\"\n", `t.toml:1: hub: a shared token and [hub.tables] credentials exclude each other`},
		{"[hub]\nuser = \"a\"\npassword = \"b\"\n", `t.toml:1: hub: user, nkey_seed_file and creds_file are the hub's credentials on another NATS server`},
		{"[hub.tables.t1]\nuser = \"a\"\npassword = \"b\"\npin = 3\n", `t.toml:4: hub.tables.t1.pin: unknown key "pin"; allowed in [hub.tables.t1]: user, password, nkey`},
	} {
		_, err := Parse("t.toml", []byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
	}
}

func TestHub_ReadAndValidated(t *testing.T) {
	c := mustParse(t, `[hub]
listen = ":4222"
store = "/srv/hall"
max_memory = "64MiB"
max_store = "4GiB"
dashboard_pin = "246810"
[hub.tables.t2]
user = "two"
password = "pw2"
[hub.tables.t1]
nkey = "UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4"
`)
	h := c.Hub
	if h.Listen != ":4222" || h.Store != "/srv/hall" || h.MaxMemory != 64<<20 || h.MaxStore != 4<<30 || h.DashboardPIN != "246810" {
		t.Fatalf("hub %+v", h)
	}
	if len(h.Tables) != 2 || h.Tables[0] != (HubTable{ID: "t2", User: "two", Password: "pw2"}) || h.Tables[1].ID != "t1" {
		t.Fatalf("tables %+v (want the file's order)", h.Tables)
	}
	c.Hub.Tables = append(c.Hub.Tables, HubTable{ID: "t3", User: "two", Password: "x"})
	if err := c.Validate(); err == nil || err.Error() != "hub.tables.t3: tables t2 and t3 have the same user or nkey" {
		t.Errorf("Validate: %v", err)
	}
	c.Hub.Tables = nil
	c.Hall = Hall{URL: "nats://h:1", Table: "bad id"}
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "hall.table: ") {
		t.Errorf("Validate: %v", err)
	}
}

func TestHub_SizesAndPorts(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"[hub]\nmax_memory = \"1KiB\"\n", `t.toml:2: hub.max_memory: 1KiB is too small for JetStream; at least 1MiB`},
		{"[hub]\nmax_store = \"1KiB\"\n", `t.toml:2: hub.max_store: 1KiB is too small for JetStream; at least 16MiB`},
		{"[hub]\nmax_store = \"15MiB\"\n", `t.toml:2: hub.max_store: 15MiB is too small`},
		{"[hub]\nlisten = \"127.0.0.1:4557\"\ndashboard_listen = \"127.0.0.1:4557\"\n",
			`t.toml:3: hub.dashboard_listen: the dashboard (dashboard_listen "127.0.0.1:4557") and the tables' NATS (listen "127.0.0.1:4557") cannot share port 4557`},
		{"[hub]\ndashboard_listen = \":4222\"\n", `t.toml:2: hub.dashboard_listen: the dashboard (dashboard_listen ":4222") and the tables' NATS (listen "0.0.0.0:4222")`},
		{"[hub]\nlisten = \"127.0.0.1:8090\"\n", `t.toml:2: hub.listen: the dashboard (dashboard_listen ":8090")`},
		// The hall CA signs only the hall's names (hall/ca).
		{"[hub]\ntls_hosts = [\"hall.local\", \"www.google.com\"]\n", `t.toml:2: hub.tls_hosts: ca: www.google.com is a public name, under .com`},
		{"[hub]\ntls_hosts = [\"8.8.8.8\"]\n", `t.toml:2: hub.tls_hosts: ca: 8.8.8.8 is a public address`},
	} {
		_, err := Parse("t.toml", []byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
	}
	for _, doc := range []string{
		"[hub]\nmax_memory = \"1MiB\"\nmax_store = \"16MiB\"\n",
		"[hub]\nlisten = \"127.0.0.1:4557\"\ndashboard_listen = \"127.0.0.2:4557\"\n",
		"[hub]\nnats = \"nats://h:8090\"\n", // no embedded server: listen is not used
	} {
		if _, err := Parse("t.toml", []byte(doc)); err != nil {
			t.Errorf("%q: %v", doc, err)
		}
	}
	c := Default()
	c.Hub.MaxStore = 1 << 10
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "hub.max_store: 1KiB is too small") {
		t.Errorf("Validate: %v", err)
	}
	c.Hub.MaxStore, c.Hub.DashboardListen = 0, "0.0.0.0:4222"
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "hub.dashboard_listen: ") {
		t.Errorf("Validate: %v", err)
	}
}

func TestConfig_CheckFiles(t *testing.T) {
	dir := t.TempDir()
	seed := filepath.Join(dir, "t1.nk")
	if err := os.WriteFile(seed, []byte("SUAM...\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope.creds")
	write := func(doc string) *Config {
		t.Helper()
		path := filepath.Join(dir, "t.toml")
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if err := write("[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\nnkey_seed_file = \"" + seed + "\"\n").CheckFiles(); err != nil {
		t.Fatalf("a readable seed: %v", err)
	}
	for _, c := range []struct{ doc, want string }{
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\ncreds_file = \"" + missing + "\"\n",
			":4: hall.creds_file: cannot be read: open " + missing + ": no such file or directory"},
		{"[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\n\nnkey_seed_file = \"" + dir + "\"\n", ":5: hall.nkey_seed_file: " + dir + " is a directory"},
		{"[hub]\nnats = \"nats://h:1\"\nnkey_seed_file = \"" + missing + "\"\n", ":3: hub.nkey_seed_file: cannot be read"},
	} {
		err := write(c.doc).CheckFiles()
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), filepath.Join(dir, "t.toml")+c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
	}
	if os.Getuid() != 0 { // root reads any file
		os.Chmod(seed, 0)
		if err := write("[hall]\nurl = \"nats://127.0.0.1:1\"\ntable = \"t1\"\nnkey_seed_file = \"" + seed + "\"\n").CheckFiles(); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("an unreadable seed: %v", err)
		}
	}
}
