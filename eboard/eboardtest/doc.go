// Package eboardtest is the e-board side of the tests: an emulated DGT
// board on a pseudo-terminal pair that answers the protocol's commands
// (docs/eboard.md) and sends the field updates of a player's hands
// (Motions: a move as square changes, with the noise players make).
//
// The emulator speaks to the driver through the kernel's pseudo-terminal,
// so the driver's real serial port code (package eboard over
// go.bug.st/serial) runs in the tests; only the board's sensors are
// emulated. It is for tests and the simulated table only.
package eboardtest
