package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"tandem/config"
	"tandem/hall"
)

const hallSynopsis = "tandem hall [--config FILE] [--nats URL] [--listen ADDR] [--store DIR]"

const hallAbout = `Runs the hall's hub: an embedded NATS server with JetStream (or --nats
to join an existing one) that the tables join with their [hall] settings;
it keeps every table's state and collects the decided results until
SIGINT or SIGTERM. The hub's settings are the [hub] section of FILE
(docs/hall.md); the flags replace them.`

// runHall runs the hub until a signal: 0 after a signal, 1 when the hub
// cannot start, 2 for bad usage or a bad configuration.
func runHall(args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem hall", hallSynopsis, hallAbout, stderr)
	path := c.fs.String("config", "", "the hub's configuration `FILE` ([hub] section)")
	natsURL := c.fs.String("nats", "", "join the NATS server at `URL` instead of embedding one")
	listen := c.fs.String("listen", "", "the embedded NATS server's `ADDR` for the tables (default "+config.DefaultHubListen+")")
	store := c.fs.String("store", "", "the embedded server's JetStream `DIR` (default ./"+config.DefaultHubStore+")")
	if code, done := c.parse(args); done {
		return code
	}
	cfg := config.Default()
	if *path != "" {
		var err error
		if cfg, err = config.Load(*path); err != nil {
			var ce *config.Error
			if errors.As(err, &ce) {
				fmt.Fprintln(stderr, ce)
			} else {
				fmt.Fprintf(stderr, "tandem hall: %v\n", err)
			}
			return 2
		}
	}
	opts := hubOpts(cfg.Hub, *natsURL, *listen, *store)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveHall(ctx, opts, stdout, stderr)
}

// hubOpts turns the [hub] settings and the flags (which win when set) into
// the hub's options.
func hubOpts(h config.Hub, natsURL, listen, store string) *hall.HubOpts {
	o := &hall.HubOpts{
		URL: h.NATS, User: h.User, Password: h.Password, Token: h.Token,
		NkeySeedFile: h.NkeySeedFile, CredsFile: h.CredsFile,
		Listen: h.Listen, StoreDir: h.Store, MaxMemory: h.MaxMemory, MaxStore: h.MaxStore,
	}
	for _, t := range h.Tables {
		o.Tables = append(o.Tables, hall.TableAuth{ID: t.ID, User: t.User, Password: t.Password, Nkey: t.Nkey})
	}
	for _, f := range []struct{ v, dst *string }{{&natsURL, &o.URL}, {&listen, &o.Listen}, {&store, &o.StoreDir}} {
		if *f.v != "" {
			*f.dst = *f.v
		}
	}
	return o
}

// serveHall runs the hub until ctx is done.
func serveHall(ctx context.Context, opts *hall.HubOpts, stdout, stderr io.Writer) int {
	h, err := hall.NewHub(opts)
	if err != nil {
		fmt.Fprintf(stderr, "tandem hall: %v\n", err)
		return 1
	}
	defer h.Close()
	if opts.URL != "" {
		fmt.Fprintf(stdout, "hall: joined NATS at %s\n", h.URL())
	} else {
		store := opts.StoreDir
		if store == "" {
			store = hall.DefaultStoreDir
		}
		fmt.Fprintf(stdout, "hall: NATS for the tables at %s (store %s)\n", h.URL(), store)
		switch {
		case len(opts.Tables) > 0:
			fmt.Fprintf(stdout, "hall: %d tables with credentials\n", len(opts.Tables))
		case opts.Token == "":
			fmt.Fprintln(stdout, "hall: no table credentials: any machine on the network may join as a table ([hub.tables] in the configuration)")
		}
	}
	<-ctx.Done()
	fmt.Fprintln(stdout, "hall: stopping")
	return 0
}
