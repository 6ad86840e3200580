// Package hall is the table's side of a tournament hall and the wire both
// sides speak: each table links to one hub over NATS (Link), publishes its
// live state and its journal records, and answers the arbiter's commands.
// The hub, which keeps every table's state, alerts and decided results, is
// package hall/hub (the program tandem-hall); this package does not import
// the NATS server, so a table's binary does not carry it. docs/hall.md is
// the guide.
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
//	tandem.table.<id>.store   a record or result -> StoreReply,
//	                          request/reply: the hub stores it (below).
//	tandem.table.<id>.last    "record" or "result" -> LastReply: the last
//	                          one the hub's streams hold of the table.
//	tandem.table.<id>.record  the table's journal records (their JSON
//	                          payload as on the table's disk), stream
//	                          TANDEM_RECORDS; headers Nats-Msg-Id
//	                          "<id>/<seq>", Tandem-Seq, Tandem-Kind.
//	tandem.table.<id>.result  Result, stream TANDEM_RESULTS, once per
//	                          decided match; Nats-Msg-Id "<id>/<seq>/result".
//
// The tables never write into the streams: the hub stores what a table
// sends on its store subject under the id of that subject (which the
// hub's permissions bind to the table's login), with the message id made
// from it, so no table speaks for another. A table's replies come on its
// own inbox prefix (InboxPrefix), the only inboxes its login may read.
//
// Both streams use file storage; the hub's embedded server runs JetStream
// with sync always (a stored message is on disk before it is acknowledged:
// JetStream's default syncs every 2 minutes) and capped memory and store.
//
// # A table never depends on the network
//
// The table's loop and record never wait on NATS (Link never blocks its
// caller): the journal on disk is the source of truth. The Link tails the
// journal file and publishes each record once, in order, waiting for each
// acknowledgement before the next. On every (re)connection it first asks
// the hub for the last record and result its streams hold for the table
// (the last message of its subject), then publishes every record after it:
// after an outage of any length, or a hub restart from its store, the hub
// receives everything it missed, once. The Nats-Msg-Id drops a record
// published twice in flight (an acknowledgement lost); the catch-up query
// covers an outage longer than the stream's duplicate window.
package hall
