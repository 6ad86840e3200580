// Package gpio turns the table's physical inputs (four clock buttons and the
// arbiter's pause switch) into timestamped inputs for the match loop.
//
// The inputs are five lines of one GPIO chip, read as one periph.io
// gpioioctl LineSet (the Linux GPIO character device, /dev/gpiochipN): Open
// requests them from a Wiring, and a Reader turns their edges into Inputs.
// A press is the first edge of the button going active, stamped with
// time.Now right after the wait for the edge returns (periph drops the
// kernel's timestamp); the button then ignores every edge for a lockout
// (50 ms by default), so its bounces and a storm of edges are one press
// (clock case C19, testdata/clock-cases.md, C21). The pause switch is a toggle (on = paused) or a
// momentary button that toggles.
//
// The Reader reads any Lines (the part of a LineSet it uses), so tests run
// it against the scripted fake in package gpio/gpiotest, in virtual time.
// The simulated table produces the same Inputs from the keyboard.
package gpio
