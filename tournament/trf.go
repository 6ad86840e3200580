package tournament

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"tandem/clock"
)

// TRFForm says which TRF-2026 file WriteTRF writes.
type TRFForm uint8

// The two forms.
const (
	// TRFTeams (the zero value) is the team tournament report: one 001
	// record per player (board A player of team k is 2k-1, board B player
	// 2k), each with the game of every round on its board, and one 310
	// team record per team, plus 320 (pairing-allocated byes) and 330
	// (forfeited matches). This is what FIDE and TRF-2026 team pairing
	// programs read.
	TRFTeams TRFForm = iota
	// TRFEngine is for individual pairing engines (bbpPairings, JaVaFo),
	// which pair 001 records and ignore team records: one 001 record per
	// team, its starting rank the team id, its rating the team's average
	// (Team.Rating), its colour that of team 1 ("w": A-white + B-black).
	// The engine then pairs teams, and its output (ReadEnginePairings)
	// names them by id.
	TRFEngine
)

// TRFOpts are WriteTRF's options; nil means the zero value.
type TRFOpts struct {
	// Form is the kind of file; zero: TRFTeams.
	Form TRFForm
}

// WriteTRF writes the tournament as a TRF-2026 file (FIDE Handbook
// TRF26; docs/tournament.md maps every field), with the rounds up to
// LastRound and their results, so that a pairing engine can pair the next
// round. Lines end with CR LF (the format's Remark 1 asks for a CR).
//
// Columns are the format's, counted from 1: 001 records have the starting
// rank in 5-8, title 11-13, name 15-47, rating 49-52, federation 54-56,
// FIDE id 58-68, points 81-84, rank 86-89, then each round in 10 columns
// from 92 (opponent 92-95, colour 97, result 99). Record 310 has the team
// number in 5-7, name 9-40, strength (average rating) 48-53, match points
// 55-60, game points 62-67, rank 69-71, players from 74 every 5 columns.
//
// A match without a result in those rounds is an error (an engine needs
// every result before it pairs); nothing is written then. A write error
// is returned as is.
func (t *Tournament) WriteTRF(w io.Writer, o *TRFOpts) error {
	var opts TRFOpts
	if o != nil {
		opts = *o
	}
	n := t.LastRound()
	for r := 1; r <= n; r++ {
		for _, m := range t.rounds[r] {
			if !m.Bye() && m.Result == Pending {
				return fmt.Errorf("tournament: round %d table %d has no result; TRF needs every result up to round %d", r, m.Table, n)
			}
		}
	}
	h := t.history(n)
	st := t.StandingsAfter(n)
	rank := make([]int, len(t.Teams))
	byID := make([]Standing, len(t.Teams))
	for _, s := range st {
		rank[s.Team.ID-1] = s.Rank
		byID[s.Team.ID-1] = s
	}

	bw := bufio.NewWriter(w)
	line := func(s string) { bw.WriteString(strings.TrimRight(s, " ") + "\r\n") }
	t.writeHeader(line, opts.Form)
	switch opts.Form {
	case TRFEngine:
		line(fmt.Sprintf("XXR %d", t.Rounds))
		if t.ByePoints != 1 {
			line("XXS PAB=" + strconv.FormatFloat(t.ByePoints, 'f', -1, 64))
		}
		for i := range t.Teams {
			tm := &t.Teams[i]
			fed := tm.Players[0].Federation
			if tm.Players[1].Federation != fed {
				fed = ""
			}
			rec := newRecord("001")
			rec.right(5, 8, strconv.Itoa(tm.ID))
			rec.left(15, 47, tm.Name)
			rec.rating(49, tm.Rating())
			rec.left(54, 56, fed)
			// An engine pairs on match points and match results: a match
			// of both boards played out is won by the sum.
			rec.right(81, 84, fmtPoints(byID[i].MatchPoints, 1))
			rec.right(86, 89, strconv.Itoa(rank[i]))
			for r, e := range h[i] {
				e.score = e.match
				rec.round(r, e.opponent, e, trfColour(e.team1))
			}
			line(rec.String())
		}
	default:
		num := t.playerNumbers()
		for i := range t.Teams {
			tm := &t.Teams[i]
			for k := range num[i] {
				p, _ := tm.Member(k)
				rec := newRecord("001")
				rec.right(5, 8, strconv.Itoa(num[i][k]))
				rec.left(11, 13, p.Title)
				rec.left(15, 47, p.Name)
				rec.rating(49, p.Rating)
				rec.left(54, 56, p.Federation)
				if p.FIDEID > 0 {
					rec.right(58, 68, strconv.FormatInt(p.FIDEID, 10))
				}
				pts := 0.0
				for r, e := range h[i] {
					b := t.boardOf(r+1, tm.ID, k)
					if b < 0 {
						rec.round(r, 0, entry{counted: true}, 'w') // not in the round's lineup: absent
						continue
					}
					opp := 0
					if e.opponent != 0 {
						opp = num[e.opponent-1][t.Lineup(r+1, e.opponent)[b]]
					}
					// A player takes the match's result, or his board's when
					// both boards are played out.
					if e.score = e.match; t.BothBoards && e.played {
						e.score = e.boards[b]
					}
					if e.counted {
						pts += e.score
					}
					// Team 1's board A player has White, its board B
					// player Black; team 2 the other way (bughouse.Seat).
					rec.round(r, opp, e, trfColour(e.team1 == (b == 0)))
				}
				rec.right(81, 84, fmtPoints(pts, 1))
				rec.right(86, 89, strconv.Itoa(rank[i]))
				line(rec.String())
			}
		}
		for i := range t.Teams {
			tm := &t.Teams[i]
			rec := newRecord("310")
			rec.right(5, 7, strconv.Itoa(tm.ID))
			rec.left(9, 40, tm.Name)
			if r := tm.Rating(); r > 0 {
				rec.right(48, 53, strconv.Itoa(r))
			}
			// Match points, then game points: under the first decision
			// both boards take the match's result (Art 31, 36).
			rec.right(55, 60, fmtPoints(byID[i].MatchPoints, 1))
			rec.right(62, 67, fmtPoints(byID[i].GamePoints, 1))
			rec.right(69, 71, strconv.Itoa(rank[i]))
			for k, pn := range num[i] {
				rec.right(74+5*k, 77+5*k, strconv.Itoa(pn))
			}
			line(rec.String())
		}
		t.writeByesForfeits(line, n)
		for _, m := range t.playoffs {
			if m.Result != Pending {
				line(fmt.Sprintf("### playoff (Art 43.6): %s - %s %s", t.Team(m.Team1).Name, t.Team(m.Team2).Name, m.Text()))
			}
		}
	}
	return bw.Flush()
}

