// Package layers holds no code: its test checks the project's layering
// with go list (the core never imports an edge). The core (the
// vocabulary, the clocks, the board engine, the regulation, the
// scoresheet, the arbiter's commands and the loop) is pure
// Go with no I/O library: it never imports an edge (GPIO, displays, the
// record, the console, the hall) nor a third-party module, and the
// configuration reads files without the GPIO driver.
package layers
