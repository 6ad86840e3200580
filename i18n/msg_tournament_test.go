package i18n

import (
	"strings"
	"testing"

	"tandem/bpgn"
	"tandem/config"
	"tandem/tournament"
)

// msgTournament is a valid tournament file the cases below alter.
const msgTournament = `name = "Club"
rounds = 3

[[team]]
name = "Los Alfiles"
players = [{ name = "P1" }, { name = "P2" }]
substitutes = [{ name = "S1" }]

[[team]]
name = "Enroque Largo"
players = [{ name = "P3" }, { name = "P4" }]

[[team]]
name = "Jaque Doble"
players = [{ name = "P5" }, { name = "P6" }]

[[team]]
name = "Torre Blanca"
players = [{ name = "P7" }, { name = "P8" }]
`

// parseTournament returns the error of msgTournament with old replaced
// by new.
func parseTournament(old, new string) error {
	_, err := tournament.Parse("torneo.toml", []byte(strings.Replace(msgTournament, old, new, 1)))
	return err
}

func loadedTournament(t *testing.T, old, new string) *tournament.Tournament {
	t.Helper()
	tn, err := tournament.Parse("torneo.toml", []byte(strings.Replace(msgTournament, old, new, 1)))
	if err != nil {
		t.Fatal(err)
	}
	return tn
}

