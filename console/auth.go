package console

import (
	"net/http"

	"tandem/internal/webapi"
	"tandem/internal/webauth"
)

// The login itself (PIN, session cookie, rate limit) is internal/webauth's,
// shared with the hall's dashboard; these are the console's uses of it.

// arbiter reports whether r carries a live arbiter session.
func (s *Server) arbiter(r *http.Request) bool { return s.auth.Arbiter(r) }

// serveSession says whether the request is the arbiter's and whether it
// may press the simulated panel.
func (s *Server) serveSession(w http.ResponseWriter, r *http.Request) {
	arb := s.arbiter(r)
	writeJSON(w, http.StatusOK, map[string]bool{"arbiter": arb, "panel": s.sim && (arb || localPanel(r))})
}

// localPanel reports whether r comes from this machine (webauth.Local):
// the simulated panel's presses need no login from there.
func localPanel(r *http.Request) bool { return webauth.Local(r) }

func writeJSON(w http.ResponseWriter, code int, v any) { webapi.Write(w, code, v) }

func jsonError(w http.ResponseWriter, code int, msg string) { webapi.Error(w, code, msg) }
