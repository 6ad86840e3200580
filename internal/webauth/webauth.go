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
	"strings"
	"sync"
	"tandem/internal/webapi"
	"time"

	"golang.org/x/time/rate"
)

// maxSessions bounds the sessions kept: the oldest goes first.
const maxSessions = 64

// maxLimiters bounds the per-client login limiters kept; past it the
// full ones are forgotten (a client that is not rate limited now loses
// nothing).
const maxLimiters = 1024

// Opts configures New. Every zero value is usable.
type Opts struct {
	// Cookie is the session cookie's name (zero: "tandem_arbiter"). Two
	// pages served from one host need different names.
	Cookie string
	// Every and Burst limit login attempts per client address: Burst at
	// once, then one per Every. Zero values mean 5 and one per 2 s.
	Every time.Duration
	Burst int
	// TTL is how long a session lasts (zero: 12 h).
	TTL time.Duration
}

// Auth checks the arbiter's PIN and keeps the sessions it gave. Its
// methods are safe for concurrent use.
type Auth struct {
	pin    string
	cookie string
	every  rate.Limit
	burst  int
	ttl    time.Duration

	mu       sync.Mutex
	sessions map[string]time.Time // token -> expiry
	limits   map[string]*rate.Limiter
}

// New returns the login for pin. It returns an error when pin is empty
// (a page without a PIN would be anyone's).
func New(pin string, opts *Opts) (*Auth, error) {
	if pin == "" {
		return nil, errors.New("webauth: no arbiter PIN")
	}
	var o Opts
	if opts != nil {
		o = *opts
	}
	a := &Auth{
		pin: pin, cookie: o.Cookie, every: rate.Every(o.Every), burst: o.Burst, ttl: o.TTL,
		sessions: map[string]time.Time{},
		limits:   map[string]*rate.Limiter{},
	}
	if a.cookie == "" {
		a.cookie = "tandem_arbiter"
	}
	if o.Every <= 0 {
		a.every = rate.Every(2 * time.Second)
	}
	if a.burst <= 0 {
		a.burst = 5
	}
	if a.ttl <= 0 {
		a.ttl = 12 * time.Hour
	}
	return a, nil
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

// ClientAddr is r's client IP address: the rate limit's key. Headers
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
	c, err := r.Cookie(a.cookie)
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

// allowLogin takes one login attempt from the client's bucket.
func (a *Auth) allowLogin(r *http.Request) bool {
	addr := ClientAddr(r)
	a.mu.Lock()
	defer a.mu.Unlock()
	l, ok := a.limits[addr]
	if !ok {
		if len(a.limits) >= maxLimiters {
			for k, v := range a.limits {
				if v.Tokens() >= float64(a.burst) {
					delete(a.limits, k)
				}
			}
		}
		l = rate.NewLimiter(a.every, a.burst)
		a.limits[addr] = l
	}
	return l.Allow()
}

// ServeLogin checks {"pin": "..."} and gives a session cookie. Answers:
// 200 {"arbiter": true}; 400 a body that is not that JSON; 401 wrong PIN;
// 429 too many attempts from this client (the PIN is then not even
// compared).
func (a *Auth) ServeLogin(w http.ResponseWriter, r *http.Request) {
	if !a.allowLogin(r) {
		w.Header().Set("Retry-After", "2")
		webapi.Error(w, http.StatusTooManyRequests, "too many login attempts from this address; wait a few seconds")
		return
	}
	var req struct {
		PIN string `json:"pin"`
	}
	if err := webapi.Decode(w, r, &req, 1024); err != nil {
		webapi.Error(w, http.StatusBadRequest, `send {"pin": "..."}: `+err.Error())
		return
	}
	if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(req.PIN)), []byte(a.pin)) != 1 {
		webapi.Error(w, http.StatusUnauthorized, "wrong PIN")
		return
	}
	tok := newToken()
	a.mu.Lock()
	if len(a.sessions) >= maxSessions {
		var oldest string
		for k, exp := range a.sessions {
			if oldest == "" || exp.Before(a.sessions[oldest]) {
				oldest = k
			}
		}
		delete(a.sessions, oldest)
	}
	a.sessions[tok] = time.Now().Add(a.ttl)
	a.mu.Unlock()
	http.SetCookie(w, &http.Cookie{
		Name: a.cookie, Value: tok, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode,
		MaxAge: int(a.ttl / time.Second),
	})
	webapi.Write(w, http.StatusOK, map[string]bool{"arbiter": true})
}

// ServeLogout ends r's session and clears its cookie. It answers 200
// {"arbiter": false}, with or without a session.
func (a *Auth) ServeLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(a.cookie); err == nil {
		a.mu.Lock()
		delete(a.sessions, c.Value)
		a.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: a.cookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
	webapi.Write(w, http.StatusOK, map[string]bool{"arbiter": false})
}

// EndSessions ends every session at once: each arbiter must log in again
// (e.g. after the PIN was given away).
func (a *Auth) EndSessions() {
	a.mu.Lock()
	clear(a.sessions)
	a.mu.Unlock()
}

// Local reports whether r comes from this machine: a loopback peer
// address and a loopback Host. The Host check defeats DNS rebinding (a
// page from another site whose name was made to resolve to 127.0.0.1 has
// its own name in Host).
func Local(r *http.Request) bool {
	peer := net.ParseIP(ClientAddr(r))
	if peer == nil || !peer.IsLoopback() {
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
	return ip != nil && ip.IsLoopback()
}

// SecurityHeaders forbids framing and content sniffing, and confines the
// page to its own origin: every asset of tandem's pages is embedded.
func SecurityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
