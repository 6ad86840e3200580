//go:build amd64

package dashboard

import (
	"regexp"
	"strings"
	"testing"

	"tandem/i18n/lang"
	"tandem/internal/browsertest"
	"tandem/rules"
)

// english finds words of the English dashboard that no Spanish text of
// it has: one on the Spanish page is a text without its message.
var english = regexp.MustCompile(`(?i)\b(tables?|online|offline|running|paused|ready|decided|need attention|attention|alerts?|open of|acknowledge|pause all|resume all|call the round|log in|log out|results|round|team|reason|time|standings|players|pairing|upload|connecting|live|never seen|claim|new match|resume|pause|call|sent|format)\b`)

// noEnglish fails when the page's text has an English word, the alerts'
// details aside (what the tables and the hub send, as they send it).
func noEnglish(t *testing.T, p *browsertest.Tab, what string) {
	t.Helper()
	txt := p.EvalString(`(() => { const hide = [...document.querySelectorAll(".alert .text, .tag")]; hide.forEach((e) => e.dataset.was = e.style.display, hide.forEach((e) => e.style.display = "none")); const t = document.body.innerText; hide.forEach((e) => e.style.display = e.dataset.was); return t; })()`)
	// The CSV file's column names are its format's, in any language.
	txt = regexp.MustCompile(`TANDEM HALL|round,table,team1,team2|CSV|TRF-2026|TRF`).ReplaceAllString(txt, "")
	if m := english.FindString(txt); m != "" {
		i := strings.Index(txt, m)
		t.Errorf("%s: English %q on the Spanish dashboard: …%s…", what, m, txt[max(0, i-80):min(len(txt), i+80)])
	}
}

// The dashboard in Spanish, as the hall's configuration asks, to an
// English browser: the cards, the counts, the alerts, the lists, the
// arbiter's controls; the switch goes to English. Then the sounds: off
// until the switch is clicked, then a table's start beeps.
func TestBrowser_SpanishAndSound(t *testing.T) {
	h := newHub(t, "")
	ts := newServer(t, h, Opts{Tournament: loadTournament(t), Lang: lang.Spanish, LangSet: true})
	d1 := startTable(t, h, "t1", "1m")
	bctx := browsertest.Start(t, &browsertest.Opts{Width: 1400, Height: 1000})
	p := browsertest.OpenIn(t, bctx, ts.hs.URL+"/", "en-US,en")
	p.Until(`document.getElementById("conn").textContent === "en vivo" && document.getElementById("table-t1")?.dataset.online === "true"`)
	p.Until(textOf("status-t1") + ` === "LISTO" && ` + textOf("counts") + `.startsWith("1 mesas · 1 conectadas · 0 en juego · ")`)
	noEnglish(t, p, "a spectator")
	p.SetValue("pin", testPIN)
	p.Click("login-btn")
	p.Until(`document.getElementById("pause-all").offsetParent !== null`)
	noEnglish(t, p, "the head arbiter")

	// The sound switch: off, then on; a start beeps.
	p.Until(`document.getElementById("sound-toggle").dataset.state === "off"`)
	p.Click("sound-toggle")
	p.Until(`document.getElementById("sound-toggle").dataset.state === "on" && tandemSound.on()`)
	do(t, d1, rules.Event{Kind: rules.Start})
	p.Until(textOf("status-t1") + ` === "EN JUEGO" && tandemSound.played.some((x) => x.event === "start")`)
	if got := p.EvalString(`tandemSound.schedule.find((x) => x.event === "start").beeps.map((b) => b[0] + "-" + b[1]).join(" ")`); got != "0-400" {
		t.Errorf("the start scheduled %q, the buzzer's is 0-400", got)
	}
	p.Click("pause-t1")
	p.Until(textOf("status-t1") + ` === "EN PAUSA" && ` + textOf("msg-t1") + `.startsWith("pausa: hecho")`)
	noEnglish(t, p, "a paused table")

	// English by the switch.
	p.Click("lang-en")
	p.Until(textOf("status-t1") + ` === "PAUSED" && ` + textOf("counts") + `.startsWith("1 tables · 1 online")`)
}
