// Package bughouse is the match's small shared vocabulary: the two colours,
// the two boards, the four seats and the two teams (docs/rules.md: seats,
// teams and results). The clocks (package clock), the board engine (package
// board) and the regulation (package rules) all speak it, so a seat or a
// colour means one type everywhere.
package bughouse
