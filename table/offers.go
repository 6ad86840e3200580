package table

import (
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/rules"
)

// Offers is a set of the arbiter's command kinds (Snapshot.Offers).
type Offers uint32

// Has reports whether k is in the set.
func (o Offers) Has(k arbiter.Kind) bool { return k < 32 && o&(1<<k) != 0 }

// Kinds returns the kinds in the set, in arbiter.Kind order.
func (o Offers) Kinds() []arbiter.Kind {
	var ks []arbiter.Kind
	for k := arbiter.Kind(1); k < 32; k++ {
		if o.Has(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// OfferKinds are the kinds Offers speaks of: the commands of the match's
// state. The others depend on something else: Move and TakeBack on the
// scoresheet (Snapshot.Sheet; refused before the start), SetPlayers and
// Stop are always taken.
var OfferKinds = []arbiter.Kind{arbiter.Start, arbiter.Pause, arbiter.Resume, arbiter.Adjust,
	arbiter.Claim, arbiter.Uphold, arbiter.Reject, arbiter.Declare, arbiter.NewMatch,
	arbiter.Warn, arbiter.Penalty, arbiter.Agree, arbiter.Call, arbiter.Arrive}

// offerTries are the events offers tries for each kind of OfferKinds,
// with whether the clocks are stopped first (exec does so for a claim, a
// result and an agreement): any seat, board and claim, a result by
// resignation (a reason every preset takes for a board in play), the
// call with and without a tolerance.
var offerTries = func() []offerTry {
	perSeat := func(e rules.Event) []rules.Event {
		evs := make([]rules.Event, 0, len(bughouse.Seats))
		for _, s := range bughouse.Seats {
			e.Seat = s
			evs = append(evs, e)
		}
		return evs
	}
	var claims []rules.Event
	for _, why := range []rules.Reason{rules.Flag, rules.OtherClaim, rules.IllegalMove} {
		claims = append(claims, perSeat(rules.Event{Kind: rules.Claim, Reason: why})...)
	}
	for _, s := range bughouse.Seats {
		// Under illegal_move_claim = opposing-team a partner of the
		// board opponent may claim, naming the accused.
		claims = append(claims, perSeat(rules.Event{Kind: rules.Claim, Reason: rules.IllegalMove, Accused: s, AccusedSet: true})...)
	}
	return []offerTry{
		{arbiter.Start, false, []rules.Event{{Kind: rules.Start}}},
		{arbiter.Pause, false, []rules.Event{{Kind: rules.Pause}}},
		{arbiter.Resume, false, []rules.Event{{Kind: rules.Resume}}},
		{arbiter.Adjust, false, perSeat(rules.Event{Kind: rules.Adjust, Delta: time.Second})},
		{arbiter.Claim, true, claims},
		{arbiter.Uphold, false, []rules.Event{{Kind: rules.Uphold}}},
		{arbiter.Reject, false, []rules.Event{{Kind: rules.Reject}}},
		{arbiter.Declare, true, []rules.Event{
			{Kind: rules.Declare, Board: bughouse.BoardA, Outcome: rules.WhiteWins, Reason: rules.Resignation},
			{Kind: rules.Declare, Board: bughouse.BoardB, Outcome: rules.WhiteWins, Reason: rules.Resignation}}},
		{arbiter.Warn, false, perSeat(rules.Event{Kind: rules.Warn})},
		{arbiter.Penalty, false, perSeat(rules.Event{Kind: rules.Penalize})},
		{arbiter.Agree, true, []rules.Event{{Kind: rules.AgreeAll}}},
		{arbiter.Call, false, []rules.Event{{Kind: rules.Call}, {Kind: rules.Call, Delta: time.Minute}}},
		{arbiter.Arrive, false, perSeat(rules.Event{Kind: rules.Arrive})},
	}
}()

type offerTry struct {
	kind arbiter.Kind
	stop bool
	evs  []rules.Event
}

// offers returns the commands of OfferKinds that the table would take
// just after instant at (a command comes after the snapshot that shows
// its button: one at the decision's very instant could still declare the
// other board, clock rule 7, which no arbiter's hand does): each kind's
// offerTries are tried on copies of m (a rules.Match is a value: a copy
// looks ahead without touching the match), and a kind is in the set when
// one of them is neither refused nor ignored. A command left out could
// only be refused or ignored now, whatever its arguments, so a page need
// not offer it. NewMatch is the table's own rule: refused while the
// clocks run (newMatch), taken otherwise.
func offers(m *rules.Match, at time.Duration) Offers {
	at = max(at, m.Now()) + time.Nanosecond
	var o Offers
	if m.Status() != rules.Running {
		o |= 1 << arbiter.NewMatch
	}
	for _, t := range offerTries {
		for _, e := range t.evs {
			c := *m
			if t.stop && c.Status() == rules.Running {
				if _, err := c.Apply(rules.Event{Kind: rules.Pause, At: at}); err != nil || c.Status() != rules.Paused {
					continue // decided before the action (t.stop)
				}
			}
			e.At = at
			if eff, err := c.Apply(e); err == nil && eff.Ignored == "" {
				o |= 1 << t.kind
				break
			}
		}
	}
	return o
}
