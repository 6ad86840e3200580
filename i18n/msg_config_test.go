package i18n_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"tandem/config"
	"tandem/hall/ca"
	"tandem/i18n"
	"tandem/rules"
	"tandem/wiring"
)

// The configuration's mistakes a club arbiter makes first, as
// check-config prints them (file:line: field: message), read back in
// Spanish: the message translated, the file, line and field (TOML keys,
// a seat's key too) and the values kept.
func TestMsgConfig_ParseErrorsInSpanish(t *testing.T) {
	es, en := i18n.For(i18n.Spanish), i18n.For(i18n.English)
	for _, c := range []struct{ doc, want string }{
		{"presets = \"fics\"\n",
			`club.toml:1: presets: clave desconocida "presets"; se admite en el nivel superior: mode, preset, language, time, rules, display, gpio, console, journal, hall, hub, eboard, sound`},
		{"[rules]\nstalmate = \"draw\"\n",
			`club.toml:2: rules.stalmate: clave desconocida "stalmate"; se admite en [rules]: ` + strings.Join(ruleKeys(), ", ")},
		{"[rules]\nincrement_before_first_move = true\n",
			`club.toml:2: rules.increment_before_first_move: increment_before_first_move es parte del ritmo de juego: escríbalo en [time]`},
		{"mode = \"hardwar\"\n", `club.toml:1: mode: modo desconocido "hardwar"; se admite: simulated, hardware`},
		{"mode = hardware\n", `club.toml:1: TOML no válido en la columna 8: carácter inesperado U+0068 'h' al principio de un valor (¿faltan las comillas?)`},
		{"language = \"fr\"\n", `club.toml:1: language: se esperaba "en" (English) o "es" (español), no "fr"`},
		{"time = \"5m\"\n", `club.toml:1: time: se esperaba una tabla [time], no una cadena`},
		{"[gpio]\nA-white = \"GPIO 17\"\n",
			`club.toml:2: gpio.A-white: no es un nombre de línea: "GPIO 17"; escriba el nombre que lista gpioinfo, p. ej. "GPIO17", o el número de línea, p. ej. 17`},
		{"[gpio]\nB-white = \"GPIO17\"\n", `club.toml:2: gpio.B-white: la misma línea que A-blancas: GPIO17; cada entrada necesita la suya`},
		{"[gpio]\nA-white = 99999\n", `club.toml:2: gpio.A-white: número de línea 99999 fuera de rango: las líneas de un chip son de 0 a 1023`},
		{"[gpio]\nA-whte = 17\n",
			`club.toml:2: gpio.A-whte: clave desconocida "A-whte"; se admite en [gpio]: chip, lockout, pause_mode, A-white, A-black, B-white, B-black, pause`},
		{"[gpio]\nlockout = \"5s\"\n", `club.toml:2: gpio.lockout: "5s" está fuera de rango; se admite más de 0 y hasta 1s (predeterminado 50ms)`},
		{"[gpio]\nA-white = { line = \"GPIO5\", active = \"up\" }\n",
			`club.toml:2: gpio.A-white.active: se esperaba "low" (al pulsar, la línea va a tierra) o "high", no "up"`},
		{"[console]\npin = 12\n", `club.toml:2: console.pin: se esperaba una cadena de 4 a 12 dígitos como "4821", no un entero`},
		{"[console]\npin = \"12ab\"\n",
			`club.toml:2: console.pin: el PIN tiene 'a'; solo se admiten los dígitos 0-9 (los que teclea el teclado numérico de un teléfono)`},
		{"[console]\npin = \"CHANGE-ME\"\n",
			`club.toml:2: console.pin: "CHANGE-ME" es un texto de ejemplo: escriba un secreto propio (o quite pin para que se genere uno en cada inicio)`},
		{"[console]\nlisten = \"8080\"\n",
			`club.toml:2: console.listen: "8080" no es host:puerto; escriba p. ej. ":8080" (todas las interfaces) o "127.0.0.1:8080" (solo esta máquina)`},
		{"[display.devices.a]\nboard = \"A\"\n",
			`club.toml:1: display.devices.a: falta kind; escriba kind = "ssd1306\" | \"ht16k33\" | \"tm1637"`},
		{"[display.devices.a]\nkind = \"ssd1306\"\nboard = \"A\"\nleft = \"B-white\"\n",
			`club.toml:4: display.devices.a.left: B-blancas no juega en el tablero A`},
		{"[eboard]\na = \"/dev/ttyACM0\"\nb = \"/dev/ttyACM0\"\n",
			`club.toml:3: eboard.b: "/dev/ttyACM0" es también el dispositivo del tablero A: cada tablero tiene su propio puerto`},
		{"[sound]\nkind = \"passive\"\n", `club.toml:1: sound: falta pin: la línea del zumbador, p. ej. pin = "GPIO18"`},
		{"[sound]\npin = \"GPIO17\"\n", `club.toml:2: sound.pin: GPIO17 es la línea de A-blancas ([gpio]): el zumbador necesita una línea propia`},
		{"[sound]\npin = \"GPIO18\"\nkind = \"loud\"\n", `club.toml:3: sound.kind: se esperaba uno de active, passive, no "loud"`},
		{"[journal.players]\nC-white = \"Ana\"\n",
			`club.toml:2: journal.players.C-white: clave desconocida "C-white"; se admite en [journal.players]: A-white, A-black, B-white, B-black`},
		{"[journal.players]\nA-white = \"Ana\\nB\"\n",
			`club.toml:2: journal.players.A-white: un nombre ocupa una sola línea: "Ana\nB" tiene un salto de línea`},
		{"[journal.players]\nA-white = \"Ana\\u0007\"\n",
			`club.toml:2: journal.players.A-white: un nombre es texto imprimible: "Ana\a" contiene el carácter de control \x07`},
		{"[journal]\ncheckpoint_interval = \"1h\"\n",
			`club.toml:2: journal.checkpoint_interval: "1h" está fuera de rango; se admite de 100ms a 1m (predeterminado 1s)`},
		{"[hall]\ntable = \"t07\"\n", `club.toml:1: hall: falta url: escriba la dirección del centro, p. ej. url = "nats://hall.local:4222"`},
		{"[hall]\nurl = \"nats://hall.local:4222\"\ntable = \"t07\"\n",
			`club.toml:1: hall: el centro hall.local:4222 está fuera de esta máquina: indique en ca el certificado de la CA de la sala (el ca.crt del directorio tls del centro, docs/hall.md "TLS on the hall's network"), para que nada cruce la red sin cifrar`},
		{"[hub]\nmax_memory = 64\n", `club.toml:2: hub.max_memory: se esperaba un tamaño entre comillas como "64MiB" o "4GiB", no un entero`},
	} {
		_, err := config.Parse("club.toml", []byte(c.doc))
		if err == nil {
			t.Errorf("%q: no error", c.doc)
			continue
		}
		if got := es.Line(err.Error()); got != c.want {
			t.Errorf("%q:\n%s\nin Spanish\n%s\nwant\n%s", c.doc, err, got, c.want)
		}
		if got := en.Line(err.Error()); got != err.Error() {
			t.Errorf("%q: the English printer changed %q to %q", c.doc, err, got)
		}
	}
}

