package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// cliPackages are the packages whose error messages the command line
// prints (tandem check-config, verify-record, export, replay, position,
// perft, tournament, eboard, probe, and tandem-hall's), and the commands
// themselves.
var cliPackages = []string{
	"cmd/tandem",
	"config", "clock", "board", "bpgn", "timeline", "replay", "journal", "tournament",
	"scoresheet", "arbiter", "rules", "bughouse", "replay", "table", "internal/enum", "daemon", "internal/inputfile", "internal/lineerr",
	"eboard", "eboard/session", "eboard/infer", "wiring", "gpio", "hall/ca",
}

// verb is a fmt verb of a format string.
var verb = regexp.MustCompile(`%[-+# 0]*(\*|[0-9]+)?(\.(\*|[0-9]+))?[a-zA-Z%]`)

// sample is format with every verb written as "·" (no letters: a value
// read back, not a word to translate).
func sample(format string) string {
	return verb.ReplaceAllStringFunc(format, func(v string) string {
		if v == "%%" {
			return "%"
		}
		return "·"
	})
}

var (
	word       = regexp.MustCompile(`[A-Za-z]{2,}`)
	cmdPrefix  = regexp.MustCompile(`^tandem(-hall)?( [a-z-]+){0,2}: `)
	flagName   = regexp.MustCompile(`--[a-z-]+`)
	stderrName = regexp.MustCompile(`(?i)stderr`)
)

// untranslated returns the line's words no template reads: "" when the
// whole line, or a tail of it after ": " whose head is only a command's
// name and values, matches a core.* or msg.* template.
func untranslated(line string) string {
	en := For(English)
	if !word.MatchString(flagName.ReplaceAllString(cmdPrefix.ReplaceAllString(line, ""), "")) {
		return ""
	}
	for at := 0; at <= len(line); {
		if _, ok := en.Message(line[at:]); ok {
			if head := flagName.ReplaceAllString(cmdPrefix.ReplaceAllString(line[:at], ""), ""); !word.MatchString(head) {
				return ""
			}
		}
		i := strings.Index(line[at:], ": ")
		if i < 0 {
			break
		}
		at += i + 2
	}
	return line
}

// reports are the command line's files whose standard output is a
// report a person reads, written in the language too (tandem
// verify-record's verdict, tandem probe's checks); the other commands'
// standard output is data (an export, tandem replay's and tandem
// position's reports, whose lines scripts read) and stays English.
var reports = map[string]bool{"verifyrecord.go": true, "probe.go": true, "probewiring.go": true}

// literal returns e's value if it is a string literal or a sum of them.
func literal(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := literal(e.X)
		b, ok2 := literal(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return literal(e.X)
	}
	return "", false
}

