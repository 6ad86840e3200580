package webauth

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
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
		{`{"pin": ""}`, 400},
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

func codeLogin(t *testing.T, a *Auth, addr, code string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(`{"code": "`+code+`"}`))
	r.RemoteAddr = addr
	w := httptest.NewRecorder()
	a.ServeLogin(w, r)
	return w
}

// Wrong PINs from every address together spend one budget: past Free,
// PIN logins are locked (429, the PIN not even compared), whoever asks.
func TestLogin_PINBudget_Global(t *testing.T) {
	var fails []Failure
	a, _ := New("123456", &Opts{Free: 3, Delay: time.Hour, OnFail: func(f Failure) { fails = append(fails, f) }})
	for i := range 4 {
		if w := login(t, a, fmt.Sprintf("192.0.2.%d:1", i+1), "000000"); w.Code != 401 {
			t.Fatalf("attempt %d: %d, want 401", i+1, w.Code)
		}
	}
	w := login(t, a, "198.51.100.9:2", "123456")
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || len(w.Result().Cookies()) != 0 ||
		!strings.Contains(w.Body.String(), "one-time code") {
		t.Fatalf("5th attempt from a new address: %d %s, Retry-After %q; want 429 naming the code",
			w.Code, w.Body, w.Header().Get("Retry-After"))
	}
	if len(fails) != 5 || fails[3].Until.IsZero() || !fails[4].Refused || fails[4].Addr != "198.51.100.9" || fails[2].Until != (time.Time{}) {
		t.Fatalf("failures told %+v", fails)
	}
	if _, locked := a.Locked(); !locked {
		t.Fatal("Locked: not locked")
	}
	// The code still lets the arbiter in, from any address.
	if w := codeLogin(t, a, "198.51.100.9:3", FormatCode(a.Code())); w.Code != 200 || !a.Arbiter(withCookie(w)) {
		t.Fatalf("code login while locked: %d %s", w.Code, w.Body)
	}
}

func TestBudget_DelaysGrowAndAreForgotten(t *testing.T) {
	b := budget{free: 2, delay: time.Second, max: 8 * time.Second, decay: time.Minute}
	t0 := time.Unix(1e9, 0)
	now := t0
	var locks []time.Duration
	for range 7 {
		if locked, until := b.locked(now); locked {
			now = until
		}
		b.fail(now)
		_, until := b.locked(now)
		locks = append(locks, max(0, until.Sub(now)))
	}
	want := []time.Duration{0, 0, 1 * time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second}
	if fmt.Sprint(locks) != fmt.Sprint(want) {
		t.Fatalf("locks %v, want %v", locks, want)
	}
	// Three minutes of quiet forget three failures.
	now = now.Add(8*time.Second + 3*time.Minute)
	b.forget(now)
	if b.fails != 4 {
		t.Fatalf("%d failures after 3 min, want 4", b.fails)
	}
	if n := Bound(&Opts{Free: 2, Delay: time.Second, MaxDelay: 8 * time.Second}, 14*time.Second); n != 2+1+3 {
		t.Fatalf("Bound = %d, want 6 in 14 s (2 free, the one that locks, then after 1, 2 and 4 s)", n)
	}
}

