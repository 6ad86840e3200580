package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"

	"tandem/board"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/tomlline"
	"tandem/rules"
)

// sameConfig fails t unless got is want; see diffConfig.
func sameConfig(t testing.TB, want, got *Config) {
	t.Helper()
	if d := diffConfig(want, got); d != "" {
		t.Fatal(d)
	}
}

// diffConfig says how got differs from want, ignoring Source, or returns "".
// Reserved tables are compared by their TOML text: decoded date-times carry
// *time.Location pointers and NaN is not equal to itself, so
// reflect.DeepEqual would be wrong both ways.
func diffConfig(want, got *Config) string {
	w, g := *want, *got
	w.Source, g.Source = "", ""
	w.Reserved, g.Reserved = nil, nil
	if !reflect.DeepEqual(w, g) {
		return fmt.Sprintf("configs differ:\nwant %s\ngot  %s", dump(&w), dump(&g))
	}
	if len(want.Reserved) != len(got.Reserved) || (want.Reserved == nil) != (got.Reserved == nil) {
		return fmt.Sprintf("reserved sections differ: want %v, got %v", want.Reserved, got.Reserved)
	}
	for name, wt := range want.Reserved {
		gt, ok := got.Reserved[name]
		if !ok {
			return fmt.Sprintf("reserved section [%s] lost", name)
		}
		wb, err1 := toml.Marshal(wt)
		gb, err2 := toml.Marshal(gt)
		if err1 != nil || err2 != nil || !bytes.Equal(wb, gb) {
			return fmt.Sprintf("reserved section [%s] differs:\nwant %s\ngot  %s", name, wb, gb)
		}
	}
	return ""
}

// dump shows a config with its controls in text form.
func dump(c *Config) string {
	var b strings.Builder
	b.WriteString(c.Mode.String() + " " + c.Preset + " control=" + c.Rules.Control.String())
	if c.Rules.Control.IncrementBeforeFirstMove {
		b.WriteString(" ibfm")
	}
	for _, s := range bughouse.Seats {
		if sc := c.Rules.SeatControls[s]; sc != nil {
			b.WriteString(" " + s.String() + "=" + sc.String())
		}
	}
	o := c.Rules
	o.SeatControls = [4]*clock.Control{}
	return b.String() + " " + strings.ReplaceAll(strings.TrimSpace(fmtOptions(&o)), "\n", " ") + " tenths=" + c.Display.TenthsBelow.String()
}

func fmtOptions(o *rules.Options) string {
	var b strings.Builder
	for _, k := range rules.OptionKeys {
		v, _ := o.Get(k)
		b.WriteString(k + "=" + v + "\n")
	}
	return b.String()
}

func mustParse(t testing.TB, doc string) *Config {
	t.Helper()
	c, err := Parse("t.toml", []byte(doc))
	if err != nil {
		t.Fatalf("Parse(%q): %v", doc, err)
	}
	return c
}

func presetOptions(t testing.TB, name string) rules.Options {
	t.Helper()
	p, err := rules.LookupPreset(name)
	if err != nil {
		t.Fatal(err)
	}
	return cloneOptions(p.Options)
}

func TestEmptyFile_IsDefault(t *testing.T) {
	for _, doc := range []string{"", "\n\n", "# only a comment\n", "\xef\xbb\xbf"} {
		c := mustParse(t, doc)
		sameConfig(t, Default(), c)
		if c.Source != "t.toml" {
			t.Errorf("Source = %q, want t.toml", c.Source)
		}
	}
	d := Default()
	if d.Mode != Simulated || d.Preset != "reglamento" || d.Display.TenthsBelow != 20*time.Second || d.Reserved != nil {
		t.Errorf("Default() = %s", dump(d))
	}
	if !reflect.DeepEqual(d.Rules, presetOptions(t, rules.DefaultPreset)) {
		t.Errorf("Default().Rules is not the %s preset", rules.DefaultPreset)
	}
}

func TestDefault_DoesNotShareThePresetsStages(t *testing.T) {
	d := Default()
	d.Rules.Control.Stages[0].Time = time.Hour
	if got := Default().Rules.Control.Stages[0].Time; got != 5*time.Minute {
		t.Fatalf("changing one Default changed the next: base %v", got)
	}
}

