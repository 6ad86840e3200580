// Package layers holds no code: its test checks the project's layering
// with go list (DESIGN.md: shape). The core (the vocabulary, the clocks,
// the board engine, the regulation, the scoresheet and the loop) is pure
// Go with no I/O library: it never imports an edge (GPIO, displays, the
// record, the console, the hall) nor a third-party module, and the
// configuration reads files without the GPIO driver.
package layers
