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
	"direct_encounter", "buchholz_cut1", "buchholz", "sonneborn_berger", "wins"}

// WriteCSV writes standings (from Standings) as CSV with the header
// StandingsCSVHeader: rank, team id and name, the board A and board B
// players, match points, then the tie-breaks in Art 43 order. Points and
// tie-breaks are decimals with a point ("2.5", "6.25");
// direct_encounter is empty where Art 43.1 does not apply. A write error
// is returned as is.
func WriteCSV(w io.Writer, standings []Standing) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(StandingsCSVHeader); err != nil {
		return err
	}
	for _, s := range standings {
		de := ""
		if s.DirectApplied {
			de = num(s.DirectEncounter)
		}
		if err := cw.Write([]string{strconv.Itoa(s.Rank), strconv.Itoa(s.Team.ID), s.Team.Name,
			s.Team.Players[0].Name, s.Team.Players[1].Name, num(s.Points), de,
			num(s.BuchholzCut1), num(s.Buchholz), num(s.SonnebornBerger), strconv.Itoa(s.Wins)}); err != nil {
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
// BH, SB, W). A write error is returned as is.
func WriteText(w io.Writer, standings []Standing) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tid\tteam\tpts\tDE\tBH-1\tBH\tSB\tW")
	for i, s := range standings {
		rank := strconv.Itoa(s.Rank)
		if (i > 0 && standings[i-1].Rank == s.Rank) || (i+1 < len(standings) && standings[i+1].Rank == s.Rank) {
			rank += "="
		}
		de := "-"
		if s.DirectApplied {
			de = num(s.DirectEncounter)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\n", rank, s.Team.ID, s.Team.Name,
			num(s.Points), de, num(s.BuchholzCut1), num(s.Buchholz), num(s.SonnebornBerger), s.Wins)
	}
	return tw.Flush()
}
