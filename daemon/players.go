package daemon

import (
	"sync"

	"tandem/journal"
	"tandem/table"
)

// This file owns the players' names: those of the match being played (or
// decided), which the hall's snapshots and the console show, and those
// the next match will take. They are two values because the hall sends
// the next round's pairing while a match is still on the table: the
// match in progress or decided keeps the players recorded for it, and
// the new names apply from the next match (its record's begin).

// matchPlayers is a Daemon's players (Daemon.players). Its methods are
// safe for concurrent use: the loop switches matches, the hall's link
// sets the next players, the console and the link read them.
type matchPlayers struct {
	mu   sync.Mutex
	cur  [4]string // the match on the table, bughouse.Seat order ("" unknown)
	next [4]string // the next match's
}

// now returns the players of the match on the table.
func (p *matchPlayers) now() [4]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cur
}

// set sets the players of the match on the table and of the next ones.
func (p *matchPlayers) set(cur, next [4]string) {
	p.mu.Lock()
	p.cur, p.next = cur, next
	p.mu.Unlock()
}

// setNext sets the players of the matches begun from now on.
func (p *matchPlayers) setNext(next [4]string) {
	p.mu.Lock()
	p.next = next
	p.mu.Unlock()
}

// entry follows the loop's entries (table.Opts.Record, on the loop,
// before the snapshot that shows the entry is published): an entry that
// begins a match (journal.BeginsMatch, the rule the record follows) makes
// the next players those of the match on the table. It returns them and
// true then.
func (p *matchPlayers) entry(e table.Entry) ([4]string, bool) {
	if !journal.BeginsMatch(e) {
		return [4]string{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur = p.next
	return p.cur, true
}

// recordEntry is the table's Opts.Record: the players first (a new match
// takes the next players, and its record begins with them), then the
// record, or, without one, the decision marked recorded at once (Final
// as for a table that records nothing).
func (d *Daemon) recordEntry(e table.Entry) {
	p, begins := d.players.entry(e)
	if d.rec == nil {
		if e.Kind == table.EntryDecision {
			d.noRecord.Synced(0, e.Seq)
		}
		return
	}
	if begins {
		d.rec.rec.SetPlayers(p)
	}
	d.rec.rec.Entry(e)
}
