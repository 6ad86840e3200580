package daemon

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"tandem/bughouse"
	"tandem/config"
	"tandem/display"
	"tandem/gpio"
	"tandem/gpio/gpiotest"
	"tandem/menu"
	"tandem/rules"
	"tandem/wiring"
)

// menuDisplay is a display that shows the menu: it records each screen.
type menuDisplay struct {
	fakeDisplay
	screens []menu.Screen
	players [4]string
}

func (f *menuDisplay) ShowMenu(sc menu.Screen) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.screens = append(f.screens, sc)
	return nil
}

func (f *menuDisplay) SetPlayers(p [4]string) { f.mu.Lock(); f.players = p; f.mu.Unlock() }

func (f *menuDisplay) lastScreen() (menu.Screen, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.screens) == 0 {
		return menu.Screen{}, 0
	}
	return f.screens[len(f.screens)-1], len(f.screens)
}

// edges builds a line script: taps (down, up 100 ms later) and holds.
type edges []gpiotest.Edge

func (e *edges) down(at time.Duration, n int) { *e = append(*e, gpiotest.Edge{After: at, Number: n}) }
func (e *edges) up(at time.Duration, n int) {
	*e = append(*e, gpiotest.Edge{After: at, Number: n, Rising: true})
}
func (e *edges) tap(at time.Duration, n int) { e.down(at, n); e.up(at+100*time.Millisecond, n) }

const (
	lAWhite, lABlack, lBWhite, lBBlack, lPause = 17, 27, 22, 23, 24
	sec                                        = time.Second
)

// menuHardware fakes the lines with script and one menu display, and
// the shutdown; it returns the display and how many shutdowns were asked.
func menuHardware(t *testing.T, script edges) (*menuDisplay, *atomic.Int32) {
	old := hardware
	t.Cleanup(func() { hardware = old })
	numbers := []int{lAWhite, lABlack, lBWhite, lBBlack, lPause}
	slices.SortStableFunc(script, func(a, b gpiotest.Edge) int { return cmp.Compare(a.After, b.After) })
	hardware.inputs = func(w *wiring.Wiring) (gpio.Source, error) {
		return gpio.NewReader(gpiotest.New(numbers, 0b11111, script), w, numbers, &gpio.ReaderOpts{Hold: MenuHold})
	}
	md := &menuDisplay{fakeDisplay: fakeDisplay{name: "board-a"}}
	hardware.display = func(c *config.Config, dev config.DisplayDevice) (display.Device, func() error, error) {
		return md, func() error { return nil }, nil
	}
	n := new(atomic.Int32)
	hardware.shutdown = func(context.Context) error { n.Add(1); return nil }
	return md, n
}

const oneBoard = "mode = \"hardware\"\n[display.devices.board-a]\nkind = \"ssd1306\"\nboard = \"A\"\n"