// playerNumbers returns each team's players' TRF numbers, by team (index
// id-1) and member (Team.Member): team k's players are 2k-1 and 2k (its
// board A and board B players in the file), its substitutes numbered after
// every team's players, in team order.
func (t *Tournament) playerNumbers() [][]int {
	out := make([][]int, len(t.Teams))
	next := 2*len(t.Teams) + 1
	for i := range t.Teams {
		out[i] = []int{2*t.Teams[i].ID - 1, 2 * t.Teams[i].ID}
		for range t.Teams[i].Substitutes {
			out[i] = append(out[i], next)
			next++
		}
	}
	return out
}

// boardOf returns the board (0 A, 1 B) team id's member k played in round
// r, -1 when not in the round's lineup (a bye or an absence is the
// lineup's round too).
func (t *Tournament) boardOf(r, id, k int) int {
	for b, m := range t.Lineup(r, id) {
		if m == k {
			return b
		}
	}
	return -1
}

func trfColour(white bool) byte {
	if white {
		return 'w'
	}
	return 'b'
}

// writeHeader writes the tournament section (012 to 362).
func (t *Tournament) writeHeader(line func(string), form TRFForm) {
	line("012 " + t.Name)
	if t.City != "" {
		line("022 " + t.City)
	}
	if t.Federation != "" {
		line("032 " + t.Federation)
	}
	if !t.Start.IsZero() {
		line("042 " + t.Start.Format("2006/01/02"))
	}
	if !t.End.IsZero() {
		line("052 " + t.End.Format("2006/01/02"))
	}
	rated, players := 0, 0
	for _, tm := range t.Teams {
		for k := 0; k < 2+len(tm.Substitutes); k++ {
			if p, _ := tm.Member(k); p.Rating > 0 {
				rated++
			}
			players++
		}
	}
	line(fmt.Sprintf("062 %d", players))
	line(fmt.Sprintf("072 %d", rated))
	line(fmt.Sprintf("082 %d", len(t.Teams)))
	line("092 Bughouse, teams of two (tandem)")
	if t.ChiefArbiter != "" {
		line("102 " + t.ChiefArbiter)
	}
	for _, d := range t.DeputyArbiters {
		line("112 " + d)
	}
	if t.TimeControl != "" {
		line("122 " + t.TimeControl)
	}
	if len(t.RoundDates) > 0 {
		rec := newRecord("132")
		for i, d := range t.RoundDates {
			rec.left(92+10*i, 99+10*i, d.Format("06/01/02"))
		}
		line(rec.String())
	}
	line(fmt.Sprintf("142 %d", t.Rounds))
	if t.ByePoints != 1 {
		// 162: the result code in 6, its points in 7-10.
		rec := newRecord("162")
		rec.left(6, 6, "P")
		rec.right(7, 10, fmtPoints(t.ByePoints, 1))
		line(rec.String())
	}
	if code := encodeControl(t.TimeControl); code != "" {
		line("222 " + code)
	}
	if form == TRFTeams {
		line("352 WB")
		// 362: Art 36's match points (the format's defaults are 2/1/0).
		// The format names the codes TW, TD, TL; we place each code and
		// its points in 162's value columns: code in 5-6, points 7-10,
		// then 14-15 / 16-19 and 23-24 / 25-28.
		rec := newRecord("362")
		for i, c := range []struct {
			code string
			pts  float64
		}{{"TW", 1}, {"TD", 0.5}, {"TL", 0}} {
			rec.left(5+9*i, 6+9*i, c.code)
			rec.right(7+9*i, 10+9*i, fmtPoints(c.pts, 1))
		}
		line(rec.String())
	}
}

