// Package pagekit is what the two web pages (the table's console and the
// hall's dashboard) share to speak the table's languages and play its
// sounds: one handler that each page's server mounts at /kit/, and two
// scripts the pages load from it.
//
//   - /kit/i18n.js (window.tandemI18n): the page's texts from the same
//     go-i18n catalogs as the terminal table's (package i18n), keyed by
//     the same message IDs: an element's data-i18n="console.connect"
//     attribute, data-i18n-attr="placeholder=console.san" for its
//     attributes, and t(id, data) / tn(id, n, data) in the scripts. The
//     language is, in order: the page's switch (kept in localStorage),
//     the configuration's language (Opts.Lang), the browser's
//     (navigator.languages, then the request's Accept-Language), English.
//   - /kit/sound.js (window.tandemSound): the buzzer's patterns (package
//     sound: start, flag, low time, pause, claim, the optional click)
//     played with Web Audio, off until a click on the page's switch
//     enables them (a browser allows sound only after a gesture).
//   - /kit/i18n/en.json, /kit/i18n/es.json (i18n.Handler), /kit/sounds.json
//     (the patterns in ms and the low-time threshold), /kit/lang.json (the
//     configured language and the one negotiated from Accept-Language).
//
// Nothing it serves is secret: no login is needed. The page-side
// template filling follows Printer.T: a message missing in the language
// is its English, an ID no catalog has shows as "!id".
package pagekit
