// Package dashboard is the hall's web page for the head arbiter: every
// table of a hub.Hub live on one screen, the alerts, the
// results and, with a tournament, the standings and the rounds' pairings.
// tandem-hall serves it ([hub] dashboard_listen); docs/hall.md, "The
// dashboard", is the guide and the API reference.
//
// It is the table console's stack: net/http, the page's assets embedded
// (no CDN; the Content-Security-Policy allows only the page's origin), a
// WebSocket (github.com/coder/websocket) that pushes what changed and a
// heartbeat, and the page shows CONNECTION LOST when it falls silent.
// The clocks run in the page from each table's snapshot (its instant and
// which clock runs), as on the console.
//
// Everyone sees everything, read-only. The head arbiter logs in with the
// PIN (internal/webauth: rate limited, session cookie "tandem_hall") and
// may then pause or resume one table, pause or resume all of them (sent
// at once; the answer says for each table what it did or why it failed,
// e.g. offline), start a new match on a table, acknowledge alerts, and
// upload the next round's pairing file. Cross-origin POSTs are refused.
//
// # Tournament
//
// With a tournament (Opts.Tournament) the dashboard keeps the rounds'
// pairings uploaded and the current round in Opts.StateFile, sends each
// hall table its match's four players (hall command "players"; a table
// offline then gets them when it is back: the dashboard retries), and
// counts each decided result for its pairing: the hall table whose id
// ends in the table number (TableNumber: "t07" plays table 7), in the
// current round, with the pairing's four players, while that match has no
// result. The standings (Art 43 tie-breaks) follow; TRF-2026 and CSV
// exports are downloads.
package dashboard
