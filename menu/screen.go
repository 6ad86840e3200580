package menu

import (
	"strconv"
	"strings"

	"tandem/rules"
)

// Screen is what the displays show of the menu: a title, the lines of a
// list (Cursor the highlighted one) or of a text (Cursor -1), a hint of
// what the buttons do, and Short, the highlighted entry in four
// characters or fewer for a 7-segment display ("3-2", "PASA", "OFF").
type Screen struct {
	Title  string
	Lines  []string
	Cursor int
	Hint   string
	Short  string
}

// shorts are the entries' 7-segment forms (what seven segments can
// draw: no K, M, V, W, X; display/sevenseg's captures test it).
var shorts = map[entry]string{entryControl: "CTRL", entryPreset: "PRES", entryNew: "RSET",
	entryResult: "LAST", entryConsole: "IP", entryShutdown: "OFF", entryExit: "END"}

// Screen returns the screen of the menu as it is, with in for the pages
// that show the table (the last result, the console).
func (m *Menu) Screen(in Info) Screen {
	t := m.p.T
	sc := Screen{Cursor: -1}
	list := func(lines []string) {
		sc.Lines, sc.Cursor = lines, m.cursor
		sc.Hint = t("menu.hint.list")
	}
	switch m.page {
	case pageTop:
		sc.Title = t("menu.title")
		var lines []string
		for _, e := range m.entries {
			lines = append(lines, t(entryIDs[e]))
		}
		list(lines)
		sc.Short = shorts[m.entries[m.cursor]]
	case pageControls:
		sc.Title = t("menu.entry.control")
		var lines []string
		for _, c := range m.controls {
			lines = append(lines, c.Label)
		}
		list(append(lines, t("menu.custom-title")))
		if m.cursor < len(m.controls) {
			sc.Short = shortControl(m.controls[m.cursor].Label)
		} else {
			sc.Short = "CUST"
		}
	case pageCustomMinutes:
		sc.Title = t("menu.custom-title")
		sc.Lines = []string{t("menu.custom.minutes", "N", m.minutes), t("menu.custom.increment", "N", m.inc)}
		sc.Cursor, sc.Hint = 0, t("menu.hint.value")
		sc.Short = strconv.Itoa(m.minutes) + "-"
	case pageCustomIncrement:
		sc.Title = t("menu.custom-title")
		sc.Lines = []string{t("menu.custom.minutes", "N", m.minutes), t("menu.custom.increment", "N", m.inc)}
		sc.Cursor, sc.Hint = 1, t("menu.hint.value")
		sc.Short = "-" + strconv.Itoa(m.inc)
	case pagePresets:
		sc.Title = t("menu.entry.preset")
		list(append([]string(nil), m.presets...))
		sc.Short = strings.ToUpper(m.presets[m.cursor][:min(4, len(m.presets[m.cursor]))])
	case pageConfirm:
		sc.Title = t("menu.confirm-title")
		sc.Lines = []string{m.what}
		switch in.Status {
		case rules.Running, rules.Paused:
			sc.Lines = append(sc.Lines, t("menu.confirm.lost"))
		case rules.Decided:
			if in.Recorded {
				sc.Lines = append(sc.Lines, t("menu.confirm.result-lost"))
			} else {
				sc.Lines = append(sc.Lines, t("menu.confirm.result-gone"))
			}
		}
		sc.Hint, sc.Short = t("menu.hint.confirm"), "YES?"
	case pageResult:
		sc.Title = t("menu.entry.result")
		r := in.Result
		if r == "" {
			r = t("menu.result.none")
		}
		sc.Lines, sc.Hint = []string{r}, t("menu.hint.back")
		sc.Short = resultShort(in.Result)
	case pageConsole:
		sc.Title = t("menu.entry.console")
		// What a phone's browser takes: "192.0.2.7:8080" fits a line of
		// the OLED where "http://192.0.2.7:8080/" does not.
		addr, pin := strings.TrimSuffix(strings.TrimPrefix(in.Console, "http://"), "/"), in.PIN
		if addr == "" {
			addr = t("menu.console.none")
		}
		if pin == "" {
			pin = t("menu.console.pin-set")
		}
		sc.Lines = []string{addr, t("menu.console.pin", "PIN", pin)}
		if in.PIN == "" && strings.Contains(in.Console, " ") {
			// A whole line that says the login itself (Info.Console), in
			// its parts ("browser console URL", "arbiter PIN ...", "code
			// ..."), a line each: a display wraps between them, never
			// inside a URL or a code.
			sc.Lines = strings.Split(in.Console, " · ")
		}
		sc.Hint = t("menu.hint.back")
		sc.Short = in.PIN
		if len(sc.Short) > 4 {
			sc.Short = sc.Short[len(sc.Short)-4:]
		}
	case pageShutdown:
		sc.Title = t("menu.entry.shutdown")
		sc.Lines = []string{t("menu.shutdown.hold")}
		sc.Hint, sc.Short = t("menu.hint.hold"), "OFF"
	case pageShutdownConfirm:
		sc.Title = t("menu.entry.shutdown")
		sc.Lines = []string{t("menu.shutdown.confirm")}
		sc.Hint, sc.Short = t("menu.hint.confirm"), "OFF?"
	case pageMessage:
		sc.Title = t("menu.title")
		sc.Lines, sc.Hint, sc.Short = []string{m.what}, t("menu.hint.back"), "Err"
	}
	return sc
}

// shortControl is a control's label in four characters: "3+2" -> "3-2",
// "2+2 Bronstein" -> "2b2", "5+0 US 2s" -> "5U2".
func shortControl(label string) string {
	base, rest, _ := strings.Cut(label, " ")
	base = strings.ReplaceAll(base, "+", "-")
	switch {
	case rest == "Bronstein":
		base = strings.Replace(base, "-", "B", 1)
	case strings.HasPrefix(rest, "US "):
		base = strings.SplitN(base, "-", 2)[0] + "U" + strings.TrimSuffix(strings.TrimPrefix(rest, "US "), "s")
	}
	if len(base) > 4 {
		base = base[:4]
	}
	return base
}

// resultShort is a result in four characters: "1-0", "0-1", "1-1" for a
// draw (half a point each), "----" when there is none.
func resultShort(r string) string {
	w, _, _ := strings.Cut(r, " ")
	switch w {
	case "1-0", "0-1", "0-0":
		return w
	case "1/2-1/2":
		return "1-1"
	}
	return "----"
}
