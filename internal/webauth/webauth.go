package webauth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"tandem/internal/webapi"
	"time"

	"golang.org/x/time/rate"
)

// maxSessions bounds the sessions kept: the oldest goes first.
const maxSessions = 64

// maxLimiters bounds the per-address code limiters kept; past it the
// full ones are forgotten, then any down to three quarters (an address
// with many neighbours gains nothing it could not have from another
// address, and the codes' global budget bounds them all).
const maxLimiters = 1024

// Opts configures New. Every zero value is usable.
type Opts struct {
	// Cookie is the session cookie's name (zero: "tandem_arbiter"). Two
	// pages served from one host need different names.
	Cookie string
	// The PIN's guess budget, for every address together: Free wrong
	// PINs are compared at once (zero: DefaultFree); each further one
	// locks PIN logins for Delay, doubled at each next, at most MaxDelay
	// (zero: DefaultDelay, DefaultMaxDelay); one counted failure is
	// forgotten per Forget without a wrong PIN (zero: DefaultForget;
	// keep it above MaxDelay, so that an attacker at the cap is never
	// forgiven).
	Free            int
	Delay, MaxDelay time.Duration
	Forget          time.Duration
	// Every and Burst limit one-time code attempts per client address:
	// Burst at once, then one per Every. Zero values mean 5 and one per
	// 2 s.
	Every time.Duration
	Burst int
	// The codes' global budget (codebudget.go), for every address
	// together: CodeBurst comparisons at once, then one per CodeEvery,
	// for the first NewTries attempts of an address not seen trying
	// codes for CodeForget, and as much again for the others (zero:
	// DefaultCodeEvery, DefaultCodeBurst, DefaultNewTries,
	// DefaultCodeForget).
	CodeEvery  time.Duration
	CodeBurst  int
	NewTries   int
	CodeForget time.Duration
	// TTL is how long a session lasts (zero: 12 h).
	TTL time.Duration
	// OnCode is told each new one-time code (plain letters; FormatCode
	// groups them): at New, and after each use. OnFail is told each
	// failed login. Both are called with no lock held, on the goroutine
	// of the request (OnCode's first call on New's); they must not block.
	OnCode func(code string)
	OnFail func(Failure)
}

func (o *Opts) defaults() {
	if o.Cookie == "" {
		o.Cookie = "tandem_arbiter"
	}
	if o.Free <= 0 {
		o.Free = DefaultFree
	}
	if o.Delay <= 0 {
		o.Delay = DefaultDelay
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = DefaultMaxDelay
	}
	o.MaxDelay = max(o.MaxDelay, o.Delay)
	if o.Forget <= 0 {
		o.Forget = DefaultForget
	}
	if o.Every <= 0 {
		o.Every = 2 * time.Second
	}
	if o.Burst <= 0 {
		o.Burst = 5
	}
	if o.TTL <= 0 {
		o.TTL = 12 * time.Hour
	}
	if o.CodeEvery <= 0 {
		o.CodeEvery = DefaultCodeEvery
	}
	if o.CodeBurst <= 0 {
		o.CodeBurst = DefaultCodeBurst
	}
	if o.NewTries <= 0 {
		o.NewTries = DefaultNewTries
	}
	if o.CodeForget <= 0 {
		o.CodeForget = DefaultCodeForget
	}
}

// Failure is one failed login, for Opts.OnFail.
type Failure struct {
	// At is when; Addr the client's address (ClientAddr).
	At   time.Time
	Addr string
	// Code is true for a one-time code, false for a PIN.
	Code bool
	// Refused is true when the attempt was not compared: PIN logins
	// were locked, the address had spent its code attempts, or (Busy
	// too) the codes' global budget was spent.
	Refused bool
	Busy    bool
	// Failures is how many wrong PINs the budget counts after it;
	// Until is when PIN logins unlock (zero: not locked).
	Failures int
	Until    time.Time
}

// Auth checks the arbiter's PIN and one-time codes and keeps the
// sessions it gave. Its methods are safe for concurrent use.
type Auth struct {
	pin  string
	opts Opts

	mu       sync.Mutex
	sessions map[string]time.Time // token -> expiry
	limits   map[string]*rate.Limiter
	budget   budget
	codes    codeBudget
	code     string

	codeMu sync.Mutex // serializes OnCode
	told   string     // the last code told to OnCode
}

// New returns the login for pin. It returns an error when pin is empty
// (a page without a PIN would be anyone's). The first one-time code is
// told to opts.OnCode before New returns.
func New(pin string, opts *Opts) (*Auth, error) {
	if pin == "" {
		return nil, errors.New("webauth: no arbiter PIN")
	}
	var o Opts
	if opts != nil {
		o = *opts
	}
	o.defaults()
	a := &Auth{
		pin: pin, opts: o,
		sessions: map[string]time.Time{},
		limits:   map[string]*rate.Limiter{},
		budget:   budget{free: o.Free, delay: o.Delay, max: o.MaxDelay, decay: o.Forget},
		codes:    newCodeBudget(&o),
		code:     newCode(),
	}
	a.tellCode()
	return a, nil
}

