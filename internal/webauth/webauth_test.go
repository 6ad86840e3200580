package webauth

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

func login(t *testing.T, a *Auth, addr, pin string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(`{"pin": "`+pin+`"}`))
	r.RemoteAddr = addr
	w := httptest.NewRecorder()
	a.ServeLogin(w, r)
	return w
}

func withCookie(w *httptest.ResponseRecorder) *http.Request {
	r := httptest.NewRequest("GET", "/", nil)
	for _, c := range w.Result().Cookies() {
		r.AddCookie(c)
	}
	return r
}

func TestNew_NeedsAPIN(t *testing.T) {
	if _, err := New("", nil); err == nil {
		t.Fatal("New with no PIN: no error")
	}
}

func TestLogin_RightPIN_SessionCookie(t *testing.T) {
	a, _ := New("123456", nil)
	w := login(t, a, "192.0.2.1:5000", " 123456 ")
	if w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	cs := w.Result().Cookies()
	if len(cs) != 1 {
		t.Fatalf("cookies: %v", cs)
	}
	c := cs[0]
	if c.Name != "tandem_arbiter" || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.MaxAge != 12*3600 {
		t.Errorf("cookie %+v: want tandem_arbiter, HttpOnly, SameSite=Strict, 12 h", c)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`).MatchString(c.Value) {
		t.Errorf("token %q is not 32 random bytes in base64url", c.Value)
	}
	if !a.Arbiter(withCookie(w)) {
		t.Error("the session is not an arbiter's")
	}
	if a.Arbiter(httptest.NewRequest("GET", "/", nil)) {
		t.Error("a request without the cookie is an arbiter's")
	}
	forged := httptest.NewRequest("GET", "/", nil)
	forged.AddCookie(&http.Cookie{Name: "tandem_arbiter", Value: strings.Repeat("A", 43)})
	if a.Arbiter(forged) {
		t.Error("a forged token is an arbiter's")
	}
}

func TestLogin_WrongPINOrBadBody_NoCookie(t *testing.T) {
	a, _ := New("123456", &Opts{Burst: 100})
	for _, c := range []struct {
		body string
		code int
	}{
		{`{"pin": "123457"}`, 401},
		{`{"pin": ""}`, 401},
		{`{"pin": "1234567"}`, 401},
		{`pin=123456`, 400},
		{`{"pin": "` + strings.Repeat("1", 2000) + `"}`, 400},
	} {
		r := httptest.NewRequest("POST", "/api/login", strings.NewReader(c.body))
		w := httptest.NewRecorder()
		a.ServeLogin(w, r)
		if w.Code != c.code || len(w.Result().Cookies()) != 0 {
			t.Errorf("%.30q: %d with %d cookies, want %d and none", c.body, w.Code, len(w.Result().Cookies()), c.code)
		}
	}
}

func TestLogin_RateLimit_PerClient(t *testing.T) {
	a, _ := New("123456", &Opts{Burst: 3, Every: time.Hour})
	for i := range 3 {
		if w := login(t, a, "192.0.2.1:1", "000000"); w.Code != 401 {
			t.Fatalf("attempt %d: %d, want 401", i+1, w.Code)
		}
	}
	// The right PIN is not even compared once the bucket is empty.
	w := login(t, a, "192.0.2.1:2", "123456")
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || len(w.Result().Cookies()) != 0 {
		t.Fatalf("4th attempt: %d, Retry-After %q, cookies %d; want 429 with Retry-After and no cookie",
			w.Code, w.Header().Get("Retry-After"), len(w.Result().Cookies()))
	}
	if w := login(t, a, "192.0.2.2:1", "123456"); w.Code != 200 {
		t.Fatalf("another client: %d, want 200", w.Code)
	}
}

func TestLogout_EndsTheSession(t *testing.T) {
	a, _ := New("123456", nil)
	w := login(t, a, "192.0.2.1:1", "123456")
	r := withCookie(w)
	out := httptest.NewRecorder()
	a.ServeLogout(out, r)
	if out.Code != 200 || a.Arbiter(r) {
		t.Fatalf("after logout: %d, arbiter %v", out.Code, a.Arbiter(r))
	}
}

func TestEndSessions(t *testing.T) {
	a, _ := New("123456", nil)
	r1 := withCookie(login(t, a, "192.0.2.1:1", "123456"))
	r2 := withCookie(login(t, a, "192.0.2.2:1", "123456"))
	a.EndSessions()
	if a.Arbiter(r1) || a.Arbiter(r2) {
		t.Fatal("a session outlived EndSessions")
	}
	if !a.Arbiter(withCookie(login(t, a, "192.0.2.1:1", "123456"))) {
		t.Fatal("no login after EndSessions")
	}
}

func TestSession_Expires(t *testing.T) {
	a, _ := New("123456", &Opts{TTL: time.Millisecond})
	w := login(t, a, "192.0.2.1:1", "123456")
	time.Sleep(5 * time.Millisecond)
	if a.Arbiter(withCookie(w)) {
		t.Fatal("an expired session is still an arbiter's")
	}
}

func TestSessions_Bounded_OldestGoes(t *testing.T) {
	a, _ := New("123456", &Opts{Burst: 1000})
	first := withCookie(login(t, a, "192.0.2.1:1", "123456"))
	time.Sleep(time.Millisecond)
	var last *http.Request
	for range maxSessions {
		last = withCookie(login(t, a, "192.0.2.1:1", "123456"))
	}
	if a.Arbiter(first) {
		t.Error("the oldest session survived past the bound")
	}
	if !a.Arbiter(last) {
		t.Error("the newest session was dropped")
	}
	if n := len(a.sessions); n != maxSessions {
		t.Errorf("%d sessions kept, want %d", n, maxSessions)
	}
}

func TestCookieName(t *testing.T) {
	a, _ := New("1", &Opts{Cookie: "tandem_hall"})
	w := login(t, a, "192.0.2.1:1", "1")
	if c := w.Result().Cookies(); len(c) != 1 || c[0].Name != "tandem_hall" {
		t.Fatalf("cookies %v", c)
	}
	other, _ := New("1", nil)
	if other.Arbiter(withCookie(w)) {
		t.Error("another page's Auth took this cookie")
	}
}

func TestLocal(t *testing.T) {
	for _, c := range []struct {
		remote, host string
		want         bool
	}{
		{"127.0.0.1:5000", "127.0.0.1:8080", true},
		{"127.0.0.1:5000", "localhost:8080", true},
		{"[::1]:5000", "[::1]:8080", true},
		{"127.0.0.1:5000", "evil.example:8080", false}, // DNS rebinding
		{"192.0.2.7:5000", "127.0.0.1:8080", false},
		{"garbage", "localhost", false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr, r.Host = c.remote, c.host
		if got := Local(r); got != c.want {
			t.Errorf("Local(%s, Host %s) = %v, want %v", c.remote, c.host, got, c.want)
		}
	}
}

func TestGeneratePIN(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		p := GeneratePIN()
		if !regexp.MustCompile(`^[0-9]{6}$`).MatchString(p) {
			t.Fatalf("PIN %q is not 6 digits", p)
		}
		seen[p] = true
	}
	if len(seen) < 45 {
		t.Errorf("only %d distinct PINs in 50", len(seen))
	}
}

func TestHeaders(t *testing.T) {
	h := SecurityHeaders(NoCache(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	for k, want := range map[string]string{
		"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache",
	} {
		if got := w.Header().Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("CSP %q", w.Header().Get("Content-Security-Policy"))
	}
}
