package pagekit_test

import (
	"fmt"
	"net/http"

	"tandem/i18n/lang"
	"tandem/internal/pagekit"
)

// A page's server mounts the kit beside its own files; the page loads
// /kit/i18n.js and /kit/sound.js.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.Handle("GET "+pagekit.Prefix, pagekit.Handler(&pagekit.Opts{
		Lang: func() (lang.Lang, bool) { return lang.Spanish, true }, // language = "es"
	}))
	l, ok := pagekit.Negotiate("es-AR,es;q=0.9,en;q=0.5")
	fmt.Println(l, ok)
	// Output: es true
}
