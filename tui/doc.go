// Package tui is the simulated table in the terminal: both boards' clocks
// side by side in large digits, playable by four people at one keyboard,
// with the arbiter's pause switch and start on the same keyboard.
//
// The screen is laid out as the players sit: board A on the left, board B
// on the right; the top row is team 2 (A-black, B-white), the bottom row
// team 1 (A-white, B-black). Each clock shows its seat, team, time (the
// digits of display.Format, drawn large), moves, and its marks: ▶ running,
// ▷ its turn while the clocks are stopped, ⚑ flag, d inside the move's
// delay. Above the boards: the preset, the time control and the match
// status (READY, RUNNING, PAUSED, DECIDED, with the result, its reason,
// the decisive seats and the article of the regulation); below them: the
// last event, why it was ignored if it was, the error of the last arbiter
// action, and the key legend.
//
// # Keys
//
//	q       A-black's clock button   (top row, left: team 2)
//	p       B-white's clock button   (top row, right: team 2)
//	z       A-white's clock button   (bottom row, left: team 1)
//	m       B-black's clock button   (bottom row, right: team 1)
//	space   the arbiter's pause switch: pause while running; otherwise
//	        release it: resume the turns in progress, or start both boards
//	        when the match is ready (RULES.md clock rule 1)
//	enter   start both boards
//	n       new match: at once when ready or decided; while paused, asks
//	        for confirmation (y = yes, any other key = no); while running,
//	        says to pause first
//	esc     quit (while a new-match question is open: answer no)
//	ctrl-c  quit
//
// Letters work in upper case too (Caps Lock). A player presses his own key
// after his move, as he would press his side of the clock.
//
// # Time
//
// Every key press is stamped with time.Now() when it is received: clock
// buttons are sent with table.Post, arbiter actions with table.Do so that
// an error can be shown. The screen is redrawn on every snapshot the table
// publishes (table.Subscribe); the table publishes exactly when a
// displayed digit changes when its NextChange is display.NextChangeFunc
// with the same display.Opts as WithDisplay, so no polling ticker runs.
package tui
