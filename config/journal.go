package config

import (
	"fmt"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/printable"
	"tandem/internal/tomlline"
)

// This file owns the [journal] section: the durable match record (Record
// issue, docs/record.md).
//
//	[journal]
//	file = "/var/lib/tandem/tandem.db"   # "" = no record
//	checkpoint_interval = "1s"           # times saved this often while clocks run
//	table = "Table 3"                    # for exports
//
//	[journal.players]                    # for exports
//	A-white = "Alba"

var (
	journalKeys       = []string{"file", "checkpoint_interval", "table", "players"}
	journalPlayerKeys = []string{"A-white", "A-black", "B-white", "B-black"}
)

// Journal defaults and limits.
const (
	// DefaultJournalFile is the record of a hardware-mode table (the Pi
	// package's data directory) when the file does not name one. A
	// simulated table keeps no record unless the file names one.
	DefaultJournalFile = "/var/lib/tandem/tandem.db"
	// DefaultCheckpointInterval is Journal.CheckpointInterval's default:
	// a restored match's times are within it of the times at the cut.
	DefaultCheckpointInterval = time.Second
	// MinCheckpointInterval and MaxCheckpointInterval bound it: faster
	// only wears the SD card; slower loses more time at a power cut (the
	// issue asks for at least every second, the default).
	MinCheckpointInterval = 100 * time.Millisecond
	MaxCheckpointInterval = time.Minute
	// MaxJournalName is the longest table or player name (bytes).
	MaxJournalName = 100
)

// Journal holds the [journal] settings. Its zero value is the default: no
// record for a simulated table, DefaultJournalFile for a wired one, a
// checkpoint every second, no table or player names.
type Journal struct {
	// File is the record's path; "" means the default (see File()).
	File string
	// Off is true when the file sets file = "": no record at all.
	Off bool
	// CheckpointInterval is how often the four times are saved while
	// clocks run; zero means DefaultCheckpointInterval.
	CheckpointInterval time.Duration
	// Table names the table in exports ("" when unnamed).
	Table string
	// Players are the players' names per seat (bughouse.Seat order), for
	// exports; "" when unknown.
	Players [4]string
}

// JournalFile returns the record's path for c, "" when no record is kept:
// Journal.File when set, "" when Journal.Off, DefaultJournalFile in
// hardware mode, else "".
func (c *Config) JournalFile() string {
	switch {
	case c.Journal.Off:
		return ""
	case c.Journal.File != "":
		return c.Journal.File
	case c.Mode == Hardware:
		return DefaultJournalFile
	}
	return ""
}

// Interval returns the effective checkpoint interval.
func (j Journal) Interval() time.Duration {
	if j.CheckpointInterval == 0 {
		return DefaultCheckpointInterval
	}
	return j.CheckpointInterval
}

func init() {
	sections["journal"] = section{parse: parseJournal, validate: validateJournal, write: writeJournal}
}

// parseJournal reads [journal] into c.Journal.
func parseJournal(p *parser, c *Config, t map[string]any) error {
	base := []string{"journal"}
	if err := p.checkKeys(base, t, journalKeys); err != nil {
		return err
	}
	j := &c.Journal
	for _, k := range p.keys(base, t) {
		path := at(base, k)
		v := t[k]
		switch k {
		case "file":
			s, ok := v.(string)
			if !ok {
				return p.errorf(path, `expected a file path such as %q, or "" for no record, got %s`, DefaultJournalFile, tomlline.Kind(v))
			}
			if strings.ContainsRune(s, 0) || strings.HasSuffix(s, "/") {
				return p.errorf(path, "%q is not a file path", s)
			}
			j.File, j.Off = s, s == ""
		case "checkpoint_interval":
			s, err := p.text(path, v)
			if err != nil {
				return err
			}
			d, err := clock.ParseDuration(s)
			if err != nil {
				return p.errorf(path, "%v", clock.TooLarge(err, s, MaxCheckpointInterval))
			}
			if d < MinCheckpointInterval || d > MaxCheckpointInterval {
				return p.errorf(path, "%q is out of range; allowed %s to %s (default %s)", s,
					clock.FormatDuration(MinCheckpointInterval), clock.FormatDuration(MaxCheckpointInterval),
					clock.FormatDuration(DefaultCheckpointInterval))
			}
			if d != DefaultCheckpointInterval {
				j.CheckpointInterval = d
			}
		case "table":
			s, err := p.name(path, v)
			if err != nil {
				return err
			}
			j.Table = s
		case "players":
			pbase := path
			pt, err := p.table(pbase, v)
			if err != nil {
				return err
			}
			var given [4]string
			for _, pk := range p.keys(pbase, pt) {
				seat, err := bughouse.ParseSeat(pk)
				if err != nil {
					return p.errorf(at(pbase, pk), "unknown key %q; allowed in [journal.players]: %s", pk, strings.Join(journalPlayerKeys, ", "))
				}
				if given[seat] != "" {
					return p.errorf(at(pbase, pk), "seat %s is already given as %q", seat, given[seat])
				}
				given[seat] = pk
				s, err := p.name(at(pbase, pk), pt[pk])
				if err != nil {
					return err
				}
				j.Players[seat] = s
			}
		}
	}
	return nil
}

