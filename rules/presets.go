package rules

import (
	"fmt"
	"maps"
	"sort"
	"strings"
	"time"

	"tandem/board"
	"tandem/clock"
)

// Preset is a named rule set from docs/rules.md.
type Preset struct {
	// Name is the preset's key, e.g. "reglamento".
	Name string
	// Source says where the rules come from, e.g. "seed 000".
	Source string
	// Summary is one line for listings.
	Summary string
	// Options are the preset's full options.
	Options Options
	// Notes gives, for an option key (OptionKeys), the sentence of the
	// seed (in its own Spanish) or the article its value comes from, or
	// why the seed is silent; tandem presets and docs/rules.md show them.
	Notes map[string]string
}

// DefaultPreset is the preset used when none is named: the regulation the
// product was built from.
const DefaultPreset = "reglamento"

func fiveZero(beforeFirst bool) clock.Control {
	c := clock.SuddenDeath(5 * time.Minute)
	c.IncrementBeforeFirstMove = beforeFirst
	return c
}

// The seeds' sentences the presets quote (docs/rules.md: presets).
const (
	art2  = `Art 2: "En todo lo no previsto aquí se aplican las Leyes del Ajedrez de la FIDE" (FIDE Laws 9.3: the fifty-move rule)`
	art7  = `Art 7: "Ambas partidas inician al mismo tiempo, a la señal del árbitro."`
	art29 = `Art 29: "Solo pueden reclamar los jugadores del tablero donde ocurrió la irregularidad."`
	art31 = `Art 31: "El match termina en cuanto se decide la primera de las dos partidas."`
	art34 = `Art 34: "Si una partida termina en tablas (ahogado, triple repetición o acuerdo), la otra continúa y decide el match."`
	art44 = `Art 44: "dentro de la tolerancia fijada por la convocatoria": none unless the announcement fixes one`

	seedEnds     = `"La partida termina cuando uno de los juegos termina."`
	seedOpposing = `"cuando se hace una jugada ilegal y es descubierto por alguien del equipo contrario"`
	seedChess    = `"Se aplican las reglas de ajedrez, excepto que las piezas capturadas en un tablero se pasan a los jugadores del otro" (FIDE Laws 9.3)`
	silent       = "the seed is silent: "

	onlineDraws = `"Tablas ... Bughouse: Solo por acuerdo de todos los jugadores humanos o por una regla de seguridad"`
	onlineSafe  = `"cuando ningún jugador al que le toca mover, en ninguno de los dos tableros, puede volver a mover"`
	onlineLimit = `"o tras 800 movimientos entre los dos tableros"`
	onlineEnds  = `"la partida termina en cuanto termina uno de los dos tableros"`
	onlineFifty = `"Tablas: Ajedrez estándar: Ahogado, triple repetición, regla de los cincuenta movimientos y material insuficiente. Bughouse: Solo por acuerdo ..."`

	uscfStart  = `"Al inicio del juego, los jugadores con piezas negras ponen a correr ambos relojes simultáneamente."`
	uscfFormat = `"De manera alternativa, cuando un tablero termina puede continuarse el juego en el otro." (match_format = both-boards; the default is the first sentence: ` + seedEnds + `)`

	panoClaim = `"Los movimientos ilegales deberán ser advertidos y pitados por el jugador rival."`
	panoWin   = `"Gana el equipo que primero da jaque mate a uno cualquiera de sus rivales." (a drawn board decides nothing)`
	panoChess = `"Cada jugador juega contra su oponente bajo las reglas del ajedrez" (FIDE Laws 9.3)`

	ficsOnline = "the FICS server: "
)

