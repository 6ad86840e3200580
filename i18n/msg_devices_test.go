package i18n_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/eboard"
	"tandem/eboard/session"
	"tandem/gpio"
	"tandem/i18n"
	"tandem/journal"
	"tandem/rules"
	"tandem/wiring"
)

// checkLine asserts the Spanish command line's reading of msg, a message
// written by the code, and that the English printer leaves it as it is.
func checkLine(t *testing.T, msg, want string) {
	t.Helper()
	if got := i18n.For(i18n.Spanish).Line(msg); got != want {
		t.Errorf("Spanish of\n\t%q\n=\t%q\nwant\t%q", msg, got, want)
	}
	if got := i18n.For(i18n.English).Line(msg); got != msg {
		t.Errorf("English of %q = %q", msg, got)
	}
}

// testRecord writes a real record with journal.Open and the Writer: a
// match record (m1, the reglamento preset) and five checkpoints, every
// field fixed, so the file is the same on every run. It returns the
// file's path, bytes and Log.
func testRecord(t *testing.T) (string, []byte, *journal.Log) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tandem.db")
	w, _, err := journal.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := journal.EncodeOptions(p.Options)
	if err != nil {
		t.Fatal(err)
	}
	wall := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	w.Append(journal.Record{Kind: journal.KindMatch, Match: "m1", Preset: p.Name, Options: opts, Table: "Mesa 1", Wall: wall}, 0)
	for i := 1; i <= 5; i++ {
		at := time.Duration(i) * time.Second
		w.Append(journal.Record{Kind: journal.KindCheckpoint, Match: "m1", At: at, Wall: wall.Add(at), Status: "running"}, 0)
	}
	if err := w.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, prob, err := journal.Verify(data)
	if err != nil || prob != nil || l.Torn != "" || len(l.Records) != 6 {
		t.Fatalf("the record as written: %v, %v, torn %q, %d records", err, prob, l.Torn, len(l.Records))
	}
	return path, data, l
}

// frameAt returns the bytes of record i's frame (0-based) in data.
func frameAt(data []byte, l *journal.Log, i int) []byte {
	end := int64(len(data))
	if i+1 < len(l.Offsets) {
		end = l.Offsets[i+1]
	}
	return data[l.Offsets[i]:end]
}

// join returns the concatenation of the parts, in a new slice.
func join(parts ...[]byte) []byte { return slices.Concat(parts...) }

