// Package display renders the clock faces a player sees: the time digits in
// the DGT style and the marks for turn, flag, pause and result.
//
// Rendering is pure: a rules.Snapshot goes in, a Face comes out (Render),
// or the 128x64 image of a board's OLED (BoardImage, which the web console
// also mirrors). Drivers for physical displays implement Device: package
// display/ssd1306face (the SSD1306 OLED, one per board) and
// display/sevenseg (HT16K33 and TM1637 7-segment displays, one per
// player). They never format time themselves, so every screen shows the
// same digits.
//
// Times are rounded UP: a clock shows 0.0 only when its remaining time is
// exactly zero, that is when it has flagged (clock-cases C10, C13).
package display