// The messages of packages tournament and bpgn, as a club arbiter meets
// them first (a tournament file, a round's pairings, a results CSV, a
// BPGN record), read back from their templates: the Spanish printer
// writes them in Spanish with their values, the English one as they
// are.
func TestMessages_TournamentAndBPGN(t *testing.T) {
	tn := loadedTournament(t, "", "")
	engine := func(in string) error {
		ms, err := tournament.ReadEnginePairings("ronda1.txt", strings.NewReader(in), 1)
		if err == nil {
			err = tn.Apply("ronda1.txt", ms)
		}
		return err
	}
	csv := func(tn *tournament.Tournament, in string) error {
		ms, err := tn.ReadCSV("resultados.csv", strings.NewReader(in))
		if err == nil {
			err = tn.Apply("resultados.csv", ms)
		}
		return err
	}
	bpgnErr := func(src string) error {
		_, err := bpgn.Parse([]byte(src))
		if e, ok := err.(*bpgn.Error); ok {
			e.File = "partida.bpgn" // as tandem replay names it
		}
		return err
	}
	both := loadedTournament(t, "rounds = 3", "rounds = 3\nmatch_format = \"both-boards\"")
	if err := both.SetRound(1, []tournament.Match{{Table: 1, Team1: 1, Team2: 2}}); err != nil {
		t.Fatal(err)
	}
	played := loadedTournament(t, "", "")
	if err := played.SetRound(1, []tournament.Match{{Table: 1, Team1: 1, Team2: 2, Result: tournament.Win1}, {Table: 2, Team1: 3, Team2: 4}}); err != nil {
		t.Fatal(err)
	}
	playoffs := loadedTournament(t, "rounds = 3", "rounds = 3\narmageddon = true")
	cases := []msgCase{
		{"no rounds", parseTournament("rounds = 3", ""),
			"torneo.toml: rounds: falta: el número de rondas (de 1 a 99) es obligatorio"},
		{"team without name", parseTournament(`name = "Enroque Largo"`, ""),
			"torneo.toml:9: team[2].name: falta"},
		{"one player", parseTournament(`players = [{ name = "P3" }, { name = "P4" }]`, `players = [{ name = "P3" }]`),
			"torneo.toml:11: team[2].players: un equipo son dos jugadores (Art 5), primero el del tablero A y luego el del tablero B; este tiene 1"},
		{"rating", parseTournament(`{ name = "P1" }`, `{ name = "P1", rating = 21050 }`),
			"torneo.toml:6: team[1].players[1].rating: 21050; un Elo va de 0 (sin Elo) a 3500"},
		{"federation", parseTournament(`{ name = "P1" }`, `{ name = "P1", federation = "Spain" }`),
			"torneo.toml:6: team[1].players[1].federation: \"Spain\"; una federación son las tres letras mayúsculas de la FIDE, p. ej. ESP"},
		{"title", parseTournament(`{ name = "P1" }`, `{ name = "P1", title = "MF" }`),
			"torneo.toml:6: team[1].players[1].title: título desconocido \"MF\"; se admite: GM, IM, WGM, FM, WIM, CM, WFM, WCM"},
		{"unknown key", parseTournament(`{ name = "P4" }`, `{ name = "P4", elo = 1800 }`),
			"torneo.toml:11: team[2].players[2].elo: clave desconocida; vea en docs/tournament.md las claves de un archivo de torneo"},
		{"duplicate name", parseTournament(`name = "Jaque Doble"`, `name = "los alfiles"`),
			"torneo.toml:14: team[3].name: nombre de equipo \"los alfiles\" repetido: ya lo tiene team[1]"},
		{"duplicate fide id", parseTournament(`{ name = "P1" }, { name = "P2" }`, `{ name = "P1", fide_id = 2200001 }, { name = "P2", fide_id = 2200001 }`),
			"torneo.toml:6: team[1].players[2].fide_id: id FIDE 2200001 repetido: ya lo tiene team[1].players[1]"},
		{"dates out of order", parseTournament("rounds = 3", "rounds = 3\nround_dates = [2026-03-14, 2026-03-13]"),
			"torneo.toml:3: round_dates[2]: la fecha 2026-03-13 de la ronda 2 es anterior a la de la ronda 1, 2026-03-14: las fechas van en el orden de las rondas"},
		{"too many dates", parseTournament("rounds = 3", "rounds = 1\nround_dates = [2026-03-14, 2026-03-15]"),
			"torneo.toml:3: round_dates: 2 fechas, pero rounds = 1: como mucho una fecha por ronda"},
		{"bye points", parseTournament("rounds = 3", "rounds = 3\nbye_points = 2"),
			"torneo.toml:3: bye_points: 2; se admite 1 (una victoria, por defecto), 0.5 o 0"},
		{"match format", parseTournament("rounds = 3", "rounds = 3\nmatch_format = \"sum\""),
			"torneo.toml:3: match_format: \"sum\"; se admite: first-decision (por defecto: la primera partida decidida decide el match, Art 31) o both-boards (los dos tableros se juegan hasta el final y el match es su suma, seed 003)"},
		{"no-show tolerance", parseTournament("rounds = 3", "rounds = 3\nno_show_tolerance = \"30h\""),
			"torneo.toml:3: no_show_tolerance: 30h; se admite hasta 24h"},
		{"one team", parseTournament(msgTournament[strings.Index(msgTournament, "[[team]]\nname = \"Enroque"):], ""),
			"torneo.toml:4: team: un torneo necesita al menos 2 equipos (tablas [[team]]); el archivo tiene 1"},
		{"pairs announced", engine("3\n1 2\n3 4\n"),
			"ronda1.txt:1: 3 parejas anunciadas, 2 encontradas"},
		{"one pair announced", engine("1\n1 2\n3 4\n"),
			"ronda1.txt:1: 1 pareja anunciada, 2 encontradas"},
		{"not a starting rank", engine("2\n1 2\n3 x\n"),
			"ronda1.txt:3: \"x\" no es un número inicial"},
		{"paired twice", engine("2\n1 2\n2 3\n"),
			"ronda1.txt:3: el equipo 2 (Enroque Largo) está emparejado dos veces en la ronda 1 (también en la línea 2)"},
		{"no such team", engine("2\n1 2\n3 9\n"),
			"ronda1.txt:3: equipo de negras (el segundo): no hay ningún equipo con número inicial 9; los equipos son del 1 al 4 (0 para un descanso)"},
		{"paired with itself", engine("2\n1 2\n3 3\n"),
			"ronda1.txt:3: el equipo 3 está emparejado consigo mismo"},
		{"tab-separated csv", csv(tn, "1\t1\t1\t2\n"),
			"resultados.csv:1: 1 columna; una fila es round,table,team1,team2[,result], separadas por comas"},
		{"csv round", csv(tn, "4,1,1,2\n"),
			"resultados.csv:1: round: \"4\"; las rondas son de 1 a 3, o playoff (match relámpago de desempate, Art 43.6)"},
		{"csv team name", csv(tn, "1,1,Los Alfiles,Enroque Corto\n"),
			"resultados.csv:1: team2: no hay ningún equipo llamado \"Enroque Corto\""},
		{"csv result", csv(tn, "1,1,1,2,2-0\n"),
			"resultados.csv:1: result: resultado desconocido \"2-0\"; se admite: 1-0, 1/2-1/2, 0-1 (desde el equipo 1), +/- o -/+ (incomparecencia, Art 44), -/- (ausentes los dos), o vacío (aún no jugado)"},
		{"csv table twice", csv(tn, "1,1,1,2\n1,1,3,4\n"),
			"resultados.csv:2: la mesa 1 aparece dos veces en la ronda 1 (también en la línea 1)"},
		{"csv playoff", csv(tn, "playoff,1,1,2,1-0\n"),
			"resultados.csv:1: round: playoff: la convocatoria no prevé match relámpago de desempate (armageddon = false, Art 43.6)"},
		{"csv bye result", csv(tn, "1,,1,bye,1-0\n"),
			"resultados.csv:1: result: \"1-0\": un descanso no tiene resultado"},
		{"csv board results", csv(tn, "1,1,1,2,1-0 0-1\n"),
			"resultados.csv:1: result: un resultado por tablero, pero en este torneo la primera partida decidida decide el match (match_format first-decision): dé el resultado del match"},
		{"csv both boards", csv(both, "1,1,1,2,1-0\n"),
			"resultados.csv:1: result: 1-0: en este torneo los dos tableros se juegan hasta el final (match_format both-boards): dé el resultado de cada tablero, desde el equipo 1, p. ej. \"1-0 1/2-1/2\""},
		{"record both boards", both.Record(1, 1, tournament.Win1),
			"torneo: ronda 1, mesa 1: 1-0: en este torneo los dos tableros se juegan hasta el final (match_format both-boards): dé el resultado de cada tablero, desde el equipo 1, p. ej. \"1-0 1/2-1/2\""},
		{"record no pairings", tn.Record(2, 1, tournament.Win1),
			"torneo: la ronda 2 no tiene emparejamientos"},
		{"record no table", played.Record(1, 3, tournament.Draw),
			"torneo: la ronda 1 no tiene mesa 3"},
		{"round: paired with itself", tn.SetRound(1, []tournament.Match{{Table: 1, Team1: 1, Team2: 1}}),
			"torneo: ronda 1: el equipo 1 está emparejado consigo mismo"},
		{"csv playoff twice", csv(playoffs, "playoff,1,1,2,1-0\nplayoff,2,2,1,0-1\n"),
			"resultados.csv:2: Enroque Largo y Los Alfiles ya tienen un match de desempate"},
		{"no substitutes", tn.SetLineup(1, 2, [2]int{0, 2}),
			"torneo: Enroque Largo no tiene suplentes registrados: sus jugadores no pueden cambiar (Art 9)"},
		{"substitute after the result", played.SetLineup(1, 1, [2]int{2, 1}),
			"torneo: la ronda 1 de Los Alfiles tiene resultado: un suplente entra entre rondas, antes de que se juegue la ronda (Art 9)"},
		{"playoff not announced", tn.AddPlayoff(1, 2, 1),
			"torneo: la convocatoria no prevé match relámpago de desempate (armageddon = false): el Art 43.6 solo se aplica cuando lo prevé"},
		{"trf", func() error { var b strings.Builder; return played.WriteTRF(&b, nil) }(),
			"torneo: la mesa 2 de la ronda 1 no tiene resultado; el TRF necesita todos los resultados hasta la ronda 1"},
		{"bpgn number", bpgnErr("[Event \"x\"]\n\n1A e4 1a. e5\n"),
			"partida.bpgn:3: \"1A\" no es un número de jugada BPGN; escriba 1A. (blancas A), 1a. (negras A), 1B. o 1b."},
		{"bpgn sequence", bpgnErr("1A. e4 1A. d4\n"),
			"partida.bpgn:1: número de jugada 1A. fuera de orden en el tablero A: se esperaba 1a."},
		{"bpgn no number", bpgnErr("1A. e4 e5\n"),
			"partida.bpgn:1: la jugada \"e5\" no tiene número de jugada delante; BPGN numera cada jugada: 1A. e4 1a. e5"},
		{"bpgn truncated", bpgnErr("1A. e4 {12"),
			"partida.bpgn:1: el comentario { nunca se cierra con }; la planilla termina aquí: puede estar truncada"},
		{"bpgn result tag", bpgnErr("[Result \"1-1\"]\n1A. e4 *\n"),
			"partida.bpgn:1: la etiqueta Result \"1-1\" no es un resultado; escriba 1-0, 0-1, 1/2-1/2 o * (sin terminar)"},
		{"bpgn stamp", bpgnErr("1A. e4 {118.5} 1a. e5 {1:2x}\n"),
			"partida.bpgn:1: jugada 1a. e5: la marca de reloj {1:2x} no es un tiempo: escriba los segundos que quedan, p. ej. {118.585}"},
		{"bpgn quote", bpgnErr("[WhiteA \"Alba]\n1A. e4\n"),
			"partida.bpgn:1: etiqueta WhiteA: falta la comilla que cierra el valor"},
		{"bpgn quote at the end", bpgnErr("[WhiteA \"Alba"),
			"partida.bpgn:1: etiqueta WhiteA: falta la comilla que cierra el valor; la planilla termina aquí: puede estar truncada"},
		{"bpgn swallowed moves", bpgnErr("1A. e4 {1a. e5 1B. d4}\n2A. Nf3\n"),
			"partida.bpgn:2: número de jugada 2A. fuera de orden en el tablero A: se esperaba 1a. (el comentario abierto en la línea 1 contiene jugadas: ¿falta ahí un }?)"},
		{"bpgn empty", bpgnErr("\n"),
			"partida.bpgn:1: ni etiquetas ni jugadas: no es una planilla BPGN"},
	}
	checkLines(t, cases)
}