// messages returns the formats of the error and message texts in the Go
// files of dir (tests excluded): what fmt.Errorf, errors.New, lineerr.New,
// an errorf, fail or usageError helper (helperName), an Error's Msg, a
// board.IllegalError's Reason, and a Fprint to a writer of messages
// (stderr) are given; reasons are the formats of IllegalError reasons.
func messages(t *testing.T, dir string) (out map[string]string, reasons map[string]bool) {
	out, reasons = map[string]string{}, map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		format := func(e ast.Expr) (string, bool) {
			if s, ok := literal(e); ok {
				return s, true
			}
			if c, ok := e.(*ast.CallExpr); ok && isSel(c.Fun, "fmt", "Sprintf") && len(c.Args) > 0 {
				return literal(c.Args[0])
			}
			return "", false
		}
		add := func(e ast.Expr) {
			if s, ok := format(e); ok {
				out[s] = fset.Position(e.Pos()).String()
			}
		}
		// A refusal's reason is written "reason (rule)" when it has a
		// rule (IllegalError.Error): its template may read either.
		refusals := map[string]bool{}
		reason := func(e ast.Expr) {
			if s, ok := format(e); ok {
				out[s] = fset.Position(e.Pos()).String()
				reasons[s] = true
			}
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch {
				case isSel(n.Fun, "fmt", "Errorf"), isSel(n.Fun, "errors", "New"):
					if len(n.Args) > 0 {
						add(n.Args[0])
					}
				case isSel(n.Fun, "lineerr", "New"), isHelper(n):
					// The message, not a field's name: the last literal
					// with a space (bad("en passant", "%q; it is ...")).
					var msg ast.Expr
					for _, a := range n.Args {
						if v, ok := literal(a); ok && strings.Contains(v, " ") {
							msg = a
						}
					}
					if msg != nil {
						add(msg)
					}
				case isSel(n.Fun, "fmt", "Fprintf"), isSel(n.Fun, "fmt", "Fprintln"), isSel(n.Fun, "fmt", "Fprint"):
					if len(n.Args) > 1 && (stderrName.MatchString(exprName(n.Args[0])) || reports[filepath.Base(f)]) {
						add(n.Args[1])
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Msg" {
					add(n.Value)
				}
			case *ast.CompositeLit:
				// A move's refusal: board.IllegalError{Reason: ...}.
				if exprName(n.Type) == "IllegalError" {
					for _, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok && exprName(kv.Key) == "Reason" {
							reason(kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				// e := &IllegalError{...}, then e.Reason, e.Rule =
				// "the drop gives check", "...": the reason set field
				// by field.
				for i, l := range n.Lhs {
					if i >= len(n.Rhs) {
						break
					}
					if u, ok := n.Rhs[i].(*ast.UnaryExpr); ok {
						if c, ok := u.X.(*ast.CompositeLit); ok && exprName(c.Type) == "IllegalError" {
							refusals[exprName(l)] = true
						}
					}
					if s, ok := l.(*ast.SelectorExpr); ok && s.Sel.Name == "Reason" && refusals[exprName(s.X)] {
						reason(n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return out, reasons
}

// helperName is the name of a function that writes a message from its
// format: errorf, fail, failf, bad, and those whose name ends so
// (inputErr, usageError, p.errorf).
var helperName = regexp.MustCompile(`^(errorf|fail|failf|bad)$|[a-z](Err|Error|Errorf|Fail|Failf)$`)

// isHelper reports whether c calls a message helper (helperName): a
// command's usage errors (usageError(stderr, "--%s given twice", name))
// and package replay's inputErr were missed while only errorf, fail,
// failf and bad were read.
func isHelper(c *ast.CallExpr) bool {
	return helperName.MatchString(exprName(c.Fun))
}

func isSel(e ast.Expr, pkg, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok || s.Sel.Name != name {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == pkg
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

// Every error and message the command line prints has its template in
// the catalogs (core.* or msg.*), so the Spanish command line says it in
// Spanish: a message added to one of cliPackages without its template
// fails here, with the file and line of its format.
func TestSources_MessagesTranslated(t *testing.T) {
	root := filepath.Join("..")
	checked := 0
	for _, pkg := range cliPackages {
		dir := filepath.Join(root, filepath.FromSlash(pkg))
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s: %v (a package moved? update cliPackages)", pkg, err)
			continue
		}
		msgs, reasons := messages(t, dir)
		for format, pos := range msgs {
			for _, line := range strings.Split(sample(format), "\n") {
				if strings.TrimSpace(line) == "" {
					continue
				}
				checked++
				if w := untranslated(line); w != "" && !(reasons[format] && untranslated(line+" (·)") == "") {
					t.Errorf("%s: no template reads %q", pos, line)
				}
			}
		}
	}
	t.Logf("%d lines of %d packages checked", checked, len(cliPackages))
	if checked < 300 {
		t.Fatalf("%d lines checked: the scan found too little", checked)
	}
}

// A template read back from English text says something of its own: a
// template of values and punctuation only ("{{.A}}: {{.B}}") would match
// every message and translate none.
func TestTemplates_HaveWords(t *testing.T) {
	for id, text := range Catalog(English) {
		if !translated(id) {
			continue
		}
		if !word.MatchString(field.ReplaceAllString(text, "")) {
			t.Errorf("%s = %q: no word of its own", id, text)
		}
	}
}

func TestLine(t *testing.T) {
	es := For(Spanish)
	for line, want := range map[string]string{
		"tandem check-config: x.toml:7: rules.stalemate: board B is over": "tandem check-config: x.toml:7: rules.stalemate: el tablero B terminó",
		"not A-black's turn":                      "no es el turno de A-negras",
		"tandem run: something the catalogs lack": "tandem run: something the catalogs lack",
		"adjust A-white: not A-black's turn\r":    "ajuste de A-blancas: no es el turno de A-negras\r",
		"":                                        "",
	} {
		if got := es.Line(line); got != want {
			t.Errorf("Line(%q) = %q, want %q", line, got, want)
		}
	}
	if got := For(English).Line("board B is over"); got != "board B is over" {
		t.Errorf("English: %q", got)
	}
}

func TestWriter(t *testing.T) {
	var b strings.Builder
	w := Writer{P: For(Spanish), W: &b}
	n, err := w.Write([]byte("tandem: board A is over\nsomething else\nnot B-white's turn"))
	if err != nil || n != len("tandem: board A is over\nsomething else\nnot B-white's turn") {
		t.Fatalf("%d, %v", n, err)
	}
	if want := "tandem: el tablero A terminó\nsomething else\nno es el turno de B-blancas"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