func ruleKeys() []string {
	var ks []string
	for _, k := range rules.OptionKeys {
		if k != "increment_before_first_move" {
			ks = append(ks, k)
		}
	}
	return ks
}

// The other packages' messages: the input file's, the wiring's (Validate
// of a wiring built in code), the hall CA's, and Validate's of a
// configuration built in code.
func TestMsgConfig_OtherErrorsInSpanish(t *testing.T) {
	es, en := i18n.For(i18n.Spanish), i18n.For(i18n.English)
	dir := t.TempDir()
	check := func(err error, want string) {
		t.Helper()
		if err == nil {
			t.Errorf("no error, want %q", want)
			return
		}
		if got := es.Line(err.Error()); got != want {
			t.Errorf("%s\nin Spanish\n%s\nwant\n%s", err, got, want)
		}
		if got := en.Line(err.Error()); got != err.Error() {
			t.Errorf("the English printer changed %q to %q", err, got)
		}
	}
	_, err := config.Load(dir)
	check(err, dir+" es un directorio, no un archivo normal (tandem lee archivos, no dispositivos ni tuberías que quizá nunca terminen)")
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, make([]byte, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = config.Load(big)
	check(err, big+": demasiado grande (2 MiB; como máximo 1 MiB)")

	if err := os.WriteFile(filepath.Join(dir, ca.CertFile), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ca.Load(dir)
	check(err, filepath.Join(dir, ca.CertFile)+": no hay ningún bloque PEM CERTIFICATE")
	hallCA, _, err := ca.Open(t.TempDir(), "hall", nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = hallCA.Issue("t07", nil, time.Now())
	check(err, "ca: un certificado necesita al menos un nombre de host o una dirección")
	_, _, err = hallCA.Issue("t07", []string{"www.google.com"}, time.Now())
	check(err, "ca: www.google.com es un nombre público, bajo .com: un certificado de la sala es solo para nombres como t07.local, hall.lan, hub.home.arpa, x.internal o un nombre de host sin dominio")
	_, _, err = hallCA.Issue("t07", []string{"8.8.8.8"}, time.Now())
	check(err, "ca: 8.8.8.8 es una dirección pública: un certificado de la sala es solo para direcciones de loopback y privadas (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, ...)")

	w := wiring.DefaultWiring()
	w.Lockout = time.Hour
	check(w.Validate(), "gpio: lockout 1h0m0s fuera de rango; se admite de 0 (predeterminado 50ms) a 1s")
	w = wiring.DefaultWiring()
	w.Pause = w.Buttons[0]
	check(w.Validate(), "gpio: A-blancas y pause son ambos GPIO17")

	c := config.Default()
	c.Journal.Off, c.Journal.File = true, "x.db"
	check(c.Validate(), `journal.file: Off está activado con el archivo "x.db"; elija uno`)
	c = config.Default()
	c.Display.TenthsBelow = -time.Second
	check(c.Validate(), "display.tenths_below: -1s fuera de rango; se admite de 0 a 1h")
}

// comments returns the comment of each line of a Write printout that has
// one: the text after "# " and the line's TOML before it (with the
// spaces that align the comment), or the whole line for a line of
// comment only. It reads the printout's own layout: "key = value" then
// two spaces or more and "# ".
func comments(t *testing.T, text string) (tomls, notes []string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch i := strings.LastIndex(l, "  # "); {
		case strings.HasPrefix(l, "# "):
			tomls, notes = append(tomls, ""), append(notes, l[2:])
		case i >= 0:
			tomls, notes = append(tomls, l[:i+4]), append(notes, l[i+4:])
		default:
			tomls, notes = append(tomls, l), append(notes, "")
		}
	}
	return tomls, notes
}

// valueOnly are the comments that are values, the same in every
// language: a list of a key's values, a protocol's or a unit's name.
var valueOnly = map[string]bool{"en | es": true, "HTTPS": true, "Hz": true}

// checkSpanishSettings writes c's effective settings in English and in
// Spanish and reports every comment the Spanish left as it was (but a
// value), every change of the TOML beside the comments, and whether
// Parse reads the Spanish back to the same configuration.
func checkSpanishSettings(t *testing.T, name string, c *config.Config) {
	t.Helper()
	var enOut, esOut bytes.Buffer
	if err := c.Write(&enOut); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := c.WriteComments(&esOut, i18n.For(i18n.Spanish).Line); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	enT, enN := comments(t, enOut.String())
	esT, esN := comments(t, esOut.String())
	if len(enT) != len(esT) {
		t.Fatalf("%s: %d lines in English, %d in Spanish:\n%s", name, len(enT), len(esT), esOut.String())
	}
	n := 0
	for i := range enT {
		if enT[i] != esT[i] {
			t.Errorf("%s: line %d's TOML changed: %q in English, %q in Spanish", name, i+1, enT[i], esT[i])
		}
		if enN[i] == "" {
			continue
		}
		n++
		if esN[i] == enN[i] && !valueOnly[enN[i]] {
			t.Errorf("%s: line %d's comment is left in English: %q", name, i+1, enN[i])
		}
	}
	if n < 5 {
		t.Fatalf("%s: %d comments found in\n%s", name, n, esOut.String())
	}
	back, err := config.Parse(c.Source, esOut.Bytes())
	if err != nil {
		t.Fatalf("%s: the Spanish printout does not parse: %v\n%s", name, err, esOut.String())
	}
	want, err := config.Parse(c.Source, enOut.Bytes())
	if err != nil {
		t.Fatalf("%s: the English printout does not parse: %v", name, err)
	}
	if !reflect.DeepEqual(back, want) {
		t.Errorf("%s: the Spanish printout reads back as\n%+v\nthe English as\n%+v", name, back, want)
	}
}

// The whole effective-settings printout of docs/examples/club.toml
// (check-config's) in Spanish: every comment translated, the TOML the
// same and read back to the same configuration.
func TestMsgConfig_ClubSettingsInSpanish(t *testing.T) {
	c, err := config.Load(filepath.Join("..", "docs", "examples", "club.toml"))
	if err != nil {
		t.Fatal(err)
	}
	checkSpanishSettings(t, "club.toml", c)
	again, err := config.Load(filepath.Join("..", "docs", "examples", "club.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var es bytes.Buffer
	if err := c.WriteComments(&es, i18n.For(i18n.Spanish).Line); err != nil {
		t.Fatal(err)
	}
	back, err := config.Parse(c.Source, es.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, again) {
		t.Errorf("the Spanish printout reads back as\n%+v\nthe file as\n%+v", back, again)
	}
	for _, want := range []string{
		"drop_check = \"allowed\"                 # cambiado; en las reglas: \"forbidden\"\n",
		"mode = \"hardware\"      # predeterminado: simulated\n",
		"preset = \"reglamento\"  # según seed 000 (Reglamento de Ajedrez Pasapiezas)\n",
		"# [time.seats] ninguno: todos los puestos juegan con control\n",
	} {
		if !strings.Contains(es.String(), want) {
			t.Errorf("no line %q in\n%s", want, es.String())
		}
	}
}

// Every preset's printout, the other examples that check-config accepts,
// and a configuration with every section's comments.
func TestMsgConfig_AllSettingsInSpanish(t *testing.T) {
	for _, name := range rules.PresetNames() {
		c, err := config.LoadPreset("", name)
		if err != nil {
			t.Fatal(err)
		}
		checkSpanishSettings(t, "preset "+name, c)
	}
	for _, f := range []string{"hall-table-sim.toml", "handicap.toml", "quick.toml"} {
		c, err := config.Load(filepath.Join("..", "docs", "examples", f))
		if err != nil {
			t.Fatal(err)
		}
		checkSpanishSettings(t, f, c)
	}
	c, err := config.Parse("every.toml", []byte(everySection))
	if err != nil {
		t.Fatal(err)
	}
	checkSpanishSettings(t, "every.toml", c)
	c.Journal = config.Journal{Off: true}
	c.Console = config.Console{Disabled: true, Listen: "127.0.0.1:8080"}
	c.GPIO = config.GPIO{}
	c.Mode = config.Simulated
	checkSpanishSettings(t, "every.toml, changed", c)
	h, err := config.Parse("hub.toml", []byte(hubSection))
	if err != nil {
		t.Fatal(err)
	}
	checkSpanishSettings(t, "hub.toml", h)
}

// hubSection is a hall hub's node of a cluster.
const hubSection = `
[hub]
listen = "127.0.0.1:4222"
store = "/var/lib/tandem-hall"
max_memory = "64MiB"
dashboard_listen = "127.0.0.1:8443"
dashboard_pin = "48213579"
tls_hosts = ["hall.local"]
node = "hub1"
cluster_listen = ":6222"
routes = ["nats://hub2.local:6222"]
[hub.tables.t07]
user = "t07"
password = "s3cret-t07-x"
`

// everySection sets each section that Write comments on, with values
// that are not the defaults.
const everySection = `
mode = "hardware"
preset = "fics"
language = "es"

[time]
control = "3m+2s"
[time.seats]
A-white = "2m+2s"

[rules]
stalemate = "wait"

[display]
tenths_below = "5s"
[display.devices.board-a]
kind = "ssd1306"
board = "A"
left = "A-white"
brightness = 80
[display.devices.clock-b]
kind = "ht16k33"
bus = "1"
address = 0x71
seat = "B-white"
[display.devices.seat-a]
kind = "tm1637"
seat = "A-black"
clk = "GPIO5"
dio = "GPIO6"

[gpio]
chip = "gpiochip0"
lockout = "30ms"
pause_mode = "momentary"

[console]
listen = "127.0.0.1:9090"
pin = "4821"
tls_cert = "console.crt"
tls_key = "console.key"

[journal]
file = "match.db"
table = "Peña"

[journal.players]
A-white = "José"

[hall]
url = "nats://127.0.0.1:4222"
table = "t07"

[eboard]
a = "/dev/ttyACM0"
alert_after = "3s"

[sound]
pin = "GPIO18"
kind = "passive"
low_time = { "3m+2s" = "20s", other = "10s" }
`
