// Package webauth is the arbiter's login shared by tandem's web pages: the
// table's console and the hall's dashboard.
//
// An arbiter proves the PIN, or a one-time code, once (POST {"pin": "..."}
// or {"code": "..."}) and gets a random 32-byte session cookie, HttpOnly
// and SameSite=Strict.
//
// The PIN is guarded by one guess budget for every address together: a
// few wrong PINs are compared at once, then each further wrong PIN locks
// PIN logins for twice as long as the last (1 s, 2 s, 4 s ... up to
// 5 min by default), and the count is forgotten slowly. An attacker with
// a thousand addresses guesses no faster than one with one: about 288
// guesses a day at the cap, so a 6-digit PIN holds for years
// (docs/console.md, "Security").
//
// Such a budget can be spent by anyone: a spectator sending wrong PINs
// keeps PIN logins locked. The arbiter's way in that no one else can
// block is the one-time code: nine letters ("KQW-XMT-RBP", about 41
// bits) made at New and anew after each use, which the program shows
// where only the arbiter sees it (the table's terminal and, at a pause,
// its displays; the hub's journal). Code attempts are limited per
// address, and by a global budget for every address together (10
// comparisons a second) in two equal shares: one for an address's first
// few attempts, one for the rest. A flood's addresses leave the first
// share after their first attempts, so the arbiter's phone, new to the
// page, is compared at once (or after the second Retry-After says)
// however many addresses flood the other (codebudget.go).
//
// Failed logins are told to Opts.OnFail (the program logs them and shows
// them to the head arbiter); the package logs nothing itself. Teller
// turns them into log lines, at most ten a minute and one summing up the
// rest, which it gives to the program's Print. It also holds the pages'
// common HTTP hardening: security headers (HSTS over HTTPS), the Secure
// session cookie over HTTPS, and JSON answers. Cross-origin POSTs are refused by net/http's
// CrossOriginProtection, which the servers wrap their mux with.
package webauth
