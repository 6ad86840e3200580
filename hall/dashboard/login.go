package dashboard

import (
	"time"

	"tandem/hall"
	"tandem/hall/hub"
	"tandem/internal/webauth"
)

// This file raises the dashboard's own login alert: failed logins on the
// dashboard (wrong PINs or codes, attempts refused while PIN logins are
// locked), one entry of the alerts list (table "", kind login) that
// stays while they go on and clears hall.LoginWindow after the last.

// loginState is the dashboard's failed logins in the current window
// (Server.mu).
type loginState struct {
	n           int
	since, last time.Time
	first       string
	text        string      // the alert's text in the list ("": none)
	clear       *time.Timer // clears it LoginWindow after the last
}

// loginFailed takes a failed login on the dashboard (webauth's OnFail).
func (s *Server) loginFailed(f webauth.Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx == nil || s.ctx.Err() != nil {
		return
	}
	l := &s.login
	if l.n == 0 || f.At.Sub(l.last) > hall.LoginWindow {
		l.n, l.since, l.first = 0, f.At, f.Addr
	}
	l.n++
	l.last = f.At
	text := hub.LoginText("dashboard", l.n, l.since, l.first)
	var was, is []hub.Alert
	if l.text != "" {
		was = []hub.Alert{{Kind: hub.AlertLogin, Text: l.text}}
	}
	is = []hub.Alert{{Kind: hub.AlertLogin, Text: text}}
	l.text = text
	if s.alertsDiff("", was, is, f.At) {
		s.rebuildAlerts()
	}
	if l.clear == nil {
		l.clear = time.AfterFunc(hall.LoginWindow, s.loginQuiet)
	} else {
		l.clear.Reset(hall.LoginWindow)
	}
}

// loginQuiet clears the login alert once LoginWindow has passed without
// a failed login.
func (s *Server) loginQuiet() {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := &s.login
	if l.text == "" || s.ctx.Err() != nil {
		return
	}
	if wait := hall.LoginWindow - time.Since(l.last); wait > 0 {
		l.clear.Reset(wait) // a failure came as the timer fired
		return
	}
	if s.alertsDiff("", []hub.Alert{{Kind: hub.AlertLogin, Text: l.text}}, nil, time.Now()) {
		s.rebuildAlerts()
	}
	l.text, l.n = "", 0
}
