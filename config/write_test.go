package config

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// roundTrip writes c, parses the output and checks that it is c again and
// that writing that gives the same text. It returns the text.
func roundTrip(c *Config) (string, string) {
	var out bytes.Buffer
	if err := c.Write(&out); err != nil {
		return "", "Write: " + err.Error()
	}
	back, err := Parse("written.toml", out.Bytes())
	if err != nil {
		return out.String(), "Parse of Write's output: " + err.Error() + "\n" + out.String()
	}
	// The file's warnings are about how it was written (a bare number
	// read as seconds); Write writes every value explicitly, so what it
	// writes draws none: the copy read back must equal c without them.
	want := *c
	want.Warnings = nil
	if d := diffConfig(&want, back); d != "" {
		return out.String(), d + "\n" + out.String()
	}
	back.Source = c.Source
	var again bytes.Buffer
	if err := back.Write(&again); err != nil {
		return out.String(), "second Write: " + err.Error()
	}
	if again.String() != out.String() {
		return out.String(), "Write is not stable:\n" + out.String() + "\n---\n" + again.String()
	}
	return out.String(), ""
}

func exampleFiles(t testing.TB) []string {
	files, err := filepath.Glob("../docs/examples/*.toml")
	if err != nil || len(files) < 2 {
		t.Fatalf("examples: %v %v", files, err)
	}
	// A tournament file (docs/tournament.md) is not a table's
	// configuration.
	return slices.DeleteFunc(files, func(f string) bool { return strings.HasPrefix(filepath.Base(f), "tournament") })
}

func TestWrite_RoundTrip(t *testing.T) {
	docs := map[string]string{
		"empty": "",
		"everything": `
mode = "hardware"
preset = "uscf-fics"
[time]
control = "40/90m+1.118s, 30m+30s"
increment_before_first_move = false
[time.seats]
A-black = "1h30m0.000000001s"
[rules]
simultaneous_window = "0.123456789s"
stalemate = "loss-for-stalemated"
pawn_drop_ranks = [3, 5]
[display]
tenths_below = "0.000001s"
[hall]
url = "nats://hall.local:4222, nats://10.0.0.2:4222"
table = "t-07_b"
ca = "/etc/tandem/hall ca.crt"
user = "t07"
password = "pa ss\"word"
[hub]
listen = "127.0.0.1:4222"
store = "/tmp/hall store"
max_memory = "64MiB"
max_store = "16777217B"
dashboard_listen = ":8090"
dashboard_pin = "004217"
tls = "/srv/hall tls"
tls_hosts = ["hall.local", "10.0.0.1", "::1"]
node = "hub1"
cluster_listen = ":6222"
routes = ["nats://hub2.local:6222", "nats://hub3.local:6222"]
[hub.tables.t2]
nkey = "UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4"
[hub.tables.t10]
user = "ten"
password = "x"
`,
		"delays": "[time]\ncontrol = \"10m us5s\"\n[time.seats]\nB-white = \"8m us5s\"\n",
	}
	for _, f := range exampleFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = filled(string(b))
	}
	for _, name := range rules.PresetNames() {
		docs["preset "+name] = "preset = " + quote(name)
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			c := mustParse(t, doc)
			if _, d := roundTrip(c); d != "" {
				t.Fatal(d)
			}
		})
	}
}

