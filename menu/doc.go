// Package menu is the table's button menu: what an arbiter does at the
// table without a phone. With the clocks stopped he opens it (on the Pi:
// board A's two clock buttons held together for two seconds, with a
// toggle pause switch in the pause position: docs/hardware.md, "The
// button menu"; on the terminal table: the o key) and walks it with the
// four clock buttons: A-white's the next entry, A-black's the previous
// one, B-white's OK, B-black's back.
//
// The entries: the time control (the presets' controls, the common
// bughouse ones, and a custom one of minutes and increment), the preset,
// a new match, the last result, the table's console address and login
// code (the arbiter's PIN), and on the Pi the shutdown (a long press of
// OK, then OK again to confirm). Every action that changes the match is
// an arbiter command (package arbiter: NewMatch with Preset or Control)
// that the caller carries out through the table's command layer, after
// a confirmation on the screen.
//
// A Menu is pure: it reads no clock and no input; Press and Hold take
// the buttons, Screen says what the displays show (display.MenuImage on
// the OLED, display/sevenseg's MenuCells on the 7-segment displays, the
// prompt line of the terminal table), in the language of Opts.Lang.
package menu