func TestEveryPreset_LoadsUnchanged(t *testing.T) {
	for _, name := range rules.PresetNames() {
		t.Run(name, func(t *testing.T) {
			c := mustParse(t, "preset = "+quote(name)+"\n")
			want := Default()
			want.Preset, want.Rules = name, presetOptions(t, name)
			sameConfig(t, want, c)
		})
	}
}

func TestMode(t *testing.T) {
	if c := mustParse(t, `mode = "hardware"`); c.Mode != Hardware {
		t.Errorf("mode = %v, want hardware", c.Mode)
	}
	if c := mustParse(t, `mode = "simulated"`); c.Mode != Simulated {
		t.Errorf("mode = %v, want simulated", c.Mode)
	}
	if Hardware.String() != "hardware" || Simulated.String() != "simulated" || Mode(7).String() != "Mode(7)" {
		t.Error("Mode.String")
	}
}

// ruleCases gives every [rules] key two settings, as TOML and as the field
// it must set, written here without rules.Options.Set.
var ruleCases = []struct {
	key  string
	toml string
	set  func(*rules.Options)
}{
	{"start", `"black-press"`, func(o *rules.Options) { o.Start = rules.StartBlackPress }},
	{"start", `"arbiter"`, func(o *rules.Options) { o.Start = rules.StartArbiter }},
	{"simultaneous_window", `"0s"`, func(o *rules.Options) { o.SimultaneousWindow = 0 }},
	{"simultaneous_window", `"250ms"`, func(o *rules.Options) { o.SimultaneousWindow = 250 * time.Millisecond }},
	{"one_board_draw", `"match-draw"`, func(o *rules.Options) { o.OneBoardDraw = rules.MatchDrawn }},
	{"one_board_draw", `"other-continues"`, func(o *rules.Options) { o.OneBoardDraw = rules.OtherContinues }},
	{"illegal_move", `"three-strikes"`, func(o *rules.Options) { o.IllegalMove = rules.IllegalThreeStrikes }},
	{"illegal_move", `"arbiter"`, func(o *rules.Options) { o.IllegalMove = rules.IllegalArbiter }},
	{"stalemate", `"wait"`, func(o *rules.Options) { o.Stalemate = board.StalemateWait }},
	{"stalemate", `"loss-for-stalemated"`, func(o *rules.Options) { o.Stalemate = board.StalemateLossForStalemated }},
	{"repetition_draw", `false`, func(o *rules.Options) { o.RepetitionDraw = false }},
	{"repetition_draw", `true`, func(o *rules.Options) { o.RepetitionDraw = true }},
	{"drop_check", `"allowed"`, func(o *rules.Options) { o.DropCheck = board.DropCheckAllowed }},
	{"drop_check", `"no-mate"`, func(o *rules.Options) { o.DropCheck = board.DropCheckNoMate }},
	{"pawn_drop_ranks", `[2, 7]`, func(o *rules.Options) { o.PawnDropRanks = board.Ranks{2, 7} }},
	{"pawn_drop_ranks", `[1, 6]`, func(o *rules.Options) { o.PawnDropRanks = board.Ranks{1, 6} }},
	{"piece_drop_ranks", `[1, 7]`, func(o *rules.Options) { o.PieceDropRanks = board.Ranks{1, 7} }},
	{"piece_drop_ranks", `[3, 3]`, func(o *rules.Options) { o.PieceDropRanks = board.Ranks{3, 3} }},
	{"mate", `"bughouse"`, func(o *rules.Options) { o.Mate = board.MateBughouse }},
	{"mate", `"reserve"`, func(o *rules.Options) { o.Mate = board.MateReserve }},
	{"promotion", `"steal"`, func(o *rules.Options) { o.Promotion = board.PromotionSteal }},
	{"promotion", `"upgrade"`, func(o *rules.Options) { o.Promotion = board.PromotionUpgrade }},
	{"castle_dropped_rook", `true`, func(o *rules.Options) { o.CastleDroppedRook = true }},
	{"castle_dropped_rook", `false`, func(o *rules.Options) { o.CastleDroppedRook = false }},
	{"dropped_pawn_double_step", `false`, func(o *rules.Options) { o.DroppedPawnDoubleStep = false }},
	{"dropped_pawn_double_step", `true`, func(o *rules.Options) { o.DroppedPawnDoubleStep = true }},
	{"illegal_move_claim", `"opposing-team"`, func(o *rules.Options) { o.ClaimIllegal = rules.ClaimOpposingTeam }},
	{"illegal_move_claim", `"board-opponent"`, func(o *rules.Options) { o.ClaimIllegal = rules.ClaimBoardOpponent }},
	{"draw_agreement", `"all-four"`, func(o *rules.Options) { o.DrawAgreement = rules.AgreeAllFour }},
	{"draw_agreement", `"one-board"`, func(o *rules.Options) { o.DrawAgreement = rules.AgreeOneBoard }},
	{"deadlock_draw", `true`, func(o *rules.Options) { o.DeadlockDraw = true }},
	{"deadlock_draw", `false`, func(o *rules.Options) { o.DeadlockDraw = false }},
	{"move_limit", `800`, func(o *rules.Options) { o.MoveLimit = 800 }},
	{"move_limit", `0`, func(o *rules.Options) { o.MoveLimit = 0 }},
	{"fifty_move_draw", `false`, func(o *rules.Options) { o.FiftyMoveDraw = false }},
	{"fifty_move_draw", `true`, func(o *rules.Options) { o.FiftyMoveDraw = true }},
	{"match_format", `"both-boards"`, func(o *rules.Options) { o.Format = rules.FormatBothBoards }},
	{"match_format", `"first-decision"`, func(o *rules.Options) { o.Format = rules.FormatFirstDecision }},
	{"no_show_tolerance", `"15m"`, func(o *rules.Options) { o.NoShowTolerance = 15 * time.Minute }},
	{"no_show_tolerance", `"0s"`, func(o *rules.Options) { o.NoShowTolerance = 0 }},
}

