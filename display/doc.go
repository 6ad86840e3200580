// Package display renders the clock faces a player sees: the time digits in
// the DGT style and the marks for turn, flag, pause and result.
//
// Rendering is pure: a rules.Snapshot goes in, a Face comes out. Drivers
// for physical displays (SSD1306, HT16K33, TM1637) and the terminal table
// draw Faces; they never format time themselves, so every screen shows the
// same digits.
//
// Times are rounded UP: a clock shows 0.0 only when its remaining time is
// exactly zero, that is when it has flagged (clock-cases C10, C13).
package display
