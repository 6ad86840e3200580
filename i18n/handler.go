package i18n

import (
	"encoding/json"
	"net/http"
	"path"
	"strings"
)

// Handler serves the catalogs to the web pages as JSON: GET
// PREFIX/en.json and PREFIX/es.json (the last element of the path names
// the language; Langs lists them) answer one object from message ID to
// its template text, Catalog's, and for a message with plural forms its
// singular as ID + ".one" (Catalog has the "other" form: the page
// chooses by the count as CLDR does for English and Spanish, one for 1),
// without the command line's msg.* messages, with Cache-Control: no-cache. Anything else is 404; a method other than GET
// or HEAD, 405. A page fills a template's {{.Name}} fields itself (see
// docs/i18n.md, "For the web pages").
func Handler() http.Handler {
	var bodies [langCount][]byte
	for _, l := range Langs {
		c := Catalog(l)
		for id := range c {
			if strings.HasPrefix(id, "msg.") {
				delete(c, id) // the command line's: no page writes them
			}
		}
		for id, one := range catalogs().one[l] {
			c[id+".one"] = one
		}
		b, err := json.Marshal(c)
		if err != nil {
			panic("i18n: " + err.Error()) // a map of strings: cannot fail
		}
		bodies[l] = b
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "GET only", http.StatusMethodNotAllowed)
			return
		}
		name := path.Base(r.URL.Path)
		code, ok := strings.CutSuffix(name, ".json")
		if !ok {
			http.NotFound(w, r)
			return
		}
		for _, l := range Langs {
			if l.String() == code {
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				w.Header().Set("Cache-Control", "no-cache")
				w.Header().Set("X-Content-Type-Options", "nosniff")
				w.Write(bodies[l])
				return
			}
		}
		http.NotFound(w, r)
	})
}