func TestRulesKeys_OverrideThePreset(t *testing.T) {
	covered := map[string]int{}
	for _, tc := range ruleCases {
		covered[tc.key]++
		// Against two presets, so that each setting differs from the
		// preset's in at least one of them.
		for _, preset := range []string{"reglamento", "fics"} {
			t.Run(tc.key+"="+tc.toml+"/"+preset, func(t *testing.T) {
				c := mustParse(t, "preset = "+quote(preset)+"\n[rules]\n"+tc.key+" = "+tc.toml+"\n")
				want := presetOptions(t, preset)
				tc.set(&want)
				if !reflect.DeepEqual(c.Rules, want) {
					t.Fatalf("got  %s\nwant %s", fmtOptions(&c.Rules), fmtOptions(&want))
				}
			})
		}
	}
	for _, k := range ruleKeys {
		if covered[k] != 2 {
			t.Errorf("[rules] %s has %d settings in ruleCases, want 2", k, covered[k])
		}
	}
	if len(covered) != len(ruleKeys) {
		t.Errorf("ruleCases covers %d keys, [rules] has %d", len(covered), len(ruleKeys))
	}
}

func TestRulesKeys_OverrideBothWays(t *testing.T) {
	// No preset has start = "black-press" or dropped_pawn_double_step =
	// false, so the test above cannot see every setting change something.
	// Here each setting is applied over the key's other setting.
	for i, tc := range ruleCases {
		for j, other := range ruleCases {
			if i == j || tc.key != other.key {
				continue
			}
			t.Run(tc.key+"="+tc.toml, func(t *testing.T) {
				data := []byte("[rules]\n" + tc.key + " = " + tc.toml + "\n")
				var doc map[string]any
				if err := toml.Unmarshal(data, &doc); err != nil {
					t.Fatal(err)
				}
				base := presetOptions(t, "reglamento")
				other.set(&base)
				want := base
				tc.set(&want)
				if reflect.DeepEqual(base, want) {
					t.Fatalf("%s and %s are the same setting", tc.toml, other.toml)
				}
				p := &parser{file: "t.toml", lines: tomlline.New(data)}
				if err := p.applyRules(&base, doc["rules"]); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(base, want) {
					t.Fatalf("got  %s\nwant %s", fmtOptions(&base), fmtOptions(&want))
				}
			})
		}
	}
}

