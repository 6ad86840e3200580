package pagekit

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"golang.org/x/text/language"

	"tandem/i18n"
	"tandem/i18n/lang"
	"tandem/sound"
)

//go:embed assets/i18n.js assets/sound.js
var assets embed.FS

// Opts configures Handler. The zero value (and nil) configures no
// language: the browser's is used.
type Opts struct {
	// Lang returns the configured language and whether one is configured
	// (config's language); nil means none. It is called for each
	// request, so that a page follows a configuration read again.
	Lang func() (lang.Lang, bool)
	// LowTime is the low-time threshold the pages' sound follows; zero
	// means sound.DefaultLowTime.
	LowTime time.Duration
}

// Prefix is where Handler expects to be mounted: mux.Handle("GET
// /kit/", pagekit.Handler(nil)).
const Prefix = "/kit/"

// maxAcceptLanguage bounds the Accept-Language header read: a browser's
// is a few dozen bytes, a stranger's may be the server's whole header
// limit.
const maxAcceptLanguage = 256

var matcher = language.NewMatcher([]language.Tag{language.English, language.Spanish})

// Negotiate returns the language of Accept-Language header h that the
// catalogs have (golang.org/x/text/language's matcher: "es-AR,es;q=0.9"
// is Spanish), and false when h names none of them or is empty. Only the
// header's first maxAcceptLanguage bytes are read.
func Negotiate(h string) (lang.Lang, bool) {
	if len(h) > maxAcceptLanguage {
		h = h[:maxAcceptLanguage]
		if i := strings.LastIndexByte(h, ','); i > 0 {
			h = h[:i]
		}
	}
	tags, _, err := language.ParseAcceptLanguage(h)
	if err != nil || len(tags) == 0 {
		return lang.English, false
	}
	_, idx, conf := matcher.Match(tags...)
	if conf == language.No {
		return lang.English, false
	}
	return lang.Langs[idx], true
}

// Handler serves the kit under Prefix (see the package's doc): GET and
// HEAD only, Cache-Control: no-cache; anything else under it is 404.
func Handler(o *Opts) http.Handler {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.LowTime <= 0 {
		opts.LowTime = sound.DefaultLowTime
	}
	sounds := soundsJSON(opts.LowTime)
	files, _ := fs.Sub(assets, "assets") // embedded: cannot fail
	mux := http.NewServeMux()
	mux.Handle("GET "+Prefix+"i18n/", http.StripPrefix(Prefix+"i18n", i18n.Handler()))
	mux.Handle("GET "+Prefix+"i18n.js", script(files, "i18n.js"))
	mux.Handle("GET "+Prefix+"sound.js", script(files, "sound.js"))
	mux.HandleFunc("GET "+Prefix+"sounds.json", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, sounds)
	})
	mux.HandleFunc("GET "+Prefix+"lang.json", func(w http.ResponseWriter, r *http.Request) {
		var v struct {
			Configured string   `json:"configured"` // "" when none
			Browser    string   `json:"browser"`    // from Accept-Language; "" when none fits
			Langs      []string `json:"langs"`
		}
		if opts.Lang != nil {
			if l, ok := opts.Lang(); ok {
				v.Configured = l.String()
			}
		}
		if l, ok := Negotiate(r.Header.Get("Accept-Language")); ok {
			v.Browser = l.String()
		}
		for _, l := range lang.Langs {
			v.Langs = append(v.Langs, l.String())
		}
		b, _ := json.Marshal(v) // plain strings: cannot fail
		writeJSON(w, b)
	})
	return mux
}

// soundsJSON is /kit/sounds.json: {"patterns": sound.PatternsJSON,
// "low_time_ms": ..., "frequency": sound.DefaultFrequency}.
func soundsJSON(low time.Duration) []byte {
	b, _ := json.Marshal(struct {
		Patterns  json.RawMessage `json:"patterns"`
		LowTimeMs int64           `json:"low_time_ms"`
		Frequency int             `json:"frequency"`
	}{sound.PatternsJSON(), low.Milliseconds(), sound.DefaultFrequency})
	return b
}

func writeJSON(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(b)
}

func script(files fs.FS, name string) http.Handler {
	body, err := fs.ReadFile(files, name)
	if err != nil {
		panic("pagekit: " + err.Error()) // embedded: TestHandler fails first
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Write(body)
	})
}
