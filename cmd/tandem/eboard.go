package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/config"
	"tandem/eboard"
	"tandem/eboard/session"
	"tandem/gpio"
	"tandem/internal/cliflag"
	"tandem/internal/inputfile"
	"tandem/internal/lineerr"
	"tandem/rules"
	"tandem/wiring"
)

// runEBoard implements "tandem eboard replay|record" (docs/eboard.md).
func runEBoard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "replay":
			return runEBoardReplay(args[1:], stdout, stderr)
		case "record":
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return eboardRecord(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "usage: tandem eboard replay FILE [--preset NAME] [--json]\n       tandem eboard record --config FILE [--out FILE] [--for DURATION]\n")
	return 2
}

// flagsAnywhere parses args with fs, allowing positional arguments before,
// between and after the flags; it returns the positional ones.
func flagsAnywhere(c *command, args []string) (pos []string, code int, done bool) {
	for {
		if err := c.FS.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.Usage()
				return nil, 0, true
			}
			return nil, c.Fail("%s", cliflag.DoubleDash(err.Error())), true
		}
		if c.FS.NArg() == 0 {
			return pos, 0, false
		}
		pos = append(pos, c.FS.Arg(0))
		args = c.FS.Args()[1:]
	}
}

func runEBoardReplay(args []string, stdout, stderr io.Writer) int {
	c := newCommand("tandem eboard replay", "tandem eboard replay FILE [--preset NAME] [--json]",
		"Replay a recorded e-board session: each board's messages (TIME A|B HEX) and the\n"+
			"clock presses (TIME press SEAT), as the table reads them: a press of the player\n"+
			"whose clock runs commits his board's change since its last press. Prints each\n"+
			"board's moves in SAN, its FEN, the four reserves and the alerts (one that a later\n"+
			"change explained, such as a piece set down just after its press, is marked\n"+
			"resolved). Exit status: 0 every change explained, 1 a change left unexplained,\n"+
			"2 bad usage or malformed input (FILE:LINE: what is wrong).", stderr)
	preset := c.FS.String("preset", "reglamento", "the rule preset whose board rules the moves are checked under (`NAME`)")
	asJSON := c.FS.Bool("json", false, "print one JSON object")
	pos, code, done := flagsAnywhere(c, args)
	if done {
		return code
	}
	if len(pos) != 1 {
		return c.Fail("expected one FILE, got %d", len(pos))
	}
	p, err := rules.LookupPreset(*preset)
	if err != nil {
		fmt.Fprintf(stderr, "tandem eboard replay: %v\n", err)
		return 2
	}
	file := pos[0]
	// Read whole through the bounded opener: a FIFO or a device is
	// refused at once (it blocked for ever), a file over the limit
	// before a byte of it is parsed.
	var src []byte
	if file == "-" {
		src, err = inputfile.ReadAll(os.Stdin, "-", session.MaxSize)
	} else {
		src, err = inputfile.Read(file, session.MaxSize)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem eboard replay: %v\n", err)
		return 2
	}
	s, err := session.Read(file, bytes.NewReader(src))
	if err == nil {
		var res *session.Result
		if res, err = session.Replay(file, s, p.Options.Rules); err == nil {
			if *asJSON {
				err = res.WriteJSON(stdout)
			} else {
				err = res.WriteText(stdout)
			}
			if err != nil {
				fmt.Fprintf(stderr, "tandem eboard replay: %v\n", err)
				return 1
			}
			for _, a := range res.Alerts {
				if !a.Resolved {
					return 1
				}
			}
			return 0
		}
	}
	var le *lineerr.Error
	if errors.As(err, &le) {
		fmt.Fprintf(stderr, "%v\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "tandem eboard replay: %v\n", err)
	return 2
}

// recordDeps opens what tandem eboard record reads; tests replace it.
var recordDeps = struct {
	buttons func(w *wiring.Wiring) (gpio.Source, error)
}{buttons: func(w *wiring.Wiring) (gpio.Source, error) { return gpio.Open(w, nil) }}

// eboardRecord runs tandem eboard record: the configured e-boards'
// messages and the clock presses, written as a session file until Ctrl-C
// or --for. Presses come from the GPIO buttons in hardware mode, or from
// standard input (a seat name, or the terminal table's keys q p z m, one
// a line).
func eboardRecord(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("tandem eboard record", "tandem eboard record --config FILE [--out FILE] [--for DURATION]",
		"Record a session from the e-boards of [eboard] and the clock presses (the GPIO\n"+
			"buttons in hardware mode; otherwise one seat a line on standard input: A-white,\n"+
			"or the keys z q p m) for tandem eboard replay.", stderr)
	cfgPath := c.FS.String("config", "", "the table's configuration `FILE` (TOML) with an [eboard] section")
	out := c.FS.String("out", "-", "the session `FILE` to write (- standard output)")
	dur := c.FS.Duration("for", 0, "stop after `DURATION` (e.g. 10m); default: until Ctrl-C")
	if code, done := c.Parse(args); done {
		return code
	}
	if *cfgPath == "" {
		return c.Fail("--config FILE is required")
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintf(stderr, "tandem eboard record: %v\n", err)
		return 2
	}
	if !cfg.EBoard.Enabled() {
		fmt.Fprintf(stderr, "tandem eboard record: %s has no e-board: set [eboard] a and b\n", *cfgPath)
		return 2
	}
	w := stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintf(stderr, "tandem eboard record: %v\n", err)
			return 1
		}
		defer f.Close()
		w = f
	}
	if *dur > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *dur)
		defer cancel()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	var (
		mu  sync.Mutex
		bw  = bufio.NewWriter(w)
		wg  sync.WaitGroup
		bad error
	)
	write := func(it session.Item) {
		mu.Lock()
		defer mu.Unlock()
		if it.At < 0 {
			it.At = 0
		}
		if err := session.WriteItem(bw, &it); err != nil && bad == nil {
			bad = err
			cancel()
		}
		bw.Flush()
	}
	fmt.Fprintf(bw, "# tandem eboard record, %s\n", start.Format(time.RFC3339))
	for i, dev := range cfg.EBoard.Device {
		if dev == "" {
			continue
		}
		b := bughouse.Board(i)
		o, _ := eboard.ParseOrientation(cfg.EBoard.Orientation[i])
		conn := eboard.New(dev, &eboard.Opts{Orientation: o})
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.Run(ctx, func(r eboard.Report) {
				if msg, ok := rawMessage(r); ok {
					write(session.Item{Kind: session.Message, At: r.At.Sub(start), Board: b, Msg: msg})
				} else if r.Kind == eboard.Lost || r.Kind == eboard.Connected {
					fmt.Fprintf(stderr, "board %s (%s): %s %s%v\n", b, dev, r.Kind, r.Serial, errText(r.Err))
				}
			})
		}()
	}
	if cfg.Mode == config.Hardware {
		wr := cfg.GPIO.Wiring()
		src, err := recordDeps.buttons(&wr)
		if err != nil {
			fmt.Fprintf(stderr, "tandem eboard record: buttons: %v\n", err)
			cancel()
			wg.Wait()
			return 1
		}
		defer src.Close()
		stopButtons := context.AfterFunc(ctx, func() { src.Halt() })
		defer stopButtons()
		for in := range src.Inputs() {
			if in.Kind == gpio.Button {
				write(session.Item{Kind: session.Press, At: in.At.Sub(start), Seat: in.Seat})
			}
		}
	} else {
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(stdin)
			for sc.Scan() {
				select {
				case lines <- sc.Text():
				case <-ctx.Done():
					return
				}
			}
		}()
	read:
		for {
			select {
			case <-ctx.Done():
				break read
			case l := <-lines:
				if seat, ok := seatOf(strings.TrimSpace(l)); ok {
					write(session.Item{Kind: session.Press, At: time.Since(start), Seat: seat})
				} else if strings.TrimSpace(l) != "" {
					fmt.Fprintf(stderr, "%q: type a seat (A-white, A-black, B-white, B-black) or a key (z q p m)\n", l)
				}
			}
		}
	}
	cancel()
	wg.Wait()
	if bad != nil {
		fmt.Fprintf(stderr, "tandem eboard record: %v\n", bad)
		return 1
	}
	return 0
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// seatOf reads a seat name or a terminal table key.
func seatOf(s string) (bughouse.Seat, bool) {
	switch strings.ToLower(s) {
	case "z":
		return bughouse.AWhite, true
	case "q":
		return bughouse.ABlack, true
	case "p":
		return bughouse.BWhite, true
	case "m":
		return bughouse.BBlack, true
	}
	seat, err := bughouse.ParseSeat(s)
	return seat, err == nil
}

// rawMessage is the protocol message behind a report: a field update
// as the board sent it, a board dump in the board's own numbering.
func rawMessage(r eboard.Report) (eboard.Message, bool) {
	switch r.Kind {
	case eboard.Update:
		return eboard.Message{ID: eboard.MsgFieldUpdate, Data: []byte{r.Field, r.Code}}, true
	case eboard.BoardDump:
		var f [64]byte
		for sq := board.Square(0); sq < 64; sq++ {
			f[r.Orientation.Field(sq)] = eboard.Code(r.Squares[sq])
		}
		return eboard.Message{ID: eboard.MsgBoardDump, Data: f[:]}, true
	}
	return eboard.Message{}, false
}