// The record's damage reports, as tandem verify-record and tandem export
// print them after a power cut or a tampered file: each from a real
// record, damaged the way it happens.
func TestMessages_JournalDamage(t *testing.T) {
	path, data, l := testRecord(t)
	off := l.Offsets

	verify := func(t *testing.T, d []byte) *journal.Problem {
		t.Helper()
		_, p, err := journal.Verify(d)
		if err != nil || p == nil {
			t.Fatalf("no problem found: %v", err)
		}
		return p
	}

	t.Run("flipped byte", func(t *testing.T) {
		d := bytes.Clone(data)
		d[off[2]+8+10] ^= 0x04 // a payload byte of record 3
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): dañada: su suma de comprobación no coincide: los bytes se cambiaron", off[2]))

		// The table's Open refuses to append after it, and names the file.
		bad := filepath.Join(t.TempDir(), "damaged.db")
		if err := os.WriteFile(bad, d, 0o644); err != nil {
			t.Fatal(err)
		}
		w, _, err := journal.Open(bad, nil)
		if w != nil || err == nil {
			t.Fatal("Open appends after damage")
		}
		if n := strings.Count(err.Error(), bad); n != 1 {
			t.Errorf("%q names the file %d times", err, n)
		}
		checkLine(t, "tandem run: "+err.Error(), fmt.Sprintf(
			"tandem run: %s: entrada 3 (byte %d): dañada: su suma de comprobación no coincide: los bytes se cambiaron", bad, off[2]))
	})

	t.Run("flipped length", func(t *testing.T) {
		d := bytes.Clone(data)
		d[off[3]+2] ^= 0x01 // record 4's length grows by 64 KiB
		n := binary.LittleEndian.Uint32(d[off[3]:])
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 4 (byte %d): dañada: la longitud %d no es la de una entrada (de 1 a 65536)", off[3], n))
	})

	t.Run("length past the end", func(t *testing.T) {
		// Record 3's length reaches past the file's end: it looks cut
		// short, but good records follow: damage, not a torn tail.
		d := bytes.Clone(data)
		n := len(data) - int(off[2]) + 100
		binary.LittleEndian.PutUint32(d[off[2]:], uint32(n-8))
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): dañada: la entrada está cortada (%d de sus %d bytes), y le sigue una entrada buena en el byte %d",
			off[2], len(data)-int(off[2]), n, off[3]))
	})

	t.Run("torn tail", func(t *testing.T) {
		last := frameAt(data, l, 5)
		for _, c := range []struct {
			d    []byte
			want string
		}{
			{data[:len(data)-10], fmt.Sprintf("entrada 6 en el byte %d: la entrada está cortada (%d de sus %d bytes)", off[5], len(last)-10, len(last))},
			{join(data[:len(data)-10], make([]byte, 16)), fmt.Sprintf("entrada 6 en el byte %d: la entrada está cortada (%d de sus %d bytes), y después 16 bytes a cero", off[5], len(last)-10, len(last))},
			{data[:off[5]+5], fmt.Sprintf("entrada 6 en el byte %d: la cabecera de la entrada está cortada (5 de 8 bytes)", off[5])},
			{join(data, make([]byte, 7)), fmt.Sprintf("entrada 7 en el byte %d: 7 bytes a cero tras la última entrada", len(data))},
			{data[:9], "la cabecera está cortada"},
		} {
			tl, p, err := journal.Verify(c.d)
			if err != nil || p != nil || tl.Torn == "" {
				t.Fatalf("%d bytes: not a torn tail: %v, %v", len(c.d), err, p)
			}
			checkLine(t, tl.Torn, c.want)
		}
	})

	// A frame rewritten with its checksum recomputed: only the hash
	// chain shows it.
	t.Run("altered", func(t *testing.T) {
		f := frameAt(data, l, 1)
		payload := bytes.Replace(f[8:], []byte(`"match":"m1"`), []byte(`"match":"m9"`), 1)
		if bytes.Equal(payload, f[8:]) {
			t.Fatal("nothing altered")
		}
		g := binary.LittleEndian.AppendUint32(nil, uint32(len(payload)))
		g = binary.LittleEndian.AppendUint32(g, crc32.Checksum(payload, crc32.MakeTable(crc32.Castagnoli)))
		g = append(g, payload...)
		d := join(data[:off[1]], g, data[off[2]:])
		sum := sha256.Sum256(payload)
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 2 (byte %d): alterada: su contenido tiene el hash %.16s..., pero la entrada siguiente (secuencia 3) guarda %.16s...: se cambió después de escribirse",
			off[1], hex.EncodeToString(sum[:]), l.Hashes[1]))
	})

	t.Run("removed", func(t *testing.T) {
		checkLine(t, verify(t, join(data[:off[2]], data[off[3]:])).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): faltan entradas: falta la secuencia 3 antes de ella", off[2]))
		checkLine(t, verify(t, join(data[:off[2]], data[off[4]:])).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): faltan entradas: faltan las secuencias 3 a 4 antes de ella", off[2]))
	})

	t.Run("duplicated", func(t *testing.T) {
		d := join(data[:off[2]], frameAt(data, l, 1), data[off[2]:])
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): duplicada: repite byte a byte la entrada 2 (secuencia 2)", off[2]))
	})

	t.Run("reordered", func(t *testing.T) {
		d := join(data[:off[2]], frameAt(data, l, 3), frameAt(data, l, 2), data[off[4]:])
		checkLine(t, verify(t, d).Error(), fmt.Sprintf(
			"entrada 3 (byte %d): fuera de orden: la secuencia 4 está donde debería estar la 3: se movieron entradas", off[2]))
	})

	t.Run("in use", func(t *testing.T) {
		w, _, err := journal.Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		_, _, err = journal.Open(path, nil)
		if !errors.Is(err, journal.ErrInUse) {
			t.Fatalf("second Open: %v", err)
		}
		checkLine(t, err.Error(), path+": journal: el registro lo usa otra mesa de tandem (una mesa por registro: pare la otra, o dé a esta su propio archivo en [journal] file)")
	})
}

