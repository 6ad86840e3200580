// Package layers holds no code: its tests check the project's layering
// with go list (the core never imports an edge), and that comments cite
// what is in the repository (docs/rules.md, an article of the regulation,
// a file) rather than documents beside it or the project's issues. The core (the
// vocabulary, the clocks, the board engine, the regulation, the
// scoresheet, the arbiter's commands and the loop) is pure
// Go with no I/O library: it never imports an edge (GPIO, displays, the
// record, the console, the hall) nor a third-party module, and the
// configuration reads files without the GPIO driver.
package layers