func TestWrite_CommentsSayWhereValuesComeFrom(t *testing.T) {
	unowned(t, "hall") // as a section no feature owns yet
	c := mustParse(t, `
preset = "pasapiezas"
[time]
control = "3m+2s"
[time.seats]
A-white = "2m+2s"
[rules]
stalemate = "draw"
mate = "bughouse"     # the preset's own value
[display]
tenths_below = "10s"
[hall]
`)
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`(?m)^mode = "simulated" +# default$`,
		`(?m)^preset = "pasapiezas" +# seed 001 \(rules summary\)$`,
		`(?m)^control = "3m\+2s" +# overridden; preset: "5m"$`,
		`(?m)^increment_before_first_move = true +# preset$`,
		`(?m)^\[time\.seats\]\nA-white = "2m\+2s" +# handicap`,
		`(?m)^stalemate = "draw" +# overridden; preset: "wait"$`,
		`(?m)^mate = "bughouse" +# preset$`,
		`(?m)^pawn_drop_ranks = \[2, 6\] +# preset$`,
		`(?m)^piece_drop_ranks = \[1, 7\] +# preset$`,
		`(?m)^repetition_draw = true +# preset$`,
		`(?m)^simultaneous_window = "1ms" +# preset$`,
		`(?m)^tenths_below = "10s" +# default: 20s$`,
		`(?m)^# \[hall\] is not used by this version yet.*\n\[hall\]$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output does not match %s:\n%s", want, out)
		}
	}
	// Every option of [rules] is written, once.
	for _, k := range ruleKeys {
		if n := len(regexp.MustCompile(`(?m)^`+k+` = `).FindAllString(out, -1)); n != 1 {
			t.Errorf("%s written %d times", k, n)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWrite_ReportsTheWritersError(t *testing.T) {
	if err := Default().Write(failingWriter{}); err != os.ErrClosed {
		t.Fatalf("Write to a failing writer: %v", err)
	}
}

// genDuration draws a duration in [lo, hi], often a round one, sometimes
// with nanoseconds.
func genDuration(t *rapid.T, lo, hi time.Duration, label string) time.Duration {
	switch rapid.IntRange(0, 2).Draw(t, label+"-kind") {
	case 0:
		return time.Duration(rapid.Int64Range(int64(lo/time.Second), int64(hi/time.Second)).Draw(t, label+"-s")) * time.Second
	case 1:
		return time.Duration(rapid.Int64Range(int64(lo/time.Millisecond), int64(hi/time.Millisecond)).Draw(t, label+"-ms")) * time.Millisecond
	}
	return time.Duration(rapid.Int64Range(int64(lo), int64(hi)).Draw(t, label+"-ns"))
}

func genControl(t *rapid.T, label string) clock.Control {
	var c clock.Control
	n := rapid.IntRange(1, 3).Draw(t, label+"-stages")
	hasDelay := false
	for i := 0; i < n; i++ {
		var s clock.Stage
		if i < n-1 || rapid.Bool().Draw(t, label+"-repeat") {
			s.Moves = rapid.IntRange(1, clock.MaxMoves).Draw(t, label+"-moves")
		}
		s.Time = genDuration(t, time.Second, clock.MaxStageTime, label+"-time")
		switch rapid.IntRange(0, 2).Draw(t, label+"-bonus") {
		case 1:
			s.Increment = genDuration(t, 0, clock.MaxBonus, label+"-inc")
		case 2:
			s.Delay = genDuration(t, 0, clock.MaxBonus, label+"-delay")
			hasDelay = hasDelay || s.Delay > 0
		}
		c.Stages = append(c.Stages, s)
	}
	if hasDelay && rapid.Bool().Draw(t, label+"-us") {
		c.DelayKind = clock.US
	}
	return c
}

func genRanks(t *rapid.T, label string) board.Ranks {
	lo := rapid.IntRange(1, 8).Draw(t, label+"-min")
	return board.Ranks{lo, rapid.IntRange(lo, 8).Draw(t, label+"-max")}
}

// genConfig draws a valid Config the way code could build one.
func genConfig(t *rapid.T) *Config {
	c := Default()
	c.Mode = Mode(rapid.IntRange(0, 1).Draw(t, "mode"))
	p, err := rules.LookupPreset(rapid.SampledFrom(rules.PresetNames()).Draw(t, "preset"))
	if err != nil {
		t.Fatal(err)
	}
	c.Preset, c.Rules = p.Name, cloneOptions(p.Options)
	o := &c.Rules
	if rapid.Bool().Draw(t, "own-control") {
		o.Control = genControl(t, "control")
	}
	o.Control.IncrementBeforeFirstMove = rapid.Bool().Draw(t, "ibfm")
	for _, s := range bughouse.Seats {
		if rapid.Bool().Draw(t, "seat-"+s.String()) {
			sc := genControl(t, s.String())
			sc.IncrementBeforeFirstMove = o.Control.IncrementBeforeFirstMove
			o.SeatControls[s] = &sc
		}
	}
	if rapid.Bool().Draw(t, "own-rules") {
		o.Start = rules.StartMode(rapid.IntRange(0, 1).Draw(t, "start"))
		o.SimultaneousWindow = genDuration(t, 0, time.Second, "window")
		o.OneBoardDraw = rules.OneBoardDraw(rapid.IntRange(0, 1).Draw(t, "one_board_draw"))
		o.IllegalMove = rules.IllegalMovePolicy(rapid.IntRange(0, 2).Draw(t, "illegal_move"))
		o.Stalemate = board.StalemateRule(rapid.IntRange(0, 3).Draw(t, "stalemate"))
		o.RepetitionDraw = rapid.Bool().Draw(t, "repetition_draw")
		o.DropCheck = board.DropCheck(rapid.IntRange(0, 2).Draw(t, "drop_check"))
		o.PawnDropRanks = genRanks(t, "pawn")
		o.PieceDropRanks = genRanks(t, "piece")
		o.Mate = board.MateRule(rapid.IntRange(0, 1).Draw(t, "mate"))
		o.Promotion = board.Promotion(rapid.IntRange(0, 1).Draw(t, "promotion"))
		o.CastleDroppedRook = rapid.Bool().Draw(t, "castle")
		o.DroppedPawnDoubleStep = rapid.Bool().Draw(t, "double")
	}
	c.Display.TenthsBelow = genDuration(t, 0, MaxTenthsBelow, "tenths")
	for _, name := range ReservedSections {
		if _, owned := sections[name]; owned {
			continue // its feature's own tests draw it
		}
		if rapid.Bool().Draw(t, name) {
			if c.Reserved == nil {
				c.Reserved = map[string]map[string]any{}
			}
			c.Reserved[name] = map[string]any{"n": rapid.Int64().Draw(t, name+"-n"), "s": rapid.String().Draw(t, name+"-s")}
		}
	}
	return c
}

func TestWrite_RoundTrip_Property(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genConfig(t)
		if err := c.Validate(); err != nil {
			t.Fatalf("generated an invalid config: %v", err)
		}
		if _, d := roundTrip(c); d != "" {
			t.Fatal(d)
		}
	})
}

// filled is an example's text with its placeholders filled: check-config
// refuses the examples as shipped (TestExamples_PlaceholdersRefused).
func filled(doc string) string { return strings.ReplaceAll(doc, `"CHANGE-ME"`, `"739201"`) }

// The examples ship placeholders where secrets go, and Parse refuses
// each of them, naming its line.
func TestExamples_PlaceholdersRefused(t *testing.T) {
	n := 0
	for _, f := range exampleFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"CHANGE-ME"`) {
			continue
		}
		n++
		_, err = Parse(f, b)
		if err == nil || !strings.Contains(err.Error(), `"CHANGE-ME" is a placeholder`) {
			t.Errorf("%s: %v, want the placeholder refused", f, err)
		}
	}
	if n < 2 {
		t.Fatalf("%d examples with placeholders, want hall-table.toml and hall-hub.toml", n)
	}
}
