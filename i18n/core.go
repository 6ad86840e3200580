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
// ignored ("not A-black's turn"), why an action was refused. So do the
// packages whose errors the command line prints (config, journal, bpgn,
// timeline, tournament, ...), and the command line itself. The catalogs'
// core.* and msg.* messages are those messages' English templates and
// their translations; Message finds the template a message was written
// from, reads its values back, and writes the translation with them.

// corePattern is one core.* or msg.* message's English template as a
// pattern.
type corePattern struct {
	id     string
	pkg    string // the package's prefix the template opens with ("clock: "), optional in a message
	prefix string // the template's text before its first field: a cheap first test
	re     *regexp.Regexp
	names  []string
	// leading: the template starts with a field, whose value must not
	// hold a ": " (see message); trailing: it ends with one; head: it
	// opens with a field and ": ", as a line's head does (see readLine).
	leading, trailing, head bool
}

// translated reports whether id is a message read back from English
// text (Message): the core's (core.*) and the other packages' and the
// command line's (msg.*).
func translated(id string) bool {
	return strings.HasPrefix(id, "core.") || strings.HasPrefix(id, "msg.")
}

var corePatterns = sync.OnceValue(func() []corePattern {
	var ps []corePattern
	var ids []string
	en := catalogs().flat[English]
	for id := range en {
		if translated(id) {
			ids = append(ids, id)
		}
	}
	// The most specific first: more text of its own (the fields left
	// out), then the longer template, then the ID (a fixed order).
	field := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	own := make(map[string]int, len(ids)) // once per template, not per comparison
	for _, id := range ids {
		own[id] = len(field.ReplaceAllString(en[id], ""))
	}
	sort.Slice(ids, func(i, j int) bool {
		if a, b := own[ids[i]], own[ids[j]]; a != b {
			return a > b
		}
		a, b := en[ids[i]], en[ids[j]]
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return ids[i] < ids[j]
	})
	for _, id := range ids {
		tmpl := strings.TrimRight(en[id], "\n")
		// A package's prefix ("clock: ") is optional: a caller that
		// names the field itself drops it ("time.control: 0s: base time
		// 0 ..."), and the translation then drops its own.
		pkg := ""
		if m := pkgPrefix.FindString(tmpl); m != "" && wordRe.MatchString(field.ReplaceAllString(tmpl[len(m):], "")) {
			pkg, tmpl = m, tmpl[len(m):]
		}
		var names []string
		var re strings.Builder
		re.WriteString("^")
		if pkg != "" {
			re.WriteString("(?:" + regexp.QuoteMeta(pkg) + ")?")
		}
		last := 0
		prefix := tmpl
		for i, loc := range field.FindAllStringSubmatchIndex(tmpl, -1) {
			if i == 0 {
				prefix = tmpl[:loc[0]]
			}
			re.WriteString(regexp.QuoteMeta(tmpl[last:loc[0]]))
			if i == 0 && loc[0] == 0 {
				re.WriteString("(.+?)") // a leading value is never empty
			} else {
				re.WriteString("(.*?)")
			}
			names = append(names, tmpl[loc[2]:loc[3]])
			last = loc[1]
		}
		re.WriteString(regexp.QuoteMeta(tmpl[last:]))
		re.WriteString("$")
		ps = append(ps, corePattern{id: id, pkg: pkg, prefix: prefix, re: regexp.MustCompile(re.String()), names: names,
			leading: len(names) > 0 && prefix == "", trailing: len(names) > 0 && last == len(tmpl),
			head: len(names) > 0 && prefix == "" && strings.HasPrefix(field.ReplaceAllString(tmpl, "\x00"), "\x00: ")})
	}
	return ps
})

