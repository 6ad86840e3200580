package layers

import (
	"bufio"
	"bytes"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// core are the packages that own the match; they may import each other
// and the standard library only.
var core = map[string]bool{
	"tandem/bughouse": true, "tandem/clock": true, "tandem/board": true, "tandem/rules": true,
	"tandem/scoresheet": true, "tandem/arbiter": true, "tandem/table": true,
	"tandem/internal/enum": true, "tandem/internal/latest": true, "tandem/internal/printable": true,
}

// deps returns the packages pkg imports, directly or not (go list -deps),
// without pkg itself.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var ds []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if d := sc.Text(); d != pkg {
			ds = append(ds, d)
		}
	}
	return ds
}

// std reports whether a package path is the standard library's: its
// first element has no dot (and it is not this module's).
func std(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".") && first != "tandem"
}

func TestCore_ImportsNoEdge(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed to list the imports")
	}
	for pkg := range core {
		for _, d := range deps(t, pkg) {
			if !std(d) && !core[d] {
				t.Errorf("%s imports %s: a core package imports only the core and the standard library", pkg, d)
			}
		}
	}
}

func TestConfig_ParsesWithoutTheGPIODriver(t *testing.T) {
	for _, d := range deps(t, "tandem/config") {
		if d == "tandem/gpio" || strings.HasPrefix(d, "periph.io/") {
			t.Errorf("tandem/config imports %s: reading a file needs no hardware driver", d)
		}
	}
}

// Reading the configuration links no match: package table (the loop
// that owns the match) is the daemon's to start, and a program that only
// checks or writes a file (tandem check, the hub's settings) builds none.
// The buzzer's words (package sound) are a leaf that config may name;
// following the table's snapshots is the Player's (package sound/buzzer).
func TestConfig_LinksNoMatchLoop(t *testing.T) {
	for _, d := range deps(t, "tandem/config") {
		if d == "tandem/table" {
			t.Errorf("tandem/config imports %s: reading a file needs no match loop", d)
		}
	}
}

// The table's screens (the console, the terminal, the displays, the
// button menu) lay out the table's snapshots; the record's files and
// exports (package journal) are the daemon's. What both need (the game
// points' text, rules.PointsText) lives with what it formats.
func TestScreens_LinkNoRecord(t *testing.T) {
	for _, pkg := range []string{"tandem/console", "tandem/tui", "tandem/display", "tandem/menu"} {
		for _, d := range deps(t, pkg) {
			if d == "tandem/journal" {
				t.Errorf("%s imports %s: a screen lays out the snapshot, the record is the daemon's", pkg, d)
			}
		}
	}
}

// What only reads a file or relays the hall's messages names a language
// (package i18n/lang) without linking the catalogs of package i18n: the
// texts are the faces', the terminal's and the pages' business.
func TestConfigAndHub_LinkNoCatalogs(t *testing.T) {
	for _, pkg := range []string{"tandem/config", "tandem/hall/hub"} {
		for _, d := range deps(t, pkg) {
			if d == "tandem/i18n" || strings.HasPrefix(d, "github.com/nicksnyder/go-i18n") {
				t.Errorf("%s imports %s: it needs the language's name (tandem/i18n/lang), not the catalogs", pkg, d)
			}
		}
	}
}

// The test itself: a dependency it forbids is found (std and core are
// told apart as the checks need).
func TestLayers_Classify(t *testing.T) {
	for p, want := range map[string]bool{"fmt": true, "net/http": true, "periph.io/x/conn/v3": false, "tandem/gpio": false} {
		if got := std(p); got != want {
			t.Errorf("std(%q) = %v, want %v", p, got, want)
		}
	}
	found := false
	for _, d := range deps(t, "tandem/gpio") {
		found = found || strings.HasPrefix(d, "periph.io/")
	}
	if !found {
		t.Error("tandem/gpio's dependencies do not list periph: go list gives nothing to check")
	}
	found = false
	for _, d := range deps(t, "tandem/sound/buzzer") {
		found = found || d == "tandem/table"
	}
	if !found {
		t.Error("tandem/sound/buzzer's dependencies do not list tandem/table: the match loop's check has nothing to find")
	}
	found = false
	for _, d := range deps(t, "tandem/daemon") {
		found = found || d == "tandem/journal"
	}
	if !found {
		t.Error("tandem/daemon's dependencies do not list tandem/journal: the screens' check has nothing to find")
	}
	found = false
	for _, d := range deps(t, "tandem/tui") {
		found = found || d == "tandem/i18n"
	}
	if !found {
		t.Error("tandem/tui's dependencies do not list tandem/i18n: the catalogs' check has nothing to find")
	}
}

// outside are what a comment may not cite: documents outside the
// repository (the design's notes, beside it) and the project's issues.
// A rule is cited by docs/rules.md, an article of the regulation, or a
// file of the repository.
var outside = regexp.MustCompile(`RULES\.md|DESIGN\.md|STYLE\.md|\.\./shared|/work/|\bissue #?\d|\(issue\b|[A-Z][a-z]+ issue\)`)

func TestComments_CiteTheRepository(t *testing.T) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse: %v (the test reads the repository's Go files)", err)
	}
	root := strings.TrimSpace(string(top))
	out, err := exec.Command("git", "-C", root, "ls-files", "*.go").Output()
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Fields(string(out))
	if len(files) < 100 {
		t.Fatalf("%d Go files: not the repository", len(files))
	}
	for _, f := range files {
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, filepath.Join(root, f), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range af.Comments {
			for _, c := range cg.List {
				if m := outside.FindString(c.Text); m != "" {
					t.Errorf("%s: a comment cites %q: cite docs/rules.md, an article, or a file of the repository", fset.Position(c.Pos()), m)
				}
			}
		}
	}
}
