package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"tandem/config"
	"tandem/daemon"
	"tandem/i18n"
	"tandem/internal/inputfile"
	"tandem/replay"
	"tandem/timeline"
)

// runRun runs a table as a daemon until SIGINT or SIGTERM: `tandem run
// --config FILE`. With mode = "hardware" it reads the GPIO buttons and
// drives the displays; with mode = "simulated" the web console's panel is
// the table. It exits 2 on bad flags or configuration, 1 when a part cannot
// start (the message names the device or file) or stops for good while the
// table runs (daemon.Daemon.Failed), 0 after a signal.
func runRun(args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem run", "tandem run [--config FILE] [--preset NAME] [--script FILE]",
		"Run a table as a service: the GPIO buttons and displays in hardware mode,\nthe web console always.", stderr)
	fs := c.FS
	cfgPath := fs.String("config", "", "read the configuration from `FILE` (TOML); default: the built-in defaults")
	preset := fs.String("preset", "", "play under rule preset `NAME`, replacing the configuration's (see tandem presets)")
	scriptPath := fs.String("script", "", "also play the timeline `FILE` on the table in real time (its preset, control and options replace the configuration's); for tests and demonstrations")
	if code, done := c.Parse(args); done {
		return code
	}
	cfg, err := loadConfig(*cfgPath, *preset)
	if err != nil {
		fmt.Fprintf(stderr, "tandem run: %s\n", configError(err, *preset))
		return 2
	}
	lang := cli()
	if cfg.LanguageSet {
		lang = i18n.For(cfg.Language)
	}
	printWarnings(stderr, "tandem run", cfg, lang)

	script, err := loadScript(*scriptPath, *preset, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "tandem run: %v\n", err)
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	d, err := daemon.Start(ctx, cfg, &daemon.Opts{Out: stdout})
	if err != nil {
		fmt.Fprintf(stderr, "tandem run: %v\n", err)
		return 1
	}
	if script != nil {
		go d.RunScript(ctx, script, stdout)
	}
	code := 0
	select {
	case <-ctx.Done():
	case <-d.Failed():
		// A part stopped for good (the buttons' line set): exit 1 so the
		// service manager restarts the table, which comes back paused.
		fmt.Fprintf(stderr, "tandem run: %v\n", d.Err())
		code = 1
	}
	if err := d.Close(); err != nil {
		fmt.Fprintf(stderr, "tandem run: %v\n", err)
		return 1
	}
	return code
}

// loadScript reads the timeline of --script (nil when path is "") and
// puts its rules in cfg: the script's preset (unless --preset names one),
// control and options, as tandem replay plays it.
func loadScript(path, preset string, cfg *config.Config) (*timeline.Script, error) {
	if path == "" {
		return nil, nil
	}
	src, err := inputfile.Read(path, replay.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("--script: %w", err)
	}
	plan, err := replay.Load(path, src, preset)
	if err != nil {
		return nil, fmt.Errorf("--script: %w", err)
	}
	s, err := timeline.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("--script: %s:%w", path, err)
	}
	cfg.Preset, cfg.Rules = plan.Preset, plan.Options
	return s, nil
}
