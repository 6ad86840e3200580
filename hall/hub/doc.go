// Package hub is the hall's side of package hall: New embeds nats-server
// (or joins a NATS server with Opts.URL), creates the two streams, and
// keeps each table's TableState: online or offline from the heartbeats,
// last seen, the latest hall.Snap and its Alerts (flag, claim waiting,
// offline, recovered after a power loss, record failure). Command sends a
// hall.Command by request/reply and fails clearly when the table is
// offline; Results and Sub follow the decided results, read from the
// results stream at every start (each once). The embedded server's
// refusals (a login refused, a table using another's user) are an
// AlertRefused on the table and Opts.OnRefused; on the table's side
// hall.LinkState.Refused, never mistaken for an outage. One hub per store:
// the store directory is locked (StoreLockFile) while the hub runs.
//
// The files, one job each: hub.go (options, New, Close), server.go (the
// embedded server and the tables' permissions), storelock*.go, presence.go
// (snapshots in, online and offline), state.go (a table's state and
// alerts), sub.go (readers following the changes), store.go (the
// tables' records and results stored for them, under the table of the
// subject they came on), results.go, command.go, refusal.go (the
// server's refusals read from its log).
//
// Only the program tandem-hall imports this package (with hall/dashboard):
// it links nats-server, about 9 MB of a binary, which no table needs.
package hub
