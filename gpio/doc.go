// Package gpio turns the table's physical inputs (four clock buttons and the
// arbiter's pause switch) into timestamped inputs for the match loop.
//
// The inputs are five lines of one GPIO chip, requested together from the
// Linux GPIO character device (/dev/gpiochipN) through go-gpiocdev: Open
// requests them from a Wiring (by line name, or by offset where a kernel
// names the lines otherwise), each with its bias (pull-up, pull-down, or
// none: disabled), and a Reader turns their edges into Inputs.
//
// A press is the first edge of the button going active, at the kernel's
// own timestamp of that edge (CLOCK_MONOTONIC, mapped exactly onto Go's
// monotonic clock by KernelClock), so the time the program took to wake
// is never charged to the player. The button then ignores every edge for
// a lockout (50 ms by default), so its bounces and a storm of edges are
// one press (clock case C19, testdata/clock-cases.md, C21). The kernel's
// own debounce is not used: it reports an edge only once the line has been
// still for the debounce period, stamped then, so a press would be charged
// the bounce and the period (measured: docs/hardware.md). The pause
// switch is a toggle (on = paused) or a momentary button that toggles.
//
// The Reader reads any Lines, so tests run it against the scripted fake in
// package gpio/gpiotest, in virtual time; internal/kernelvm runs it against
// a real kernel's simulated chip. The simulated table produces the same
// Inputs from the keyboard. periph.io stays the driver of the I2C displays
// and of the TM1637's two lines (OpenPin).
package gpio
