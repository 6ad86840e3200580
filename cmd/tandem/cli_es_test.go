package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// spanish sets the environment of a Spanish command line for the test.
func spanish(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "es_ES.UTF-8")
}

// The command line's errors and reports in Spanish, as a club arbiter
// reads them (LANG=es_ES.UTF-8): each line exactly, the file named once.
func TestSpanish_CommandLineMessages(t *testing.T) {
	spanish(t)
	dir := t.TempDir()
	missing := filepath.Join(dir, "falta.toml")
	rec := recordOf(t, filepath.Join("..", "..", "testdata", "timeline", "flag.timeline"))
	for _, tc := range []struct {
		args   []string
		code   int
		stderr []string // lines, in order, each a prefix of its line
		stdout []string
	}{
		{args: []string{"check-config", missing}, code: 2,
			stderr: []string{"tandem check-config: no se pudo abrir " + missing + ": no existe el archivo o el directorio"}},
		{args: []string{"verify-record", filepath.Join(dir, "falta.db")}, code: 2,
			stderr: []string{"tandem verify-record: no se pudo abrir " + filepath.Join(dir, "falta.db") + ": no existe el archivo o el directorio"}},
		{args: []string{"export", "last", "--record", filepath.Join(dir, "falta.db"), "--format", "csv"}, code: 1,
			stderr: []string{"tandem export: no se pudo abrir " + filepath.Join(dir, "falta.db") + ": no existe el archivo o el directorio"}},
		{args: []string{"verify-record", rec}, code: 0,
			stdout: []string{rec + ": íntegro: "}},
		{args: []string{"replay", "--preset", "fics", "--preset", "online", "x.bpgn"}, code: 2,
			stderr: []string{"tandem replay: --preset dado dos veces (fics, luego online); dé uno solo"}},
		{args: []string{"sim", "--bogus"}, code: 2,
			stderr: []string{"tandem sim: opción desconocida: --bogus", "", "Uso: tandem sim"}},
		{args: []string{"sim", "extra"}, code: 2,
			stderr: []string{`tandem sim: argumento inesperado "extra"`}},
		{args: []string{"check-config", "../../docs/examples/tournament.toml"}, code: 2,
			stderr: []string{"../../docs/examples/tournament.toml es un archivo de torneo: compruébelo con `tandem tournament check ../../docs/examples/tournament.toml`", "../../docs/examples/tournament.toml:8: name: "}},
		{args: []string{"tournament", "check", "../../docs/examples/club.toml"}, code: 2,
			stderr: []string{"../../docs/examples/club.toml:9: mode: clave desconocida", "../../docs/examples/club.toml es la configuración de una mesa: compruébela con `tandem check-config ../../docs/examples/club.toml`"}},
		{args: []string{"verify-record", "--bogus", "x.db"}, code: 2,
			stderr: []string{"tandem verify-record: opción desconocida --bogus"}},
		{args: []string{"check-config", "a.toml", "b.toml"}, code: 2,
			stderr: []string{`tandem check-config: argumento inesperado "b.toml" después del ARCHIVO a.toml`, "", "uso: tandem check-config FILE"}},
		{args: []string{"perft", "x"}, code: 2,
			stderr: []string{"tandem perft: se necesitan FEN y PROFUNDIDAD"}},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d\nstderr:\n%s", tc.args, code, tc.code, errOut)
		}
		for _, w := range []struct {
			name string
			got  string
			want []string
		}{{"stderr", errOut, tc.stderr}, {"stdout", out, tc.stdout}} {
			lines := strings.Split(w.got, "\n")
			for i, want := range w.want {
				if i >= len(lines) || !strings.HasPrefix(lines[i], want) {
					t.Errorf("%v: %s line %d:\n got %q\nwant %q…", tc.args, w.name, i+1, at(lines, i), want)
				}
			}
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(none)"
}

// A file's name is said once in a command's error, in English too.
func TestFileNamedOnce(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	dir := t.TempDir()
	big := filepath.Join(dir, "big.bin")
	os.WriteFile(big, make([]byte, 3<<20), 0o644)
	for _, args := range [][]string{
		{"verify-record", filepath.Join(dir, "missing.db")},
		{"export", "last", "--record", filepath.Join(dir, "missing.db"), "--format", "csv"},
		{"replay", filepath.Join(dir, "missing.bpgn")},
		{"check-config", big},
		{"replay", big},
	} {
		_, _, errOut := runCmd(args...)
		name := args[len(args)-1]
		if args[0] == "export" {
			name = args[3]
		}
		if n := len(regexp.MustCompile(regexp.QuoteMeta(name)).FindAllString(errOut, -1)); n != 1 {
			t.Errorf("%v: the file named %d times:\n%s", args, n, errOut)
		}
	}
}
