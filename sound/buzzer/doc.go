// Package buzzer plays the table's sounds (package sound) on a piezo
// buzzer's GPIO line: a Player follows the table's snapshots, finds the
// events with a sound between one and the next, and plays each event's
// pattern from a goroutine of its own, never delaying the
// loop; an active buzzer is the line high for a beep, a passive piezo a
// square wave toggled on deadlines from the beep's start.
package buzzer
