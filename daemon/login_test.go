package daemon

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"tandem/hall/hub"
)

// Failed console logins are printed on Opts.Out, kept in Info.Logins and
// carried by the hall's snapshot to the hub, which raises an AlertLogin;
// once wrong PINs lock PIN logins, the displays show the one-time code
// at a pause, and the code logs the arbiter in.
func TestLogin_FailuresLoggedAlertedAndTheCodeShown(t *testing.T) {
	addr, store := hallAddr(t), t.TempDir()
	h := startHub(t, addr, store)
	var out lockedBuffer
	d, err := Start(context.Background(), hallConsoleConfig(t, filepath.Join(t.TempDir(), "t9.db"), addr), &Opts{Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	code := d.Info().LoginCode
	if len(code) != 11 || !strings.Contains(out.String(), "arbiter one-time code: "+code) {
		t.Fatalf("code %q; out %q", code, out.String())
	}
	login := func(body string) int {
		t.Helper()
		resp, err := http.Post(d.Info().ConsoleURL+"api/login", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for i := range 6 { // the default budget: 5 free, the 6th locks
		if c := login(`{"pin":"0000"}`); c != 401 {
			t.Fatalf("wrong PIN %d: %d", i+1, c)
		}
	}
	if c := login(`{"pin":"4829"}`); c != 429 {
		t.Fatalf("the right PIN while locked: %d, want 429", c)
	}
	eventually(t, "the lines on Out", func() bool {
		return strings.Contains(out.String(), "console: wrong PIN from 127.0.0.1 (6 wrong PINs counted; PIN logins locked until ")
	})
	in := d.Info()
	if in.Logins.Failed != 7 || in.Logins.First != "127.0.0.1" || in.Logins.LockedUntil.IsZero() {
		t.Fatalf("Info.Logins %+v", in.Logins)
	}
	s := d.Table.Snapshot()
	if n := displayNote(in, &s, nil); n != "CODE "+strings.ReplaceAll(code, "-", "") {
		t.Fatalf("display note at the start %q", n)
	}
	eventually(t, "the alert on the hub", func() bool {
		ts, _ := h.Table("t9")
		for _, a := range ts.Alerts {
			if a.Kind == hub.AlertLogin && strings.HasPrefix(a.Text, "2+ failed logins on the console since ") && strings.Contains(a.Text, "first from 127.0.0.1") {
				return true
			}
		}
		return false
	})
	if c := login(`{"code":"` + strings.ToLower(code) + `"}`); c != 200 {
		t.Fatalf("code login: %d", c)
	}
	if next := d.Info().LoginCode; next == code || !strings.Contains(out.String(), "the next one is "+next) {
		t.Fatalf("after use: code %q (was %q); out %q", next, code, out.String())
	}
}
