package sevenseg

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tandem/i18n"
	"tandem/menu"
	"tandem/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/menu.txt")

// The 7-segment displays' menu screens as text: testdata/menu.txt, the
// captures of docs/hardware.md. Each screen's Short is drawn as a display
// lights it; a letter seven segments cannot draw would be blank, and the
// test fails for it.
func TestMenuCells_Captures(t *testing.T) {
	m := menu.New(&menu.Opts{Lang: i18n.English, Shutdown: true})
	in := menu.Info{Status: rules.Decided, Result: "1-0 flag B-white", PIN: "482913"}
	m.Open()
	shots := map[string]menu.Screen{}
	press := func(bs ...menu.Button) {
		for _, b := range bs {
			m.Press(b, in)
		}
	}
	names := []string{"1 top: time control", "2 top: preset", "3 top: new match", "4 top: last result", "5 top: console", "6 top: shut down", "7 top: exit"}
	for i, n := range names {
		shots[n] = m.Screen(in)
		if i < len(names)-1 {
			press(menu.Next)
		}
	}
	press(menu.Next, menu.OK, menu.Next, menu.Next, menu.Next)
	sc := m.Screen(in)
	shots["8 time control: "+sc.Lines[sc.Cursor]] = sc
	press(menu.Next)
	sc = m.Screen(in)
	shots["9 time control: "+sc.Lines[sc.Cursor]] = sc
	press(menu.OK)
	shots["a confirm"] = m.Screen(in)
	press(menu.Back, menu.Back, menu.Next, menu.OK)
	sc = m.Screen(in)
	shots["b preset: "+sc.Lines[sc.Cursor]] = sc
	press(menu.Back, menu.Next, menu.Next, menu.OK)
	shots["c last result"] = m.Screen(in)
	press(menu.Back, menu.Next, menu.OK)
	shots["d console: the PIN's last four digits"] = m.Screen(in)
	press(menu.Back, menu.Next, menu.OK)
	shots["e shut down: hold OK"] = m.Screen(in)
	m.Hold(menu.OK, in)
	shots["f shut down: OK again"] = m.Screen(in)

	var keys []string
	for k := range shots {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("# Every 7-segment display while the button menu is open (go test ./display/sevenseg -run Captures -update)\n")
	for _, k := range keys {
		sc = shots[k]
		for _, r := range strings.ToUpper(sc.Short) {
			if r != ' ' && r != '?' && segments[r] == 0 {
				t.Errorf("%s: %q: seven segments cannot draw %q", k, sc.Short, r)
			}
		}
		b.WriteString("\n" + k[2:] + " (" + sc.Short + ")\n" + Art(MenuCells(sc)) + "\n")
	}
	path := filepath.Join("testdata", "menu.txt")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./display/sevenseg -run Captures -update writes it)", err)
	}
	if string(want) != b.String() {
		t.Errorf("%s differs; got:\n%s", path, b.String())
	}
}

func TestArt(t *testing.T) {
	got := Art(TimeCells("4:59", false))
	want := "         _   _\n" +
		"    |_|:|_  |_|\n" +
		"      |: _|  _|"
	if got != want {
		t.Errorf("Art(4:59):\n%s\nwant\n%s", got, want)
	}
}
