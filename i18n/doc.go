// Package i18n holds every text a person reads on tandem's table (the
// terminal table, the displays, the button menu, the command line's
// messages) in English and Spanish, and the Printer that writes them.
//
// The texts are message catalogs in go-i18n's format
// (github.com/nicksnyder/go-i18n/v2), one TOML file a language in
// locales/ (embedded in the binary): a message's ID is its dotted key
// ("tui.status.ready"), its text a Go template whose data are named
// ("{{.Seat}}"). English is the source language; a text missing from the
// Spanish catalog falls back to English, and TestCatalogs_Complete fails
// for it. The Spanish is the arbiters' own vocabulary, from the
// regulation (docs/rules.md): reloj, bandera, reclamación, tablas, jaque
// mate, ahogado, abandono, jugada ilegal, equipo, tablero A, blancas and
// negras, reserva, soltar.
//
// The command line's messages, and the errors of the packages it prints,
// are written in English with fmt by packages that do not import i18n;
// the catalogs' core.* and msg.* messages are their English templates
// (msg.* in files of their own, locales/msg-AREA.LANG.toml), and Message,
// Line and Writer read such a message back from its template and write it
// in the printer's language.
//
// The web pages read the same catalogs: Catalog returns one language's
// messages as a flat map from ID to template, and Handler serves it as
// JSON (GET .../en.json, .../es.json), keyed exactly like the Go
// messages, so a page and the terminal say the same thing in the same
// words.
//
// The language comes from the configuration (language = "es") or, for the
// terminal, from the environment (FromEnv: LC_ALL, LC_MESSAGES, LANG).
package i18n
