// Package webauth is the arbiter's login shared by tandem's web pages: the
// table's console and the hall's dashboard.
//
// An arbiter proves the PIN once (POST {"pin": "..."}) and gets a random
// 32-byte session cookie, HttpOnly and SameSite=Strict. Login attempts
// are rate limited per client address, so a 6-digit PIN cannot be guessed
// from the hall's network in a tournament's lifetime. The package also
// holds the pages' common HTTP hardening: security headers and JSON
// answers. Cross-origin POSTs are refused by net/http's
// CrossOriginProtection, which the servers wrap their mux with.
package webauth
