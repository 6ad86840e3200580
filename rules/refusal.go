package rules

import "fmt"

// Refusal is the error of an event the rules refuse for a reason a rule
// gives (an article of the regulation or a rule option): the arbiter's
// command layer shows both. Other refusals (a malformed event, a state
// that allows nothing) are plain errors.
type Refusal struct {
	// Msg is the whole message, "rules: ..." as Error returns it.
	Msg string
	// Rule is the article or option, e.g. "Art 40" or "stalemate = wait".
	Rule string
}

// Error returns Msg.
func (r *Refusal) Error() string { return r.Msg }

// refuse returns a *Refusal citing rule.
func refuse(rule, format string, args ...any) error {
	return &Refusal{Msg: "rules: " + fmt.Sprintf(format, args...), Rule: rule}
}
