package menu

import (
	"strings"
	"testing"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/i18n"
	"tandem/rules"
)

// walk presses the buttons in order and returns the last action.
func walk(m *Menu, in Info, bs ...Button) Action {
	var a Action
	for _, b := range bs {
		a = m.Press(b, in)
	}
	return a
}

func TestButtons_AsSeated(t *testing.T) {
	for seat, want := range map[bughouse.Seat]Button{bughouse.AWhite: Next, bughouse.ABlack: Prev, bughouse.BWhite: OK, bughouse.BBlack: Back} {
		if got := ButtonOf(seat); got != want {
			t.Errorf("%s: %d, want %d", seat, got, want)
		}
	}
}

func TestControls_PresetsThenTheCommonOnes(t *testing.T) {
	var labels []string
	for _, c := range Controls() {
		labels = append(labels, c.Label)
		if err := c.Control.Validate(); err != nil {
			t.Errorf("%s: %v", c.Label, err)
		}
	}
	got := strings.Join(labels, ", ")
	for _, want := range []string{"5+0", "3+0", "2+0", "3+2", "2+2 Bronstein", "5+0 US 2s"} {
		if !strings.Contains(got, want) {
			t.Errorf("controls %q lack %q", got, want)
		}
	}
	if strings.Count(got, "5+0,") > 1 || strings.Count(got, "3+0") > 1 {
		t.Errorf("a control repeats: %q", got)
	}
}

// Every entry of the menu, walked with the four buttons as an arbiter
// would, ends in the command it should, after a confirmation.
func TestMenu_EveryEntry(t *testing.T) {
	in := Info{Status: rules.Paused, Result: "1-0 flag B-white", Console: "http://192.0.2.7:8080/", PIN: "482913"}
	m := New(&Opts{Shutdown: true})
	if m.IsOpen() || walk(m, in, OK).Kind != None {
		t.Fatal("a closed menu took a press")
	}

	// Time control: the third entry of the list, confirmed.
	m.Open()
	if sc := m.Screen(in); sc.Title != "MENU" || sc.Lines[0] != "time control" || sc.Cursor != 0 || sc.Short != "CTRL" {
		t.Fatalf("top: %+v", sc)
	}
	walk(m, in, OK, Next, Next)
	want := m.controls[2]
	if sc := m.Screen(in); sc.Lines[sc.Cursor] != want.Label {
		t.Fatalf("cursor on %q, want %q", sc.Lines[sc.Cursor], want.Label)
	}
	walk(m, in, OK)
	if sc := m.Screen(in); !strings.Contains(sc.Lines[0], want.Label) || sc.Lines[1] != "the match in progress is lost" {
		t.Fatalf("confirm: %+v", sc)
	}
	a := walk(m, in, OK)
	if a.Kind != KindCommand || a.Command.Kind != arbiter.NewMatch || a.Command.Control == nil || !a.Command.Control.Equal(want.Control) {
		t.Fatalf("control: %+v", a)
	}
	if m.IsOpen() {
		t.Error("the menu stayed open after its command")
	}

	// Custom: 7 minutes (5 + 2), 3 s increment.
	m.Open()
	walk(m, in, OK, Prev, OK) // Prev from the first entry wraps to the custom one
	walk(m, in, Next, Next, OK, Next, Next, Next, OK)
	a = walk(m, in, OK)
	if a.Command.Control == nil || !a.Command.Control.Equal(clock.Fischer(7*time.Minute, 3*time.Second)) {
		t.Fatalf("custom: %+v", a.Command.Control)
	}

	// Preset: the second preset.
	m.Open()
	walk(m, in, Next, OK, Next, OK)
	a = walk(m, in, OK)
	if a.Command.Kind != arbiter.NewMatch || a.Command.Preset != rules.PresetNames()[1] {
		t.Fatalf("preset: %+v", a)
	}

	// New match, refused: the menu says why.
	m.Open()
	a = walk(m, in, Next, Next, OK, OK)
	if a.Kind != KindCommand || a.Command != (arbiter.Command{Kind: arbiter.NewMatch}) {
		t.Fatalf("new: %+v", a)
	}
	m.Done(arbiter.Result{Refused: "a match is in progress; the options can change only before the start or after the decision"}, nil)
	if sc := m.Screen(in); !m.IsOpen() || !strings.Contains(sc.Lines[0], "refused: a match is in progress") {
		t.Fatalf("refusal: %v %+v", m.IsOpen(), sc)
	}
	walk(m, in, Back) // to the top, on the entry it came from

	// The last result and the console, then out.
	walk(m, in, Next, OK)
	if sc := m.Screen(in); sc.Lines[0] != "1-0 flag B-white" || sc.Short != "1-0" {
		t.Fatalf("result: %+v", sc)
	}
	walk(m, in, Back, Next, OK)
	if sc := m.Screen(in); sc.Lines[0] != "192.0.2.7:8080" || sc.Lines[1] != "PIN 482913" || sc.Short != "2913" {
		t.Fatalf("console: %+v", sc)
	}
	walk(m, in, Back)

	// Shut down: a press is not enough; a long press, then OK.
	walk(m, in, Next, OK)
	if a := walk(m, in, OK); a.Kind == Shutdown {
		t.Fatal("a short press shut down")
	}
	if sc := m.Screen(in); sc.Lines[0] != "hold OK 2 s to shut down" {
		t.Fatalf("a short OK left the shutdown page: %+v", sc)
	}
	m.Hold(Next, in) // not OK: nothing
	m.Hold(OK, in)
	if sc := m.Screen(in); !strings.Contains(sc.Lines[0], "shut down now?") {
		t.Fatalf("shutdown confirm: %+v", sc)
	}
	if a := walk(m, in, OK); a.Kind != Shutdown || m.IsOpen() {
		t.Fatalf("shutdown: %+v", a)
	}

	// Exit, and Back at the top.
	m.Open()
	if a := walk(m, in, Prev, OK); a.Kind != Closed || m.IsOpen() {
		t.Fatalf("exit: %+v", a)
	}
	m.Open()
	if a := walk(m, in, Back); a.Kind != Closed {
		t.Fatalf("back: %+v", a)
	}
}