// presets holds docs/rules.md's preset table as data.
var presets = []Preset{
	{
		Name: "reglamento", Source: "seed 000 (Reglamento de Ajedrez Pasapiezas)",
		Summary: "the 45-article regulation: no drop checks, mate counts the reserve only, stalemate draws",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			ClaimIllegal: ClaimBoardOpponent, DrawAgreement: AgreeOneBoard, FiftyMoveDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateReserve, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateDraw,
			},
		},
		Notes: map[string]string{
			"start": art7, "one_board_draw": art34, "illegal_move_claim": art29,
			"draw_agreement": art34, "deadlock_draw": silent + "no such rule", "move_limit": silent + "no such rule",
			"fifty_move_draw": art2, "match_format": art31, "no_show_tolerance": art44,
		},
	},
	{
		Name: "pasapiezas", Source: "seed 001 (rules summary)",
		Summary: "no drop checks, nothing dropped on the 8th rank, the stalemated player waits, the first board to end ends the match",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			ClaimIllegal: ClaimOpposingTeam, DrawAgreement: AgreeOneBoard, FiftyMoveDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 7},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
		Notes: map[string]string{
			"start": silent + "the arbiter starts (Art 7)", "one_board_draw": seedEnds, "illegal_move_claim": seedOpposing,
			"draw_agreement": silent + "a board's players agree (FIDE Laws 9.1)", "deadlock_draw": silent + "no such rule",
			"move_limit": silent + "no such rule", "fifty_move_draw": seedChess, "match_format": seedEnds,
			"no_show_tolerance": silent + "none unless the tournament fixes one (Art 44)",
		},
	},
	{
		Name: "online", Source: "seed 002 (an online bughouse table)",
		Summary: "online table rules: drop checks allowed, pawns on ranks 2-7, 3+0, draws only by agreement of all four or a safety rule",
		Options: Options{
			Control: clock.SuddenDeath(3 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalArbiter, RepetitionDraw: false,
			ClaimIllegal: ClaimBoardOpponent, DrawAgreement: AgreeAllFour, DeadlockDraw: true, MoveLimit: 800,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 7}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
		Notes: map[string]string{
			"start": silent + "the arbiter starts (Art 7)", "one_board_draw": onlineEnds,
			"illegal_move_claim": silent + "an illegal move cannot be made online (Art 29 over the board)",
			"draw_agreement":     onlineDraws, "deadlock_draw": onlineSafe, "move_limit": onlineLimit,
			"fifty_move_draw": onlineFifty, "match_format": onlineEnds,
			"no_show_tolerance": silent + "none unless the tournament fixes one (Art 44)",
		},
	},
	{
		Name: "uscf-fics", Source: "seed 003 (encyclopedia: US federation, FICS, ICC)",
		Summary: "drop checks allowed, pawns on ranks 2-6, steal promotion, the Black players start the clocks",
		Options: Options{
			Control: fiveZero(true), Start: StartBothBlack, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalLossOnClaim, RepetitionDraw: true,
			ClaimIllegal: ClaimOpposingTeam, DrawAgreement: AgreeOneBoard, FiftyMoveDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionSteal, CastleDroppedRook: false, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
		Notes: map[string]string{
			"start": uscfStart, "one_board_draw": seedEnds, "illegal_move_claim": seedOpposing,
			"draw_agreement": `"Puede quedar tablas si se acuerda"`, "deadlock_draw": silent + "no such rule",
			"move_limit": silent + "no such rule", "fifty_move_draw": seedChess, "match_format": uscfFormat,
			"no_show_tolerance": silent + "none unless the tournament fixes one (Art 44)",
		},
	},
	{
		Name: "panoriental", Source: "seed 004 (a student-run regional tournament)",
		Summary: "no drop checks, pawns on ranks 1-6, castling with a dropped rook, stalemate wins, three illegal moves lose",
		Options: Options{
			Control: fiveZero(true), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: OtherContinues, IllegalMove: IllegalThreeStrikes, RepetitionDraw: true,
			ClaimIllegal: ClaimBoardOpponent, DrawAgreement: AgreeOneBoard, FiftyMoveDraw: true,
			Rules: board.Rules{
				DropCheck: board.DropCheckForbidden, PawnDropRanks: board.Ranks{1, 6}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateReserve, Promotion: board.PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWinForStalemated,
			},
		},
		Notes: map[string]string{
			"start": silent + "the arbiter starts (Art 7)", "one_board_draw": panoWin, "illegal_move_claim": panoClaim,
			"draw_agreement": silent + "a board's players agree (FIDE Laws 9.1)", "deadlock_draw": silent + "no such rule",
			"move_limit": silent + "no such rule", "fifty_move_draw": panoChess, "match_format": panoWin,
			"no_show_tolerance": silent + "none unless the tournament fixes one (Art 44)",
		},
	},
	{
		Name: "fics", Source: "the FICS server (recorded games in testdata/bpgn)",
		Summary: "what FICS accepted: drop checks allowed, pawns on ranks 2-7, a draw on one board draws the match; replays take the record's time control",
		Options: Options{
			Control: clock.SuddenDeath(2 * time.Minute), Start: StartArbiter, SimultaneousWindow: time.Millisecond,
			OneBoardDraw: MatchDrawn, IllegalMove: IllegalArbiter, RepetitionDraw: true,
			ClaimIllegal: ClaimBoardOpponent, DrawAgreement: AgreeOneBoard,
			Rules: board.Rules{
				DropCheck: board.DropCheckAllowed, PawnDropRanks: board.Ranks{2, 7}, PieceDropRanks: board.Ranks{1, 8},
				Mate: board.MateBughouse, Promotion: board.PromotionUpgrade, CastleDroppedRook: true, DroppedPawnDoubleStep: true,
				Stalemate: board.StalemateWait,
			},
		},
		Notes: map[string]string{
			"start": ficsOnline + "the server starts both games", "one_board_draw": ficsOnline + "a draw on one board ends the match",
			"illegal_move_claim": ficsOnline + "an illegal move cannot be made online",
			"draw_agreement":     ficsOnline + "a board's players agree", "deadlock_draw": ficsOnline + "no such rule",
			"move_limit": ficsOnline + "no such rule", "fifty_move_draw": ficsOnline + "no fifty-move draw in its recorded games",
			"match_format":      ficsOnline + "the first board to end ends the match",
			"no_show_tolerance": ficsOnline + "not over the board",
		},
	},
}

// Presets returns every preset, sorted by name. The returned values are
// copies: changing them changes nothing here.
func Presets() []Preset {
	out := append([]Preset(nil), presets...)
	for i := range out {
		out[i] = out[i].clone()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// clone returns p with its own copy of the control's Stages and of its
// Notes. Copying a Preset copies the Stages slice header only, so writing
// Options.Control.Stages[i] in a returned "copy" rewrote the preset table
// for every later caller (TestPresets_AreCopies). The presets have no
// SeatControls, so nothing else is shared.
func (p Preset) clone() Preset {
	p.Options.Control.Stages = append([]clock.Stage(nil), p.Options.Control.Stages...)
	p.Notes = maps.Clone(p.Notes)
	return p
}

// PresetNames returns the preset names, sorted.
func PresetNames() []string {
	var names []string
	for _, p := range Presets() {
		names = append(names, p.Name)
	}
	return names
}

// LookupPreset returns the preset called name, or an error listing the
// names that exist.
func LookupPreset(name string) (Preset, error) {
	for _, p := range presets {
		if p.Name == name {
			return p.clone(), nil
		}
	}
	return Preset{}, fmt.Errorf("unknown preset %q; presets are %s", name, strings.Join(PresetNames(), ", "))
}
