package daemon

import (
	"context"
	"fmt"
	"time"

	sdbus "github.com/coreos/go-systemd/v22/dbus"

	"tandem/bughouse"
	"tandem/display"
	"tandem/gpio"
	"tandem/i18n"
	"tandem/internal/latest"
	"tandem/menu"
	"tandem/rules"
	"tandem/table"
	"tandem/wiring"
)

// This file is the button menu on the wired table (package menu): the
// gesture that opens it, the presses it takes while open, its commands
// through the table's command layer, and the shutdown.

// MenuHold is how long board A's two clock buttons are held together to
// open the menu, and B-white's (OK) to ask for the shutdown.
const MenuHold = 2 * time.Second

// menuView is what the displays show of the menu: nothing (closed) or a
// screen.
type menuView struct {
	open   bool
	screen menu.Screen
}

// buttonMenu routes the table's inputs: to the loop, or to the menu while
// it is open. One goroutine (the pump) owns it.
type buttonMenu struct {
	d       *Daemon
	m       *menu.Menu
	p       *i18n.Printer
	toggle  bool    // the pause input is a switch
	pauseOn bool    // its position, as the inputs last said
	held    [4]bool // each clock button held down past MenuHold
	view    *latest.Value[menuView]
	result  *latest.Value[string] // the last decided result, as the faces write it
}

// newButtonMenu returns the menu of d's table, the pause switch's
// position at the start being pauseOn.
func newButtonMenu(d *Daemon, pauseOn bool) *buttonMenu {
	return &buttonMenu{
		d: d, p: i18n.For(d.Config.Language),
		m:      menu.New(&menu.Opts{Lang: d.Config.Language, Shutdown: true}),
		toggle: d.Config.GPIO.PauseMode == wiring.Toggle, pauseOn: pauseOn,
		view: latest.New(menuView{}), result: latest.New(""),
	}
}

// followResults keeps the last decided result for the menu's page, from
// the table's snapshots until they end.
func (bm *buttonMenu) followResults(snaps <-chan table.Snapshot) {
	tx := display.TextsFor(bm.d.Config.Language)
	for s := range snaps {
		if s.Status == rules.Decided {
			if r := display.ResultTextIn(&s.Snapshot, tx); r != bm.result.Load() {
				bm.result.Store(r)
			}
		}
	}
}

// info is what the menu shows of the table now.
func (bm *buttonMenu) info() menu.Info {
	s := bm.d.Table.Snapshot()
	in := bm.d.Info()
	return menu.Info{Status: s.Status, Result: bm.result.Load(), Console: in.ConsoleURL, PIN: in.PIN,
		Preset: s.Preset, Control: s.Options.Control.String(), Recorded: s.Recording && s.RecordErr == ""}
}

// input takes one input: it reports false when the table is closed.
// Presses go to the menu while it is open, and to the loop otherwise;
// the pause switch always reaches the loop, and closes the menu first
// (the arbiter moved it: play is his to resume).
func (bm *buttonMenu) input(ctx context.Context, in gpio.Input) bool {
	switch in.Kind {
	case gpio.Button:
		bm.held[in.Seat] = false
		if bm.m.IsOpen() {
			bm.act(ctx, bm.m.Press(menu.ButtonOf(in.Seat), bm.info()))
			return true
		}
	case gpio.Held:
		bm.held[in.Seat] = true
		if bm.m.IsOpen() {
			bm.act(ctx, bm.m.Hold(menu.ButtonOf(in.Seat), bm.info()))
		} else if bm.gesture() {
			bm.m.Open()
			bm.show()
		}
		return true
	case gpio.Released:
		bm.held[in.Seat] = false
		return true
	case gpio.PauseOn, gpio.PauseOff:
		bm.pauseOn = in.Kind == gpio.PauseOn
		fallthrough
	default:
		if bm.m.IsOpen() {
			bm.m.Close()
			bm.show()
		}
	}
	return bm.d.Table.Post(in.Event(), in.At)
}

// gesture reports whether the menu may open now: board A's two buttons
// held together, the clocks stopped, and a toggle pause switch in the
// pause position. A player's press never opens it: a running match has
// no menu, and a single button held is nothing.
func (bm *buttonMenu) gesture() bool {
	if !bm.held[bughouse.AWhite] || !bm.held[bughouse.ABlack] {
		return false
	}
	if bm.d.Table.Snapshot().Status == rules.Running {
		return false
	}
	return !bm.toggle || bm.pauseOn
}

// act carries out what a button asked of the menu, then shows the menu
// as it is.
func (bm *buttonMenu) act(ctx context.Context, a menu.Action) {
	switch a.Kind {
	case menu.KindCommand:
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		res, err := bm.d.Table.Command(cctx, a.Command, time.Now())
		cancel()
		bm.m.Done(res, err)
	case menu.Shutdown:
		bm.d.printf("tandem: shutting down (the button menu)\n")
		if err := hardware.shutdown(ctx); err != nil {
			bm.d.printf("tandem: the shutdown failed: %v\n", err)
			bm.m.Message(bm.p.T("menu.shutdown-error.failed", "Why", err))
		}
	}
	bm.show()
}

// show publishes the menu's screen (or that it is closed) to the
// displays.
func (bm *buttonMenu) show() {
	if !bm.m.IsOpen() {
		bm.view.Store(menuView{})
		return
	}
	bm.view.Store(menuView{open: true, screen: bm.m.Screen(bm.info())})
}

// shutdownPi powers the machine off as `systemctl poweroff` does: it
// asks systemd over D-Bus to start poweroff.target (replacing every job,
// irreversibly). The service's user needs polkit's leave for that one
// unit (packaging/polkit/50-tandem-poweroff.rules; docs/hardware.md,
// "Shutting down from the menu"); without it systemd's refusal is the
// error. The record is safe either way: every event is fsync'd, and
// systemd stops the service (SIGTERM) before the power goes.
func shutdownPi(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := sdbus.NewSystemConnectionContext(ctx)
	if err != nil {
		return fmt.Errorf("the system bus: %w", err)
	}
	defer conn.Close()
	if _, err := conn.StartUnitContext(ctx, "poweroff.target", "replace-irreversibly", nil); err != nil {
		return fmt.Errorf("systemd refused poweroff.target: %w", err)
	}
	return nil
}
