package journal

import (
	"fmt"
	"io"
	"strings"
	"time"

	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
	"tandem/scoresheet"
	"tandem/timeline"
)

// WriteBPGN writes m as a BPGN game record (package bpgn) that tandem
// replay checks move by move: tags, both boards' moves in the order they
// were entered (their scoresheet, Match.Moves) with clock stamps, the
// ending comment and the result (team 1's view, "*" undecided).
//
// Tags: Event ("tandem match ID"), Site (the table's name, "?" unnamed),
// Date (the match's begin, UTC, YYYY.MM.DD), WhiteA, BlackA, WhiteB,
// BlackB (the players of the record's Meta; a seat without a name is
// written as the seat, "A-white", so that the ending can name it),
// Variant "bughouse", Preset (the match's preset), TimeControl (the PGN
// form, seconds: "300", "180+2", "40/5400+30:1800+30"), Result; a match
// played with match_format = both-boards adds MatchFormat, ResultA and
// ResultB (each board's result, its White's view) and Points (the game
// points, "1.5-0.5", team 1 first), and its Result is the sum's. A double
// forfeit (Art 44, "0-0") is written "*", its ending saying why.
//
// The clock stamp rule: a move's stamp is the mover's remaining time
// right after the press that completed it, the seat's n-th turn-ending
// press pairing with its n-th move (a press the arbiter took back with an
// upheld illegal-move claim is not counted: the next one takes its
// place). When that press has not happened (the move was entered, the
// clock not yet pressed), the stamp is the mover's time at the entry.
// The stamps are left out, with a comment saying why, where BPGN's
// remaining-time stamps cannot state the match: per-seat controls
// (TimeControl is one for all), or time added by the arbiter (a stamp
// above its previous one reads as a clock going up). A control whose
// increment is credited before the first move is written with that
// increment in the base ("5m+2s" before the first move: "302+2"), which
// is what the clock held; a delay has no TimeControl form and is left
// out of it.
//
// The ending is a comment in the words the FICS records use and package
// bpgn reads: {NAME checkmated}, {NAME resigns}, {NAME forfeits on time},
// {NAME forfeits by disconnection} (a forfeit), {Game drawn by mutual
// agreement}, {Game drawn by repetition}; other reasons (illegal move,
// stalemate) are said in tandem's words. Errors are the writer's, or the
// record's when its events or moves cannot be read back.
func WriteBPGN(w io.Writer, m *Match) error {
	moves, err := m.Moves()
	if err != nil {
		return err
	}
	sum, err := m.Summarize()
	if err != nil {
		return err
	}
	stamps, err := m.moveStamps(moves)
	if err != nil {
		return err
	}
	g := &bpgn.Game{}
	tag := func(name, value string) { g.Tags = append(g.Tags, bpgn.Tag{Name: name, Value: value}) }
	names := m.playerNames()
	site := m.Begin.Table
	if site == "" {
		site = "?"
	}
	tag("Event", "tandem match "+m.ID())
	tag("Site", timeline.OneLine(site))
	tag("Date", m.Begin.Wall.UTC().Format("2006.01.02"))
	for _, s := range bughouse.Seats {
		tag([4]string{"WhiteA", "BlackA", "WhiteB", "BlackB"}[s], names[s])
	}
	tag("Variant", "bughouse")
	if m.Begin.Preset != "" {
		tag("Preset", m.Begin.Preset)
	}
	tc, tcOK := clock.FormatPGN(m.Options.Control)
	if tcOK {
		tag("TimeControl", tc)
	}
	result := "*"
	if sum.Decided && sum.Result != rules.DoubleForfeit {
		// A double forfeit (Art 44) has no PGN result: "*", and the
		// ending says why.
		result = sum.Result.String()
	}
	if sum.BothBoards {
		tag("MatchFormat", rules.FormatBothBoards.String())
		tag("ResultA", sum.Boards[0].Outcome.String())
		tag("ResultB", sum.Boards[1].Outcome.String())
		tag("Points", rules.PointsText(sum.Points()))
	}
	tag("Result", result)

	why := ""
	switch {
	case hasHandicap(&m.Options):
		why = "clock stamps left out: the seats have different time controls, which a TimeControl tag cannot state"
	case !tcOK:
		why = "clock stamps left out: the time control has no PGN TimeControl form"
	default:
		why = stampsGoUp(moves, stamps, &m.Options)
	}
	if why != "" {
		g.Comments = append(g.Comments, bpgn.Comment{Text: why})
	}
	for i, mv := range moves {
		bm := bpgn.Move{Number: (mv.Ply + 1) / 2, Seat: mv.Seat, SAN: mv.SAN}
		if why == "" {
			bm.Stamp, bm.StampKind = stamps[i], bpgn.Remaining
		}
		g.Moves = append(g.Moves, bm)
	}
	if sum.Decided {
		if end := endingText(sum, names); end != "" {
			c := bpgn.Comment{Text: end}
			if n := len(g.Moves); n > 0 {
				g.Moves[n-1].Comments = append(g.Moves[n-1].Comments, c)
			} else {
				g.Comments = append(g.Comments, c)
			}
		}
	}
	g.Result = result
	return bpgn.Write(w, g)
}

