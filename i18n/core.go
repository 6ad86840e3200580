package i18n

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"

	"tandem/bughouse"
	"tandem/rules"
)

// The core (package rules, table, arbiter, scoresheet) imports no
// third-party module and writes its messages in English: why a press was
// ignored ("not A-black's turn"), why an action was refused. The
// catalogs' core.* messages are those messages' English templates and
// their translations; Core finds the template a message was written
// from, reads its values back, and writes the translation with them.

// corePattern is one core.* message's English template as a pattern.
type corePattern struct {
	id    string
	re    *regexp.Regexp
	names []string
}

var corePatterns = sync.OnceValue(func() []corePattern {
	var ps []corePattern
	var ids []string
	for id := range catalogs().flat[English] {
		if strings.HasPrefix(id, "core.") {
			ids = append(ids, id)
		}
	}
	// Longer templates first: the most specific wins.
	sort.Slice(ids, func(i, j int) bool {
		a, b := catalogs().flat[English][ids[i]], catalogs().flat[English][ids[j]]
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return ids[i] < ids[j]
	})
	field := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	for _, id := range ids {
		tmpl := catalogs().flat[English][id]
		var names []string
		var re strings.Builder
		re.WriteString("^")
		last := 0
		for _, loc := range field.FindAllStringSubmatchIndex(tmpl, -1) {
			re.WriteString(regexp.QuoteMeta(tmpl[last:loc[0]]))
			re.WriteString("(.+?)")
			names = append(names, tmpl[loc[2]:loc[3]])
			last = loc[1]
		}
		re.WriteString(regexp.QuoteMeta(tmpl[last:]))
		re.WriteString("$")
		ps = append(ps, corePattern{id: id, re: regexp.MustCompile(re.String()), names: names})
	}
	return ps
})

// Core returns a message of the core (an ignored press's reason, a
// refusal, an error's text) in the printer's language, without its
// "rules: " prefix. A message no core.* template matches is returned in
// English as it came (TestCore_Messages lists the core's messages that
// must match).
func (p *Printer) Core(msg string) string {
	msg = strings.TrimPrefix(msg, "rules: ")
	if p.lang == English || msg == "" {
		return msg
	}
	for _, cp := range corePatterns() {
		sub := cp.re.FindStringSubmatch(msg)
		if sub == nil {
			continue
		}
		kv := make([]any, 0, 2*len(cp.names))
		for i, n := range cp.names {
			kv = append(kv, n, p.coreValue(sub[i+1]))
		}
		return p.T(cp.id, kv...)
	}
	return msg
}

// coreValue translates a value read back from a core message: a seat, a
// status or a reason word becomes the printer's; anything else (a time,
// an article) is kept.
func (p *Printer) coreValue(v string) string {
	for _, s := range bughouse.Seats {
		v = strings.ReplaceAll(v, s.String(), p.Seat(s))
	}
	for st := rules.Ready; st <= rules.Decided; st++ {
		if v == st.String() {
			return p.Status(st)
		}
	}
	if r, err := rules.ParseReason(v); err == nil && v == r.String() {
		return p.Reason(r)
	}
	return v
}

// ReasonWord is a reason as a result line writes it: in English the
// record's word ("simultaneous-flag", as tandem replay and the record
// write it), in another language Reason's words.
func (p *Printer) ReasonWord(r rules.Reason) string {
	if p.lang == English {
		return r.String()
	}
	return p.Reason(r)
}

// TN is T of a message with plural forms (one, other), chosen by n,
// which the template reads as {{.N}}.
func (p *Printer) TN(id string, n int) string {
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"N": n}})
	if err != nil && s == "" {
		return "!" + id
	}
	return s
}
