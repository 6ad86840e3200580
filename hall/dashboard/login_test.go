package dashboard

import (
	"strings"
	"testing"

	"tandem/hall/hub"
	"tandem/internal/webauth"
)

// Failed dashboard logins raise one alert (table "", kind login) whose
// text keeps while they go on, save the count's order of magnitude; the
// one-time code logs in while wrong PINs lock PIN logins, and OnFail
// and OnCode are still told (tandem-hall prints them).
func TestLogin_FailuresRaiseOneAlert_CodeLogsIn(t *testing.T) {
	h := newHub(t, "")
	var codes []string
	fails := 0
	ts := newServer(t, h, Opts{Login: &webauth.Opts{Free: 2, OnCode: func(c string) { codes = append(codes, c) },
		OnFail: func(webauth.Failure) { fails++ }}})
	w := ts.ws()
	c := ts.client(false)
	for range 12 {
		ts.post(c, "/api/login", `{"pin":"000000"}`)
	}
	w.until("the login alert at 10+", func(w *wsClient) bool {
		return len(w.alerts) > 0 && w.alerts[0].Kind == hub.AlertLogin && strings.HasPrefix(w.alerts[0].Text, "10+ failed logins on the dashboard since ")
	})
	active := 0
	for _, a := range w.alerts {
		if a.Kind == hub.AlertLogin && a.Active {
			active++
		}
		if a.Table != "" {
			t.Errorf("a login alert on table %q", a.Table)
		}
	}
	if active != 1 || len(w.alerts) != 3 { // 1, 2+, 10+: the older two cleared
		t.Fatalf("alerts %+v", w.alerts)
	}
	if fails != 12 || len(codes) != 1 {
		t.Fatalf("OnFail told %d, OnCode %q", fails, codes)
	}
	if code, body := ts.post(c, "/api/login", `{"pin":"`+testPIN+`"}`); code != 429 {
		t.Fatalf("the right PIN while locked: %d %s", code, body)
	}
	if code, body := ts.post(c, "/api/login", `{"code":"`+webauth.FormatCode(codes[0])+`"}`); code != 200 {
		t.Fatalf("the code: %d %s", code, body)
	}
	if code, _ := ts.post(c, "/api/ack", `{"all":true}`); code != 200 || len(codes) != 2 {
		t.Fatalf("ack after the code's login: %d, codes %q", code, codes)
	}
}
