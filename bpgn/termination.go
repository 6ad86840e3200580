package bpgn

import "strings"

// Ending says how a recorded game ended, as its final comment tells.
type Ending uint8

const (
	// EndUnknown: the record does not say (or says it in words Termination
	// does not know).
	EndUnknown Ending = iota
	// EndCheckmate: {X checkmated}.
	EndCheckmate
	// EndResignation: {X resigns}.
	EndResignation
	// EndTime: {X forfeits on time}.
	EndTime
	// EndDisconnection: {X forfeits by disconnection}.
	EndDisconnection
	// EndAgreement: {Game drawn by mutual agreement}.
	EndAgreement
	// EndRepetition: {Game drawn by repetition}.
	EndRepetition
	// EndAborted: {Game aborted ...} or {Game adjourned ...}: no result.
	EndAborted
)

var endingNames = [...]string{"unknown", "checkmate", "resignation", "time", "disconnection", "agreement", "repetition", "aborted"}

// String returns the ending's word, e.g. "checkmate".
func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "unknown"
}

// Termination is how the record says the game ended.
type Termination struct {
	Ending Ending
	// Players are the names the text gives for the losing side: one for
	// a FICS comment ({Carla forfeits on time}), possibly two for an
	// Outcome tag ("Alba & Dario checkmated"); none for draws and aborts,
	// and none when the text names the winner instead.
	Players []string
	// Winners are the names the text gives for the winning side, when it
	// names the winner rather than the loser: the chess.com Termination
	// tag ("blunderman1 won by checkmate"). The names need not be among
	// the record's players (chess.com writes account names).
	Winners []string
	// Text is the comment or tag value it was read from; Line its line.
	Text string
	Line int
	// Moves is how many of the record's moves come before the comment:
	// len(Moves) when it follows the last move, as an ending must. It is
	// len(Moves) for the Outcome tag.
	Moves int
}

// Termination returns how the game ended: the last comment in FICS words
// ({X checkmated}, {X resigns}, {X forfeits on time}, {X forfeits by
// disconnection}, {Game drawn by mutual agreement}, {Game drawn by
// repetition}, {Game aborted ...}); failing that, the bughouse.pro Outcome
// tag ("Bruno & Carla won: Alba & Dario checkmated"); failing that, the
// chess.com Termination tag ("X won by checkmate", "X won by resignation",
// "X won on time", "X won - game abandoned", "Game drawn by agreement",
// "Game drawn by repetition"), which names the winner (Winners). Ending
// is EndUnknown when none says.
func (g *Game) Termination() Termination {
	var t Termination
	see := func(c Comment, moves int) {
		if e, players, ok := parseEnding(c.Text); ok {
			t = Termination{Ending: e, Players: players, Text: c.Text, Line: c.Line, Moves: moves}
		}
	}
	// Comments in record order: game comments before the first move, move
	// comments, then comments after the result token.
	for _, c := range g.Comments[:g.before] {
		see(c, 0)
	}
	for i, m := range g.Moves {
		for _, c := range m.Comments {
			see(c, i+1)
		}
	}
	for _, c := range g.Comments[g.before:] {
		see(c, len(g.Moves))
	}
	if t.Ending != EndUnknown {
		return t
	}
	if o, ok := g.Tag("Outcome"); ok {
		text := o.Value
		if i := strings.LastIndexByte(text, ':'); i >= 0 {
			text = text[i+1:]
		}
		text = strings.TrimSpace(text)
		for _, s := range []struct {
			suffix string
			e      Ending
		}{{" checkmated", EndCheckmate}, {" resigned", EndResignation}, {" resigns", EndResignation}, {" forfeits on time", EndTime}, {" ran out of time", EndTime}} {
			if names, ok := strings.CutSuffix(text, s.suffix); ok {
				var players []string
				for _, n := range strings.Split(strings.ReplaceAll(names, " and ", " & "), "&") {
					if n = strings.TrimSpace(n); n != "" {
						players = append(players, n)
					}
				}
				if len(players) > 0 {
					return Termination{Ending: s.e, Players: players, Text: o.Value, Line: o.Line, Moves: len(g.Moves)}
				}
			}
		}
	}
	if tag, ok := g.Tag("Termination"); ok {
		if e, winners, ok := parseTerminationTag(tag.Value); ok {
			return Termination{Ending: e, Winners: winners, Text: tag.Value, Line: tag.Line, Moves: len(g.Moves)}
		}
	}
	return t
}

// parseTerminationTag reads a chess.com Termination tag: "X won by
// checkmate" and the like (the winner's name first), or "Game drawn by
// ...". ok is false for words it does not know (e.g. "drawn by
// stalemate", which has no Ending).
func parseTerminationTag(text string) (Ending, []string, bool) {
	text = strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(text, "Game drawn by agreement"), strings.HasPrefix(text, "Game drawn by mutual agreement"):
		return EndAgreement, nil, true
	case strings.HasPrefix(text, "Game drawn by repetition"):
		return EndRepetition, nil, true
	}
	for _, s := range []struct {
		suffix string
		e      Ending
	}{{" won by checkmate", EndCheckmate}, {" won by resignation", EndResignation}, {" won on time", EndTime}, {" won - game abandoned", EndDisconnection}} {
		if names, ok := strings.CutSuffix(text, s.suffix); ok {
			var winners []string
			for _, n := range strings.Split(strings.ReplaceAll(names, " and ", " & "), "&") {
				if n = strings.TrimSpace(n); n != "" {
					winners = append(winners, n)
				}
			}
			if len(winners) > 0 {
				return s.e, winners, true
			}
		}
	}
	return EndUnknown, nil, false
}

// parseEnding reads one FICS termination comment.
func parseEnding(text string) (Ending, []string, bool) {
	f := strings.Fields(text)
	switch {
	case len(f) >= 2 && f[0] == "Game" && (f[1] == "aborted" || f[1] == "adjourned"):
		return EndAborted, nil, true
	case strings.HasPrefix(text, "Game drawn by mutual agreement"):
		return EndAgreement, nil, true
	case strings.HasPrefix(text, "Game drawn by repetition"):
		return EndRepetition, nil, true
	case len(f) == 2 && f[1] == "checkmated":
		return EndCheckmate, f[:1], true
	case len(f) == 2 && f[1] == "resigns":
		return EndResignation, f[:1], true
	case len(f) == 4 && f[1] == "forfeits" && f[2] == "on" && f[3] == "time":
		return EndTime, f[:1], true
	case len(f) == 4 && f[1] == "forfeits" && f[2] == "by" && f[3] == "disconnection":
		return EndDisconnection, f[:1], true
	}
	return EndUnknown, nil, false
}