// name reads a table or player name: a string of one line, at most
// MaxJournalName bytes.
func (p *parser) name(path []string, v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", p.errorf(path, "expected a name in quotes, got %s", tomlline.Kind(v))
	}
	if err := checkName(s); err != nil {
		return "", p.errorf(path, "%v", err)
	}
	return s, nil
}

func checkName(s string) error {
	if len(s) > MaxJournalName {
		return fmt.Errorf("the name is %d bytes; at most %d", len(s), MaxJournalName)
	}
	if strings.ContainsAny(s, "\n\r") {
		return fmt.Errorf("a name is one line: %q has a line break", s)
	}
	if err := printable.Check(s); err != nil {
		// The name is shown on the console, the displays and the hub.
		return fmt.Errorf("a name is printable text: %q %v", s, err)
	}
	return nil
}

// validateJournal checks c.Journal for Config.Validate.
func validateJournal(c *Config) error {
	j := c.Journal
	if j.Off && j.File != "" {
		return &Error{Field: "journal.file", Msg: fmt.Sprintf("Off is set with file %q; choose one", j.File)}
	}
	if d := j.CheckpointInterval; d != 0 && (d < MinCheckpointInterval || d > MaxCheckpointInterval) {
		return &Error{Field: "journal.checkpoint_interval", Msg: fmt.Sprintf("%v out of range; allowed %s to %s", d,
			clock.FormatDuration(MinCheckpointInterval), clock.FormatDuration(MaxCheckpointInterval))}
	}
	if err := checkName(j.Table); err != nil {
		return &Error{Field: "journal.table", Msg: err.Error()}
	}
	for i, n := range j.Players {
		if err := checkName(n); err != nil {
			return &Error{Field: "journal.players." + bughouse.Seat(i).String(), Msg: err.Error()}
		}
	}
	return nil
}

// writeJournal writes [journal] for Write: only what differs from the
// defaults is a setting; the defaults are comments.
func writeJournal(c *Config, b *out) error {
	j := c.Journal
	if j == (Journal{}) && c.Mode != Hardware {
		return nil // no record, nothing set: as Default writes it
	}
	b.WriteString("\n[journal]\n")
	var jb block
	switch {
	case j.Off:
		jb.add("file", `""`, "no record")
	case j.File != "":
		jb.add("file", quote(j.File), pick(c.Mode == Hardware && j.File == DefaultJournalFile, "default", "default: "+defaultFileText(c)))
	default:
		b.note("file: " + defaultFileText(c) + " (default)")
	}
	iv := j.Interval()
	jb.add("checkpoint_interval", quote(clock.FormatDuration(iv)), pick(iv == DefaultCheckpointInterval, "default", "default: "+clock.FormatDuration(DefaultCheckpointInterval)))
	if j.Table != "" {
		jb.add("table", quote(j.Table), "for exports")
	}
	jb.writeTo(b)
	if j.Players != [4]string{} {
		b.WriteString("\n[journal.players]\n")
		var pb block
		for _, s := range bughouse.Seats {
			if j.Players[s] != "" {
				pb.add(s.String(), quote(j.Players[s]), "")
			}
		}
		pb.writeTo(b)
	}
	return nil
}

func defaultFileText(c *Config) string {
	if c.Mode == Hardware {
		return quote(DefaultJournalFile)
	}
	return "none in simulated mode"
}
