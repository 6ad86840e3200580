package gpio

import (
	"errors"
	"strings"
	"testing"

	pgpio "periph.io/x/conn/v3/gpio"

	"tandem/wiring"
)

// biasLine is a line wired as a test says: open (follows the bias), or
// held at a level whatever the bias; it records the pulls asked for.
type biasLine struct {
	held  *pgpio.Level // nil: open
	pull  pgpio.Pull
	pulls []pgpio.Pull
	fail  error
}

func (b *biasLine) In(p pgpio.Pull, _ pgpio.Edge) error {
	if b.fail != nil {
		return b.fail
	}
	b.pull = p
	b.pulls = append(b.pulls, p)
	return nil
}

func (b *biasLine) Read() pgpio.Level {
	if b.held != nil {
		return *b.held
	}
	return b.pull == pgpio.PullUp
}

var (
	high, low = pgpio.High, pgpio.Low
)

func TestCheckPulls(t *testing.T) {
	cases := []struct {
		name  string
		line  func(w *wiring.Wiring) // changes input 0 (A-white) or the pause input
		held  *pgpio.Level
		input int
		hold  Holding
		fault bool
		text  string
	}{
		{"open button, pull-up", nil, nil, 0, Floating, false, "open, held by the Pi's pull-up: ok"},
		{"open button, pull none, no resistor", func(w *wiring.Wiring) { w.Buttons[0].Pull = wiring.PullNone }, nil, 0, Floating, true, "floats"},
		{"external pull-up, pull none", func(w *wiring.Wiring) { w.Buttons[0].Pull = wiring.PullNone }, &high, 0, HeldHigh, false, "held high (inactive) by an external resistor: ok"},
		{"external pull-up and the Pi's", nil, &high, 0, HeldHigh, false, "external resistor: ok"},
		{"button held or shorted to ground", nil, &low, 0, HeldLow, true, "held low (active) under both pulls: the button is pressed or stuck, or the line is wired to ground"},
		{"button to 3.3 V, open", func(w *wiring.Wiring) { w.Buttons[0].ActiveHigh, w.Buttons[0].Pull = true, wiring.PullDown }, nil, 0, Floating, false, "pull-down: ok"},
		{"button to 3.3 V, held", func(w *wiring.Wiring) { w.Buttons[0].ActiveHigh, w.Buttons[0].Pull = true, wiring.PullDown }, &high, 0, HeldHigh, true, "wired to 3.3 V"},
		{"button to 3.3 V, external pull-down", func(w *wiring.Wiring) { w.Buttons[0].ActiveHigh, w.Buttons[0].Pull = true, wiring.PullNone }, &low, 0, HeldLow, false, "held low (inactive)"},
		{"toggle switch on", nil, &low, 4, HeldLow, false, "the switch is on (paused)"},
		{"momentary pause button held", func(w *wiring.Wiring) { w.PauseMode = wiring.Momentary }, &low, 4, HeldLow, true, "the pause input is pressed or stuck"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := wiring.DefaultWiring()
			if c.line != nil {
				c.line(&w)
			}
			lines := make([]BiasLine, 5)
			fakes := make([]*biasLine, 5)
			for i := range lines {
				fakes[i] = &biasLine{}
				lines[i] = fakes[i]
			}
			fakes[c.input].held = c.held
			got, err := CheckPulls(&w, lines, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 5 {
				t.Fatalf("%d checks", len(got))
			}
			g := got[c.input]
			if g.Holding != c.hold || g.Fault != c.fault || !strings.Contains(g.Text, c.text) {
				t.Fatalf("check %+v, want holding %d fault %v text with %q", g, c.hold, c.fault, c.text)
			}
			// Every line is read under both pulls, then left with its own.
			for i, f := range fakes {
				want := []pgpio.Pull{pgpio.PullUp, pgpio.PullDown, periphPull(w.Inputs()[i].Pull)}
				if len(f.pulls) != 3 || f.pulls[0] != want[0] || f.pulls[1] != want[1] || f.pulls[2] != want[2] {
					t.Errorf("input %d pulls %v, want %v", i, f.pulls, want)
				}
				if i != c.input && got[i].Fault {
					t.Errorf("open input %d judged a fault: %+v", i, got[i])
				}
			}
		})
	}
}

func TestCheckPulls_Errors(t *testing.T) {
	w := wiring.DefaultWiring()
	if _, err := CheckPulls(&w, make([]BiasLine, 3), 0); err == nil {
		t.Fatal("3 lines for 5 inputs accepted")
	}
	lines := []BiasLine{&biasLine{}, &biasLine{fail: errors.New("EBUSY")}, &biasLine{}, &biasLine{}, &biasLine{}}
	got, err := CheckPulls(&w, lines, 0)
	if err == nil || !strings.Contains(err.Error(), "A-black: setting the pull-up: EBUSY") || len(got) != 1 {
		t.Fatalf("%v, %d checks", err, len(got))
	}
}

func TestJudge_Inverted(t *testing.T) {
	c := Judge(0, wiring.Line{Name: "GPIO17"}, wiring.Toggle, pgpio.Low, pgpio.High)
	if c.Holding != Inverted || !c.Fault {
		t.Fatalf("%+v", c)
	}
}