// playerNames returns each seat's player for the tags: the record's name,
// or the seat's when it has none, made one line.
func (m *Match) playerNames() [4]string {
	var n [4]string
	for _, s := range bughouse.Seats {
		n[s] = s.String()
		if p := m.Begin.Players; p != nil && strings.TrimSpace(p[s]) != "" {
			n[s] = timeline.OneLine(strings.TrimSpace(p[s]))
		}
	}
	return n
}

// moveStamps returns each move's clock stamp (moves as Match.Moves gives
// them), by the rule WriteBPGN states: it replays the match's events in
// record order, noting each seat's remaining time when its count of
// completed moves (rules.SeatClock.Moves) reaches n, and each move
// record's mover's time at its entry.
func (m *Match) moveStamps(moves []scoresheet.Move) ([]time.Duration, error) {
	rm, err := rules.New(m.Options)
	if err != nil {
		return nil, err
	}
	var pressed [4][]time.Duration // [seat][n-1]: remaining after the n-th turn-ending press
	type entered struct {
		board bughouse.Board
		at    time.Duration
	}
	var sheet []entered // the entry stamp of each move still on the sheet
	for _, r := range m.Records {
		switch {
		case r.Kind == KindEvent && r.Event != nil && !isReset(r):
			before := rm.Snapshot(rm.Now())
			rm.Apply(*r.Event)
			after := rm.Snapshot(rm.Now())
			for _, s := range bughouse.Seats {
				n := after.Clocks[s].Moves
				if n > before.Clocks[s].Moves && n > 0 {
					for len(pressed[s]) < n {
						pressed[s] = append(pressed[s], 0)
					}
					pressed[s][n-1] = rm.Remaining(s, rm.Now())
				}
			}
		case r.Kind == KindMove:
			b, err := bughouse.ParseBoard(r.Board)
			if err != nil {
				return nil, fmt.Errorf("record seq %d: %w", r.Seq, err)
			}
			seat, err := bughouse.ParseSeat(r.Seat)
			if err != nil {
				return nil, fmt.Errorf("record seq %d: %w", r.Seq, err)
			}
			sheet = append(sheet, entered{board: b, at: rm.Remaining(seat, max(r.At, rm.Now()))})
		case r.Kind == KindTakeBack:
			b, _ := bughouse.ParseBoard(r.Board) // Moves read it already
			for i := len(sheet) - 1; i >= 0; i-- {
				if sheet[i].board == b {
					sheet = append(sheet[:i], sheet[i+1:]...)
					break
				}
			}
		}
	}
	if len(sheet) != len(moves) {
		return nil, fmt.Errorf("journal: match %s: %d moves on the sheet, %d entry stamps", m.ID(), len(moves), len(sheet))
	}
	stamps := make([]time.Duration, len(moves))
	var nth [4]int
	for i, mv := range moves {
		n := nth[mv.Seat]
		nth[mv.Seat]++
		if n < len(pressed[mv.Seat]) {
			stamps[i] = pressed[mv.Seat][n]
		} else {
			stamps[i] = sheet[i].at
		}
	}
	return stamps, nil
}