var (
	// pkgPrefix is a Go package's prefix on a message: "clock: " (the
	// packages whose messages a caller may write without it; a
	// timeline's "deadlock: " is a keyword, not a package).
	pkgPrefix = regexp.MustCompile(`^(clock|rules|gpio|journal|tournament|scoresheet|table|daemon|bpgn|eboard|board|wiring|timeline|replay|hall|ca): `)
	wordRe    = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// maxDepth bounds how deep Message reads a value back as a message of its
// own ("open x: no such file or directory" inside "reading x: ...").
const maxDepth = 3

// Core returns a message of the core (an ignored press's reason, a
// refusal, an error's text) in the printer's language, without its
// "rules: " prefix: the whole message, or as Line does its tail after a
// head such as an arbiter request's field ("delta: "). A message no
// template matches is returned in English as it came (TestCore_Messages
// lists the core's messages that must match).
func (p *Printer) Core(msg string) string {
	msg = strings.TrimPrefix(msg, "rules: ")
	if p.lang == English || msg == "" {
		return msg
	}
	s, _ := p.line(msg, 0)
	return s
}

// memo returns read's answer for key, from the printer's cache when it
// has it.
func (p *Printer) memo(key string, read func() (string, bool)) (string, bool) {
	p.mu.Lock()
	r, ok := p.read[key]
	p.mu.Unlock()
	if ok {
		return r.s, r.ok
	}
	s, matched := read()
	p.mu.Lock()
	if p.read == nil || len(p.read) >= maxRead {
		p.read = make(map[string]memoEntry)
	}
	p.read[key] = memoEntry{s, matched}
	p.mu.Unlock()
	return s, matched
}

// Message returns msg, a message written in English from one of the
// catalogs' core.* or msg.* templates, in the printer's language, and
// whether a template matched (the English printer checks too, and
// returns msg as it is). The values read back from the template are
// translated in turn: a seat, a status or a reason word, or a message of
// its own; anything else (a file name, a time, a quoted value) is kept.
func (p *Printer) Message(msg string) (string, bool) {
	return p.message(msg, 0)
}

func (p *Printer) message(msg string, depth int) (string, bool) {
	s, cp := p.match(msg, depth)
	return s, cp != nil
}

// match is message, with the template that matched (nil: none).
func (p *Printer) match(msg string, depth int) (string, *corePattern) {
	ps := corePatterns()
	for k := range ps {
		cp := &ps[k]
		sub := cp.submatch(msg)
		if sub == nil {
			continue
		}
		if cp.leading && depth < maxDepth && strings.Contains(sub[1], ": ") {
			// "x.timeline:2: result: checkmate needs a winner" is not
			// "{{.Reason}} needs a winner" with the head as its reason:
			// Line and line try the tail after each ": ", where the
			// template reads "checkmate" alone. A value that is a
			// message of its own ("scoresheet: no move ...") is one,
			// when its template ends in text: one that ends in a field
			// ("FEN {{.FEN}}: board: {{.Msg}}") would take this
			// message's words for its last value.
			if !p.closed(sub[1]) {
				continue
			}
		}
		if p.lang == English {
			return msg, cp
		}
		kv := make([]any, 0, 2*len(cp.names))
		for i, n := range cp.names {
			v := sub[i+1]
			if !strings.HasPrefix(n, "Key") {
				// {{.Key...}} is a key of a file (stalemate, mode) as it
				// is written: kept, even when it is also a word.
				v = p.coreValue(v, depth)
			}
			kv = append(kv, n, v)
		}
		out := p.T(cp.id, kv...)
		if cp.pkg != "" && !strings.HasPrefix(msg, cp.pkg) {
			// Written without its package's prefix: the translation's
			// ("reloj: ") goes too.
			if m := pkgPrefixAny.FindString(out); m != "" {
				out = out[len(m):]
			}
		}
		return out, cp
	}
	return msg, nil
}

// submatch is the template's values read back from msg, nil when it does
// not match.
func (cp *corePattern) submatch(msg string) []string {
	rest := msg
	if cp.pkg != "" {
		rest = strings.TrimPrefix(msg, cp.pkg)
	}
	if !strings.HasPrefix(rest, cp.prefix) {
		return nil // the cheap test first
	}
	return cp.re.FindStringSubmatch(msg)
}

// pkgPrefixAny is a translation's package prefix: "reloj: ".
var pkgPrefixAny = regexp.MustCompile(`^\p{Ll}+: `)

// closed reports whether a template that ends in its own text reads
// msg whole.
func (p *Printer) closed(msg string) bool {
	for _, cp := range corePatterns() {
		if !cp.trailing && cp.submatch(msg) != nil {
			return true
		}
	}
	return false
}

// Line returns one line of the command line's messages in the printer's
// language: the whole line if a template matches it, else the longest
// tail after a ": " that one matches, its head (a command's name, a
// file:line, a field) kept as it is. A line no template matches is
// returned as it came; so is every line for the English printer.
func (p *Printer) Line(line string) string {
	if p.lang == English || strings.TrimSpace(line) == "" {
		return line
	}
	body := strings.TrimRight(line, "\r")
	if s, ok := p.line(body, 0); ok {
		return s + line[len(body):]
	}
	return line
}

// line is Line at a depth of values read back, and whether a template
// matched; a line read before (at depth 0) comes from the printer's cache.
func (p *Printer) line(body string, depth int) (string, bool) {
	if depth > 0 {
		return p.readLine(body, depth)
	}
	return p.memo(body, func() (string, bool) { return p.readLine(body, 0) })
}

// A template that opens with a value and ": " ("{{.Verb}}: expected
// {{.Usage}}") reads a head as well as a message would: it is taken
// only when no shorter tail has a template of its own text ("expected
// one of {{.List}}, got {{.Got}}" after "sound.kind: ").
func (p *Printer) readLine(body string, depth int) (string, bool) {
	fallback, found := body, false
	for at := 0; at <= len(body); {
		if s, cp := p.match(body[at:], depth); cp != nil {
			if !cp.head {
				return body[:at] + s, true
			}
			if !found {
				fallback, found = body[:at]+s, true
			}
		}
		i := strings.Index(body[at:], ": ")
		if i < 0 {
			break
		}
		at += i + 2
	}
	return fallback, found
}

// coreValue translates a value read back from a core message: a seat, a
// status or a reason word becomes the printer's, a message a template
// matches its translation; anything else (a time, an article, a file
// name) is kept.
func (p *Printer) coreValue(v string, depth int) string {
	for st := rules.Ready; st <= rules.Decided; st++ {
		if v == st.String() {
			return p.Status(st)
		}
	}
	if r, err := rules.ParseReason(v); err == nil && v == r.String() {
		return p.Reason(r)
	}
	if depth < maxDepth {
		if s, ok := p.line(v, depth+1); ok {
			return s
		}
	}
	for _, s := range bughouse.Seats {
		v = strings.ReplaceAll(v, s.String(), p.Seat(s))
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
