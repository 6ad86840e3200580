// Package daemon assembles one table: the match loop (package table), its
// inputs (the GPIO buttons and pause switch, or the simulated panel), its
// outputs (the clock displays and the web console), its durable record
// (package journal) and its service manager (systemd notify and watchdog).
//
// Start opens everything a configuration asks for, in an order that never
// loses an input: the record first (it may restore an interrupted match),
// then the loop, then the inputs and outputs. Close stops them in reverse
// order. Each feature lives in its own file here (hardware.go, console.go,
// record.go, notify.go), so the assembly stays readable in daemon.go.
package daemon