// writeByesForfeits writes record 320 (the PAB team of each round) and
// the 330 records (forfeited matches: "+-" team 1 won, "-+" team 2, "--"
// both absent; white team is team 1).
func (t *Tournament) writeByesForfeits(line func(string), n int) {
	var pab []int
	some := false
	for r := 1; r <= n; r++ {
		id := 0
		for _, m := range t.rounds[r] {
			if m.Bye() {
				id = m.Team1
				some = true
			}
		}
		pab = append(pab, id)
	}
	if some {
		rec := newRecord("320")
		rec.right(5, 8, fmtPoints(t.ByePoints, 1))
		rec.right(10, 13, fmtPoints(2*t.ByePoints, 1))
		for i, id := range pab {
			rec.zero(15+4*i, 17+4*i, id)
		}
		line(rec.String())
	}
	for r := 1; r <= n; r++ {
		for _, m := range t.rounds[r] {
			var code string
			switch m.Result {
			case Forfeit1:
				code = "+-"
			case Forfeit2:
				code = "-+"
			case DoubleForfeit:
				code = "--"
			default:
				continue
			}
			rec := newRecord("330")
			rec.left(5, 6, code)
			rec.zero(8, 10, r)
			rec.zero(12, 14, m.Team1)
			rec.zero(16, 18, m.Team2)
			line(rec.String())
		}
	}
}

// encodeControl returns TRF tag 222's encoding of a time control (seconds:
// "300", "180+2", "40/5400+30:1800+30"), or "" when there is none or it
// has a delay, which 222 cannot say.
func encodeControl(s string) string {
	if s == "" {
		return ""
	}
	c, err := clock.Parse(s)
	if err != nil {
		return ""
	}
	var parts []string
	for _, st := range c.Stages {
		if st.Delay > 0 {
			return ""
		}
		p := strconv.FormatInt(int64(st.Time/time.Second), 10)
		if st.Moves > 0 {
			p = strconv.Itoa(st.Moves) + "/" + p
		}
		if st.Increment > 0 {
			p += "+" + strconv.FormatInt(int64(st.Increment/time.Second), 10)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ":")
}

// fmtPoints writes points with dec decimals ("2.5", "10.0").
func fmtPoints(p float64, dec int) string { return strconv.FormatFloat(p, 'f', dec, 64) }

// record is one fixed-column line, in characters (runes), from column 1.
type record []rune

func newRecord(id string) record {
	r := record(strings.Repeat(" ", 3))
	copy(r, []rune(id))
	return r
}

func (r *record) grow(end int) {
	for len(*r) < end {
		*r = append(*r, ' ')
	}
}

// left writes s from column start, cut at column end.
func (r *record) left(start, end int, s string) {
	rs := []rune(s)
	if len(rs) > end-start+1 {
		rs = rs[:end-start+1]
	}
	r.grow(end)
	copy((*r)[start-1:], rs)
}

// right writes s right-aligned in start..end (s always fits: callers pass
// numbers their field holds).
func (r *record) right(start, end int, s string) {
	rs := []rune(s)
	if len(rs) > end-start+1 {
		rs = rs[len(rs)-(end-start+1):]
	}
	r.grow(end)
	copy((*r)[end-len(rs):], rs)
}

// zero writes n with leading zeros in start..end ("004").
func (r *record) zero(start, end, n int) {
	r.right(start, end, fmt.Sprintf("%0*d", end-start+1, n))
}

func (r *record) rating(start, rating int) {
	if rating > 0 {
		r.right(start, start+3, strconv.Itoa(rating))
	}
}

// round writes round index i (from 0): opponent in 92-95, colour 97,
// result 99, shifted 10 columns per round. A bye is "0000 - U" (a
// pairing-allocated bye, scored as tag 162's P says), an absence
// "0000 - Z" (a zero-point bye).
func (r *record) round(i, opp int, e entry, colour byte) {
	base := 92 + 10*i
	switch {
	case e.bye:
		r.right(base, base+3, "0000")
		r.left(base+5, base+5, "-")
		r.left(base+7, base+7, "U")
		return
	case e.opponent == 0:
		r.right(base, base+3, "0000")
		r.left(base+5, base+5, "-")
		r.left(base+7, base+7, "Z")
		return
	}
	var code string
	switch {
	case e.played && e.score == 1:
		code = "1"
	case e.played && e.score == 0.5:
		code = "="
	case e.played:
		code = "0"
	case e.score == 1:
		code = "+"
	default:
		code = "-"
	}
	r.right(base, base+3, strconv.Itoa(opp))
	r.left(base+5, base+5, string(colour))
	r.left(base+7, base+7, code)
}

// String returns the record as a line (no line end).
func (r record) String() string { return string(r) }
