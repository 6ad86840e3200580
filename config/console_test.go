package config

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestConsole_DefaultIsZero(t *testing.T) {
	c := Default()
	if c.Console != (Console{}) || c.Console.Addr() != "127.0.0.1:8080" || c.Console.Disabled {
		t.Errorf("default console %+v, addr %q", c.Console, c.Console.Addr())
	}
	if c := mustParse(t, "[console]\n"); c.Console != (Console{}) {
		t.Errorf("an empty [console] gives %+v, want the default", c.Console)
	}
}

func TestConsole_Parse(t *testing.T) {
	c := mustParse(t, "mode = \"hardware\"\n[console]\nenabled = true\nlisten = \":8080\"\npin = \"004217\"\n")
	if c.Console != (Console{Listen: ":8080", PIN: "004217"}) || c.Console.Addr() != ":8080" {
		t.Errorf("console %+v", c.Console)
	}
	if c := mustParse(t, "[console]\nenabled = false\n"); !c.Console.Disabled {
		t.Error("enabled = false did not turn the console off")
	}
	if c := mustParse(t, "[console]\nlisten = \"[::1]:9000\"\n"); c.Console.Addr() != "[::1]:9000" {
		t.Errorf("IPv6 listen: %q", c.Console.Addr())
	}
}

func TestConsole_Errors_NameFileLineField(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{"[console]\nlisten = \"8080\"\n", `tandem.toml:2: console.listen: "8080" is not host:port`},
		{"[console]\nlisten = \":http\"\n", `tandem.toml:2: console.listen: ":http": port "http" is not a number`},
		{"[console]\nlisten = \":70000\"\n", `tandem.toml:2: console.listen: ":70000": port "70000" is not a number from 0 to 65535`},
		{"[console]\nlisten = 8080\n", `tandem.toml:2: console.listen: expected a string`},
		{"\n[console]\nenabled = \"yes\"\n", `tandem.toml:3: console.enabled: expected true or false`},
		{"[console]\npin = 1234\n", `tandem.toml:2: console.pin: expected a string of 4 to 12 digits`},
		{"[console]\npin = \"123\"\n", `tandem.toml:2: console.pin: the PIN has 3 characters; allowed 4 to 12 digits`},
		{"[console]\npin = \"1234567890123\"\n", `tandem.toml:2: console.pin: the PIN has 13 characters`},
		{"[console]\npin = \"12a4\"\n", `tandem.toml:2: console.pin: the PIN has 'a'; only digits`},
		{"[console]\nport = 8080\n", `tandem.toml:2: console.port: `},
	} {
		_, err := Parse("tandem.toml", []byte(tc.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.doc, err, tc.want)
		}
	}
}

func TestConsole_Validate(t *testing.T) {
	c := Default()
	c.Console.PIN = "12"
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "console.pin: ") {
		t.Errorf("short PIN: %v", err)
	}
	c = Default()
	c.Console.Listen = "localhost"
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "console.listen: ") {
		t.Errorf("listen without a port: %v", err)
	}
	c = Default()
	c.Console = Console{Disabled: true, Listen: "0.0.0.0:80", PIN: "000000"}
	if err := c.Validate(); err != nil {
		t.Errorf("valid console refused: %v", err)
	}
}

func TestConsole_Write_DefaultLeavesNoSection(t *testing.T) {
	out, d := roundTrip(Default())
	if d != "" {
		t.Fatal(d)
	}
	if strings.Contains(out, "[console]") {
		t.Errorf("a default configuration writes [console]:\n%s", out)
	}
}