// A tournament file's values of the wrong kind, as an arbiter writes
// them first (a number in quotes, a date as it is written by hand), in
// the file's words and not go-toml's struct fields.
func TestMessages_TournamentValues(t *testing.T) {
	cases := []msgCase{
		{"rounds quoted", parseTournament("rounds = 3", `rounds = "4"`),
			"torneo.toml:2: rounds: se esperaba un número entero como 4, no una cadena"},
		{"time control a number", parseTournament("rounds = 3", "rounds = 3\ntime_control = 5"),
			`torneo.toml:3: time_control: se esperaba un texto entre comillas como "3m+2s", no un entero`},
		{"start by hand", parseTournament("rounds = 3", "rounds = 3\nstart = \"14/03/2026\""),
			`torneo.toml:3: start: se esperaba una fecha como 2026-03-14 sin comillas, no "14/03/2026"`},
		{"a date and time", parseTournament("rounds = 3", "rounds = 3\nend = 2026-03-14T10:00:00"),
			"torneo.toml:3: end: se esperaba una fecha como 2026-03-14 sin comillas, no una fecha u hora"},
		{"round date by hand", parseTournament("rounds = 3", "rounds = 3\nround_dates = [2026-03-14, \"15/03\"]"),
			`torneo.toml:3: round_dates[2]: se esperaba una fecha como 2026-03-14 sin comillas, no "15/03"`},
		{"one round date", parseTournament("rounds = 3", "rounds = 3\nround_dates = 2026-03-14"),
			"torneo.toml:3: round_dates: se esperaba una lista de fechas como [2026-03-14, 2026-03-15], no una fecha u hora"},
		{"armageddon quoted", parseTournament("rounds = 3", "rounds = 3\narmageddon = \"no\""),
			`torneo.toml:3: armageddon: se esperaba true o false (sin comillas), no "no"`},
		{"bye points quoted", parseTournament("rounds = 3", "rounds = 3\nbye_points = \"1\""),
			"torneo.toml:3: bye_points: se esperaba un número como 1 o 0.5, no una cadena"},
		{"rating quoted", parseTournament(`{ name = "P1" }`, `{ name = "P1", rating = "1850" }`),
			"torneo.toml:6: team[1].players[1].rating: se esperaba un número entero como 2105, no una cadena"},
		{"rating with decimals", parseTournament(`{ name = "P1" }`, `{ name = "P1", rating = 1850.5 }`),
			"torneo.toml:6: team[1].players[1].rating: se esperaba un número entero como 2105, no un número con decimales"},
		{"deputy alone", parseTournament("rounds = 3", "rounds = 3\ndeputy_arbiters = \"Ortega, Pablo\""),
			`torneo.toml:3: deputy_arbiters: se esperaba una lista de nombres entre comillas como ["Ortega, Pablo"], no "Ortega, Pablo"`},
		{"players a name", parseTournament(`players = [{ name = "P3" }, { name = "P4" }]`, `players = "P3 y P4"`),
			`torneo.toml:11: team[2].players: se esperaba una lista de jugadores como [{ name = "García, Lucía" }, { name = "Martín, Diego" }], no "P3 y P4"`},
		{"player a name", parseTournament(`players = [{ name = "P3" }, { name = "P4" }]`, `players = ["P3", "P4"]`),
			`torneo.toml:11: team[2].players[1]: se esperaba un jugador como { name = "García, Lucía", rating = 2105 }, no "P3"`},
		{"team name a number", parseTournament(`name = "Jaque Doble"`, `name = 5`),
			`torneo.toml:14: team[3].name: se esperaba un texto entre comillas como "Los Alfiles", no un entero`},
		{"team a value", func() error {
			_, err := tournament.Parse("torneo.toml", []byte("name = \"Club\"\nrounds = 3\nteam = \"Los Alfiles\"\n"))
			return err
		}(), `torneo.toml:3: team: se esperaban tablas [[team]], no "Los Alfiles"`},
	}
	checkLines(t, cases)
}