// tellCode tells Opts.OnCode the code in force, unless it was the last
// told: concurrent uses end with the newest told last.
func (a *Auth) tellCode() {
	if a.opts.OnCode == nil {
		return
	}
	a.codeMu.Lock()
	defer a.codeMu.Unlock()
	if c := a.Code(); c != a.told {
		a.told = c
		a.opts.OnCode(c)
	}
}

// Code returns the one-time code in force (plain letters).
func (a *Auth) Code() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.code
}

// Locked returns when PIN logins unlock, and false when they are not
// locked now.
func (a *Auth) Locked() (time.Time, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	locked, until := a.budget.locked(time.Now())
	return until, locked
}

// GeneratePIN returns a random 6-digit PIN ("048213") from crypto/rand,
// for a configuration that sets none. It panics only if the system's
// random source fails (crypto/rand never returns an error on Linux).
func GeneratePIN() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic("webauth: crypto/rand: " + err.Error())
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// newToken returns 32 random bytes, base64url: the session cookie.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// ClientAddr is r's client IP address: the code limit's key, and what
// Failure names. Headers
// such as X-Forwarded-For are not trusted (no proxy stands in front).
func ClientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Arbiter reports whether r carries a live arbiter session.
func (a *Auth) Arbiter(r *http.Request) bool {
	c, err := r.Cookie(a.opts.Cookie)
	if err != nil || c.Value == "" {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	exp, ok := a.sessions[c.Value]
	if ok && time.Now().After(exp) {
		delete(a.sessions, c.Value)
		return false
	}
	return ok
}

// allowCode takes one code attempt from the client's bucket (a.mu held).
func (a *Auth) allowCode(addr string) bool {
	l, ok := a.limits[addr]
	if !ok {
		if len(a.limits) >= maxLimiters {
			// Forget a quarter at once, the full ones first: once per
			// maxLimiters/4 new addresses, not a scan at each (a flood
			// of addresses made each attempt cost the whole map). An
			// address forgotten gets a fresh burst, within the codes'
			// global budget.
			for k, v := range a.limits {
				if v.Tokens() >= float64(a.opts.Burst) {
					delete(a.limits, k)
				}
			}
			for k := range a.limits {
				if len(a.limits) <= maxLimiters*3/4 {
					break
				}
				delete(a.limits, k)
			}
		}
		l = rate.NewLimiter(rate.Every(a.opts.Every), a.opts.Burst)
		a.limits[addr] = l
	}
	return l.Allow()
}

// LoginRequest is the body of a login: the PIN, or a one-time code.
type LoginRequest struct {
	PIN  string `json:"pin,omitempty"`
	Code string `json:"code,omitempty"`
}

// ServeLogin checks {"pin": "..."} or {"code": "..."} and gives a session
// cookie. Answers: 200 {"arbiter": true}; 400 a body that is not that
// JSON (or has both, or neither); 401 a wrong PIN or code; 429 PIN logins
// locked by the wrong PINs of every address together, or this address's
// code attempts spent (Retry-After says when to try again; the PIN or
// code is then not even compared). A code, once used, is replaced
// (Opts.OnCode).
func (a *Auth) ServeLogin(w http.ResponseWriter, r *http.Request) {
	var req LoginRequest
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		webapi.Error(w, http.StatusBadRequest, `send {"pin": "..."} or {"code": "..."}: `+err.Error())
		return
	}
	if (req.PIN == "") == (req.Code == "") {
		webapi.Error(w, http.StatusBadRequest, `send {"pin": "..."} or {"code": "..."}, one of the two`)
		return
	}
	now := time.Now()
	f := Failure{At: now, Addr: ClientAddr(r), Code: req.Code != ""}
	var fresh string // the code that replaces one used
	a.mu.Lock()
	ok := false
	if f.Code {
		if !a.allowCode(f.Addr) {
			f.Refused = true
		} else if !a.codes.allow(f.Addr, now) {
			f.Refused, f.Busy = true, true
		} else {
			ok = subtle.ConstantTimeCompare([]byte(normCode(req.Code)), []byte(a.code)) == 1
			if ok {
				a.code = newCode()
				fresh = a.code
				a.codes.forgive(f.Addr)
			}
		}
	} else if locked, _ := a.budget.locked(now); locked {
		f.Refused = true
	} else {
		ok = subtle.ConstantTimeCompare([]byte(strings.TrimSpace(req.PIN)), []byte(a.pin)) == 1
		if !ok {
			a.budget.fail(now)
		}
	}
	var tok string
	if ok {
		tok = a.newSession(now)
	} else {
		f.Failures = a.budget.fails
		if locked, until := a.budget.locked(now); locked {
			f.Until = until
		}
	}
	a.mu.Unlock()
	if fresh != "" {
		a.tellCode()
	}
	if !ok {
		if a.opts.OnFail != nil {
			a.opts.OnFail(f)
		}
		a.refuse(w, f, now)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: a.opts.Cookie, Value: tok, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode,
		// Over HTTPS the browser never sends it in clear (to the same
		// host's plain HTTP, or an attacker's page posing as it).
		Secure: r.TLS != nil,
		MaxAge: int(a.opts.TTL / time.Second),
	})
	webapi.Write(w, http.StatusOK, map[string]bool{"arbiter": true})
}

