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
// delay; under three-strikes, the player's upheld illegal moves ("strikes
// 1/3") once he has one. Above the boards: the preset, the time control
// (and the seats with a handicap control) and the match status (READY,
// RUNNING, PAUSED with any pending claim or why the clocks stand still,
// DECIDED with the result in team 1's view, its reason, the decisive seats
// and where the rule comes from: the regulation's article or the preset's
// own rule, rules.Options.Article; a result not yet on disk is shown
// provisional, "— recording…" in plain text, until the snapshot's Final,
// and "NOT recorded: write it down" while the table's Info says recording
// failed, WithInfoFrom). Between the rows, each board's label
// gives its game's result in seats' names ("B-black lost on time",
// "A-white won (checkmate)", "drawn (agreement)"). Below them: the last
// thing that happened with its instant from the start of the match (the
// last event, why it was ignored, or "— refused: ..." when the rules
// refused it: an attempt, not an action; or the flag that decided the
// match after it); the prompt line (an open question, or the error or
// outcome of the last arbiter action, "refused: ..." said there and not
// again on the line above; else the configuration's warnings,
// WithWarnings, until dismissed; else the table's own line: recording
// failed, "recovered from the record, last recorded 14:03:59", the
// console's address); and the key legend. The instants are to the
// millisecond, rounded as `tandem export --format csv` writes them.
//
// The table needs a terminal of 60×17 at least; a smaller one shows a
// notice that says so ("window too small: 50×12; the table needs at least
// 60×17") and the four clocks, a line each. Quitting draws an empty last
// screen, so nothing of the table stays behind.
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
// The arbiter's keys (none of them is a clock button). The letters that
// answer a question are the table's language's (catalog tui.answer.*):
// below the English; in Spanish b blancas, n negras, t tablas at the
// result, b bandera at the claim, and s (sí) or y for yes.
//
//	enter   start both boards
//	space   the pause switch: pause while running; otherwise release it:
//	        resume the turns in progress, or start both boards when the
//	        match is ready (docs/rules.md clock rule 1)
//	r       declare a board's result. It stops the clocks at once (the
//	        instant r is pressed); then board (a, b), then w White wins,
//	        b Black wins or d draw, then how: for a win 1 checkmate,
//	        2 resignation, 3 illegal move, 4 forfeit (and 5 stalemate
//	        where the rules make stalemate decisive); for a draw
//	        1 agreement, 2 repetition (where repetition draws), 3 stalemate
//	        (where stalemate draws); then y confirms, saying what the
//	        result does to the match ("Declare board A 1-0 checkmate
//	        (A-white wins; team 1 wins the match)? y = yes, any other key
//	        = no"; a draw that leaves the match to the other board says
//	        "board B decides the match") (rules.Declare, sent while paused)
//	c       record a claim. Art 29: the claimant stops the clocks, the
//	        arbiter the other board: both stop at the instant c is
//	        pressed, before the questions; then the claimant: 1 A-white,
//	        2 A-black, 3 B-white, 4 B-black; then i illegal move, f flag
//	        or o other (rules.Claim, sent while paused); the status line
//	        shows the pending claim. An illegal-move claim is refused
//	        unless the accused made the last press on that board (Art
//	        26-27)
//	u, x    uphold or reject the pending claim (rules.Uphold, rules.Reject).
//	        An uphold that loses the match (loss-on-claim, or the third
//	        strike) asks first (y = uphold, any other key = no). An upheld
//	        illegal move that does not lose is taken back: the offender
//	        moves again, his clock runs on resume
//	t       adjust time while the clocks are stopped (Art 40): the seat,
//	        1 A-white, 2 A-black, 3 B-white, 4 B-black, then a sign and
//	        the time as seconds, m:ss or in units (+30, +2.5, +1:30,
//	        -0:10, +5m, +5 min, -30s, +1m30s; h:mm:ss and h too:
//	        arbiter.ParseDelta), Backspace to correct, Enter to apply.
//	        While the field is open every key typed goes to it, the clock
//	        keys and space too (never to a clock or the pause switch); a
//	        character it cannot take is refused at once, saying why
//	s       while paused, resume choosing the clocks that run: board A
//	        1 A-white or 2 A-black, then board B 3 B-white or 4 B-black;
//	        Enter keeps a board's turn in progress
//	n       new match: at once when ready with every clock at its initial
//	        time; asks (y = yes, any other key = no) when paused, decided,
//	        or ready with time adjusted, since the match, its result or the
//	        adjustments would be gone (a result stays in the record when
//	        the table keeps one, and the question says so); while running,
//	        says to pause first
//	o       the button menu (package menu, the Pi's: time control,
//	        preset, new match, the last result, the console), only while
//	        the clocks are stopped; the clock keys are its buttons as on
//	        the Pi (z A-white next, q A-black previous, p B-white OK, m
//	        B-black back), Enter OK and Esc back; its list takes the
//	        prompt line (the entries around the highlighted one when they
//	        do not all fit), its hint the legend's line of the arbiter's
//	        keys, which do nothing in the menu. A match that starts
//	        closes it.
//	esc     quit: at once when ready; otherwise asks first (y = quit, any
//	        other key = no): a match in progress would be abandoned, a
//	        decided match's result gone from the screen (and from
//	        everywhere without a record). With a question open,
//	        esc cancels it instead; on a ready table with a message on the
//	        note line, the first esc dismisses the message.
//	ctrl-c  the same as esc, except that a second ctrl-c in a row quits:
//	        ctrl-c ctrl-c always leaves
//
// A question takes the next key: a key that is not one of its answers
// cancels it, with a short note ("claim cancelled — paused; space
// resumes", "kept the match"); the clocks a claim or result question
// stopped stay stopped. No answer of any question is a clock key (q p z
// m): seats are chosen with the digits 1 to 4. A clock key pressed while
// a question is open is a player's press: it reaches the clock (ignored
// while paused) and leaves the question exactly as it was. Keys that
// arrive in the same burst (one key message) as the key that opened a
// question, or moved it on to its next question, are not taken as its
// answer: of those, only clock keys count, and the question's line says
// how many keys it did not take. The typed adjustment is a text
// field instead: it takes a sign (one), digits, "." (or a decimal comma)
// and ":", and refuses any other key with a note saying so; Enter shows
// what is wrong with the time (or the table's refusal) and stays in the
// field, Esc cancels it. Letters work in upper case too (Caps Lock). A
// player presses his own key after his move, as he would press his side
// of the clock.
//
// # Language
//
// Every text is in the language of WithLanguage (package i18n: English or
// Spanish, in the arbiters' words), the rules' own messages translated
// through the catalogs (i18n.Printer.Core). The players' names
// (table.Snapshot.Players) go beside their seats.
//
// # Time
//
// Every key press is stamped with time.Now() when it is received, an
// arbiter action with the instant of the key that completes it (the pause
// of a claim or result with the instant of c or r): clock
// buttons are sent with table.Post, arbiter actions with table.Do so that
// an error (e.g. "stalemate is no result under these rules") can be
// shown. The screen is redrawn on every snapshot the table publishes
// (table.Subscribe); the table publishes exactly when a displayed digit
// changes when its NextChange is display.NextChangeFunc with the same
// display.Opts as WithDisplay, so no polling ticker runs.
package tui
