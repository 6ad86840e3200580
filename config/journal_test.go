package config

import (
	"bytes"
	"strings"
	"tandem/bughouse"
	"testing"
	"time"
)

func TestJournal_Defaults(t *testing.T) {
	c := Default()
	if c.JournalFile() != "" || c.Journal.Interval() != time.Second {
		t.Errorf("simulated default: file %q interval %v, want none and 1s", c.JournalFile(), c.Journal.Interval())
	}
	c, err := Parse("t.toml", []byte(`mode = "hardware"`))
	if err != nil {
		t.Fatal(err)
	}
	if c.JournalFile() != DefaultJournalFile {
		t.Errorf("hardware default file %q, want %q", c.JournalFile(), DefaultJournalFile)
	}
	c, err = Parse("t.toml", []byte("mode = \"hardware\"\n[journal]\nfile = \"\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.JournalFile() != "" || !c.Journal.Off {
		t.Errorf(`file = "" must turn the record off: %q`, c.JournalFile())
	}
}

func TestJournal_Settings(t *testing.T) {
	src := `[journal]
file = "/tmp/t/rec.db"
checkpoint_interval = "250ms"
table = "Table 3"

[journal.players]
A-white = "Alba"
b-black = "Dario"
`
	c, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	j := c.Journal
	if c.JournalFile() != "/tmp/t/rec.db" || j.Interval() != 250*time.Millisecond || j.Table != "Table 3" ||
		j.Players[bughouse.AWhite] != "Alba" || j.Players[bughouse.BBlack] != "Dario" || j.Players[bughouse.ABlack] != "" {
		t.Fatalf("parsed %+v", j)
	}
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	c2, err := Parse("w.toml", b.Bytes())
	if err != nil {
		t.Fatalf("Write's output does not parse: %v\n%s", err, b.String())
	}
	if c2.Journal != c.Journal {
		t.Errorf("round trip: %+v, want %+v\n%s", c2.Journal, c.Journal, b.String())
	}
}

func TestJournal_Errors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"[journal]\nfile = 3\n", `t.toml:2: journal.file: expected a file path`},
		{"[journal]\nfile = \"/var/lib/\"\n", `t.toml:2: journal.file: "/var/lib/" is not a file path`},
		{"[journal]\ncheckpoint_interval = \"10ms\"\n", `t.toml:2: journal.checkpoint_interval: "10ms" is out of range; allowed 100ms to 1m (default 1s)`},
		{"[journal]\ncheckpoint_interval = \"soon\"\n", `t.toml:2: journal.checkpoint_interval:`},
		{"[journal]\ndir = \"/x\"\n", `t.toml:2: journal.dir: unknown key "dir"; allowed in [journal]: file, checkpoint_interval, table, players`},
		{"[journal]\ntable = 7\n", `t.toml:2: journal.table: expected a name in quotes`},
		{"[journal.players]\nA-white = \"x\"\na-w = \"y\"\n", `t.toml:3: journal.players.a-w: seat A-white is already given as "A-white"`},
		{"[journal.players]\nC-white = \"x\"\n", `t.toml:2: journal.players.C-white: unknown key "C-white"`},
		{"[journal.players]\nA-white = \"" + strings.Repeat("x", 101) + "\"\n", `t.toml:2: journal.players.A-white: the name is 101 bytes; at most 100`},
	} {
		_, err := Parse("t.toml", []byte(tc.src))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q):\n got %v\nwant %s...", tc.src, err, tc.want)
		}
	}
}

func TestJournal_Validate(t *testing.T) {
	c := Default()
	c.Journal.CheckpointInterval = time.Hour
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "journal.checkpoint_interval") {
		t.Errorf("Validate: %v", err)
	}
	c = Default()
	c.Journal.Players[bughouse.BWhite] = "two\nlines"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "journal.players.B-white") {
		t.Errorf("Validate: %v", err)
	}
}
