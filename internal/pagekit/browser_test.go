//go:build amd64

package pagekit

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"tandem/i18n/lang"
	"tandem/internal/browsertest"
	"tandem/sound"
)

// kitPage serves testdata/page.html (the kit's scripts on a page of
// nothing else) beside the kit, configured as conf says.
func kitPage(t *testing.T, conf func() (lang.Lang, bool)) string {
	mux := http.NewServeMux()
	mux.Handle("GET "+Prefix, Handler(&Opts{Lang: conf}))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, "testdata/page.html") })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

func TestBrowser_Languages(t *testing.T) {
	bctx := browsertest.Start(t, nil)
	none := func() (lang.Lang, bool) { return lang.English, false }
	ready := `window.kitReady === true`

	t.Run("SpanishBrowser", func(t *testing.T) {
		p := browsertest.OpenIn(t, bctx, kitPage(t, none), "es-AR,es;q=0.9")
		p.Until(ready + ` && document.getElementById("seat").textContent === "A-blancas"`)
		if got := p.EvalString(`document.documentElement.lang + " " + document.title + " " + document.getElementById("box").placeholder + " " + document.getElementById("box").title`); got != "es inglés un clic por pulsación equipo {{.N}}" {
			t.Errorf("Spanish page: %q", got)
		}
		if got := p.EvalString(`tandemI18n.t("tui.board.lost-on-time", {Seat: tandemI18n.t("seat.B-black")}) + " | " + tandemI18n.tn("tui.prompt.dropped", 1) + " | " + tandemI18n.t("no.such")`); got != "B-negras pierde por bandera | 1 tecla escrita con la pregunta no se tomó como respuesta | !no.such" {
			t.Errorf("t, tn: %q", got)
		}
		// The switch: English, kept for the next visit.
		p.Click("lang-en")
		p.Until(`document.getElementById("seat").textContent === "A-white" && document.documentElement.lang === "en"`)
		p.Do(chromedp.Reload())
		p.Until(ready + ` && document.getElementById("seat").textContent === "A-white" && document.getElementById("lang-en").getAttribute("aria-pressed") === "true"`)
	})

	t.Run("EnglishBrowserSpanishConfiguration", func(t *testing.T) {
		p := browsertest.OpenIn(t, bctx, kitPage(t, func() (lang.Lang, bool) { return lang.Spanish, true }), "en-US,en")
		p.Until(ready + ` && document.getElementById("seat").textContent === "A-blancas"`)
	})

	t.Run("EnglishBrowser", func(t *testing.T) {
		p := browsertest.OpenIn(t, bctx, kitPage(t, none), "en-GB")
		p.Until(ready + ` && document.getElementById("seat").textContent === "A-white" && document.getElementById("lang-es") !== null`)
	})
}

// The sound: off until its switch is clicked (no AudioContext before
// it); then the events a page's states make are played with the
// buzzer's patterns, the click only when asked for.
func TestBrowser_Sound(t *testing.T) {
	bctx := browsertest.Start(t, nil)
	p := browsertest.OpenIn(t, bctx, kitPage(t, nil), "en-US")
	p.Until(`window.kitReady === true && document.getElementById("sound").dataset.state === "off"`)
	state := func(status string, started bool, seq int, press bool) string {
		return `{match: "m1", status: "` + status + `", started: ` + strconv.FormatBool(started) + `, claim: false, flag: false, seq: ` + strconv.Itoa(seq) +
			`, press: ` + strconv.FormatBool(press) + `, clocks: [{running: true, remaining_ms: 60000}]}`
	}
	follow := func(s string) string { return p.EvalString(`tandemSound.follow("t", ` + s + `).join(",")`) }
	follow(state("ready", false, 0, false))
	if got := follow(state("running", false, 1, false)); got != "start" || p.EvalString(`String(tandemSound.played.length)`) != "0" {
		t.Errorf("off: events %q, played %s", got, p.EvalString(`String(tandemSound.played.length)`))
	}
	p.Click("sound")
	p.Until(`document.getElementById("sound").dataset.state === "on" && tandemSound.on()`)
	follow(state("paused", true, 2, false))
	follow(state("running", true, 3, false))
	if got := follow(state("running", true, 4, true)); got != "press" {
		t.Errorf("a press: %q", got)
	}
	p.Click("click-box")
	follow(state("running", true, 5, true))
	follow(`{match: "m1", status: "decided", started: true, claim: false, flag: true, seq: 6, press: false, clocks: []}`)
	if got := p.EvalString(`tandemSound.played.map((x) => x.event).join(",")`); got != "pause,press,flag" {
		t.Errorf("played %q, want the pause, the click once asked for, the flag", got)
	}
	for i, e := range []sound.Event{sound.Pause, sound.Press, sound.Flag} {
		var want string
		at := int64(0)
		for _, b := range sound.PatternOf(e) {
			want += strconv.FormatInt(at, 10) + "-" + strconv.FormatInt(at+b.On.Milliseconds(), 10) + " "
			at += (b.On + b.Off).Milliseconds()
		}
		got := p.EvalString(`tandemSound.schedule[` + strconv.Itoa(i) + `].beeps.map((b) => b[0] + "-" + b[1] + " ").join("")`)
		if got != want {
			t.Errorf("%s: the page scheduled %q, the buzzer plays %q", e, got, want)
		}
	}
	if st := p.EvalString(`document.querySelector("#clicks").className`); st != "" {
		t.Errorf("the click switch is hidden while the sound is on: %q", st)
	}
}
