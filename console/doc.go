// Package console is the table's web console: one page, served by the
// daemon on the local network with every asset embedded (no CDN, no
// internet), that shows both boards as at the table to everyone and lets
// the arbiter, after a PIN login, run the match: start, pause and resume
// (choosing whose clock runs), adjust time, record and resolve claims,
// declare results and start a new match. In simulated mode it also shows
// the simulated panel: the four clock buttons, the pause switch and a
// mirror of the clock displays.
//
// Every action goes through the arbiter's command layer (package arbiter,
// table.Table.Command) or the table's event path (table.Table.Post), as
// the GPIO buttons and the terminal table do, so the rules decide and
// refuse in one place; the page shows only the actions the table would
// take (table.Snapshot.Offers). The page receives a JSON view of every
// snapshot over a WebSocket (github.com/coder/websocket) and animates the
// running clocks itself from the snapshot's instant, so it is smooth
// without a message per tenth. While the connection is lost (closed, or
// no view nor heartbeat for a few seconds) it freezes and greys out the
// clocks and says so; after a reconnect the first message is the whole
// state again, and the page checks its session again. A view is built
// only in the languages of the sockets open (and for each GET /api/state):
// a console nobody watches costs no view.
//
// Security (docs/console.md): state changes need the arbiter's session (a
// random HttpOnly, SameSite=Strict cookie given for the PIN or the
// one-time code); wrong PINs share one budget for every address
// (internal/webauth); cross-origin POSTs are refused and so are WebSocket
// upgrades from another origin; every /api/ answer is JSON. The only
// change allowed without a session is a simulated-panel press from this
// machine itself (webauth.Local: over loopback or the machine's own
// address, with that address in Host), since the panel stands for the
// physical buttons that anyone at the table may press.
package console