func hasHandicap(o *rules.Options) bool {
	for _, c := range o.SeatControls {
		if c != nil {
			return true
		}
	}
	return false
}

// stampsGoUp returns why the stamps cannot be written when a seat's
// stamps leave it more time than it could have (the arbiter added time):
// the check tandem replay makes (credit of base and increments, minus the
// stamp, never decreasing), or "".
func stampsGoUp(moves []scoresheet.Move, stamps []time.Duration, o *rules.Options) string {
	c, ok := clock.FormatPGN(o.Control)
	if !ok {
		return ""
	}
	pc, err := clock.ParsePGN(c)
	if err != nil {
		return ""
	}
	var credit, used [4]time.Duration
	var count [4]int
	for _, s := range bughouse.Seats {
		credit[s] = pc.Initial()
	}
	for i, mv := range moves {
		s := mv.Seat
		count[s]++
		credit[s] += pgnBonus(&pc, count[s])
		u := credit[s] - stamps[i]
		if u < used[s] || u < 0 {
			return fmt.Sprintf("clock stamps left out: %s has more time at %s. %s than its clock could (time added by the arbiter), which remaining-time stamps cannot state", s, (&scoresheet.Move{Board: mv.Board, Ply: mv.Ply, Seat: s}).Number(), mv.SAN)
		}
		used[s] = u
	}
	return ""
}

// pgnBonus is what the PGN TimeControl credits after a player's move n
// (1-based): the stage's increment, and the next stage's time when move n
// ends a stage (the last stage repeats).
func pgnBonus(c *clock.Control, n int) time.Duration {
	end := 0
	for i, s := range c.Stages {
		if s.Moves == 0 {
			return s.Increment
		}
		end += s.Moves
		if n == end {
			next := s
			if i+1 < len(c.Stages) {
				next = c.Stages[i+1]
			}
			return s.Increment + next.Time
		}
		if n < end {
			return s.Increment
		}
	}
	last := c.Stages[len(c.Stages)-1]
	if (n-end)%last.Moves == 0 {
		return last.Increment + last.Time
	}
	return last.Increment
}

// endingText is the ending comment of a decided match.
func endingText(s *Summary, names [4]string) string {
	if s.BothBoards {
		return fmt.Sprintf("tandem: both boards played out (match_format both-boards): board A %s, board B %s; points %s",
			boardText(s.Boards[0]), boardText(s.Boards[1]), rules.PointsText(s.Points()))
	}
	if s.Result == rules.DoubleForfeit {
		return "tandem: 0-0 forfeit: neither team came within the tolerance (Art 44)"
	}
	loser := ""
	if len(s.Seats) > 0 {
		loser = names[s.Seats[0]]
	}
	switch s.Reason {
	case rules.Checkmate:
		return loser + " checkmated"
	case rules.Resignation:
		return loser + " resigns"
	case rules.Flag:
		return loser + " forfeits on time"
	case rules.Forfeit:
		return loser + " forfeits by disconnection"
	case rules.Agreement:
		return "Game drawn by mutual agreement"
	case rules.Repetition:
		return "Game drawn by repetition"
	}
	var seats []string
	for _, seat := range s.Seats {
		seats = append(seats, seat.String())
	}
	t := "tandem: " + s.Result.String() + " " + strings.ReplaceAll(s.Reason.String(), "-", " ")
	if len(seats) > 0 {
		t += " " + strings.Join(seats, " ")
	}
	return t
}
