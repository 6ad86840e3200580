// Package gpio turns the table's physical inputs (four clock buttons and the
// arbiter's pause switch) into timestamped inputs for the match loop.
//
// This version holds only the contract between the hardware edge and the
// loop; the periph.io gpioioctl implementation and its scripted fake come
// with the hardware support (DESIGN.md: hardware facts). The simulated
// table produces the same Inputs from the keyboard.
package gpio
