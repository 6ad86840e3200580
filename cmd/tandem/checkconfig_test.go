package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/board"
	"tandem/config"
)

func writeConfigFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runForCheckConfig(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckConfig_ValidFile_PrintsTheEffectiveConfiguration(t *testing.T) {
	// A hub beyond this machine needs the hall CA's certificate (any
	// readable file for check-config; the link reads it as PEM).
	ca := writeConfigFile(t, "ca.crt", "-----BEGIN CERTIFICATE-----\n")
	path := writeConfigFile(t, "club.toml", "preset = \"pasapiezas\"\n[rules]\nstalemate = \"draw\"\n[gpio]\npause = 17\n[hall]\nurl = \"nats://hall.local:4222\"\ntable = \"t07\"\nca = \""+ca+"\"\n")
	code, out, errs := runForCheckConfig("check-config", path)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"preset = \"pasapiezas\"", "stalemate = \"draw\"", "# overridden", "mate = \"bughouse\"", "\npause = 17 ", "[hall]\nurl = \"nats://hall.local:4222\" ", "# the hub\ntable = \"t07\" "} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if errs != "" {
		t.Errorf("stderr %q, want nothing: every section is read", errs)
	}
	// The output is itself a valid configuration, the same one.
	c0, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Parse("out.toml", []byte(out))
	if err != nil {
		t.Fatalf("output does not parse: %v\n%s", err, out)
	}
	if c.Preset != "pasapiezas" || c.Rules.Stalemate != board.StalemateDraw || fmt.Sprint(c.GPIO) != fmt.Sprint(c0.GPIO) || c.Hall != c0.Hall || c.Hall.Table != "t07" {
		t.Errorf("output parses to %+v", c)
	}
}

func TestCheckConfig_Examples(t *testing.T) {
	files, _ := filepath.Glob("../../docs/examples/*.toml")
	if len(files) == 0 {
		t.Fatal("no examples in docs/examples")
	}
	for _, f := range files {
		if filepath.Base(f) == "tournament.toml" {
			continue // a tournament file, not a configuration: TestTournament_Check reads it
		}
		data, _ := os.ReadFile(f)
		code, _, errs := runForCheckConfig("check-config", f)
		switch {
		case strings.Contains(string(data), `"CHANGE-ME"`):
			// No example's secret works: check-config refuses the
			// placeholder until it is a secret of the hall's own.
			if code != 2 || !strings.HasPrefix(errs, f+":") || !strings.Contains(errs, `"CHANGE-ME" is a placeholder`) {
				t.Errorf("%s: exit %d: %s; want 2 and the placeholder's line", f, code, errs)
			}
		case code != 0:
			t.Errorf("%s: exit %d: %s", f, code, errs)
		}
	}
}

func TestCheckConfig_InvalidFile_Exit2WithFileLineField(t *testing.T) {
	path := writeConfigFile(t, "tandem.toml", "preset = \"reglamento\"\n\n[rules]\nstalemate = \"lose\"\n")
	code, out, errs := runForCheckConfig("check-config", path)
	if code != 2 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := path + `:4: rules.stalemate: unknown stalemate "lose"; allowed: draw, wait, win-for-stalemated, loss-for-stalemated` + "\n"
	if errs != want {
		t.Errorf("stderr\n got %q\nwant %q", errs, want)
	}
}

func TestCheckConfig_SyntaxError_Exit2(t *testing.T) {
	path := writeConfigFile(t, "tandem.toml", "[time]\ncontrol = 5m\n")
	code, out, errs := runForCheckConfig("check-config", path)
	if code != 2 || out != "" || !strings.HasPrefix(errs, path+":2: invalid TOML") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestCheckConfig_Usage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"check-config"}, 2, "tandem check-config: need one FILE\n\nusage: tandem check-config FILE"},
		{[]string{"check-config", "a.toml", "b.toml"}, 2, "tandem check-config: unexpected argument \"b.toml\" after FILE a.toml\n\nusage:"},
		{[]string{"check-config", "--bogus"}, 2, "tandem check-config: unknown flag --bogus\n\nusage:"},
		{[]string{"check-config", "--config", "a.toml"}, 2, "tandem check-config: unknown flag --config\n\nusage:"},
		{[]string{"check-config", filepath.Join(t.TempDir(), "missing.toml")}, 2, "tandem check-config: open "},
		{[]string{"check-config", t.TempDir()}, 2, "is a directory"},
	} {
		code, out, errs := runForCheckConfig(tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.err) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errs, tc.code, tc.err)
		}
	}
	if code, out, _ := runForCheckConfig("check-config", "--help"); code != 0 || !strings.HasPrefix(out, "usage: tandem check-config FILE") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

// TestEmptyDeviceName_RefusedAlike: a display device with an empty name is
// refused with FILE:LINE and exit 2 by check-config, run and probe alike
// (check-config used to exit 1 from Write, after Parse had accepted it).
func TestEmptyDeviceName_RefusedAlike(t *testing.T) {
	path := writeConfigFile(t, "t.toml", "mode = \"hardware\"\n[display.devices.\"\"]\nkind = \"tm1637\"\nseat = \"B-white\"\nclk = \"GPIO5\"\ndio = \"GPIO6\"\nchip = \"gpiochip0\"\n")
	want := path + `:2: display.devices."": a device needs a name`
	for _, args := range [][]string{
		{"check-config", path},
		{"run", "--config", path},
		{"probe", "--config", path, "--for", "1ms"},
	} {
		code, _, errs := runForCheckConfig(args...)
		if code != 2 || !strings.Contains(errs, want) {
			t.Errorf("tandem %s: exit %d, stderr %q; want 2 and %q", args[0], code, errs, want)
		}
	}
}

// check-config refuses a credentials file that cannot be read.
func TestCheckConfig_CredentialFiles(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "table.toml")
	missing := filepath.Join(dir, "t07.creds")
	ca := filepath.Join(dir, "ca.crt")
	os.WriteFile(ca, []byte("-----BEGIN CERTIFICATE-----\n"), 0o644)
	os.WriteFile(cfgPath, []byte("[hall]\nurl = \"nats://hall.local:4222\"\ntable = \"t07\"\ncreds_file = \""+missing+"\"\nca = \""+ca+"\"\n"), 0o644)
	var out, errb bytes.Buffer
	want := cfgPath + ":4: hall.creds_file: cannot be read: open " + missing + ": no such file or directory\n"
	if code := run([]string{"check-config", cfgPath}, nil, &out, &errb); code != 2 || errb.String() != want {
		t.Fatalf("%d %q, want %q", code, errb.String(), want)
	}
	os.WriteFile(missing, []byte("creds"), 0o600)
	errb.Reset()
	if code := run([]string{"check-config", cfgPath}, nil, &out, &errb); code != 0 {
		t.Fatalf("readable: %d %q", code, errb.String())
	}
}