// Back from a confirmation goes back to its list, with nothing done.
func TestMenu_BackCancels(t *testing.T) {
	m := New(nil)
	m.Open()
	in := Info{Status: rules.Ready}
	if a := walk(m, in, Next, OK, OK, Back, Back, Back); a.Kind != Closed {
		t.Fatalf("back out: %+v", a)
	}
	for _, e := range m.entries {
		if e == entryShutdown {
			t.Error("a menu without Opts.Shutdown offers the shutdown")
		}
	}
}

// Every screen of every page is in both languages, with a 7-segment form
// of four characters at most.
func TestScreens_BothLanguages(t *testing.T) {
	in := Info{Status: rules.Decided, Result: "1/2-1/2 agreement", Console: "http://t07.local:8080/", PIN: "1234"}
	for _, l := range i18n.Langs {
		m := New(&Opts{Lang: l, Shutdown: true})
		for p := pageTop; p <= pageMessage; p++ {
			m.Open()
			m.page, m.what = p, "x"
			sc := m.Screen(in)
			if sc.Title == "" || len(sc.Lines) == 0 || sc.Hint == "" || len(sc.Short) > 4 || sc.Short == "" {
				t.Errorf("%s page %d: %+v", l, p, sc)
			}
			for _, line := range append([]string{sc.Title, sc.Hint}, sc.Lines...) {
				if strings.HasPrefix(line, "!") {
					t.Errorf("%s page %d: missing message %q", l, p, line)
				}
			}
		}
	}
	es := New(&Opts{Lang: i18n.Spanish})
	es.Open()
	if sc := es.Screen(in); sc.Title != "MENÚ" || sc.Lines[0] != "control de tiempo" {
		t.Errorf("Spanish top: %+v", sc)
	}
}

func TestLabel(t *testing.T) {
	for c, want := range map[string]string{"3m+2s": "3+2", "5m": "5+0", "2m d2s": "2+2 Bronstein", "5m us2s": "5+0 US 2s", "40/90m+30s, 30m+30s": "40/1h30m+30s, 30m+30s", "90s": "1m30s"} {
		ctl, err := clock.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		if got := Label(ctl); got != want {
			t.Errorf("Label(%s) = %q, want %q", c, got, want)
		}
	}
}

// The console page shows the address and the generated PIN; no PIN line
// for a configured one beside an address, and none beside the terminal
// table's whole note line, which names the login itself.
func TestScreen_ConsoleLogin(t *testing.T) {
	m := New(&Opts{Lang: i18n.English})
	m.Open()
	m.page = pageConsole
	sc := m.Screen(Info{Console: "http://192.0.2.7:8080/", PIN: "482913"})
	if len(sc.Lines) != 2 || sc.Lines[0] != "192.0.2.7:8080" || !strings.Contains(sc.Lines[1], "482913") {
		t.Errorf("generated PIN: %q", sc.Lines)
	}
	sc = m.Screen(Info{Console: "http://192.0.2.7:8080/"})
	if len(sc.Lines) != 2 || !strings.Contains(sc.Lines[1], "configuration") {
		t.Errorf("configured PIN: %q", sc.Lines)
	}
	note := "browser console http://127.0.0.1:8080/ · arbiter PIN 714279 · code CMY-SYB-TKE"
	sc = m.Screen(Info{Console: note})
	if strings.Join(sc.Lines, " · ") != note {
		t.Errorf("the terminal's note line: %q", sc.Lines)
	}
}

