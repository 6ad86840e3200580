// Package display renders the clock faces a player sees: the time digits in
// the DGT style and the marks for turn, flag, pause and result.
//
// Rendering is pure: a rules.Snapshot goes in, a Face comes out (Render),
// or the 128x64 image of a board's OLED (BoardImage, which the web console
// also mirrors). A display redraws ten times a second in the last 20
// seconds of a game, so its path allocates nothing: DrawBoard draws
// BoardImage into an image the caller keeps, and AppendFormat writes
// Format's digits into the caller's buffer.
//
// Drivers for physical displays implement Device: package
// display/ssd1306face (the SSD1306 OLED, one per board) and
// display/sevenseg (HT16K33 and TM1637 7-segment displays, one per
// player). They never format time themselves, so every screen shows the
// same digits.
//
// Times are rounded UP: a clock shows 0.0 only when its remaining time is
// exactly zero, that is when it has flagged (clock case C10, testdata/clock-cases.md, C13).
//
// A decided result is provisional until it is on disk
// (rules.Snapshot.Final): every face then writes it with
// MarkProvisional after the result word, "0-1?" on the OLED's top line
// and "0-1? flag A-white" on the text face; a final result has no mark.
// The daemon's short note (Noter.SetNote, ImageOpts.Note) says what the
// match itself cannot: the generated PIN before the start, and the
// record's state (RecordNote: "RECOVERED 14:03" after a restart, "NO
// RECORD" when recording failed).
package display
