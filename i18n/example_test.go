package i18n_test

import (
	"fmt"

	"tandem/bughouse"
	"tandem/i18n"
	"tandem/rules"
)

func ExamplePrinter_T() {
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		fmt.Println(p.T("tui.board.lost-on-time", "Seat", p.Seat(bughouse.BBlack)), "·", p.Reason(rules.Stalemate))
	}
	// Output:
	// B-black lost on time · stalemate
	// B-negras pierde por bandera · ahogado
}

func ExamplePrinter_Core() {
	es := i18n.For(i18n.Spanish)
	fmt.Println(es.Core("not A-black's turn"))
	// Output: no es el turno de A-negras
}

func ExampleFromEnv() {
	env := map[string]string{"LANG": "es_MX.UTF-8"}
	fmt.Println(i18n.FromEnv(func(k string) string { return env[k] }))
	// Output: es
}
