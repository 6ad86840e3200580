package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"tandem/config"
	"tandem/daemon"
	"tandem/display"
	"tandem/i18n"
	"tandem/tui"
)

// runSim plays a match on a simulated table in the terminal (package tui):
// `tandem` and `tandem sim [--config FILE] [--preset NAME]`. It exits 2 at
// once, with a hint, when stdin or stdout is not a terminal, and on bad
// flags or configuration; 1 when the terminal fails; 0 after a quit key.
func runSim(args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem sim", "tandem sim [--config FILE] [--preset NAME]",
		"Play a match on a simulated table in this terminal.", stderr)
	cfgPath := c.FS.String("config", "", "read the configuration from `FILE` (TOML); default: the built-in defaults")
	preset := c.FS.String("preset", "", "play under rule preset `NAME`, replacing the configuration's (see tandem presets)")
	if code, done := c.Parse(args); done {
		return code
	}

	cfg, err := loadConfig(*cfgPath, *preset)
	if err != nil {
		fmt.Fprintf(stderr, "tandem sim: %s\n", configError(err, *preset))
		return 2
	}
	// The terminal speaks the configuration's language, else the
	// environment's.
	lang := i18n.FromEnv(os.Getenv)
	if cfg.LanguageSet {
		lang = cfg.Language
	}
	printWarnings(stderr, "tandem sim", cfg, i18n.For(lang))

	if !isTerminal(os.Stdin) || !isTerminal(stdout) {
		fmt.Fprint(stderr, cli().T("cli.no-terminal"))
		return 2
	}

	// The terminal table is a daemon like the Pi's, in simulated mode:
	// the web console (package console) serves the same table, so the
	// browser offers the arbiter's console and the simulated panel too.
	cfg.Mode = config.Simulated
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, info, err := startSimDaemon(ctx, cfg, i18n.For(lang))
	if err != nil {
		fmt.Fprintf(stderr, "tandem sim: %v\n", err)
		return 1
	}
	// The terminal follows the table's own state too: the hall's link.
	// (The match, its rules and its record's state are in every
	// snapshot.)
	infos, stopInfo := d.InfoChanged()
	defer stopInfo()
	changed := make(chan struct{}, 1)
	go func() {
		defer close(changed)
		for range infos {
			select {
			case changed <- struct{}{}:
			default:
			}
		}
	}()
	hallInfo := func() tui.Info {
		in := d.Info()
		// The console's line follows the one-time code, which changes
		// after each use.
		return tui.Info{Line: consoleLine(in, i18n.For(lang)), Hall: in.Hall, HallOnline: in.HallOnline}
	}
	// The warnings printed above go under the table's screen: the table
	// shows them too.
	err = tui.Run(ctx, d.Table, os.Stdin, stdout,
		tui.WithDisplay(&display.Opts{TenthsBelow: cfg.FaceTenthsBelow()}), tui.WithInfo(info), tui.WithInfoFrom(hallInfo, changed), tui.WithLanguage(lang),
		tui.WithWarnings(cfg.Warnings...))
	cancel()
	if cerr := d.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem sim: %v\n", err)
		return 1
	}
	return 0
}

// startSimDaemon starts the simulated table for the terminal, and returns
// it with the line the terminal shows about the console: its address and
// a generated PIN. When the console cannot listen (the address is in use:
// another tandem runs), the terminal table still starts, without the
// console, and the line says why and what to change.
func startSimDaemon(ctx context.Context, cfg *config.Config, p *i18n.Printer) (*daemon.Daemon, string, error) {
	d, err := daemon.Start(ctx, cfg, &daemon.Opts{Interactive: true})
	var ce *daemon.ConsoleError
	if errors.As(err, &ce) {
		off := *cfg
		off.Console.Disabled = true
		if d, err = daemon.Start(ctx, &off, &daemon.Opts{Interactive: true}); err != nil {
			return nil, "", err
		}
		return d, p.T("cli.console-off", "Addr", ce.Addr, "Why", errors.Unwrap(ce.Err)), nil
	}
	if err != nil {
		return nil, "", err
	}
	return d, consoleLine(d.Info(), p), nil
}

// consoleLine is the terminal's line about the console: "browser console
// http://127.0.0.1:8080/ · arbiter PIN 048213 · code KQW-XMT-RBP", ""
// when it is off. The one-time code logs the arbiter in once when wrong
// PINs lock PIN logins.
func consoleLine(in daemon.Info, p *i18n.Printer) string {
	if in.ConsoleURL == "" {
		return ""
	}
	line := p.T("cli.console-configured", "URL", in.ConsoleURL)
	if in.PIN != "" {
		line = p.T("cli.console", "URL", in.ConsoleURL, "PIN", in.PIN)
	}
	if in.LoginCode != "" {
		line += p.T("cli.console-code", "Code", in.LoginCode)
	}
	return line
}

// printWarnings writes the configuration's warnings (a bare-number time
// control) for the person starting the table.
func printWarnings(w io.Writer, cmd string, cfg *config.Config, p *i18n.Printer) {
	for _, warn := range cfg.Warnings {
		fmt.Fprintf(w, "%s: %s\n", cmd, p.T("cli.warning", "What", p.Core(warn)))
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// configError words a configuration error for the command line. An error
// about the --preset flag's value is the flag's, not the file's: it reads
// `--preset: unknown preset "fide"; presets are ...`, without the file's
// name (or the flag's name twice).
func configError(err error, preset string) string {
	var ce *config.Error
	if preset != "" && errors.As(err, &ce) && (ce.Field == "preset" || ce.Field == "--preset") {
		return "--preset: " + ce.Msg
	}
	return err.Error()
}

// loadConfig returns the configuration in file path (the defaults when
// path is empty), with preset, when not empty, replacing the preset the
// configuration starts from: the file's [time] and [rules] overrides still
// apply on top of it, as they would with `preset = "NAME"` in the file.
func loadConfig(path, preset string) (*config.Config, error) {
	if preset == "" {
		if path == "" {
			return config.Default(), nil
		}
		return config.Load(path)
	}
	return config.LoadPreset(path, preset)
}
