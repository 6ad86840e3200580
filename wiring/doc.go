// Package wiring describes how a table's five inputs are wired: the GPIO
// chip, the line of each clock button and of the pause switch, its active
// level and bias, the pause switch's mode and the lockout after a press
// (docs/hardware.md: wiring). It is plain data with no hardware access:
// the configuration (package config) builds it and the GPIO reader
// (package gpio) opens the lines it names.
package wiring
