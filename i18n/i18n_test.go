package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tandem/bughouse"
	"tandem/rules"
)

func TestCatalogs_Load(t *testing.T) {
	if _, err := load(locales); err != nil {
		t.Fatal(err)
	}
	if n := len(IDs()); n < 200 {
		t.Fatalf("%d messages: the catalogs did not load", n)
	}
}

var field = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// fields lists the template data a text reads, sorted, without repeats.
func fields(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range field.FindAllStringSubmatch(s, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Every message has a translation in every language, with the same data:
// a message without its Spanish fails here.
func TestCatalogs_Complete(t *testing.T) {
	en := Catalog(English)
	for _, l := range Langs[1:] {
		c := Catalog(l)
		for id, text := range en {
			tr, ok := c[id]
			switch {
			case !ok:
				t.Errorf("%s: %q has no translation (English %q)", l, id, text)
			case strings.TrimSpace(tr) == "":
				t.Errorf("%s: %q is empty", l, id)
			case strings.Join(fields(tr), ",") != strings.Join(fields(text), ","):
				t.Errorf("%s: %q reads %v, English %v", l, id, fields(tr), fields(text))
			}
		}
		for id := range c {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %q is not an English message (a key misspelled?)", l, id)
			}
		}
	}
}

// msgID is what a message ID looks like in the sources.
var msgID = regexp.MustCompile(`^(seat|color|team|board|status|reason|event|core|tui|menu|display|cli|page)\.[a-z0-9.-]*[a-z0-9]$`)

// Every message ID written in the program's sources is in the catalogs:
// a text added to the terminal table, the menu or the displays without
// its message fails here, not on a screen as "!id".
func TestSources_IDsExist(t *testing.T) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse: %v", err)
	}
	root := strings.TrimSpace(string(top))
	out, err := exec.Command("git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "*.go").Output()
	if err != nil {
		t.Fatal(err)
	}
	en := Catalog(English)
	found := 0
	for _, f := range strings.Fields(string(out)) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, filepath.Join(root, f), nil, 0)
		if err != nil {
			continue // a file removed from the work tree
		}
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !msgID.MatchString(s) {
				return true
			}
			found++
			if _, ok := en[s]; !ok {
				t.Errorf("%s: message %q is in no catalog", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	if found < 150 {
		t.Fatalf("%d message IDs in the sources: the scan found nothing to check", found)
	}
}

func TestPrinter_T(t *testing.T) {
	es := For(Spanish)
	if got := es.T("tui.board.lost-on-time", "Seat", es.Seat(bughouse.BBlack)); got != "B-negras pierde por bandera" {
		t.Errorf("got %q", got)
	}
	if got := For(English).T("tui.clock.moves", "N", 3); got != "moves 3" {
		t.Errorf("got %q", got)
	}
	if got := es.T("no.such.message"); got != "!no.such.message" {
		t.Errorf("a missing message: %q", got)
	}
	if got := es.TN("tui.prompt.dropped", 1); !strings.HasPrefix(got, "1 tecla ") {
		t.Errorf("one: %q", got)
	}
	if got := es.TN("tui.prompt.dropped", 3); !strings.HasPrefix(got, "3 teclas ") {
		t.Errorf("other: %q", got)
	}
	if got := For(English).TN("tui.prompt.dropped", 2); got != "2 keys typed with the question were not taken as its answer" {
		t.Errorf("English other: %q", got)
	}
}

// The core's messages that the terminal table shows are translated:
// each is written as the core writes it, and must not come back English.
func TestCore_Messages(t *testing.T) {
	es := For(Spanish)
	for msg, want := range map[string]string{
		"not A-black's turn": "no es el turno de A-negras",
		"paused":             "en pausa",
		"match decided":      "match decidido",
		"not started":        "no ha empezado",
		"board B is over":    "el tablero B terminó",
		"rules: the match is decided; its clocks are final":                                         "el match está decidido; sus relojes son definitivos",
		"rules: a claim by A-white is pending; uphold or reject it first":                           "hay una reclamación de A-blancas pendiente; acéptela o recházela primero",
		"stalemate is no result under these rules (stalemate = wait): the player waits for a piece": "el ahogado no es resultado con estas reglas (stalemate = wait): el jugador espera una pieza",
		`"+" is not a time: write +30, +2.5 or +1:30`:                                               `"+" no es un tiempo: escriba +30, +2.5 o +1:30`,
		"B-black has pressed; waiting for A-black (start = both-black)":                             "B-negras ya pulsó; se espera a A-negras (start = both-black)",
		"ready": "listo",
	} {
		if got := es.Core(msg); got != want {
			t.Errorf("Core(%q) = %q, want %q", msg, got, want)
		}
	}
	if got := For(English).Core("rules: not A-white's turn"); got != "not A-white's turn" {
		t.Errorf("English: %q", got)
	}
	if got := es.Core("something the catalogs do not know"); got != "something the catalogs do not know" {
		t.Errorf("unknown: %q", got)
	}
}

// Every reason and status has its words in both languages.
func TestWords(t *testing.T) {
	for _, l := range Langs {
		p := For(l)
		for r := rules.Flag; r.String() != "" && !strings.HasPrefix(r.String(), "Reason("); r++ {
			if w := p.Reason(r); strings.HasPrefix(w, "!") {
				t.Errorf("%s: reason %s: %q", l, r, w)
			}
		}
		for st := rules.Ready; st <= rules.Decided; st++ {
			if w := p.Status(st); strings.HasPrefix(w, "!") {
				t.Errorf("%s: status %s: %q", l, st, w)
			}
		}
		for k := rules.Start; !strings.HasPrefix(k.String(), "Kind("); k++ {
			if w := p.Event(rules.Event{Kind: k}); strings.HasPrefix(w, "!") {
				t.Errorf("%s: event %s: %q", l, k, w)
			}
		}
	}
	es := For(Spanish)
	if got := es.Event(rules.Event{Kind: rules.Press, Seat: bughouse.AWhite}); got != "pulsa A-blancas" {
		t.Errorf("press: %q", got)
	}
}
