package webauth

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// These are the two attacks on the login, over real HTTP from many
// loopback addresses (127.0.0.0/8 is all this machine's): 40 addresses
// guessing the PIN together, and one spectator hammering wrong PINs while
// the arbiter logs in. They report their figures (go test -v); what they
// assert is the budget's arithmetic (Bound), never a speed.

// clientFrom returns an HTTP client whose connections come from ip.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1}, Timeout: 5 * time.Second}
}

func post(t testing.TB, c *http.Client, url, body string) (int, []*http.Cookie) {
	resp, err := c.Post(url+"/api/login", "application/json", strings.NewReader(body))
	if err != nil {
		t.Errorf("login: %v", err)
		return 0, nil
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Cookies()
}

func loginServer(t *testing.T, a *Auth) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/login", a.ServeLogin)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// 40 addresses guess the PIN as fast as they can: together they get no
// more comparisons than one address would (Bound of the span), however
// many they send.
func TestAttack_FortyAddressesGuessTogether(t *testing.T) {
	opts := &Opts{Free: 5, Delay: 20 * time.Millisecond, MaxDelay: 320 * time.Millisecond, Forget: time.Hour}
	a, _ := New("918273", opts)
	url := loginServer(t, a)
	const addrs = 40
	span := 2 * time.Second
	var sent, compared, refused, other atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), span)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := clientFrom(fmt.Sprintf("127.0.1.%d", i+1))
			for g := 0; ctx.Err() == nil; g++ {
				pin := fmt.Sprintf("%06d", (i*100000+g)%1000000)
				if pin == "918273" {
					continue
				}
				code, _ := post(t, c, url, `{"pin":"`+pin+`"}`)
				sent.Add(1)
				switch code {
				case 401:
					compared.Add(1)
				case 429:
					refused.Add(1)
				default:
					other.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	el := time.Since(start)
	bound := Bound(opts, el)
	t.Logf("%d addresses, %v: %d attempts (%.0f/s), %d PINs compared, %d refused (429); the budget allows at most %d in that span",
		addrs, el.Round(time.Millisecond), sent.Load(), float64(sent.Load())/el.Seconds(), compared.Load(), refused.Load(), bound)
	day := Bound(nil, 24*time.Hour)
	t.Logf("with the defaults: at most %d wrong PINs a day from any number of addresses; a 6-digit PIN: %.1f%% found in a 3-day event, half of the PINs tried in %.0f days",
		day, 100*float64(Bound(nil, 72*time.Hour))/1e6, 5e5/float64(day))
	if other.Load() != 0 {
		t.Fatalf("%d answers neither 401 nor 429", other.Load())
	}
	if n := compared.Load(); n > int64(bound) || n < int64(opts.Free) {
		t.Fatalf("%d PINs compared in %v; the budget allows %d to %d", n, el, opts.Free, bound)
	}
	if refused.Load() == 0 {
		t.Fatal("no attempt refused")
	}
}

// A spectator sends a wrong PIN every 10 ms, and so keeps PIN logins
// locked; the arbiter, at another address, logs in with the one-time
// code at the first try, and the next code is told.
func TestAttack_SpectatorCannotKeepTheArbiterOut(t *testing.T) {
	var codes atomic.Int32
	opts := &Opts{Free: 3, Delay: 50 * time.Millisecond, MaxDelay: time.Second, OnCode: func(string) { codes.Add(1) }}
	a, _ := New("564738", opts)
	url := loginServer(t, a)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var hammered atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		c := clientFrom("127.0.2.1")
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for g := 0; ; g++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			body := `{"pin":"000000"}`
			if g%5 == 4 { // and a guessed code now and then
				body = `{"code":"AAAAAAAAA"}`
			}
			post(t, c, url, body)
			hammered.Add(1)
		}
	}()
	defer func() { cancel(); wg.Wait() }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, locked := a.Locked(); locked && hammered.Load() >= 30 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the spectator never locked PIN logins")
		}
		time.Sleep(5 * time.Millisecond)
	}
	arb := clientFrom("127.0.2.2")
	pin, _ := post(t, arb, url, `{"pin":"564738"}`)
	start := time.Now()
	code, cookies := post(t, arb, url, `{"code":"`+FormatCode(a.Code())+`"}`)
	took := time.Since(start)
	t.Logf("spectator: %d attempts so far; the arbiter's right PIN: %d; its code: %d in %v", hammered.Load(), pin, code, took.Round(time.Microsecond))
	if pin != 429 {
		t.Errorf("the right PIN while locked: %d, want 429 (the budget is everyone's)", pin)
	}
	if code != 200 || len(cookies) != 1 {
		t.Fatalf("the arbiter's code login: %d with %d cookies, want 200 and a session", code, len(cookies))
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.AddCookie(cookies[0])
	if !a.Arbiter(r) {
		t.Fatal("the code's session is not an arbiter's")
	}
	if codes.Load() != 2 {
		t.Fatalf("%d codes told, want 2 (the first, the one after use)", codes.Load())
	}
}