func TestRules_OtherWaysOfWriting(t *testing.T) {
	c := mustParse(t, `
rules.stalemate = "wait"                 # dotted key at the top level
rules.pawn_drop_ranks = "2-7"            # the range as text
rules.simultaneous_window = 0            # a number of seconds
[display]
tenths_below = 10.5
`)
	if c.Rules.Stalemate != board.StalemateWait || c.Rules.PawnDropRanks != (board.Ranks{2, 7}) ||
		c.Rules.SimultaneousWindow != 0 || c.Display.TenthsBelow != 10500*time.Millisecond {
		t.Fatalf("got %s", dump(c))
	}
	c = mustParse(t, `rules = { stalemate = "wait", mate = "bughouse" }`)
	if c.Rules.Stalemate != board.StalemateWait || c.Rules.Mate != board.MateBughouse {
		t.Fatalf("inline table: got %s", dump(c))
	}
}

func TestTime_ControlAndIncrementBeforeFirstMove(t *testing.T) {
	c := mustParse(t, "[time]\ncontrol = \"3m+2s\"\n")
	if want := (clock.Control{Stages: []clock.Stage{{Time: 3 * time.Minute, Increment: 2 * time.Second}}, IncrementBeforeFirstMove: true}); !c.Rules.Control.Equal(want) {
		t.Errorf("control = %v ibfm=%v, want 3m+2s with the preset's increment_before_first_move (true)", c.Rules.Control, c.Rules.Control.IncrementBeforeFirstMove)
	}
	if got := c.Rules.Control.Initial(); got != 3*time.Minute+2*time.Second {
		t.Errorf("initial time %v, want 3m2s", got)
	}

	c = mustParse(t, "[time]\ncontrol = \"3m+2s\"\nincrement_before_first_move = false\n")
	if c.Rules.Control.IncrementBeforeFirstMove || c.Rules.Control.Initial() != 3*time.Minute {
		t.Errorf("increment_before_first_move = false not applied: %v", c.Rules.Control.Initial())
	}
	// The online preset does not credit before move 1; the file can.
	c = mustParse(t, "preset = \"online\"\n[time]\nincrement_before_first_move = true\n")
	if !c.Rules.Control.IncrementBeforeFirstMove || c.Rules.Control.String() != "3m" {
		t.Errorf("online + increment_before_first_move: got %v %v", c.Rules.Control, c.Rules.Control.IncrementBeforeFirstMove)
	}

	c = mustParse(t, "[time]\ncontrol = \"40/90m+30s, 30m+30s\"\n")
	if len(c.Rules.Control.Stages) != 2 || c.Rules.Control.Stages[0].Moves != 40 {
		t.Errorf("two stages: got %v", c.Rules.Control)
	}
	c = mustParse(t, "[time]\ncontrol = \"5m us2s\"\n")
	if c.Rules.Control.DelayKind != clock.US || c.Rules.Control.Stages[0].Delay != 2*time.Second {
		t.Errorf("US delay: got %v", c.Rules.Control)
	}
	// A delay kind without a delay means nothing, and is dropped.
	c = mustParse(t, "[time]\ncontrol = \"5m us0s\"\n")
	if c.Rules.Control.DelayKind != clock.Bronstein {
		t.Errorf("5m us0s: delay kind %v, want the zero value", c.Rules.Control.DelayKind)
	}
}

func TestTimeSeats_Handicap(t *testing.T) {
	c := mustParse(t, `
[time]
control = "5m+2s"
increment_before_first_move = false
[time.seats]
"A-white" = "3m+2s"
b-b = "4m"
`)
	o := &c.Rules
	for _, tc := range []struct {
		seat bughouse.Seat
		want string
	}{{bughouse.AWhite, "3m+2s"}, {bughouse.ABlack, "5m+2s"}, {bughouse.BWhite, "5m+2s"}, {bughouse.BBlack, "4m"}} {
		got := o.ControlFor(tc.seat)
		if got.String() != tc.want || got.IncrementBeforeFirstMove {
			t.Errorf("%s: control %v ibfm=%v, want %s ibfm=false", tc.seat, got, got.IncrementBeforeFirstMove, tc.want)
		}
	}
	if o.SeatControls[bughouse.ABlack] != nil || o.SeatControls[bughouse.BWhite] != nil {
		t.Error("seats not in [time.seats] got their own control")
	}
	// increment_before_first_move applies to the seats whatever the order.
	c = mustParse(t, "[time.seats]\nA-white = \"0s+5s\"\n[time]\nincrement_before_first_move = true\n")
	if sc := c.Rules.SeatControls[bughouse.AWhite]; sc == nil || !sc.IncrementBeforeFirstMove || sc.Initial() != 5*time.Second {
		t.Errorf("seat control %v", sc)
	}
}

