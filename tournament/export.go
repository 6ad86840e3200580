package tournament

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// StandingsCSVHeader is the header row WriteCSV writes.
var StandingsCSVHeader = []string{"rank", "id", "team", "player_a", "player_b", "points",
	"direct_encounter", "buchholz_cut1", "buchholz", "sonneborn_berger", "wins",
	"playoff", "match_points", "game_points"}

// WriteCSV writes standings (from Standings) as CSV with the header
// StandingsCSVHeader: rank, team id and name, the board A and board B
// players, the points that rank (match points, or game points when both
// boards are played out), then the tie-breaks in Art 43 order (the
// playoff of Art 43.6 last), then match and game points both. Points and
// tie-breaks are decimals with a point ("2.5", "6.25"); direct_encounter
// is empty where Art 43.1 does not apply, playoff where the team played
// no playoff. A write error is returned as is.
func WriteCSV(w io.Writer, standings []Standing) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(StandingsCSVHeader); err != nil {
		return err
	}
	for _, s := range standings {
		de, po := "", ""
		if s.DirectApplied {
			de = num(s.DirectEncounter)
		}
		if s.PlayoffApplied {
			po = num(s.Playoff)
		}
		if err := cw.Write([]string{strconv.Itoa(s.Rank), strconv.Itoa(s.Team.ID), s.Team.Name,
			s.Team.Players[0].Name, s.Team.Players[1].Name, num(s.Points), de,
			num(s.BuchholzCut1), num(s.Buchholz), num(s.SonnebornBerger), strconv.Itoa(s.Wins),
			po, num(s.MatchPoints), num(s.GamePoints)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// num writes a value with the fewest decimals that say it exactly ("2",
// "2.5", "6.25").
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// WriteText writes standings as an aligned table for a terminal or a
// notice board: rank (shared ranks as "3=" on every tied line), team,
// points and the tie-breaks under their Art 43 abbreviations (DE, BH-1,
// BH, SB, W, and PO, the playoff of Art 43.6, when one was played). A
// write error is returned as is.
func WriteText(w io.Writer, standings []Standing) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	playoff := false
	for _, s := range standings {
		playoff = playoff || s.PlayoffApplied
	}
	head := "rank\tid\tteam\tpts\tDE\tBH-1\tBH\tSB\tW"
	if playoff {
		head += "\tPO"
	}
	fmt.Fprintln(tw, head)
	for i, s := range standings {
		rank := strconv.Itoa(s.Rank)
		if (i > 0 && standings[i-1].Rank == s.Rank) || (i+1 < len(standings) && standings[i+1].Rank == s.Rank) {
			rank += "="
		}
		de := "-"
		if s.DirectApplied {
			de = num(s.DirectEncounter)
		}
		po := ""
		if playoff {
			po = "\t-"
			if s.PlayoffApplied {
				po = "\t" + num(s.Playoff)
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d%s\n", rank, s.Team.ID, s.Team.Name,
			num(s.Points), de, num(s.BuchholzCut1), num(s.Buchholz), num(s.SonnebornBerger), s.Wins, po)
	}
	return tw.Flush()
}
