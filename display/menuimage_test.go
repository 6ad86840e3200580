package display

import (
	"strings"
	"testing"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/i18n"
	"tandem/menu"
	"tandem/rules"
)

// menuScreens walks a menu to each of its screens and returns them by
// golden name: what docs/hardware.md shows. The table is decided (1-0,
// B-white's flag) and recorded, its console on the hall's network, its
// rules reglamento at 5+0: the lists open on them.
func menuScreens(l i18n.Lang) map[string]menu.Screen {
	menuInfo := menu.Info{Status: rules.Decided, Recorded: true, Console: "http://192.0.2.7:8080/", PIN: "482913",
		Preset: "reglamento", Control: "5m",
		Result: "1-0 " + TextsFor(l).Reasons[rules.Flag] + " " + TextsFor(l).Seats[bughouse.BWhite]}
	out := map[string]menu.Screen{}
	m := menu.New(&menu.Opts{Lang: l, Shutdown: true})
	m.Open()
	out["top"] = m.Screen(menuInfo)
	press := func(bs ...menu.Button) {
		for _, b := range bs {
			m.Press(b, menuInfo)
		}
	}
	press(menu.OK) // on 5+0, the third
	out["controls"] = m.Screen(menuInfo)
	press(menu.OK)
	out["confirm"] = m.Screen(menuInfo)
	// Back puts the cursor on the entry asked about (the third); the
	// custom entry is the list's last.
	press(menu.Back, menu.Prev, menu.Prev, menu.Prev, menu.OK, menu.Next, menu.Next)
	out["custom"] = m.Screen(menuInfo)
	press(menu.Back, menu.Back, menu.Next, menu.OK) // on reglamento, the fifth
	press(menu.Prev, menu.Prev, menu.Prev)
	out["presets"] = m.Screen(menuInfo)
	press(menu.Back, menu.Next, menu.Next, menu.OK)
	out["result"] = m.Screen(menuInfo)
	press(menu.Back, menu.Next, menu.OK)
	out["console"] = m.Screen(menuInfo)
	press(menu.Back, menu.Next, menu.OK)
	out["shutdown"] = m.Screen(menuInfo)
	m.Hold(menu.OK, menuInfo)
	out["shutdown_confirm"] = m.Screen(menuInfo)
	return out
}

// The OLED's menu screens, in both languages: golden PNGs (the pictures
// of docs/hardware.md).
func TestMenuImage_Golden(t *testing.T) {
	for _, l := range i18n.Langs {
		for name, sc := range menuScreens(l) {
			img := MenuImage(sc, TextsFor(l))
			golden(t, "menu_"+name+"_"+l.String(), img)
			for _, p := range img.Pix {
				if p != On && p != Off {
					t.Fatalf("%s: pixel %d", name, p)
				}
			}
		}
	}
	// The walk reached the screens it names.
	sc := menuScreens(i18n.English)
	for name, want := range map[string]string{"top": "MENU", "controls": "time control", "confirm": "confirm", "custom": "custom",
		"presets": "preset", "result": "last result", "console": "console", "shutdown": "shut down", "shutdown_confirm": "shut down"} {
		if sc[name].Title != want {
			t.Errorf("%s: title %q, want %q", name, sc[name].Title, want)
		}
	}
	if !strings.Contains(sc["shutdown_confirm"].Lines[0], "now?") || sc["custom"].Cursor != 0 ||
		sc["controls"].Lines[sc["controls"].Cursor] != "5+0" || sc["presets"].Lines[sc["presets"].Cursor] != "online" {
		t.Errorf("walk: %+v %+v", sc["shutdown_confirm"], sc["custom"])
	}
}

// Every rune the Spanish texts write on a face or a menu screen is in
// the font (none is drawn as the missing box).
func TestFont_HasEverySpanishRune(t *testing.T) {
	var all []string
	for _, sc := range menuScreens(i18n.Spanish) {
		all = append(all, sc.Title, sc.Hint)
		all = append(all, sc.Lines...)
	}
	tx := TextsFor(i18n.Spanish)
	all = append(all, tx.Ready, tx.Paused, tx.Claim, tx.Drawn, tx.NoRecord, tx.Recovered, tx.HallOffline, tx.Code, tx.MenuKeys)
	all = append(all, tx.Seats[:]...)
	all = append(all, tx.Reasons[:]...)
	for _, s := range all {
		for _, r := range strings.ToUpper(s) {
			if _, ok := font[r]; !ok && r != '\u00ad' {
				t.Errorf("%q: no glyph for %q", s, r)
			}
		}
	}
}

// The Spanish face: its words, and the players' names under the clocks.
func TestBoardImage_SpanishAndNames(t *testing.T) {
	es := TextsFor(i18n.Spanish)
	m := match(t, clock.SuddenDeath(5*time.Minute))
	if f := RenderIn(snap(m, 0), bughouse.BoardA, true, nil, es); f.Status != "LISTO" {
		t.Errorf("ready: %q", f.Status)
	}
	names := [4]string{bughouse.AWhite: "Ana Núñez", bughouse.ABlack: "Bernardo Ibáñez", bughouse.BWhite: "Carla", bughouse.BBlack: "Dmitri"}
	golden(t, "ready_names_es", BoardImage(snap(m, 0), bughouse.BoardA, &ImageOpts{Texts: es, Players: names}))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	apply(t, m, press(bughouse.AWhite, 3*sec))
	apply(t, m, rules.Event{Kind: rules.Claim, Seat: bughouse.ABlack, Reason: rules.IllegalMove, At: 4 * sec})
	s := snap(m, 4*sec)
	if f := RenderIn(s, bughouse.BoardA, true, nil, es); f.Status != "RECLAMA A-negras" {
		t.Errorf("claim: %q", f.Status)
	}
	golden(t, "claim_names_es", BoardImage(s, bughouse.BoardA, &ImageOpts{Texts: es, Players: names}))
	if n := appendName(nil, "Bernardo Ibáñez"); string(n) != "BERNARDO I" {
		t.Errorf("name cut: %q", n)
	}
	if got := RecordNoteIn(true, time.Date(2026, 5, 1, 14, 3, 0, 0, time.UTC), false, es); got != "RECUPERADO 14:03" {
		t.Errorf("note: %q", got)
	}
}

// Drawing a Spanish face with names allocates nothing, as an English one.
func TestDrawBoard_SpanishAllocatesNothing(t *testing.T) {
	m := match(t, clock.SuddenDeath(5*time.Minute))
	apply(t, m, rules.Event{Kind: rules.Start, At: 0})
	s := snap(m, 2*sec)
	img := BoardImage(s, bughouse.BoardA, nil)
	o := &ImageOpts{Texts: TextsFor(i18n.Spanish), Players: [4]string{"Ana", "Berta", "Carla", "Dora"}}
	if n := testing.AllocsPerRun(20, func() { DrawBoard(img, s, bughouse.BoardA, o) }); n != 0 {
		t.Errorf("%v allocations a frame", n)
	}
}