// The button menu walked end to end on the wired table, in virtual time:
// the pause switch on, board A's two buttons held two seconds open it;
// the four buttons choose a time control and confirm it, and the table
// has a new match with it (through the command layer); presses in the
// menu never reach the clocks; then the menu again, down to the
// shutdown: a long OK, then OK, and the machine is asked to power off.
func TestMenu_EndToEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var e edges
		e.down(1*sec, lPause) // the switch on: paused (a ready match: nothing)
		e.down(2*sec, lAWhite)
		e.down(2*sec+100*time.Millisecond, lABlack) // both held from 4.1 s: the menu
		e.up(5*sec, lAWhite)
		e.up(5*sec, lABlack)
		e.tap(6*sec, lBWhite) // OK: the time controls
		e.tap(7*sec, lAWhite) // next
		e.tap(8*sec, lAWhite) // next: the third
		e.tap(9*sec, lBWhite) // OK: confirm?
		e.tap(10*sec, lBWhite)
		// Again, to the shutdown: five entries down, OK, hold OK, OK.
		e.down(20*sec, lAWhite)
		e.down(20*sec, lABlack)
		e.up(23*sec, lAWhite)
		e.up(23*sec, lABlack)
		for i := range 5 {
			e.tap(24*sec+time.Duration(i)*sec, lAWhite)
		}
		e.tap(30*sec, lBWhite)
		e.down(31*sec, lBWhite)
		e.up(34*sec, lBWhite)
		e.tap(35*sec, lBWhite)

		md, shutdowns := menuHardware(t, e)
		d, err := hwDaemon(t, hwConfig(t, oneBoard))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		seqBefore := d.Table.Snapshot().Seq

		time.Sleep(4*sec + 50*time.Millisecond)
		synctest.Wait()
		if _, n := md.lastScreen(); n != 0 {
			t.Fatal("the menu opened before the hold")
		}
		time.Sleep(100 * time.Millisecond) // 4.15 s
		synctest.Wait()
		sc, _ := md.lastScreen()
		if sc.Title != "MENU" || sc.Lines[sc.Cursor] != "time control" {
			t.Fatalf("after the hold: %+v", sc)
		}
		time.Sleep(5 * sec) // 9.15 s: the confirmation is up
		synctest.Wait()
		// The list opens on the control in force (5+0); two "next"
		// presses later OK asks about the second after it.
		cs := menu.Controls()
		at := slices.IndexFunc(cs, func(c menu.Choice) bool { return c.Label == "5+0" })
		if at < 0 || at+2 >= len(cs) {
			t.Fatalf("5+0 at %d of the menu's controls %v: the walk needs two after it", at, cs)
		}
		want := cs[at+2]
		if sc, _ := md.lastScreen(); sc.Title != "confirm" || sc.Lines[0] != "new match "+want.Label+"?" {
			t.Fatalf("confirmation: %+v", sc)
		}
		// The menu's presses did not reach the clocks: only the chord's
		// two presses (ignored: not started) and the pause switch are in.
		s := d.Table.Snapshot()
		if s.Seq-seqBefore != 3 {
			t.Errorf("%d events reached the table during the menu, want the switch and the chord's 2 presses: last %v", s.Seq-seqBefore, s.Last)
		}
		time.Sleep(sec) // 10.15 s: confirmed
		synctest.Wait()
		s = d.Table.Snapshot()
		ctl := want.Control
		ctl.IncrementBeforeFirstMove = s.Options.Control.IncrementBeforeFirstMove
		if !s.Options.Control.Equal(ctl) || s.Status != rules.Ready {
			t.Fatalf("after the menu: %s %s, want %s ready", s.Options.Control, s.Status, want.Label)
		}
		if c := s.Clocks[bughouse.AWhite].Remaining; c != ctl.Initial() {
			t.Errorf("A-white has %v, want %v", c, ctl.Initial())
		}
		if got := md.last(); got.Seq != s.Seq {
			t.Errorf("the display shows seq %d, want the match again (%d)", got.Seq, s.Seq)
		}

		time.Sleep(22*sec + 150*time.Millisecond) // 32.3 s: the shutdown page, OK not held yet
		synctest.Wait()
		if sc, _ := md.lastScreen(); sc.Title != "shut down" || sc.Lines[0] != "hold OK 2 s to shut down" {
			t.Fatalf("shutdown page: %+v", sc)
		}
		time.Sleep(sec) // 33.3 s: held 2 s from 31 s
		synctest.Wait()
		if sc, _ := md.lastScreen(); sc.Lines[0] != "shut down now? OK = yes" || shutdowns.Load() != 0 {
			t.Fatalf("after the long press: %+v, %d shutdowns", sc, shutdowns.Load())
		}
		time.Sleep(3 * sec)
		synctest.Wait()
		if shutdowns.Load() != 1 {
			t.Errorf("%d shutdowns asked, want 1", shutdowns.Load())
		}
	})
}

// A player's press never opens the menu: not during a match (board A's
// buttons held two seconds while the clocks run are two presses), and
// not with a toggle pause switch off.
func TestMenu_NotDuringAMatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var e edges
		e.down(1*sec, lAWhite) // the switch off, ready: held, but no menu
		e.down(1*sec, lABlack)
		e.up(4*sec, lAWhite)
		e.up(4*sec, lABlack)
		e.down(5*sec, lPause) // on, off: the match starts
		e.up(6*sec, lPause)
		e.down(7*sec, lAWhite) // A-white's press, held
		e.down(8*sec, lABlack) // A-black's, held: both held while running
		e.up(12*sec, lAWhite)
		e.up(12*sec, lABlack)
		md, _ := menuHardware(t, e)
		d, err := hwDaemon(t, hwConfig(t, oneBoard))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		time.Sleep(13 * sec)
		synctest.Wait()
		if _, n := md.lastScreen(); n != 0 {
			t.Fatalf("the menu opened %d times", n)
		}
		s := d.Table.Snapshot()
		if s.Status != rules.Running || s.Clocks[bughouse.AWhite].Moves != 1 || s.Clocks[bughouse.ABlack].Moves != 1 {
			t.Errorf("status %s, moves %d %d: the presses are the players'", s.Status, s.Clocks[bughouse.AWhite].Moves, s.Clocks[bughouse.ABlack].Moves)
		}
	})
}

// The pause switch closes the menu and reaches the clocks: turned off
// with the menu open, it starts the match at its edge, and the buttons
// are the players' again.
func TestMenu_SwitchClosesIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var e edges
		e.down(1*sec, lPause)
		e.down(2*sec, lAWhite)
		e.down(2*sec, lABlack)
		e.up(5*sec, lAWhite)
		e.up(5*sec, lABlack)
		e.up(6*sec, lPause) // off: the menu closes, the match starts
		e.tap(7*sec, lAWhite)
		md, _ := menuHardware(t, e)
		hardware.shutdown = func(context.Context) error { return errors.New("polkit: not authorized") }
		d, err := hwDaemon(t, hwConfig(t, oneBoard))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		time.Sleep(8 * sec)
		synctest.Wait()
		s := d.Table.Snapshot()
		if s.Status != rules.Running || s.StartedAt != 6*sec || s.Clocks[bughouse.AWhite].Moves != 1 {
			t.Errorf("status %s started at %v, A-white %d moves", s.Status, s.StartedAt, s.Clocks[bughouse.AWhite].Moves)
		}
		if got := md.last(); got.Seq != s.Seq {
			t.Errorf("the display does not show the match")
		}
	})
}