func TestConsole_Write_RoundTrip_Property(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := Default()
		c.Console.Disabled = rapid.Bool().Draw(t, "disabled")
		if rapid.Bool().Draw(t, "listen-set") {
			host := rapid.SampledFrom([]string{"", "127.0.0.1", "0.0.0.0", "[::]", "[::1]", "tandem.local"}).Draw(t, "host")
			c.Console.Listen = host + ":" + rapid.StringMatching(`[0-9]{1,4}`).Draw(t, "port")
		}
		if rapid.Bool().Draw(t, "pin-set") {
			c.Console.PIN = rapid.StringMatching(`[0-9]{4,12}`).Draw(t, "pin")
		}
		if c.Console.PIN != "" && len(c.Console.PIN) < MinNetworkPIN && !LoopbackOnly(c.Console.Addr()) {
			// A short PIN beyond loopback is refused (TestConsole_ShortPINBeyondLoopback).
			c.Console.PIN += "00"
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("generated an invalid console: %v", err)
		}
		out, d := roundTrip(c)
		if d != "" {
			t.Fatal(d)
		}
		back, err := Parse("w.toml", []byte(out))
		if err != nil {
			t.Fatal(err)
		}
		if back.Console != c.Console {
			t.Fatalf("wrote %+v, read back %+v", c.Console, back.Console)
		}
	})
}

func TestConsole_ShortPINBeyondLoopback(t *testing.T) {
	for _, c := range []struct {
		doc, err string
	}{
		{"[console]\npin = \"4829\"\n", ""}, // the default listen is this machine's
		{"[console]\nlisten = \"127.0.0.1:8080\"\npin = \"4829\"\n", ""},
		{"[console]\nlisten = \"localhost:8080\"\npin = \"48291\"\n", ""},
		{"[console]\nlisten = \":8080\"\npin = \"48291\"\n", `t.toml:3: console.pin: a 5-digit PIN on a page the hall's network reaches (listen ":8080"): use 6 to 12 digits`},
		{"[console]\npin = \"4829\"\nlisten = \"10.0.0.5:8080\"\n", `t.toml:2: console.pin: a 4-digit PIN`},
		{"[console]\nlisten = \":8080\"\npin = \"482913\"\n", ""},
		{"[console]\npin = \"CHANGE-ME\"\n", `t.toml:2: console.pin: "CHANGE-ME" is a placeholder`},
		{"[hub]\ndashboard_pin = \"2468\"\n", `t.toml:2: hub.dashboard_pin: a 4-digit PIN on a page the hall's network reaches (dashboard_listen ":8090")`},
		{"[hub]\ndashboard_listen = \"127.0.0.1:8090\"\ndashboard_pin = \"2468\"\n", ""},
		{"[hall]\nurl = \"nats://h:4222\"\ntable = \"t1\"\nuser = \"t1\"\npassword = \"change-me-01\"\n", `t.toml:5: hall.password: "change-me-01" is a placeholder`},
		{"[hub.tables.t1]\nuser = \"t1\"\npassword = \"...\"\n", `hub.tables.t1: "..." is a placeholder`},
		// Nothing in clear beyond loopback.
		{"[hub]\ntls = \"off\"\n", `t.toml:2: hub.tls: tls = "off" with listen "0.0.0.0:4222" beyond this machine`},
		{"[hub]\ntls = \"off\"\nlisten = \"127.0.0.1:4222\"\n", `hub.tls: tls = "off" with dashboard_listen ":8090" beyond`},
		{"[hub]\ntls = \"off\"\nlisten = \"127.0.0.1:4222\"\ndashboard_listen = \"127.0.0.1:8090\"\n", ""},
		{"[hall]\nurl = \"nats://10.0.0.1:4222\"\ntable = \"t1\"\n", `hall: the hub 10.0.0.1:4222 is beyond this machine: set ca`},
		{"[hall]\nurl = \"nats://127.0.0.1:4222,tls://hall.local:4222\"\ntable = \"t1\"\n", `the hub hall.local:4222 is beyond`},
		{"[hall]\nurl = \"nats://localhost:4222\"\ntable = \"t1\"\n", ""},
		{"[console]\ntls_cert = \"c.crt\"\n", `console: tls_cert and tls_key go together`},
	} {
		_, err := Parse("t.toml", []byte(c.doc))
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.doc, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: %v, want %s", c.doc, err, c.err)
		}
	}
}
