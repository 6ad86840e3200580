//go:build amd64

package console

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/i18n/lang"
	"tandem/internal/browsertest"
	"tandem/sound"
)

// openPageIn serves a console on a new table (reglamento, control) and
// opens it in a tab whose browser speaks langs (Accept-Language), live.
func openPageIn(t *testing.T, bctx context.Context, control string, opts Opts, langs, live string) *page {
	t.Helper()
	tb, _ := testTable(t, "reglamento", control)
	opts.PIN = testPIN
	srv, err := New(tb, &opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	p := &page{Tab: browsertest.OpenIn(t, bctx, hs.URL+"/", langs), t: t, tb: tb, srv: srv, url: hs.URL}
	p.Until(`document.getElementById("conn").textContent === ` + quoteJS(live) + ` && window.tandem.view !== null`)
	return p
}

// english finds words of the English page that no Spanish text of it
// has: one on the Spanish page is a text without its message.
var english = regexp.MustCompile(`(?i)\b(press|presses|board|clock|clocks|team|moves?|ready|running|paused|decided|claim|claims|arbiter|white|black|wins|won|drawn|flag|checkmate|resignation|resume|adjust|new match|reserve|none|event|log|time control|preset|connecting|live|uphold|reject|record|recorded|recording|pause switch|display|simulated|start|to move|against|warn|penalty|loss|call|arrived|cancel|result|declare|yes|stopped|match time|strikes?|warnings?)\b`)

// visibleText is the page's text a person reads, the display mirror
// aside (it shows what the table's displays show, in the table's
// language: English unless configured).
const visibleText = `(() => { const m = document.getElementById("mirrors"); const h = m.style.display; m.style.display = "none"; const t = document.body.innerText; m.style.display = h; return t; })()`

func (p *page) noEnglish(what string) {
	p.t.Helper()
	txt := p.EvalString(visibleText)
	// The names a person reads in both languages: tandem, the PIN, SAN,
	// the preset, BH and the like; the log's match ids.
	txt = regexp.MustCompile(`reglamento|TANDEM|tandem export`).ReplaceAllString(txt, "")
	if m := english.FindString(txt); m != "" {
		i := strings.Index(txt, m)
		p.t.Errorf("%s: English %q on the Spanish page: …%s…", what, m, txt[max(0, i-80):min(len(txt), i+80)])
	}
}

// The console in Spanish, chosen by the browser's language: every state
// of a match, every form, in the arbiters' words; the switch goes to
// English and back; a table configured in Spanish speaks Spanish to an
// English browser. TANDEM_SCREENSHOT=1 saves docs/console-es.png.
func TestBrowser_Spanish(t *testing.T) {
	bctx := browsertest.Start(t, nil)

	t.Run("ByTheBrowsersLanguage", func(t *testing.T) {
		opts := Opts{Simulated: true}
		if os.Getenv("TANDEM_SCREENSHOT") == "1" {
			// The picture is of a table configured in Spanish: its
			// displays' mirror speaks Spanish too.
			opts.Lang, opts.LangSet = lang.Spanish, true
		}
		p := openPageIn(t, bctx, "3m", opts, "es-ES,es;q=0.9", "en vivo")
		p.Until(textOf("status") + ` === "LISTO" && document.documentElement.lang === "es"`)
		if got := p.EvalString(`document.querySelector("#board-A .bname").textContent + " | " + document.querySelector("#clock-A-white .seat").textContent + " | " + document.getElementById("rules").textContent`); got != "TABLERO A | A-blancas · equipo 1 | reglas reglamento · control de tiempo 3m" {
			t.Errorf("the table: %q", got)
		}
		p.noEnglish("ready, a spectator")
		// The arbiter logs in: every form of the panel in Spanish.
		p.SetValue("pin", testPIN)
		p.Click("login-btn")
		p.Until(`!document.getElementById("arbiter-panel").classList.contains("hidden")`)
		p.noEnglish("ready, the arbiter")
		p.Click("act-start")
		p.Until(textOf("status") + ` === "EN JUEGO" && ` + running("A-white"))
		p.Click("press-A-white")
		p.Until(running("A-black"))
		p.Click("press-A-white") // not his turn: ignored
		p.Until(`document.querySelector("#log tr:not(.match) td:nth-child(3)")?.textContent === "sin efecto: no es el turno de A-blancas"`)
		p.Until(`document.querySelector("#clock-A-white .moves").textContent === "1 jugada" && document.querySelector("#clock-A-black .moves").textContent === "0 jugadas"`)
		p.noEnglish("running")
		// A refusal from the table, in its words, as the page asks for it.
		if got := p.EvalString(`fetch("/api/action?lang=" + tandemI18n.lang(), {method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
			body: JSON.stringify({action: "adjust", seat: "A-black", delta: "+5"})}).then((r) => r.json()).then((j) => j.refused)`); got != "ponga el match en pausa antes de ajustar el tiempo" {
			t.Errorf("a refusal: %q", got)
		}
		// A claim: the form, the banner, the claim view.
		p.Click("open-claim")
		p.Until(`!document.getElementById("claim-form").classList.contains("hidden") && ` + textOf("notice") + ` === "relojes detenidos por la reclamación: elija quién reclama y el tipo"`)
		p.noEnglish("the claim form")
		p.SetValue("claim-seat", "A-black")
		p.SetValue("claim-kind", "illegal-move")
		p.Click("claim-send")
		p.Until(textOf("claim") + ` === "Reclamación de A-negras: jugada ilegal (contra A-blancas) — se espera al árbitro" && ` + textOf("status") + ` === "RECLAMACIÓN"`)
		p.Until(textOf("claim-pos") + `.startsWith("Tablero A antes de la primera jugada")`)
		p.noEnglish("a claim")
		p.Click("act-reject")
		p.Until(textOf("status") + ` === "EN PAUSA"`)
		// The result form, then the decision.
		p.Click("open-result")
		p.Until(`!document.getElementById("result-form").classList.contains("hidden")`)
		p.noEnglish("the result form")
		p.SetValue("res-board", "B")
		p.SetValue("res-outcome", "0-1")
		p.SetValue("res-how", "resignation")
		p.Click("res-send")
		p.Until(`!document.getElementById("confirm").classList.contains("hidden")`)
		if got := p.EvalString(textOf("confirm-text")); got != "¿Declarar el tablero B 0-1 abandono (gana B-negras; el equipo 1 gana el match)?" {
			t.Errorf("the confirmation: %q", got)
		}
		p.Click("confirm-yes")
		p.Until(textOf("status") + ` === "DECIDIDO" && ` + textOf("board-B-result") + `.startsWith("0-1 gana B-negras (abandono)")`)
		p.Until(textOf("result") + `.startsWith("1-0 abandono B-blancas") && ` + textOf("result") + `.includes(": gana el equipo 1: A-blancas + B-negras")`)
		p.noEnglish("decided")
		if os.Getenv("TANDEM_SCREENSHOT") == "1" {
			p.Screenshot(filepath.Join("..", "docs", "console-es.png"))
		}
		// The switch: English, then Spanish again, the view's own texts too.
		p.Click("lang-en")
		p.Until(textOf("status") + ` === "DECIDED" && ` + textOf("board-B-result") + `.startsWith("0-1 B-black won (resignation)") && document.documentElement.lang === "en"`)
		p.Click("lang-es")
		p.Until(textOf("status") + ` === "DECIDIDO" && ` + textOf("board-B-result") + `.startsWith("0-1 gana B-negras")`)
	})

	t.Run("ByTheTablesConfiguration", func(t *testing.T) {
		p := openPageIn(t, bctx, "", Opts{Simulated: true, Lang: lang.Spanish, LangSet: true}, "en-US,en", "en vivo")
		p.Until(textOf("status") + ` === "LISTO"`)
		// The display mirror speaks the table's language too.
		p.Until(`document.getElementById("face-A-img").complete && document.getElementById("face-A-img").naturalWidth === 128`)
	})

	t.Run("EnglishBrowser", func(t *testing.T) {
		p := openPageIn(t, bctx, "", Opts{Simulated: true}, "en-GB,en", "live")
		p.Until(textOf("status") + ` === "READY" && document.getElementById("lang-es") !== null`)
	})
}

// The page's sounds: off until the switch is clicked (nothing played,
// no AudioContext before it), then the buzzer's patterns on the match's
// events, the same beeps in ms; the click per press only when asked for.
func TestBrowser_Sound(t *testing.T) {
	bctx := browsertest.Start(t, nil)
	p := openPageIn(t, bctx, "3m", Opts{Simulated: true}, "en-US", "live")
	p.Until(`document.getElementById("sound-toggle").dataset.state === "off"`)
	p.Click("press-pause") // the start, sound off
	p.Until(textOf("status") + ` === "RUNNING"`)
	p.Click("press-pause")
	p.Until(textOf("status") + ` === "PAUSED"`)
	if n := p.EvalString(`String(tandemSound.played.length)`); n != "0" {
		t.Fatalf("%s sounds played before the switch", n)
	}
	p.Click("sound-toggle")
	p.Until(`document.getElementById("sound-toggle").dataset.state === "on" && !document.getElementById("sound-clicks").classList.contains("hidden")`)
	p.Click("press-pause") // resume: no sound
	p.Until(textOf("status") + ` === "RUNNING"`)
	p.Click("press-A-white") // a press: no click unless asked
	p.Until(running("A-black"))
	p.Click("sound-click-box")
	p.Click("press-B-white")
	p.Until(running("B-black"))
	p.Click("press-pause")
	p.Until(textOf("status") + ` === "PAUSED" && tandemSound.played.length === 2`)
	if got := p.EvalString(`tandemSound.played.map((x) => x.event).join(",")`); got != "press,pause" {
		t.Errorf("played %q, want the click (asked for) and the pause", got)
	}
	// A flag: A-black's clock cut to 1.5 s, then the clocks resumed.
	left := p.tb.Snapshot().Clocks[bughouse.ABlack].Remaining
	if res, err := p.tb.Command(t.Context(), arbiter.Command{Kind: arbiter.Adjust, Seat: bughouse.ABlack, Delta: -(left - 1500*time.Millisecond)}, time.Now()); err != nil || !res.OK {
		t.Fatalf("adjust: %+v %v", res, err)
	}
	p.Click("press-pause")
	p.Until(textOf("status") + ` === "DECIDED" && tandemSound.played.length >= 4`)
	if got := p.EvalString(`tandemSound.played.map((x) => x.event).join(",")`); !strings.HasPrefix(got, "press,pause,low-time") || !strings.HasSuffix(got, ",flag") {
		t.Errorf("played %q, want the low time and the flag after", got)
	}
	for i, e := range []sound.Event{sound.Press, sound.Pause} {
		var want string
		at := int64(0)
		for _, b := range sound.PatternOf(e) {
			want += strconv.FormatInt(at, 10) + "-" + strconv.FormatInt(at+b.On.Milliseconds(), 10) + " "
			at += (b.On + b.Off).Milliseconds()
		}
		if got := p.EvalString(`tandemSound.schedule[` + strconv.Itoa(i) + `].beeps.map((b) => b[0] + "-" + b[1] + " ").join("")`); got != want {
			t.Errorf("%s: the page scheduled %q, the buzzer plays %q", e, got, want)
		}
	}
}
