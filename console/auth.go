package console

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// cookieName is the arbiter's session cookie.
const cookieName = "tandem_arbiter"

// maxSessions bounds the sessions kept: the oldest goes first.
const maxSessions = 64

// maxLimiters bounds the per-client login limiters kept; past it the
// full ones are forgotten (a client that is not rate limited now loses
// nothing).
const maxLimiters = 1024

// GeneratePIN returns a random 6-digit PIN ("048213") from crypto/rand,
// for a configuration that sets none. It panics only if the system's
// random source fails (crypto/rand never returns an error on Linux).
func GeneratePIN() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic("console: crypto/rand: " + err.Error())
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// newToken returns 32 random bytes, base64url: the session cookie.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// clientAddr is the client's IP address: the rate limit's key. Headers
// such as X-Forwarded-For are not trusted (no proxy stands in front).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// arbiter reports whether r carries a live arbiter session.
func (s *Server) arbiter(r *http.Request) bool {
	c, err := r.Cookie(cookieName)
	if err != nil || c.Value == "" {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	exp, ok := s.sessions[c.Value]
	if ok && time.Now().After(exp) {
		delete(s.sessions, c.Value)
		return false
	}
	return ok
}

// allowLogin takes one login attempt from the client's bucket.
func (s *Server) allowLogin(r *http.Request) bool {
	addr := clientAddr(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.limits[addr]
	if !ok {
		if len(s.limits) >= maxLimiters {
			for k, v := range s.limits {
				if v.Tokens() >= float64(s.burst) {
					delete(s.limits, k)
				}
			}
		}
		l = rate.NewLimiter(s.every, s.burst)
		s.limits[addr] = l
	}
	return l.Allow()
}

// serveLogin checks {"pin": "..."} and gives a session cookie. Answers:
// 200 {"arbiter": true}; 401 wrong PIN; 429 too many attempts from this
// client (the PIN is then not even compared).
func (s *Server) serveLogin(w http.ResponseWriter, r *http.Request) {
	if !s.allowLogin(r) {
		w.Header().Set("Retry-After", "2")
		jsonError(w, http.StatusTooManyRequests, "too many login attempts from this address; wait a few seconds")
		return
	}
	var req struct {
		PIN string `json:"pin"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&req); err != nil {
		jsonError(w, http.StatusBadRequest, "send {\"pin\": \"...\"}")
		return
	}
	if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(req.PIN)), []byte(s.pin)) != 1 {
		jsonError(w, http.StatusUnauthorized, "wrong PIN")
		return
	}
	tok := newToken()
	s.mu.Lock()
	if len(s.sessions) >= maxSessions {
		var oldest string
		for k, exp := range s.sessions {
			if oldest == "" || exp.Before(s.sessions[oldest]) {
				oldest = k
			}
		}
		delete(s.sessions, oldest)
	}
	s.sessions[tok] = time.Now().Add(s.ttl)
	s.mu.Unlock()
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: tok, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode,
		MaxAge: int(s.ttl / time.Second),
	})
	writeJSON(w, http.StatusOK, map[string]bool{"arbiter": true})
}

// serveLogout ends the session.
func (s *Server) serveLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(cookieName); err == nil {
		s.mu.Lock()
		delete(s.sessions, c.Value)
		s.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
	writeJSON(w, http.StatusOK, map[string]bool{"arbiter": false})
}

// serveSession says whether the request is the arbiter's and whether it
// may press the simulated panel.
func (s *Server) serveSession(w http.ResponseWriter, r *http.Request) {
	arb := s.arbiter(r)
	writeJSON(w, http.StatusOK, map[string]bool{"arbiter": arb, "panel": s.sim && (arb || localPanel(r))})
}

// localPanel reports whether r comes from this machine: a loopback peer
// address and a loopback Host. The Host check defeats DNS rebinding (a
// page from another site whose name was made to resolve to 127.0.0.1 has
// its own name in Host).
func localPanel(r *http.Request) bool {
	peer := net.ParseIP(clientAddr(r))
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

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func jsonError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}