// A code works once, in any case and grouping; the next is told to
// OnCode. Code attempts are limited per address only.
func TestLogin_Code(t *testing.T) {
	var told []string
	a, _ := New("123456", &Opts{Burst: 2, Every: time.Hour, OnCode: func(c string) { told = append(told, c) }})
	first := a.Code()
	if len(told) != 1 || told[0] != first || !regexp.MustCompile(`^[A-HJKMNP-Z]{9}$`).MatchString(first) {
		t.Fatalf("first code %q, told %q", first, told)
	}
	if w := codeLogin(t, a, "192.0.2.1:1", strings.ToLower(FormatCode(first))); w.Code != 200 {
		t.Fatalf("code login: %d %s", w.Code, w.Body)
	}
	if a.Code() == first || len(told) != 2 || told[1] != a.Code() {
		t.Fatalf("after use: code %q (was %q), told %q", a.Code(), first, told)
	}
	if w := codeLogin(t, a, "192.0.2.2:1", first); w.Code != 401 {
		t.Fatalf("a used code: %d, want 401", w.Code)
	}
	codeLogin(t, a, "192.0.2.2:1", "AAAAAAAAA")
	if w := codeLogin(t, a, "192.0.2.2:1", a.Code()); w.Code != 429 {
		t.Fatalf("third code from one address within the hour: %d, want 429", w.Code)
	}
	if w := codeLogin(t, a, "192.0.2.3:1", a.Code()); w.Code != 200 {
		t.Fatalf("the code from another address: %d, want 200", w.Code)
	}
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(`{"pin": "123456", "code": "X"}`))
	w := httptest.NewRecorder()
	a.ServeLogin(w, r)
	if w.Code != 400 {
		t.Fatalf("both a PIN and a code: %d, want 400", w.Code)
	}
	if got := FormatCode("KQWXMTRBP"); got != "KQW-XMT-RBP" {
		t.Fatalf("FormatCode = %q", got)
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
		// Served on 192.0.2.2 (the connection's local address).
		{"192.0.2.2:5000", "192.0.2.2:8080", true},          // this machine, by its network address
		{"192.0.2.2:5000", "localhost:8080", true},          // ... named localhost
		{"192.0.2.7:5000", "192.0.2.2:8080", false},         // another machine
		{"192.0.2.2:5000", "evil.example:8080", false},      // DNS rebinding to the network address
		{"192.0.2.2:5000", "192.0.2.9:8080", false},         // another address in Host
		{"[2001:db8::2]:5000", "[2001:db8::2]:8080", false}, // not the connection's address
		{"127.0.0.1:5000", "192.0.2.2:8080", false},         // loopback, Host another address
		{"192.0.2.7:5000", "192.0.2.7:8080", false},         // a peer naming itself
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr, r.Host = c.remote, c.host
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.ParseIP("192.0.2.2"), Port: 8080}))
		if got := Local(r); got != c.want {
			t.Errorf("Local(%s, Host %s) = %v, want %v", c.remote, c.host, got, c.want)
		}
	}
}

// Over a real connection to this machine's own network address (as the
// hall's phones reach the table), Local holds; over loopback too.
func TestLocal_OwnNetworkAddress(t *testing.T) {
	var ip string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
			ip = ipn.IP.String()
			break
		}
	}
	if ip == "" {
		t.Skip("this machine has no IPv4 address but loopback")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("0.0.0.0", "0"))
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan bool, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got <- Local(r) })}
	go srv.Serve(ln)
	defer srv.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	for _, host := range []string{ip, "127.0.0.1"} {
		resp, err := http.Get("http://" + net.JoinHostPort(host, port) + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if !<-got {
			t.Errorf("from this machine to %s: not Local", host)
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

func TestTeller_RefusedCountedOncePerEvery(t *testing.T) {
	tl := &Teller{Page: "console", Every: time.Minute}
	t0 := time.Unix(1e9, 0)
	if l := tl.Line(Failure{At: t0, Addr: "192.0.2.1", Failures: 1}); l != "console: wrong PIN from 192.0.2.1 (1 wrong PINs counted)" {
		t.Fatalf("wrong PIN line %q", l)
	}
	var lines []string
	for i := range 100 {
		if l := tl.Line(Failure{At: t0.Add(time.Duration(i) * time.Second), Addr: "192.0.2.1", Refused: true}); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "console: 1 login attempts refused") || !strings.HasPrefix(lines[1], "console: 60 login attempts refused") {
		t.Fatalf("lines %q", lines)
	}
	if l := tl.Flush(); l != "console: 39 more login attempts refused" {
		t.Fatalf("flush %q", l)
	}
}