func TestDisplay(t *testing.T) {
	for doc, want := range map[string]time.Duration{
		"":                                  20 * time.Second,
		"[display]\ntenths_below = \"0s\"":  0,
		"[display]\ntenths_below = \"1h\"":  time.Hour,
		"[display]\ntenths_below = \"90s\"": 90 * time.Second,
	} {
		if got := mustParse(t, doc).Display.TenthsBelow; got != want {
			t.Errorf("%q: tenths_below %v, want %v", doc, got, want)
		}
	}
}

func TestReserved_KeptAndNoted(t *testing.T) {
	// A section no feature owns yet (here [hall], unregistered for the
	// test) is kept as written and noted; the owned sections are read
	// (their own tests).
	unowned(t, "hall")
	c := mustParse(t, "[hall]\nname = \"Club\"\n[hall.pins]\npause = 17\n")
	if got := c.Reserved["hall"]["name"]; got != "Club" {
		t.Errorf("hall.name = %v", got)
	}
	if got := c.Reserved["hall"]["pins"].(map[string]any)["pause"]; got != int64(17) {
		t.Errorf("hall.pins.pause = %v", got)
	}
	want := []string{"[hall] is not used by this version yet"}
	if got := c.Notes(); !slices.Equal(got, want) {
		t.Errorf("Notes() = %q, want %q", got, want)
	}
	if n := Default().Notes(); n != nil {
		t.Errorf("Default().Notes() = %q", n)
	}
	if c := mustParse(t, "[hall]\n"); c.Reserved["hall"] == nil {
		t.Error("an empty [hall] is not kept")
	}
	for name := range sections {
		doc := "[" + name + "]\n"
		if name == "sound" {
			doc += "pin = \"GPIO18\"\n" // a buzzer needs its line
		}
		if c := mustParse(t, doc); c.Reserved[name] != nil {
			t.Errorf("[%s] is owned by its feature but was kept as a reserved table", name)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      string // the whole Error() text
		line      int
		field     string
	}{
		{"syntax", "mode = \"simulated\"\npreset = \n", `t.toml:2: invalid TOML at column 10: unexpected character U+000A at start of value`, 2, ""},
		{"duplicate key", "[rules]\nstart = \"arbiter\"\nstart = \"arbiter\"\n", `t.toml:3: invalid TOML at column 1: key start is already defined`, 3, ""},
		{"unknown top-level key", "mode = \"simulated\"\n\ncolour = \"blue\"\n",
			`t.toml:3: colour: unknown key "colour"; allowed at the top level: mode, preset, language, time, rules, display, gpio, console, journal, hall, hub, eboard, sound`, 3, "colour"},
		{"unknown table", "[speaker]\nvolume = 3\n",
			`t.toml:1: speaker: unknown key "speaker"; allowed at the top level: mode, preset, language, time, rules, display, gpio, console, journal, hall, hub, eboard, sound`, 1, "speaker"},
		{"unknown rules key", "[rules]\nstart = \"arbiter\"\nstalemat = \"draw\"\n",
			`t.toml:3: rules.stalemat: unknown key "stalemat"; allowed in [rules]: start, simultaneous_window, one_board_draw, illegal_move, stalemate, repetition_draw, drop_check, pawn_drop_ranks, piece_drop_ranks, mate, promotion, castle_dropped_rook, dropped_pawn_double_step, illegal_move_claim, draw_agreement, deadlock_draw, move_limit, fifty_move_draw, match_format, no_show_tolerance`, 3, "rules.stalemat"},
		{"increment in rules", "[rules]\nincrement_before_first_move = true\n",
			`t.toml:2: rules.increment_before_first_move: increment_before_first_move belongs to the time control: write it in [time]`, 2, "rules.increment_before_first_move"},
		{"unknown time key", "[time]\nbase = \"5m\"\n",
			`t.toml:2: time.base: unknown key "base"; allowed in [time]: control, increment_before_first_move, seats`, 2, "time.base"},
		{"unknown display key", "[display]\n\ntenths = \"10s\"\n",
			`t.toml:3: display.tenths: unknown key "tenths"; allowed in [display]: tenths_below, devices`, 3, "display.tenths"},
		{"time not a table", "time = \"5m\"\n", `t.toml:1: time: expected a table [time], got a string`, 1, "time"},
		{"gpio array of tables", "[[gpio]]\npin = 1\n", `t.toml:1: gpio: expected a table [gpio], got an array of tables`, 1, "gpio"},
		{"rules value is a table", "[rules.stalemate]\nx = 1\n", `t.toml:1: rules.stalemate: expected a value, got a table`, 1, "rules.stalemate"},
		{"bad mode", "\nmode = \"real\"\n", `t.toml:2: mode: unknown mode "real"; allowed: simulated, hardware`, 2, "mode"},
		{"bad preset", "preset = \"fide\"\n",
			`t.toml:1: preset: unknown preset "fide"; presets are fics, online, panoriental, pasapiezas, reglamento, uscf-fics`, 1, "preset"},
		{"bad stalemate", "mode = \"simulated\"\n\n[rules]\nstart = \"arbiter\"\n\n\nstalemate = \"lose\"\n",
			`t.toml:7: rules.stalemate: unknown stalemate "lose"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated`, 7, "rules.stalemate"},
		{"dotted key", "rules.drop_check = \"never\"\n",
			`t.toml:1: rules.drop_check: unknown drop_check "never"; allowed: allowed, no-mate, forbidden`, 1, "rules.drop_check"},
		{"inline table", "rules = {\n  mate = \"bughouse\",\n  promotion = \"queen\" }\n",
			`t.toml:3: rules.promotion: unknown promotion "queen"; allowed: upgrade, steal`, 3, "rules.promotion"},
		{"bad switch", "[rules]\nrepetition_draw = \"maybe\"\n",
			`t.toml:2: rules.repetition_draw: expected true or false (without quotes), got "maybe"`, 2, "rules.repetition_draw"},
		{"switch as integer", "[rules]\ncastle_dropped_rook = 1\n",
			`t.toml:2: rules.castle_dropped_rook: expected true or false (without quotes), got an integer`, 2, "rules.castle_dropped_rook"},
		{"ranks out of board", "[rules]\npawn_drop_ranks = [0, 6]\n",
			`t.toml:2: rules.pawn_drop_ranks: "[0, 6]" is not a rank range; write [min, max] with 1 <= min <= max <= 8, e.g. [2, 6]`, 2, "rules.pawn_drop_ranks"},
		{"three ranks", "[rules]\npiece_drop_ranks = [1, 2, 3]\n",
			`t.toml:2: rules.piece_drop_ranks: "[1, 2, 3]" is not a rank range; write [min, max] with 1 <= min <= max <= 8, e.g. [2, 6]`, 2, "rules.piece_drop_ranks"},
		{"window too wide", "[rules]\nsimultaneous_window = \"2s\"\n",
			`t.toml:2: rules.simultaneous_window: simultaneous_window 2s: allowed 0 to 1s`, 2, "rules.simultaneous_window"},
		{"window not a duration", "[rules]\nsimultaneous_window = \"soon\"\n",
			`t.toml:2: rules.simultaneous_window: "soon" is not a duration; write e.g. 5m, 90s, 2.5s or a number of seconds`, 2, "rules.simultaneous_window"},
		{"bad control", "[time]\ncontrol = \"5 minutes\"\n",
			`t.toml:2: time.control: time control "5 minutes", stage 1: "minutes" after a space: write the time without a space and with Go's units (5m, 90s, 1h30m); a delay after a space is dX (Bronstein) or usX (US), e.g. 5m d2s`, 2, "time.control"},
		{"increment not a switch", "[time]\nincrement_before_first_move = \"sometimes\"\n",
			`t.toml:2: time.increment_before_first_move: expected true or false (without quotes), got "sometimes"`, 2, "time.increment_before_first_move"},
		// "no" in quotes is a TOML string: not taken for false.
		{"switch in quotes", "[time]\nincrement_before_first_move = \"no\"\n",
			`t.toml:2: time.increment_before_first_move: expected true or false (without quotes), got "no"`, 2, "time.increment_before_first_move"},
		{"switch yes in quotes", "[rules]\nrepetition_draw = \"yes\"\n",
			`t.toml:2: rules.repetition_draw: expected true or false (without quotes), got "yes"`, 2, "rules.repetition_draw"},
		{"bad seat", "[time.seats]\n\"C-white\" = \"3m\"\n",
			`t.toml:2: time.seats.C-white: unknown seat "C-white"; seats are A-white, A-black, B-white, B-black`, 2, "time.seats.C-white"},
		{"seat twice", "[time.seats]\nA-white = \"3m\"\n\"a-w\" = \"4m\"\n",
			`t.toml:3: time.seats.a-w: seat A-white is already given as "A-white"`, 3, "time.seats.a-w"},
		{"bad seat control", "[time.seats]\nB-black = \"3m+\"\n",
			`t.toml:2: time.seats.B-black: time control "3m+", stage 1: increment: empty duration`, 2, "time.seats.B-black"},
		{"tenths not a duration", "[display]\ntenths_below = \"ten\"\n",
			`t.toml:2: display.tenths_below: "ten" is not a duration; write e.g. 5m, 90s, 2.5s or a number of seconds`, 2, "display.tenths_below"},
		{"tenths too long", "[display]\ntenths_below = \"2h\"\n",
			`t.toml:2: display.tenths_below: "2h" is out of range; allowed 0 to 1h`, 2, "display.tenths_below"},
		{"tenths negative", "[display]\ntenths_below = \"-1s\"\n",
			`t.toml:2: display.tenths_below: "-1s" is negative; durations are 0 or more`, 2, "display.tenths_below"},
		{"line after a multi-line string", "[hall]\nnotes = \"\"\"\none\ntwo\n\"\"\"\n[rules]\nmate = \"none\"\n",
			`t.toml:7: rules.mate: unknown mate "none"; allowed: bughouse, reserve`, 7, "rules.mate"},
		{"CRLF", "[rules]\r\nstart = \"arbiter\"\r\nstart_mode = \"x\"\r\n",
			`t.toml:3: rules.start_mode: unknown key "start_mode"; allowed in [rules]: start, simultaneous_window, one_board_draw, illegal_move, stalemate, repetition_draw, drop_check, pawn_drop_ranks, piece_drop_ranks, mate, promotion, castle_dropped_rook, dropped_pawn_double_step, illegal_move_claim, draw_agreement, deadlock_draw, move_limit, fifty_move_draw, match_format, no_show_tolerance`, 3, "rules.start_mode"},
		{"quoted key", "[time.seats]\n\"A white\" = \"3m\"\n",
			`t.toml:2: time.seats."A white": unknown seat "A white"; seats are A-white, A-black, B-white, B-black`, 2, `time.seats."A white"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("t.toml", []byte(tc.doc))
			if c != nil {
				t.Errorf("got a config with the error: %s", dump(c))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *Error", err, err)
			}
			if e.Error() != tc.want {
				t.Errorf("error\n got %s\nwant %s", e, tc.want)
			}
			if e.File != "t.toml" || e.Line != tc.line || e.Field != tc.field {
				t.Errorf("File, Line, Field = %q, %d, %q; want t.toml, %d, %q", e.File, e.Line, e.Field, tc.line, tc.field)
			}
		})
	}
}

func TestImpossibleControls_Rejected(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{"[time]\ncontrol = \"0s\"\n",
			"t.toml:2: time.control: 0s: base time 0 with no increment and no delay: every player would flag at the start"},
		{"[time]\ncontrol = \"0s+2s\"\nincrement_before_first_move = false\n",
			"t.toml:2: time.control: 0s+2s: base time 0 with the increment credited after each move: the first player would flag at the start; set increment_before_first_move or give a base time"},
		// fics does not credit the increment before move 1.
		{"preset = \"fics\"\n[time]\ncontrol = \"0s+2s\"\n",
			"t.toml:3: time.control: 0s+2s: base time 0 with the increment credited after each move: the first player would flag at the start; set increment_before_first_move or give a base time"},
		{"[time]\ncontrol = \"5m\"\n[time.seats]\nB-white = \"0s\"\n",
			"t.toml:4: time.seats.B-white: 0s: base time 0 with no increment and no delay: every player would flag at the start"},
		{"[time]\nincrement_before_first_move = false\n[time.seats]\nA-black = \"0s+1s\"\n",
			"t.toml:4: time.seats.A-black: 0s+1s: base time 0 with the increment credited after each move: the first player would flag at the start; set increment_before_first_move or give a base time"},
		{"[time]\ncontrol = \"5m+1s d2s\"\n",
			"t.toml:2: time.control: 5m+1s d2s: stage 1 has both an increment and a delay; choose one"},
		{"[time]\ncontrol = \"25h\"\n",
			"t.toml:2: time.control: 25h: stage 1: time 25h; allowed 0 to 24h"},
	} {
		c, err := Parse("t.toml", []byte(tc.doc))
		if c != nil || err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.doc, err, tc.want)
		}
	}
	// The same zero base is playable once the increment comes first, or
	// with a delay.
	mustParse(t, "[time]\ncontrol = \"0s+2s\"\nincrement_before_first_move = true\n")
	mustParse(t, "[time]\ncontrol = \"0s d5s\"\n")
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tandem.toml")
	if err := os.WriteFile(path, []byte("[rules]\nstalemate = \"wait\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Source != path || c.Rules.Stalemate != board.StalemateWait {
		t.Errorf("Load: Source %q stalemate %v", c.Source, c.Rules.Stalemate)
	}

	c, err = Load(filepath.Join(dir, "missing.toml"))
	if c != nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, %v", c, err)
	}

	if err := os.WriteFile(path, []byte("[rules]\nstalemate = \"lose\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err = Load(path)
	var e *Error
	if c != nil || !errors.As(err, &e) || e.File != path || e.Line != 2 {
		t.Errorf("bad file: %v, %v", c, err)
	}
}

func TestValidate_ConfigBuiltInCode(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"mode", func(c *Config) { c.Mode = 9 }, "mode: mode 9 out of range; allowed: simulated, hardware"},
		{"preset", func(c *Config) { c.Preset = "" }, `preset: unknown preset ""; presets are fics, online, panoriental, pasapiezas, reglamento, uscf-fics`},
		{"control", func(c *Config) { c.Rules.Control = clock.SuddenDeath(0) },
			"time.control: 0s: base time 0 with no increment and no delay: every player would flag at the start"},
		{"seat increment", func(c *Config) {
			sc := clock.Fischer(time.Minute, time.Second)
			c.Rules.SeatControls[bughouse.BBlack] = &sc
		}, "time.seats.B-black: increment_before_first_move is false here and true for the other seats; it applies to every seat"},
		{"ranks", func(c *Config) { c.Rules.PawnDropRanks = board.Ranks{7, 2} }, "rules: pawn_drop_ranks [7, 2]: need 1 <= min <= max <= 8"},
		{"tenths", func(c *Config) { c.Display.TenthsBelow = -time.Second }, "display.tenths_below: -1s out of range; allowed 0 to 1h"},
		{"reserved", func(c *Config) { c.Reserved = map[string]map[string]any{"speaker": {}} }, "speaker: not a reserved section; reserved: gpio, console, journal, hall, hub, eboard, sound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Default()
			tc.change(c)
			err := c.Validate()
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Validate:\n got %v\nwant %s", err, tc.want)
			}
			var b bytes.Buffer
			if werr := c.Write(&b); werr == nil || b.Len() > 0 {
				t.Errorf("Write of an invalid config: %v, wrote %d bytes", werr, b.Len())
			}
		})
	}
	if err := Default().Validate(); err != nil {
		t.Errorf("Default().Validate() = %v", err)
	}
}