// Back from a confirmation returns to its list on the entry it asked
// about (the arbiter who said no to 3+2 wants the entries beside it), on
// the time controls, the custom entry and the presets alike.
func TestMenu_BackFromConfirmation_KeepsTheCursor(t *testing.T) {
	in := Info{Status: rules.Ready}
	for _, tc := range []struct {
		name string
		path []Button // from the top page to the confirmation
		want int      // the list's cursor after Back
	}{
		{"third control", []Button{OK, Next, Next, OK}, 2},
		{"custom control", []Button{OK, Prev, OK, OK, OK}, len(Controls())},
		{"second preset", []Button{Next, OK, Next, OK}, 1},
	} {
		m := New(nil)
		m.Open()
		walk(m, in, tc.path...)
		if m.page != pageConfirm {
			t.Fatalf("%s: not at a confirmation: page %v", tc.name, m.page)
		}
		walk(m, in, Back)
		if sc := m.Screen(in); sc.Cursor != tc.want {
			t.Errorf("%s: cursor %d after Back, want %d (%+v)", tc.name, sc.Cursor, tc.want, sc)
		}
	}
}

// After a decision, the new match's question says the result stays in
// the record only when the table keeps one.
func TestConfirm_ResultKeptOnlyWithARecord(t *testing.T) {
	for _, rec := range []bool{true, false} {
		in := Info{Status: rules.Decided, Result: "1-0 flag B-white", Recorded: rec}
		m := New(nil)
		m.Open()
		walk(m, in, Next, Next, OK) // new match
		sc := m.Screen(in)
		want := map[bool]string{true: "it is in the record", false: "no record keeps it"}[rec]
		if !strings.Contains(strings.Join(sc.Lines, " "), want) {
			t.Errorf("recorded %v: %q, want %q", rec, sc.Lines, want)
		}
	}
}

// The preset and time-control lists open on the entry in force (Info's
// Preset and Control), the control on the custom entry when it is none
// of the list's, and at the top when the table does not say.
func TestMenu_ListsOpenOnTheEntryInForce(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Info
		path []Button
		want string // the highlighted line ("custom": the custom entry)
	}{
		{"preset reglamento", Info{Preset: "reglamento"}, []Button{Next, OK}, "reglamento"},
		{"preset uscf-fics", Info{Preset: "uscf-fics"}, []Button{Next, OK}, "uscf-fics"},
		{"preset unknown", Info{Preset: "club"}, []Button{Next, OK}, rules.PresetNames()[0]},
		{"control 3m+2s", Info{Control: "3m+2s"}, []Button{OK}, "3+2"},
		{"control 5m", Info{Control: "5m"}, []Button{OK}, "5+0"},
		{"control Bronstein", Info{Control: "2m d2s"}, []Button{OK}, "2+2 Bronstein"},
		{"control 7m+3s", Info{Control: "7m+3s"}, []Button{OK}, "custom"},
		{"control not said", Info{}, []Button{OK}, Controls()[0].Label},
	} {
		for _, l := range i18n.Langs {
			m := New(&Opts{Lang: l})
			m.Open()
			walk(m, tc.in, tc.path...)
			sc := m.Screen(tc.in)
			want := tc.want
			if want == "custom" {
				want = i18n.For(l).T("menu.custom-title")
			}
			if sc.Cursor < 0 || sc.Lines[sc.Cursor] != want {
				t.Errorf("%s (%s): cursor on %+v, want %q", tc.name, l, sc, want)
			}
		}
	}
}

// The terminal's whole console line is shown in its parts, one a line,
// so no display breaks a part (a URL, a code) in its middle.
func TestScreen_ConsoleLineInItsParts(t *testing.T) {
	line := "browser console http://127.0.0.1:8080/ · arbiter PIN 048213 · code KQW-XMT-RBP"
	m := New(nil)
	m.Open()
	walk(m, Info{}, Next, Next, Next, Next, OK)
	sc := m.Screen(Info{Console: line})
	want := []string{"browser console http://127.0.0.1:8080/", "arbiter PIN 048213", "code KQW-XMT-RBP"}
	if strings.Join(sc.Lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", sc.Lines, want)
	}
}
