// Package tui is the simulated table in the terminal: both boards' clocks
// side by side in large digits, playable by four people at one keyboard,
// with the arbiter's keys on the same keyboard: start, the pause switch,
// results, claims, time adjustments, resuming with a chosen clock, a new
// match. An arbiter can run a whole match from it.
//
// The screen is laid out as the players sit: board A on the left, board B
// on the right; the top row is team 2 (A-black, B-white), the bottom row
// team 1 (A-white, B-black). Each clock shows its seat, team, time (the
// digits of display.Format, drawn large), moves, and its marks: ▶ running,
// ▷ its turn while the clocks are stopped, ⚑ flag, d inside the move's
// delay. Above the boards: the preset, the time control (and the seats
// with a handicap control) and the match status (READY, RUNNING, PAUSED
// with any pending claim, DECIDED with the result in team 1's view, its
// reason, the decisive seats and the article of the regulation). Between
// the rows, each board's label gives its game's result in seats' names
// ("B-black lost on time", "A-white won (checkmate)", "drawn (agreement)").
// Below them: the last event with its instant from the start of the
// match, why it was ignored if it was; the prompt line (an open question,
// or the error or outcome of the last arbiter action); and the key legend.
//
// # Keys
//
// The players' clock buttons, as seated:
//
//	q       A-black's clock button   (top row, left: team 2)
//	p       B-white's clock button   (top row, right: team 2)
//	z       A-white's clock button   (bottom row, left: team 1)
//	m       B-black's clock button   (bottom row, right: team 1)
//
// The arbiter's keys (none of them is a clock button):
//
//	enter   start both boards
//	space   the pause switch: pause while running; otherwise release it:
//	        resume the turns in progress, or start both boards when the
//	        match is ready (RULES.md clock rule 1)
//	r       declare a board's result: board (a, b), then w White wins,
//	        b Black wins or d draw, then how: for a win m checkmate,
//	        r resignation, i illegal move, f forfeit (and s stalemate
//	        where stalemate is decisive); for a draw a agreement,
//	        s stalemate, r repetition (rules.Declare)
//	c       record a claim (Art 29: it stops both boards): the claimant's
//	        clock key, then i illegal move, f flag or o other
//	        (rules.Claim); the status line shows the pending claim
//	u, x    uphold or reject the pending claim (rules.Uphold, rules.Reject)
//	t       adjust time while the clocks are stopped (Art 40): the seat's
//	        clock key, then +SECONDS or -SECONDS (the sign is required,
//	        e.g. +30, -10.5), Backspace to correct, Enter to apply
//	s       while paused, resume choosing the clocks that run: the clock
//	        key of the player to move on board A (q or z), then on board B
//	        (p or m); Enter keeps a board's turn in progress
//	n       new match: at once when ready or decided; while paused, asks
//	        (y = yes, any other key = no); while running, says to pause
//	        first
//	esc     quit at once when ready or decided; while a match is in
//	        progress (running or paused), asks first (y = quit, any other
//	        key = no). With a question open, esc cancels it instead.
//	ctrl-c  the same as esc, except that a second ctrl-c in a row quits:
//	        ctrl-c ctrl-c always leaves
//
// A question takes the next key: a key that is not one of its answers
// cancels it, with a short note ("claim cancelled", "kept the match"). A
// clock key that is not an answer still reaches the clock: the player who
// pressed it is not the one answering. Letters work in upper case too
// (Caps Lock). A player presses his own key after his move, as he would
// press his side of the clock.
//
// # Time
//
// Every key press is stamped with time.Now() when it is received, an
// arbiter action with the instant of the key that completes it: clock
// buttons are sent with table.Post, arbiter actions with table.Do so that
// an error (e.g. "stalemate is no result under these rules") can be
// shown. The screen is redrawn on every snapshot the table publishes
// (table.Subscribe); the table publishes exactly when a displayed digit
// changes when its NextChange is display.NextChangeFunc with the same
// display.Opts as WithDisplay, so no polling ticker runs.
package tui
