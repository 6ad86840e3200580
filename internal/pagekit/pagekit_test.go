package pagekit

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tandem/i18n/lang"
	"tandem/sound"
)

func TestNegotiate(t *testing.T) {
	for h, want := range map[string]string{
		"es-AR,es;q=0.9,en;q=0.8": "es", "en-GB": "en", "fr-FR,es;q=0.5": "es", "de;q=0.9, en;q=0.8": "en",
		"es": "es", "fr": "", "": "", "*": "", "x-y-z-$$$": "",
		strings.Repeat("fr-FR;q=0.9,", 100) + "es": "", // past the bound: not read
	} {
		l, ok := Negotiate(h)
		got := ""
		if ok {
			got = l.String()
		}
		if got != want {
			t.Errorf("Negotiate(%.40q) = %q, want %q", h, got, want)
		}
	}
}

func get(t *testing.T, srv *httptest.Server, path, accept string) (int, http.Header, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b)
}

// The kit: the scripts, the catalogs, the sounds and the language; a
// configured language is the configuration's, read at each request.
func TestHandler(t *testing.T) {
	configured, set := lang.Spanish, false
	mux := http.NewServeMux()
	mux.Handle("GET "+Prefix, Handler(&Opts{Lang: func() (lang.Lang, bool) { return configured, set }}))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, f := range []string{"i18n.js", "sound.js"} {
		code, h, body := get(t, srv, Prefix+f, "")
		if code != 200 || h.Get("Content-Type") != "text/javascript; charset=utf-8" || !strings.Contains(body, "window.tandem") {
			t.Errorf("%s: %d %s", f, code, h.Get("Content-Type"))
		}
	}
	code, _, body := get(t, srv, Prefix+"i18n/es.json", "")
	var cat map[string]string
	if err := json.Unmarshal([]byte(body), &cat); code != 200 || err != nil || cat["page.sound.on"] == "" || cat["seat.A-white"] != "A-blancas" {
		t.Errorf("es.json: %d %v", code, err)
	}
	code, _, body = get(t, srv, Prefix+"sounds.json", "")
	var snd struct {
		Patterns  map[string][]struct{ On, Off int64 }
		LowTimeMs int64 `json:"low_time_ms"`
		Frequency int
	}
	if err := json.Unmarshal([]byte(body), &snd); code != 200 || err != nil || snd.LowTimeMs != sound.DefaultLowTime.Milliseconds() || snd.Frequency != sound.DefaultFrequency {
		t.Fatalf("sounds.json: %d %v %s", code, err, body)
	}
	for _, e := range sound.EventNames {
		ev, _ := sound.ParseEvent(e)
		want := sound.PatternOf(ev)
		got := snd.Patterns[e]
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", e, got, want)
		}
		for i := range want {
			if got[i].On != want[i].On.Milliseconds() || got[i].Off != want[i].Off.Milliseconds() {
				t.Errorf("%s beep %d: %v, want %v", e, i, got[i], want[i])
			}
		}
	}
	langOf := func(accept string) (c, b string) {
		_, _, body := get(t, srv, Prefix+"lang.json", accept)
		var v struct{ Configured, Browser string }
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		return v.Configured, v.Browser
	}
	if c, b := langOf("es-MX,es;q=0.9"); c != "" || b != "es" {
		t.Errorf("nothing configured, a Spanish browser: %q %q", c, b)
	}
	set = true
	if c, b := langOf("en-US"); c != "es" || b != "en" {
		t.Errorf("configured es, an English browser: %q %q", c, b)
	}
	if code, _, _ := get(t, srv, Prefix+"nothing.js", ""); code != 404 {
		t.Errorf("an unknown file: %d", code)
	}
}
