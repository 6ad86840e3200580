// Package hall links the tables of a tournament hall to one hub over NATS:
// each table publishes its live state and its journal records,
// and answers the arbiter's commands; the hub (tandem hall) keeps every
// table's state, alerts and decided results. docs/hall.md is the guide.
//
// # Subjects and messages
//
// Every message is JSON with a version field "v" (Version). <id> is the
// table id ([hall] table, ValidTableID).
//
//	tandem.table.<id>.snap    Snap, core NATS: at each change of the match
//	                          or the table's state, and a heartbeat about
//	                          every second. Four clocks in ms at an instant,
//	                          which clock runs per board, result and
//	                          reason, pending claim, recovered, record
//	                          error, players, preset, a per-run sequence.
//	tandem.table.<id>.cmd     Command -> Reply, request/reply: pause,
//	                          resume, adjust, new, players, and the rest
//	                          of the console's actions.
//	tandem.table.<id>.record  the table's journal records (their JSON
//	                          payload as on the table's disk), stream
//	                          TANDEM_RECORDS; headers Nats-Msg-Id
//	                          "<id>/<seq>", Tandem-Seq, Tandem-Kind.
//	tandem.table.<id>.result  Result, stream TANDEM_RESULTS, once per
//	                          decided match; Nats-Msg-Id "<id>/<seq>/result".
//
// Both streams use file storage; the embedded server runs JetStream with
// sync always (a stored message is on disk before it is acknowledged:
// JetStream's default syncs every 2 minutes) and capped memory and store.
//
// # A table never depends on the network
//
// The table's loop and record never wait on NATS (Link never blocks its
// caller): the journal on disk is the source of truth. The Link tails the
// journal file and publishes each record once, in order, waiting for each
// acknowledgement before the next. On every (re)connection it first asks
// the streams for the last record and result they hold for its table (the
// last message of its subject), then publishes every record after it:
// after an outage of any length, or a hub restart from its store, the hub
// receives everything it missed, once. The Nats-Msg-Id drops a record
// published twice in flight (an acknowledgement lost); the catch-up query
// covers an outage longer than the stream's duplicate window.
//
// # The hub
//
// NewHub embeds nats-server (or joins a NATS server with HubOpts.URL),
// creates the streams, and keeps each table's TableState: online or
// offline from the heartbeats, last seen, the latest Snap and its Alerts
// (flag, claim waiting, offline, recovered after a power loss, record
// failure). Command sends a Command by request/reply and fails clearly
// when the table is offline; Results and Sub follow the decided results,
// read from the results stream at every start (each once). The embedded
// server's refusals (a login refused, a table using another's user) are
// an AlertRefused on the table and HubOpts.OnRefused; on the table's side
// LinkState.Refused, never mistaken for an outage. One hub per store: the
// store directory is locked (StoreLockFile) while the hub runs.
package hall
