package rules

import (
	"fmt"
	"time"

	"tandem/bughouse"
)

// This file holds what happens before the start: Art 44's no-show
// tolerance ("Un equipo que no se presente a su match dentro de la
// tolerancia fijada por la convocatoria pierde por incomparecencia") and
// start = both-black's two presses (seed 003).

// NoShow is the no-show countdown of a called match (Art 44).
type NoShow struct {
	// Active is true from the call (Call) until the start, the decision,
	// or the arrival of all four players.
	Active bool
	// At is the call's instant and Deadline the end of the tolerance (ns
	// since the match epoch); valid once called.
	At, Deadline time.Duration
	// Arrived marks the seats whose player is at the table (Arrive),
	// indexed by bughouse.Seat; arrivals before the call count.
	Arrived [4]bool
}

// Present reports whether team t is complete at the table: both of its
// players have arrived.
func (n *NoShow) Present(t bughouse.Team) bool {
	for _, s := range bughouse.Seats {
		if s.Team() == t && !n.Arrived[s] {
			return false
		}
	}
	return true
}

// Left returns the tolerance left at instant at (0 once it ran out).
func (n *NoShow) Left(at time.Duration) time.Duration { return max(n.Deadline-at, 0) }

// callEvent starts (or restarts) the no-show countdown of a match not yet
// started.
func (m *Match) callEvent(e Event) (Effect, error) {
	switch {
	case m.status == Decided:
		return ignored("match decided")
	case m.status != Ready || m.started:
		return ignored("already started")
	case e.Delta < 0 || e.Delta > MaxNoShowTolerance:
		return Effect{}, fmt.Errorf("rules: call: a tolerance of %v; allowed up to 24h", e.Delta)
	}
	tol := e.Delta
	if tol == 0 {
		tol = m.opts.NoShowTolerance
	}
	if tol == 0 {
		return Effect{}, refuse("no_show_tolerance", "no lateness tolerance is set (Art 44: the tournament's announcement fixes it): give one with the call, or set no_show_tolerance")
	}
	if m.call.Present(bughouse.Team1) && m.call.Present(bughouse.Team2) {
		return ignored("all four players are at the table")
	}
	m.call.Active, m.call.At, m.call.Deadline = true, e.At, e.At+tol
	return Effect{}, nil
}

// arrive marks e.Seat's player at the table before the start; the
// countdown ends when all four are.
func (m *Match) arrive(e Event) (Effect, error) {
	switch {
	case m.status == Decided:
		return ignored("match decided")
	case m.status != Ready || m.started:
		return ignored("already started")
	case m.call.Arrived[e.Seat]:
		return ignored(e.Seat.String() + " is already at the table")
	}
	m.call.Arrived[e.Seat] = true
	if m.call.Present(bughouse.Team1) && m.call.Present(bughouse.Team2) {
		m.call.Active = false
	}
	return Effect{}, nil
}

// noShow decides a called match whose tolerance ran out at instant at
// (Art 44): a team not complete at the table loses by forfeit, both
// boards lost by its players; both teams absent lose both
// (DoubleForfeit), their boards left without a winner. It reports false,
// ending the countdown, when both teams are present.
func (m *Match) noShow(at time.Duration) bool {
	m.call.Active = false
	absent1, absent2 := !m.call.Present(bughouse.Team1), !m.call.Present(bughouse.Team2)
	if !absent1 && !absent2 {
		return false
	}
	m.halt(at)
	m.status, m.decidedAt, m.reason, m.ndecisive = Decided, at, Forfeit, 0
	if absent1 && absent2 {
		m.result = DoubleForfeit
		for b := range m.boards {
			m.boards[b].reason, m.boards[b].at = Forfeit, at
		}
		return true
	}
	t := bughouse.Team1
	if absent2 {
		t = bughouse.Team2
	}
	m.result = LossFor(t)
	for _, s := range bughouse.Seats {
		if s.Team() == t {
			bs := &m.boards[s.Board()]
			bs.outcome, bs.reason, bs.at = winFor(s.Opponent()), Forfeit, at
			m.decisive[m.ndecisive] = s
			m.ndecisive++
		}
	}
	return true
}

// blackPress takes a Black player's press before the start under start
// = both-black: the first waits for the other board's Black, the second
// starts both White clocks at its instant (seed 003: "los jugadores con
// piezas negras ponen a correr ambos relojes simultáneamente").
func (m *Match) blackPress(e Event) (Effect, error) {
	b := e.Seat.Board()
	if m.blackPressed[b] {
		return ignored(fmt.Sprintf("%s has pressed; waiting for %s (start = both-black)", e.Seat, bughouse.SeatOf(b.Other(), bughouse.Black)))
	}
	m.blackPressed[b] = true
	if m.blackPressed[b.Other()] {
		m.start(e.At)
	}
	return Effect{}, nil
}