// The record's refusals other than damage: a file that is no record, a
// match not found, a match record that does not read.
func TestMessages_JournalRefusals(t *testing.T) {
	_, _, l := testRecord(t)

	_, err := journal.Load([]byte("board A: 1. e4 e5\n"))
	checkLine(t, "tandem export: notes.txt: "+err.Error(),
		`tandem export: notes.txt: journal: no es un registro de tandem (no empieza por la cabecera "tandem-record 1")`)

	// The path is in journal's own error (as os's errors hold theirs):
	// a command line that writes "FILE: " before it names the file twice.
	dir := t.TempDir()
	_, _, err = journal.VerifyFile(dir)
	if err == nil {
		t.Fatal("a directory verified")
	}
	checkLine(t, err.Error(), dir+": no es un archivo normal (d---------): un registro es un archivo")

	ms, err := l.Matches()
	if err != nil || len(ms) != 1 {
		t.Fatalf("%d matches, %v", len(ms), err)
	}
	_, err = journal.Find(ms, "m2")
	checkLine(t, err.Error(), `no hay ningún match "m2" en el registro (su único match es m1)`)
	_, err = journal.Find(append(ms, ms[0]), "x")
	checkLine(t, err.Error(), `no hay ningún match "x" en el registro (2 matches, el último m1)`)
	_, err = journal.Find(nil, "last")
	checkLine(t, err.Error(), "el registro no tiene ningún match")

	for _, c := range []struct {
		r    journal.Record
		want string
	}{
		{journal.Record{Kind: journal.KindMatch, Match: "m1"}, "entrada 1 (secuencia 1): journal: opciones: falta control"},
		{journal.Record{Kind: journal.KindMatch, Match: "m1", Options: map[string]string{"control": "5 m"}},
			"entrada 1 (secuencia 1): journal: opciones: control: "},
		{journal.Record{Kind: journal.KindCheckpoint, Match: "m2"}, `entrada 1 (secuencia 1): el match "m2" no tiene una entrada de match antes`},
	} {
		rec := &journal.Log{Records: []journal.Record{c.r}}
		rec.Records[0].Seq = 1
		_, err := rec.Matches()
		if err == nil {
			t.Fatalf("%+v: no error", c.r)
		}
		got := i18n.For(i18n.Spanish).Line(err.Error())
		if strings.HasSuffix(c.want, ": ") {
			// The control's own message is package clock's (its own
			// templates): only the record's part is checked here.
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("Spanish of %q = %q, want it to begin %q", err, got, c.want)
			}
			continue
		}
		checkLine(t, err.Error(), c.want)
	}
	o := maps.Clone(ms[0].Begin.Options)
	o["bogus"] = "1"
	_, err = journal.DecodeOptions(o)
	checkLine(t, err.Error(), `journal: opciones: clave desconocida "bogus"`)
	checkLine(t, "tandem run: "+journal.ErrReadOnly.Error(), "tandem run: journal: el registro se puede leer pero no escribir: no se registrará nada")
	checkLine(t, journal.ErrTooLarge.Error(), "journal: el archivo del registro es más grande de lo que tandem lee (apártelo, guárdelo y empiece uno nuevo)")
}

