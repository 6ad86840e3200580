// Package webserve builds the one HTTP(S) server that the table's web
// console (daemon) and the hall's dashboard (cmd/tandem-hall) run, with
// the limits that keep a client from exhausting the process's memory: the
// clock runs in the same process as the console, so an out-of-memory kill
// would stop the match (docs/performance.md, "Connections", has the floods).
//
// The limits, each enforced where it costs least:
//
//   - Open connections are capped per remote address and in total by a
//     net.Listener wrapper (Limit) at accept time: before TLS, before
//     net/http allocates anything for the connection. A connection past
//     its address's cap is closed at once, never queued; past the total,
//     the address holding the most gives up its oldest connection to an
//     address holding at least two fewer (a fair share), else the new
//     connection is closed.
//   - The request head is bounded (http.Server.MaxHeaderBytes, small) and
//     must arrive within ReadHeaderTimeout; the whole request within
//     ReadTimeout; the answer must be taken within WriteTimeout; a
//     keep-alive connection with no request is closed after IdleTimeout.
//     A TLS handshake is bounded by the shortest of these (net/http).
//   - Every request body is read through http.MaxBytesReader, and a body
//     announced larger than the limit is refused (413) unread.
//
// WebSockets (github.com/coder/websocket) take their connection from
// net/http by hijacking it; net/http clears the connection's deadlines
// when it hands it over, so a page's stream outlives the read and write
// timeouts. Such a connection still counts against the caps until it is
// closed.
package webserve
