package webauth

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// lineLog is a Teller's Print for tests: the lines, safe for concurrent
// use.
type lineLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *lineLog) print(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
}

func (l *lineLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}

// A window tells its first Lines failures one by one, then sums the rest
// up in one line: at the next failure after the window, at Flush, or
// when the window's timer fires; Stop sums up and ends.
func TestTeller_LinesPerWindowThenOneSummingUp(t *testing.T) {
	var log lineLog
	tl := &Teller{Page: "console", Every: time.Minute, Lines: 3, Print: log.print}
	t0 := time.Now()
	tl.Tell(Failure{At: t0, Addr: "192.0.2.1", Failures: 1})
	tl.Tell(Failure{At: t0, Addr: "192.0.2.2", Code: true})
	tl.Tell(Failure{At: t0, Addr: "192.0.2.3", Refused: true, Code: true, Busy: true})
	for i := range 40 {
		tl.Tell(Failure{At: t0.Add(time.Duration(i) * time.Second), Addr: fmt.Sprintf("192.0.2.%d", 10+i%4), Refused: i%2 == 0, Code: i%4 == 1})
	}
	got := log.get()
	want := []string{
		"console: wrong PIN from 192.0.2.1 (1 wrong PINs counted)",
		"console: wrong one-time code from 192.0.2.2",
		"console: one-time code from 192.0.2.3 refused unchecked (too many codes tried on the page just now)",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("lines %q\nwant %q", got, want)
	}
	// The next failure after the window: the summing-up, then its own.
	tl.Tell(Failure{At: t0.Add(61 * time.Second), Addr: "192.0.2.99", Failures: 7})
	got = log.get()[3:]
	if len(got) != 2 || !strings.HasPrefix(got[0], "console: 40 more failed logins since ") ||
		!strings.HasSuffix(got[0], "(10 wrong PINs, 10 wrong codes, 20 refused unchecked) from 4 addresses, the last from 192.0.2.13") ||
		got[1] != "console: wrong PIN from 192.0.2.99 (7 wrong PINs counted)" {
		t.Fatalf("after the window: %q", got)
	}
	for range 5 {
		tl.Tell(Failure{At: t0.Add(62 * time.Second), Addr: "192.0.2.5", Refused: true})
	}
	tl.Stop()
	tl.Tell(Failure{At: t0.Add(63 * time.Second), Addr: "192.0.2.5"})
	got = log.get()[5:]
	if len(got) != 3 || !strings.Contains(got[2], "console: 3 more failed logins since ") || !strings.Contains(got[2], "from 1 address, the last from 192.0.2.5") {
		t.Fatalf("after Stop: %q", got)
	}

	// Without a later failure the window's timer sums it up.
	var log2 lineLog
	tl2 := &Teller{Page: "hall: dashboard", Every: 50 * time.Millisecond, Lines: 1, Print: log2.print}
	defer tl2.Stop()
	for range 4 {
		tl2.Tell(Failure{At: time.Now(), Addr: "192.0.2.7", Code: true})
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(log2.get()) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the window's timer never summed it up: %q", log2.get())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := log2.get(); !strings.HasPrefix(got[1], "hall: dashboard: 3 more failed logins since ") || !strings.Contains(got[1], "(0 wrong PINs, 3 wrong codes, 0 refused unchecked)") {
		t.Fatalf("summed up by the timer: %q", got)
	}
}

// The codes' global budget: an address's first NewTries attempts draw on
// the newcomers' share (or the known ones' when it is spent), the rest on
// the known ones' only; so addresses past their first tries cannot spend
// what a newcomer (the arbiter's phone) is compared with. A right code
// makes its address a newcomer again.
func TestCodeBudget_Shares(t *testing.T) {
	o := Opts{CodeEvery: time.Hour, CodeBurst: 2, NewTries: 2, CodeForget: 100 * time.Hour}
	o.defaults()
	b := newCodeBudget(&o)
	now := time.Now()
	got := []bool{b.allow("a1", now), b.allow("a1", now), b.allow("a1", now), b.allow("a2", now), b.allow("a1", now), b.allow("a3", now)}
	if want := []bool{true, true, true, true, false, false}; !slices.Equal(got, want) {
		t.Fatalf("allowed %v, want %v", got, want)
	}
	// Both shares full again (2 h later): a1, known now, floods; only
	// the known share's 2 are compared, and the newcomer still is.
	later := now.Add(2 * time.Hour)
	n := 0
	for range 20 {
		if b.allow("a1", later) {
			n++
		}
	}
	if n != 2 || !b.allow("arbiter", later) {
		t.Fatalf("the known addresses had %d compared (want 2), or the newcomer was refused", n)
	}
	b.forgive("a1")
	if b.cur["a1"] != 0 || b.prev["a1"] != 0 {
		t.Fatal("forgive kept the count")
	}
	if n := CodeBound(&o, 0); n != 2*(2+1) {
		t.Fatalf("CodeBound %d", n)
	}
}
