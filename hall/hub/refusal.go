package hub

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"tandem/hall"
)

// This file finds the embedded server's refusals of tables (a login
// refused, a message outside the table's permissions) and shows them on
// the hub: an AlertRefused on the table concerned and Opts.OnRefused.
// The server tells them only in its log, so the hub reads its error lines
// (nats-server's wording, checked by the tests with a real server).

// refusedFor is how long a refusal stays on a table after the last one:
// a refused table retries every second, so the alert holds while the
// fault does and goes soon after it is fixed.
const refusedFor = 10 * time.Second

var (
	// `<client> - Publish Violation - Subject "tandem.table.t01.snap"`;
	// `Subscription Violation - Subject "...", SID 1`.
	reViolation = regexp.MustCompile(`(Publish|Subscription) Violation - Subject "([^"]+)"`)
	// The client part once logged in: `... - "v1.55.0:go:tandem table
	// t01" - "$G/user:t02"` (the Link's nats.Name).
	reClientTable = regexp.MustCompile(`tandem table ([A-Za-z0-9_-]{1,64})"`)
	reClientLogin = regexp.MustCompile(`/(user|nkey):([^"]+)"`)
	// `<address> - cid:5 - authentication error - User "t01"`.
	reAuth = regexp.MustCompile(`authentication error(?: - (User|Nkey) "([^"]*)")?`)
)

// serverLog is the embedded server's Logger: it keeps the refusals and
// drops the rest (a library does not log).
type serverLog struct{ h *Hub }

var _ server.Logger = serverLog{}

func (serverLog) Noticef(string, ...any) {}
func (serverLog) Warnf(string, ...any)   {}
func (serverLog) Fatalf(string, ...any)  {}
func (serverLog) Debugf(string, ...any)  {}
func (serverLog) Tracef(string, ...any)  {}

// Errorf reads one error line of the server.
func (l serverLog) Errorf(format string, v ...any) {
	if table, text := l.h.refusal(fmt.Sprintf(format, v...)); text != "" {
		l.h.refuse(table, text, time.Now())
	}
}

// refusal reads a server error line: the table a refusal concerns ("":
// none known) and what to tell the head arbiter ("": not a refusal).
func (h *Hub) refusal(line string) (table, text string) {
	addr, _, _ := strings.Cut(line, " - ")
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host // the port changes at each attempt: one text per machine
	}
	if m := reViolation.FindStringSubmatch(line); m != nil {
		subj := m[2]
		login, owner := "", ""
		if lm := reClientLogin.FindStringSubmatch(line); lm != nil {
			login = lm[1] + " " + quoteID(lm[2])
			owner = h.owners[lm[2]]
		}
		tm := reClientTable.FindStringSubmatch(line)
		switch {
		case tm == nil && owner != "":
			// A known table's credentials, in a client that does not
			// name itself a tandem table: still that table's business.
			return owner, fmt.Sprintf("the hub refuses table %s's %s (from %s, a client not named as a tandem table) on %s: that table's credentials are used for another table's subjects", owner, login, addr, subj)
		case tm == nil:
			return "", fmt.Sprintf("a client at %s (%s) is refused %s: not a tandem table", addr, orUnknown(login), subj)
		case owner != "" && owner != tm[1]:
			return tm[1], fmt.Sprintf("the hub refuses the table that calls itself %s: it logs in with table %s's %s ([hall] table or user wrong there; %s refused)", tm[1], owner, login, subj)
		default:
			return tm[1], fmt.Sprintf("the hub refuses table %s's %s (%s): check that table's [hall] table and user", tm[1], subj, orUnknown(login))
		}
	}
	if m := reAuth.FindStringSubmatch(line); m != nil {
		if m[2] == "" {
			return "", fmt.Sprintf("login refused from %s: no credentials, or a wrong token", addr)
		}
		what := strings.ToLower(m[1]) + " " + quoteID(m[2])
		if owner := h.owners[m[2]]; owner != "" {
			return owner, fmt.Sprintf("login refused for table %s's %s (from %s): check that table's [hall] password or nkey_seed_file", owner, what, addr)
		}
		return "", fmt.Sprintf("login refused for %s from %s: no [hub.tables] entry has it", what, addr)
	}
	return "", ""
}

func quoteID(s string) string { return fmt.Sprintf("%q", s) }

func orUnknown(login string) string {
	if login == "" {
		return "no user"
	}
	return login
}

// refuse shows a refusal: on table's state (when the hub knows a table of
// that id or table is a valid id) and to Opts.OnRefused at most once a
// minute per table (per text when no table is known): one wrong [hall]
// is refused on several subjects at once (snap, cmd, the catch-up's
// DIRECT.GET), each its own text, and the head arbiter needs it once. It
// never blocks the server.
func (h *Hub) refuse(table, text string, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	if table != "" && hall.ValidTableID(table) == nil {
		t := h.tables[table]
		if t == nil {
			t = &TableState{ID: table}
			h.tables[table] = t
		}
		t.refusedAt = now
		if t.Refused != text {
			t.Refused = text
			t.alerts()
			h.changed(table)
		}
	}
	key := text
	if table != "" {
		key = "table " + table // "table " cannot start a refusal's text
	}
	if h.opts.OnRefused == nil || now.Sub(h.told[key]) < time.Minute {
		return
	}
	h.told[key] = now
	select {
	case h.refusals <- refusalMsg{table: table, text: text}:
	default: // the reader is behind: the next one is told a minute later
		delete(h.told, key)
	}
}

// refusalMsg is a refusal for OnRefused, or (done set) a marker:
// flushRefusals's, closed once every refusal queued before it was told.
type refusalMsg struct {
	table, text string
	done        chan struct{}
}

// flushRefusals waits until OnRefused has been told every refusal queued
// so far (a readiness call for the tests). It needs Opts.OnRefused.
func (h *Hub) flushRefusals(ctx context.Context) error {
	done := make(chan struct{})
	select {
	case h.refusals <- refusalMsg{done: done}:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// tellRefusals calls Opts.OnRefused, off the server's goroutines.
func (h *Hub) tellRefusals(stop <-chan struct{}) {
	defer h.wg.Done()
	for {
		select {
		case <-stop:
			return
		case r := <-h.refusals:
			if r.done != nil {
				close(r.done)
				continue
			}
			h.opts.OnRefused(r.table, r.text)
		}
	}
}
