package i18n

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The pages' catalogs: the same IDs and texts as the Go side's.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(http.StripPrefix("/i18n", Handler()))
	defer srv.Close()
	for _, l := range Langs {
		res, err := http.Get(srv.URL + "/i18n/" + l.String() + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]string
		err = json.NewDecoder(res.Body).Decode(&got)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("%s: %d %v", l, res.StatusCode, err)
		}
		want := Catalog(l)
		for id := range want {
			if strings.HasPrefix(id, "msg.") {
				delete(want, id)
			}
		}
		for id := range got {
			if strings.HasPrefix(id, "msg.") {
				t.Errorf("%s: the page gets the command line's %s", l, id)
			}
		}
		if len(got) != len(want)+len(catalogs().one[l]) || got["tui.key.uphold"] != want["tui.key.uphold"] || got["reason.flag"] == "" {
			t.Errorf("%s: %d messages, want %d and the singulars", l, len(got), len(want))
		}
		if got["tui.prompt.dropped"] == got["tui.prompt.dropped.one"] || got["tui.prompt.dropped.one"] == "" {
			t.Errorf("%s: the plural's forms: %q, %q", l, got["tui.prompt.dropped.one"], got["tui.prompt.dropped"])
		}
	}
	for path, code := range map[string]int{"/i18n/de.json": 404, "/i18n/es": 404, "/i18n/": 404} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != code {
			t.Errorf("%s: %d, want %d", path, res.StatusCode, code)
		}
	}
	res, _ := http.Post(srv.URL+"/i18n/en.json", "text/plain", nil)
	res.Body.Close()
	if res.StatusCode != 405 {
		t.Errorf("POST: %d", res.StatusCode)
	}
}