// go-toml's syntax errors, the mistakes of a file written by hand: in a
// configuration ("invalid TOML at column N: ...") and in a tournament
// file ("invalid at column N: ...").
func TestMessages_TOMLSyntax(t *testing.T) {
	conf := func(src string) error {
		_, err := config.Parse("tandem.toml", []byte(src))
		return err
	}
	tourn := func(src string) error {
		_, err := tournament.Parse("torneo.toml", []byte(src))
		return err
	}
	checkLines(t, []msgCase{
		{"unquoted time", conf("[time]\ncontrol = 5m\n"),
			"tandem.toml:2: TOML no válido en la columna 12: el texto debe ir entre comillas"},
		{"key twice", conf("mode = \"simulated\"\nmode = \"hardware\"\n"),
			"tandem.toml:2: TOML no válido en la columna 1: la clave mode ya está definida"},
		{"table twice", conf("[time]\ncontrol = \"5m\"\n[time]\n"),
			"tandem.toml:3: TOML no válido en la columna 2: la tabla time ya existe"},
		{"table name", conf("[time\ncontrol = \"5m\"\n"),
			"tandem.toml:1: TOML no válido en la columna 6: falta el ']' que cierra el nombre de la tabla"},
		{"no equals", conf("mode \"simulated\"\n"),
			"tandem.toml:1: TOML no válido en la columna 6: falta el '=' tras la clave"},
		{"after the value", conf("mode = \"simulated\" sim\n"),
			"tandem.toml:1: TOML no válido en la columna 20: se esperaba un salto de línea, no U+0073 's'"},
		{"closing quote", conf("mode = \"simulated\n"),
			"tandem.toml:1: TOML no válido en la columna 18: un texto entre comillas dobles no puede tener saltos de línea"},
		{"array", conf("[sound]\nevents = [\"start\", \"flag\"\n"),
			"tandem.toml:2: TOML no válido en la columna 26: la lista está incompleta"},
		{"array comma", conf("[sound]\nevents = [\"start\" \"flag\"]\n"),
			"tandem.toml:2: TOML no válido en la columna 19: se esperaba ',' o ']' tras un valor de la lista"},
		{"keyword", conf("[console]\nenabled = ture\n"),
			"tandem.toml:2: TOML no válido en la columna 11: se esperaba la palabra \"true\""},
		{"leading zero", conf("[sound]\nfrequency = 0800\n"),
			"tandem.toml:2: TOML no válido en la columna 13: un número entero no puede empezar por cero"},
		{"windows path", conf("[journal]\nfile = \"C:\\tandem\\x.db\"\n"),
			"tandem.toml:2: TOML no válido en la columna 20: cifra hexadecimal no válida en una secuencia de escape unicode"},
		{"escape", conf("[journal]\nfile = \"C:\\quiz.db\"\n"),
			"tandem.toml:2: TOML no válido en la columna 11: carácter de escape no válido U+0071 'q'"},
		{"tournament: date by hand", tourn("name = \"Open\"\nstart = 14/03/2026\n"),
			"torneo.toml:2: no válido en la columna 11: se esperaba un salto de línea, no U+002F '/'"},
		{"tournament: impossible date", tourn("name = \"Open\"\nstart = 2026-02-30\n"),
			"torneo.toml:2: no válido en la columna 17: fecha imposible"},
		{"tournament: team table", tourn("name = \"Open\"\n[[team]\n"),
			"torneo.toml:2: no válido en la columna 7: falta el ']]' que cierra el nombre de la tabla"},
		{"tournament: inline table", tourn("[[team]]\nplayers = [{ name = \"a\" rating = 1 }]\n"),
			"torneo.toml:2: no válido en la columna 25: se esperaba ',' o '}' tras una clave y su valor de la tabla en línea"},
		{"tournament: unquoted name", tourn("name = Open\n"),
			"torneo.toml:1: no válido en la columna 8: carácter inesperado U+004F 'O' al principio de un valor (¿faltan las comillas?)"},
	})
}