// The electronic boards' and their sessions' messages (tandem eboard
// replay, tandem eboard record).
func TestMessages_Eboard(t *testing.T) {
	_, err := eboard.ParseOrientation("upside-down")
	checkLine(t, "config.toml:12: eboard.orientation: "+err.Error(),
		`config.toml:12: eboard.orientation: orientación "upside-down": escriba auto, normal o rotated`)

	_, err = eboard.Dump(eboard.Message{ID: eboard.MsgFieldUpdate, Data: []byte{3, 1}})
	checkLine(t, err.Error(), "eboard: no es ese mensaje: id 0x8e con 2 bytes de datos, se esperaba 0x86")

	f := eboard.NewFields(eboard.Normal)
	_, err = f.Message(eboard.Message{ID: eboard.MsgFieldUpdate, Data: []byte{70, 1}})
	checkLine(t, err.Error(), "eboard: cambio de casilla: casilla 70, código de pieza 1 (casillas 0-63, códigos 0-12)")
	dump := make([]byte, 64)
	dump[9] = 13
	_, err = f.Message(eboard.Message{ID: eboard.MsgBoardDump, Data: dump})
	checkLine(t, err.Error(), "eboard: volcado del tablero: la casilla 9 tiene el código de pieza 13 (0-12)")

	_, err = eboard.OpenSerial(filepath.Join(t.TempDir(), "ttyUSB0"))
	if err == nil {
		t.Fatal("a missing serial port opened")
	}
	if !strings.HasPrefix(i18n.For(i18n.Spanish).Line(err.Error()), "eboard: ") {
		t.Errorf("%q", err)
	}

	for in, want := range map[string]string{
		"0 A 8E00052D03\n5 press\n":                    "s.txt:2: se espera TIME BOARD HEX o TIME press SEAT, hay 2 campos",
		"soon A 8E00052D03\n":                          `s.txt:1: tiempo "soon": segundos desde el inicio, p. ej. 12.5`,
		"5 A 8E00052D03\n2 press A-white\n":            "s.txt:2: el tiempo 2 es anterior al 5 de la línea de arriba: las líneas van en orden de tiempo",
		"0 A 8E0005ZZ03\n":                             `s.txt:1: mensaje "8E0005ZZ03": bytes en hexadecimal, dos cifras cada uno, p. ej. 8E00052D03`,
		"0 A 0E00052D03\n":                             "s.txt:1: mensaje 0E00052D03: no es un mensaje DGT (un id con el bit alto, dos bytes de longitud, los datos)",
		"0 A 8E00052D038E00052D03\n":                   "s.txt:1: mensaje 8E00052D038E00052D03: más de un mensaje en la línea",
		"0 C 8E00052D03\n":                             `s.txt:1: "C": el segundo campo es un tablero (A, B) o press`,
		"0 press A-white\n1 A 8E00052D03\n3 press Q\n": "s.txt:3: ",
	} {
		_, err := session.Read("s.txt", strings.NewReader(in))
		if err == nil {
			t.Errorf("%q read", in)
			continue
		}
		if strings.HasSuffix(want, ": ") {
			// A seat that does not read: package bughouse's message.
			if got := i18n.For(i18n.Spanish).Line(err.Error()); !strings.HasPrefix(got, want) {
				t.Errorf("%q: %q", in, got)
			}
			continue
		}
		checkLine(t, err.Error(), want)
	}
}

// The report of tandem eboard replay, line by line.
func TestMessages_EboardReport(t *testing.T) {
	s, err := session.Read("s.txt", strings.NewReader("# no item\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.LookupPreset("reglamento")
	if err != nil {
		t.Fatal(err)
	}
	r, err := session.Replay("s.txt", s, p.Options.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		got = append(got, i18n.For(i18n.Spanish).Line(line))
	}
	want := []string{
		"tablero A: 0 jugadas",
		"  FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
		"tablero B: 0 jugadas",
		"  FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
		"reservas: A-blancas - A-negras - B-blancas - B-negras -",
		"pulsaciones: 0 (0 ignoradas: no era el turno de ese jugador)",
		"ningún aviso",
	}
	if !slices.Equal(got, want) {
		t.Errorf("the report in Spanish:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// failingLines is a GPIO line set whose read fails, at the hardware edge.
type failingLines struct{}

func (failingLines) WaitForEdge(time.Duration) (gpio.Edge, error) { return gpio.Edge{}, syscall.ENODEV }
func (failingLines) Levels() (uint64, error)                      { return 0, syscall.ENODEV }
func (failingLines) Halt() error                                  { return nil }
func (failingLines) Close() error                                 { return nil }

// The GPIO lines' messages (tandem run, tandem probe).
func TestMessages_GPIO(t *testing.T) {
	w := wiring.DefaultWiring()
	_, err := gpio.NewReader(failingLines{}, &w, []int{17, 27}, nil)
	checkLine(t, err.Error(), "gpio: 2 números de línea para 5 entradas")
	_, err = gpio.NewReader(failingLines{}, &w, []int{17, 27, 22, 23, 24}, nil)
	checkLine(t, "tandem run: "+err.Error(), "tandem run: gpio: al leer las líneas: no existe el dispositivo")
	_, err = gpio.CheckPulls(&w, nil, 0)
	checkLine(t, err.Error(), "gpio: 0 líneas para 5 entradas")
}