// refuse answers a failed login f.
func (a *Auth) refuse(w http.ResponseWriter, f Failure, now time.Time) {
	switch {
	case f.Busy:
		w.Header().Set("Retry-After", "1")
		webapi.Error(w, http.StatusTooManyRequests, "too many codes tried on this page just now; try again in a second (the code stays valid)")
	case f.Refused && f.Code:
		w.Header().Set("Retry-After", strconv.Itoa(int(a.opts.Every/time.Second)+1))
		webapi.Error(w, http.StatusTooManyRequests, "too many codes tried from this address; wait a few seconds")
	case f.Refused:
		wait := int(f.Until.Sub(now)/time.Second) + 1
		w.Header().Set("Retry-After", strconv.Itoa(wait))
		webapi.Error(w, http.StatusTooManyRequests, fmt.Sprintf(
			"PIN logins are locked for %d s after %d wrong PINs: log in with the one-time code the table or hub shows", wait, f.Failures))
	case f.Code:
		webapi.Error(w, http.StatusUnauthorized, "wrong code (each code works once; the newest is shown)")
	default:
		webapi.Error(w, http.StatusUnauthorized, "wrong PIN")
	}
}

// newSession makes a session token valid from now (a.mu held), dropping
// the oldest session past maxSessions.
func (a *Auth) newSession(now time.Time) string {
	tok := newToken()
	if len(a.sessions) >= maxSessions {
		var oldest string
		for k, exp := range a.sessions {
			if oldest == "" || exp.Before(a.sessions[oldest]) {
				oldest = k
			}
		}
		delete(a.sessions, oldest)
	}
	a.sessions[tok] = now.Add(a.opts.TTL)
	return tok
}

// ServeLogout ends r's session and clears its cookie. It answers 200
// {"arbiter": false}, with or without a session.
func (a *Auth) ServeLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(a.opts.Cookie); err == nil {
		a.mu.Lock()
		delete(a.sessions, c.Value)
		a.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: a.opts.Cookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	webapi.Write(w, http.StatusOK, map[string]bool{"arbiter": false})
}

// EndSessions ends every session at once: each arbiter must log in again
// (e.g. after the PIN was given away).
func (a *Auth) EndSessions() {
	a.mu.Lock()
	clear(a.sessions)
	a.mu.Unlock()
}

// Local reports whether r comes from this machine: over loopback (a
// loopback peer address), or over one of the machine's own network
// addresses (the peer address is the connection's own local address,
// http.LocalAddrContextKey: the machine talking to itself, e.g. by the
// address the table prints for the hall's phones). A forged source
// address cannot pass, since TCP's handshake answers the true one. The
// Host must name the same: "localhost", a loopback address, or that very
// address, which defeats DNS rebinding (a page from another site whose
// name was made to resolve to this machine has its own name in Host).
func Local(r *http.Request) bool {
	peer := net.ParseIP(ClientAddr(r))
	if peer == nil {
		return false
	}
	var self net.IP
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr); ok {
		self = a.IP
	}
	own := self != nil && !self.IsUnspecified() && peer.Equal(self)
	if !peer.IsLoopback() && !own {
		return false
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || own && ip.Equal(self))
}

// HSTS is the Strict-Transport-Security header SecurityHeaders sends over
// HTTPS: a browser that saw it opens the host over HTTPS only for a year
// (RFC 6797), so a later plain http:// link cannot be hijacked.
const HSTS = "max-age=31536000"

// SecurityHeaders forbids framing and content sniffing, and confines the
// page to its own origin: every asset of tandem's pages is embedded.
// Over HTTPS it adds HSTS, except for localhost, whose plain-HTTP pages
// (a console on loopback) the header would break for every port.
func SecurityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil && !localhostName(r.Host) {
			w.Header().Set("Strict-Transport-Security", HSTS)
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// NoCache makes the browser revalidate the page's assets, so a new
// version of tandem is never shown with an old script.
func NoCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// localhostName reports whether host (a Host header) is localhost or a
// name under it.
func localhostName(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	return host == "localhost" || strings.HasSuffix(host, ".localhost")
}
