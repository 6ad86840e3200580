package tournament

import (
	"fmt"
	"sort"
	"strconv"
	"tandem/internal/tomlline"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// A value of the wrong kind (rounds = "4", time_control = 5, start =
// "14/03/2026") is reported before go-toml decodes the file into
// fileDoc: its decoder would say "cannot decode TOML string into struct
// field tournament.fileDoc.Rounds of type int", Go's words, not the
// file's. Each key's kind and an example of it, as docs/tournament.md
// writes them.

// kind is what a key of the tournament file holds.
type kind int

const (
	kText    kind = iota // a string
	kInt                 // a whole number
	kNumber              // an integer or a float
	kBool                // true or false
	kDate                // a TOML local date (a quoted one is read too)
	kTexts               // an array of strings
	kDates               // an array of dates
	kTeams               // [[team]] tables
	kPlayers             // an array of inline player tables
)

// want is a key's kind and the example its message gives.
type want struct {
	kind    kind
	example string
}

var (
	topSchema = map[string]want{
		"name":              {kText, `"Open de Primavera"`},
		"city":              {kText, `"Madrid"`},
		"federation":        {kText, `"ESP"`},
		"start":             {kDate, ""},
		"end":               {kDate, ""},
		"chief_arbiter":     {kText, `"Ruiz, Carmen"`},
		"deputy_arbiters":   {kTexts, `"Ortega, Pablo"`},
		"rounds":            {kInt, "4"},
		"time_control":      {kText, `"3m+2s"`},
		"round_dates":       {kDates, ""},
		"bye_points":        {kNumber, ""},
		"armageddon":        {kBool, ""},
		"match_format":      {kText, `"both-boards"`},
		"no_show_tolerance": {kText, `"15m"`},
		"team":              {kTeams, ""},
	}
	teamSchema = map[string]want{
		"id":          {kInt, "3"},
		"name":        {kText, `"Los Alfiles"`},
		"players":     {kPlayers, ""},
		"substitutes": {kPlayers, ""},
	}
	playerSchema = map[string]want{
		"name":       {kText, `"García, Lucía"`},
		"rating":     {kInt, "2105"},
		"fide_id":    {kInt, "2200001"},
		"federation": {kText, `"ESP"`},
		"title":      {kText, `"FM"`},
	}
)

// checkKinds returns the problem of the earliest line among doc's values
// of the wrong kind (doc as toml.Unmarshal decodes into a map), nil when
// every known key holds its kind. Unknown keys are left to the decoder
// (DisallowUnknownFields).
func (p *parser) checkKinds(doc map[string]any) *Error {
	var errs []*Error
	p.kinds(nil, doc, topSchema, &errs)
	if len(errs) == 0 {
		return nil
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
	return errs[0]
}

func (p *parser) kinds(base []string, table map[string]any, schema map[string]want, errs *[]*Error) {
	bad := func(path []string, format string, args ...any) {
		*errs = append(*errs, &Error{File: p.file, Line: p.lines.Line(path), Field: fieldName(path), Msg: fmt.Sprintf(format, args...)})
	}
	at := func(k string) []string { return append(append([]string(nil), base...), k) }
	for k, v := range table {
		w, ok := schema[k]
		if !ok {
			continue
		}
		path := at(k)
		switch w.kind {
		case kText:
			if _, ok := v.(string); !ok {
				bad(path, "expected text in quotes such as %s, got %s", w.example, tomlline.Kind(v))
			}
		case kInt:
			if _, ok := v.(int64); !ok {
				bad(path, "expected a whole number such as %s, got %s", w.example, tomlline.Kind(v))
			}
		case kNumber:
			switch v.(type) {
			case int64, float64:
			default:
				bad(path, "expected a number such as 1 or 0.5, got %s", tomlline.Kind(v))
			}
		case kBool:
			if _, ok := v.(bool); !ok {
				bad(path, "expected true or false (without quotes), got %s", tomlline.Describe(v))
			}
		case kDate:
			if !isDate(v) {
				bad(path, "expected a date such as 2026-03-14 without quotes, got %s", tomlline.Describe(v))
			}
		case kTexts, kDates:
			list, ok := v.([]any)
			if !ok {
				if w.kind == kTexts {
					bad(path, "expected a list of names in quotes such as [%s], got %s", w.example, tomlline.Describe(v))
				} else {
					bad(path, "expected a list of dates such as [2026-03-14, 2026-03-15], got %s", tomlline.Describe(v))
				}
				continue
			}
			for i, e := range list {
				ep := append(path, strconv.Itoa(i))
				if _, ok := e.(string); w.kind == kTexts && !ok {
					bad(ep, "expected text in quotes such as %s, got %s", w.example, tomlline.Kind(e))
				}
				if w.kind == kDates && !isDate(e) {
					bad(ep, "expected a date such as 2026-03-14 without quotes, got %s", tomlline.Describe(e))
				}
			}
		case kTeams, kPlayers:
			list, ok := v.([]any)
			if !ok {
				if w.kind == kTeams {
					bad(path, "expected [[team]] tables, got %s", tomlline.Describe(v))
				} else {
					bad(path, `expected a list of players such as [{ name = "García, Lucía" }, { name = "Martín, Diego" }], got %s`, tomlline.Describe(v))
				}
				continue
			}
			for i, e := range list {
				ep := append(path, strconv.Itoa(i))
				t, ok := e.(map[string]any)
				switch {
				case !ok && w.kind == kTeams:
					bad(ep, "expected [[team]] tables, got %s", tomlline.Describe(e))
				case !ok:
					bad(ep, `expected a player such as { name = "García, Lucía", rating = 2105 }, got %s`, tomlline.Describe(e))
				case w.kind == kTeams:
					p.kinds(ep, t, teamSchema, errs)
				default:
					p.kinds(ep, t, playerSchema, errs)
				}
			}
		}
	}
}

// isDate reports whether v is a date: a TOML local date, or a string
// that is one ("2026-03-14", which go-toml's LocalDate reads too).
func isDate(v any) bool {
	switch x := v.(type) {
	case toml.LocalDate:
		return true
	case string:
		_, err := time.Parse(time.DateOnly, x)
		return err == nil
	}
	return false
}
