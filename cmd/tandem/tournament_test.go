package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	exampleTournament = "../../docs/examples/tournament.toml"
	exampleResults    = "../../tournament/testdata/results.csv"
	examplePairs      = "../../tournament/testdata/round1.pairs"
)

func runTournamentCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"tournament"}, args...), nil, &out, &errb)
	return code, out.String(), errb.String()
}

func TestTournament_Check(t *testing.T) {
	code, out, errs := runTournamentCmd(t, "check", exampleTournament)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Open de Bughouse de Primavera, 4 rounds, 6 teams",
		"1  Los Alfiles (2078): A WFM García, Lucía 2105 ESP, B Martín, Diego 2050 ESP",
		"5  Jaque Doble (1710): A Pérez, Sergio unrated, B Gil, Nuria 1710"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

func TestTournament_CheckBadFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	data := "name = \"x\"\nrounds = 2\n[[team]]\nname = \"A\"\nplayers = [{ name = \"a\" }, { name = \"b\", rating = 99999 }]\n[[team]]\nname = \"B\"\nplayers = [{ name = \"c\" }, { name = \"d\" }]\n"
	if err := os.WriteFile(bad, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runTournamentCmd(t, "check", bad)
	want := bad + ":5: team[1].players[2].rating: 99999; a rating is 0 (unrated) to 3500\n"
	if code != 2 || errs != want || out != "" {
		t.Errorf("exit %d\nstderr %q\nwant   %q\nstdout %q", code, errs, want, out)
	}
	if code, _, errs := runTournamentCmd(t, "check", filepath.Join(dir, "none.toml")); code != 2 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
}

func TestTournament_StandingsFormats(t *testing.T) {
	code, out, errs := runTournamentCmd(t, "standings", exampleTournament, "--results", exampleResults)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 || !strings.Contains(lines[0], "standings after round 4 of 4") ||
		!strings.HasPrefix(lines[2], "1     4   Torre y Media") || !strings.HasPrefix(lines[7], "6     5   Jaque Doble") {
		t.Errorf("text:\n%s", out)
	}

	code, out, _ = runTournamentCmd(t, "standings", "--format=csv", exampleTournament, "--results="+exampleResults)
	if code != 0 || !strings.HasPrefix(out, "rank,id,team,player_a,player_b,points,direct_encounter,") ||
		!strings.Contains(out, "\n2,1,Los Alfiles,\"García, Lucía\",\"Martín, Diego\",2.5,0.5,7.5,9.5,5.25,2,,2.5,5\n") {
		t.Errorf("csv: exit %d\n%s", code, out)
	}

	code, out, _ = runTournamentCmd(t, "standings", exampleTournament, "--results", exampleResults, "--format", "trf")
	if code != 0 || !strings.HasPrefix(out, "012 Open de Bughouse de Primavera\r\n") || !strings.Contains(out, "\r\n310   4 Torre y Media") {
		t.Errorf("trf: exit %d\n%s", code, out)
	}

	code, out, _ = runTournamentCmd(t, "standings", exampleTournament, "--results", exampleResults, "--format", "trf-engine")
	if code != 0 || !strings.Contains(out, "\r\nXXR 4\r\n") || !strings.Contains(out, "001    4      Torre y Media") {
		t.Errorf("trf-engine: exit %d\n%s", code, out)
	}

	// Without results: everyone on 0, sharing rank 1.
	code, out, _ = runTournamentCmd(t, "standings", exampleTournament)
	if code != 0 || strings.Count(out, "1=") != 6 {
		t.Errorf("no results: exit %d\n%s", code, out)
	}
}

func TestTournament_StandingsErrors(t *testing.T) {
	dir := t.TempDir()
	pending := filepath.Join(dir, "pending.csv")
	if err := os.WriteFile(pending, []byte("1,1,1,6,1-0\n1,2,2,5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runTournamentCmd(t, "standings", exampleTournament, "--results", pending, "--format", "trf")
	if code != 1 || out != "" || !strings.Contains(errs, "round 1 table 2 has no result") {
		t.Errorf("pending result in TRF: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("round,table,team1,team2,result\n1,1,1,Nobody,1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runTournamentCmd(t, "standings", exampleTournament, "--results", bad)
	if code != 2 || errs != bad+":2: team2: no team named \"Nobody\"\n" {
		t.Errorf("bad results: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{
		{"standings", exampleTournament, "--format", "pdf"},
		{"standings", exampleTournament, "--results"},
		{"standings", exampleTournament, "--format", "csv", "--format", "trf"},
		{"standings"},
		{"check", exampleTournament, "--results", exampleResults},
		{"check"},
		{"pairings", exampleTournament, "1"},
		{"pairings", exampleTournament, "zero", examplePairs},
		{"pairings", exampleTournament, "9", examplePairs},
		{"sort", exampleTournament},
		{"standings", exampleTournament, "--colour"},
		{},
	} {
		if code, _, errs := runTournamentCmd(t, args...); code != 2 || !strings.Contains(errs, "usage:") {
			t.Errorf("%q: exit %d, %q", args, code, errs)
		}
	}
	if code, out, _ := runTournamentCmd(t, "--help"); code != 0 || !strings.Contains(out, "tandem tournament pairings FILE ROUND PAIRINGS") {
		t.Errorf("help: exit %d", code)
	}
}

func TestTournament_Pairings(t *testing.T) {
	code, out, errs := runTournamentCmd(t, "pairings", exampleTournament, "1", examplePairs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "table 1: Los Alfiles (team 1) v Enroque Largo (team 2)\n" +
		"  A-white  García, Lucía\n" +
		"  A-black  Herrera, Pablo\n" +
		"  B-white  Molina, Sara\n" +
		"  B-black  Martín, Diego\n"
	if !strings.Contains(out, want) || strings.Count(out, "table ") != 3 {
		t.Errorf("got\n%s\nwant it to contain\n%s", out, want)
	}
	// The CSV's round 3 (a team named instead of its id).
	code, out, errs = runTournamentCmd(t, "pairings", exampleTournament, "3", exampleResults)
	if code != 0 || !strings.Contains(out, "table 3: Torre y Media (team 1) v Jaque Doble (team 2)\n  A-white  López, Andrés\n") {
		t.Errorf("csv: exit %d %s\n%s", code, errs, out)
	}

	dir := t.TempDir()
	p := filepath.Join(dir, "r2.txt")
	if err := os.WriteFile(p, []byte("3\n1 2\n3 4\n5 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runTournamentCmd(t, "pairings", exampleTournament, "2", p)
	if code != 2 || errs != p+":4: team 1 (Los Alfiles) is paired twice in round 2 (also line 2)\n" {
		t.Errorf("twice: exit %d, %q", code, errs)
	}
	if err := os.WriteFile(p, []byte("3\n1 2\n3 4\n5 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runTournamentCmd(t, "pairings", exampleTournament, "2", p)
	if code != 0 || !strings.Contains(out, "bye: Jaque Doble (scores 1)") {
		t.Errorf("bye: exit %d\n%s", code, out)
	}
	empty := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(empty, []byte("1,1,1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runTournamentCmd(t, "pairings", exampleTournament, "2", empty); code != 2 || !strings.Contains(errs, "no pairings for round 2") {
		t.Errorf("csv without the round: exit %d, %q", code, errs)
	}
}

// The hall dashboard's results.csv (its columns, a result that counts for
// no pairing) gives the same standings as the plain results file of the
// same rounds.
func TestTournament_StandingsFromTheDashboardsCSV(t *testing.T) {
	hallResults := filepath.Join("..", "..", "tournament", "testdata", "hall-results.csv")
	code, fromHall, errs := runTournamentCmd(t, "standings", exampleTournament, "--results", hallResults, "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, plain, _ := runTournamentCmd(t, "standings", exampleTournament, "--results", exampleResults, "--format", "csv")
	if fromHall != plain {
		t.Errorf("from the dashboard's CSV:\n%s\nfrom the results file:\n%s", fromHall, plain)
	}
	code, text, _ := runTournamentCmd(t, "standings", exampleTournament, "--results", hallResults)
	if code != 0 || !strings.Contains(text, "standings after round 4 of 4") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
}

// tandem tournament's usage errors in Spanish (LANG=es_ES.UTF-8): the
// first line of each, exactly; a file's error keeps its file:line.
func TestTournament_ErrorsInSpanish(t *testing.T) {
	spanish(t)
	dir := t.TempDir()
	quoted := filepath.Join(dir, "t.toml")
	if err := os.WriteFile(quoted, []byte("name = \"Open\"\nrounds = \"4\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "tandem tournament: falta el subcomando: check, standings o pairings"},
		{[]string{"bogus"}, `tandem tournament: subcomando desconocido "bogus"; los subcomandos son check, standings y pairings`},
		{[]string{"check"}, "tandem tournament: check espera un FILE; recibió 0 argumentos"},
		{[]string{"standings", "a", "b"}, "tandem tournament: standings espera un FILE; recibió 2 argumentos"},
		{[]string{"pairings", exampleTournament}, "tandem tournament: pairings espera FILE ROUND PAIRINGS; recibió 1 argumento"},
		{[]string{"pairings", exampleTournament, "1"}, "tandem tournament: pairings espera FILE ROUND PAIRINGS; recibió 2 argumentos"},
		{[]string{"pairings", exampleTournament, "9", examplePairs}, "tandem tournament: ROUND 9: " + exampleTournament + " tiene 4 rondas"},
		{[]string{"pairings", exampleTournament, "x", examplePairs}, `tandem tournament: ROUND "x": un número de ronda a partir de 1`},
		{[]string{"standings", exampleTournament, "--format", "xml"}, `tandem tournament: --format "xml"; los formatos son text, csv, trf y trf-engine`},
		{[]string{"standings", exampleTournament, "--format", "csv", "--format", "trf"}, "tandem tournament: --format dado dos veces"},
		{[]string{"check", exampleTournament, "--results", exampleResults}, "tandem tournament: --results y --format son para standings"},
		{[]string{"check", quoted}, quoted + ":2: rounds: se esperaba un número entero como 4, no una cadena"},
	} {
		code, _, errs := runTournamentCmd(t, tc.args...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != 2 || first != tc.want {
			t.Errorf("%q: exit %d, first line\n\t%q, want\n\t%q", tc.args, code, first, tc.want)
		}
	}
}

// The English of a pairings command given one argument: "1 argument".
func TestTournament_OneArgument(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	code, _, errs := runTournamentCmd(t, "pairings", exampleTournament)
	if first, _, _ := strings.Cut(errs, "\n"); code != 2 || first != "tandem tournament: pairings wants FILE ROUND PAIRINGS, got 1 argument" {
		t.Errorf("exit %d, %q", code, first)
	}
}
