package console

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tandem/bughouse"
	"tandem/i18n/lang"
	"tandem/rules"
)

// The view in Spanish: the log's events, a refusal, a board's and the
// match's result, the result form's choices in the arbiters' words, the
// same view in English as the record writes it; the WebSocket and GET
// /api/state give the language asked for (?lang=es), and an action's
// answer too.
func TestView_Spanish(t *testing.T) {
	a := newArbiter(t, Opts{Simulated: true})
	a.act(`{"action":"start"}`)
	a.tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now())
	a.tb.Post(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}, time.Now()) // not his turn
	a.settled()
	if r := a.actIn(`{"action":"adjust","seat":"A-black","delta":"+5"}`, "es"); r.Refused != "ponga el match en pausa antes de ajustar el tiempo" {
		t.Errorf("a refusal in Spanish: %+v", r)
	}
	a.act(`{"action":"declare","board":"A","outcome":"0-1","reason":"checkmate"}`)
	a.settled()
	es, en := a.srv.buildViewIn(lang.Spanish), a.srv.buildViewIn(lang.English)
	logText := func(v View) string {
		var b strings.Builder
		for _, e := range v.Log {
			b.WriteString(e.Time + " " + e.Event + " | " + e.Note + "\n")
		}
		return b.String()
	}
	for _, want := range []string{"0:00.000 inicio", "pulsa A-blancas", "sin efecto: no es el turno de A-blancas", "resultado A 0-1 jaque mate"} {
		if !strings.Contains(logText(es), want) {
			t.Errorf("Spanish log lacks %q:\n%s", want, logText(es))
		}
	}
	for _, want := range []string{"0:00.000 start", "press A-white", "ignored: not A-white's turn", "result A 0-1 checkmate"} {
		if !strings.Contains(logText(en), want) {
			t.Errorf("English log lacks %q:\n%s", want, logText(en))
		}
	}
	if es.Boards[0].Text != "gana A-negras (jaque mate)" || en.Boards[0].Text != "A-black won (checkmate)" {
		t.Errorf("board A: %q / %q", es.Boards[0].Text, en.Boards[0].Text)
	}
	if !strings.HasPrefix(es.ResultText, "0-1 jaque mate A-blancas") || !strings.Contains(es.ResultText, ": gana el equipo 2: A-negras + B-blancas") ||
		!strings.HasSuffix(en.ResultText, ": team 2 wins: A-black + B-white") {
		t.Errorf("result: %q / %q", es.ResultText, en.ResultText)
	}
	if es.WinHow[0].Label != "jaque mate" || es.WinHow[0].Reason != "checkmate" || en.WinHow[2].Label != "illegal move" {
		t.Errorf("choices: %+v / %+v", es.WinHow, en.WinHow)
	}

	// The language asked for, by the socket and the state.
	w := a.request("GET", "/api/state?lang=es", "", otherMachine, nil)
	var st View
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || st.Boards[0].Text != es.Boards[0].Text {
		t.Errorf("GET /api/state?lang=es: %v %q", err, st.Boards[0].Text)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for q, want := range map[string]string{"?lang=es": es.Boards[0].Text, "": en.Boards[0].Text, "?lang=xx": en.Boards[0].Text} {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(a.hs.URL, "http")+"/ws"+q, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v := readView(t, ctx, c); v.Boards[0].Text != want {
			t.Errorf("/ws%s: %q, want %q", q, v.Boards[0].Text, want)
		}
		c.CloseNow()
	}
}

// The kit is served beside the page, and says the table's language when
// the configuration sets one.
func TestKit_TheTablesLanguage(t *testing.T) {
	for _, c := range []struct {
		opts Opts
		want string
	}{{Opts{}, ""}, {Opts{Lang: lang.Spanish, LangSet: true}, "es"}} {
		e := newEnv(t, c.opts)
		w := e.request("GET", "/kit/lang.json", "", otherMachine, map[string]string{"Accept-Language": "en-US"})
		var v struct{ Configured, Browser string }
		if err := json.Unmarshal(w.Body.Bytes(), &v); w.Code != http.StatusOK || err != nil || v.Configured != c.want || v.Browser != "en" {
			t.Errorf("%+v: %d %s", c.opts, w.Code, w.Body)
		}
		if w := e.request("GET", "/kit/i18n.js", "", otherMachine, nil); w.Code != http.StatusOK {
			t.Errorf("i18n.js: %d", w.Code)
		}
	}
}
