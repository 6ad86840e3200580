// Package webapi holds what the table's web console (package console) and
// the hall's dashboard (package hall/dashboard) share beyond the login
// (internal/webauth): one strict reader of JSON requests, one writer of
// JSON answers and errors, and one WebSocket streamer that sends a page
// the newest state, then each change, with a heartbeat in the silences.
package webapi
