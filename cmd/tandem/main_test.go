package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"tandem/rules"
)

func TestPresets_ListsEveryPresetAndOption(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"presets"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, name := range rules.PresetNames() {
		if !strings.Contains(text, name+"  (") {
			t.Errorf("preset %s missing", name)
		}
	}
	for _, k := range rules.OptionKeys {
		if n := strings.Count(text, "  "+k+" "); n != len(rules.PresetNames()) {
			t.Errorf("option %s listed %d times, want once per preset", k, n)
		}
	}
	if !strings.Contains(text, "stalemate                   win-for-stalemated") {
		t.Error("panoriental's stalemate option not shown with its value")
	}
	// Every option the seeds set is shown with the sentence behind it.
	for _, want := range []string{
		`move_limit +800 +# "o tras 800 movimientos entre los dos tableros"`,
		`start +both-black +# "Al inicio del juego, los jugadores con piezas negras ponen a correr ambos relojes simultáneamente\."`,
		`illegal_move_claim +opposing-team +# "cuando se hace una jugada ilegal y es descubierto por alguien del equipo contrario"`,
		`fifty_move_draw +true +# Art 2:`,
		`draw_agreement +all-four +# "Tablas`,
	} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("presets lack %q", want)
		}
	}
	if strings.Contains(text, " \n") {
		t.Error("a line ends in blanks")
	}
	if code := run([]string{"presets", "x"}, nil, &out, &errb); code != 2 {
		t.Errorf("presets with an argument: exit %d, want 2", code)
	}
}

func TestRun_UnknownCommandAndHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"fly"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "fly"`) {
		t.Errorf("unknown command: exit %d, %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"help"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "tandem replay FILE") {
		t.Errorf("help: exit %d, %q", code, out.String())
	}
}

// In a Spanish environment the command line's own words are Spanish: an
// unknown command, a command's usage, an argument too many.
func TestRun_SpanishMessages(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "es_ES.UTF-8")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"fly"}, []string{`tandem: orden desconocida "fly"`, "el reloj y la consola del árbitro"}},
		{[]string{"sim", "extra"}, []string{`argumento inesperado "extra"`, "Uso: tandem sim [--config FILE]"}},
	} {
		code, _, errs := runCmd(c.args...)
		for _, w := range c.want {
			if code != 2 || !strings.Contains(errs, w) {
				t.Errorf("%v: exit %d, lacks %q:\n%s", c.args, code, w, errs)
			}
		}
	}
}
