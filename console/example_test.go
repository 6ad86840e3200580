package console_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"

	"tandem/console"
	"tandem/rules"
	"tandem/table"
)

// A console on a running table: anyone may read the state; acting needs
// the arbiter's PIN.
func Example() {
	p, _ := rules.LookupPreset("reglamento")
	t, _ := table.New(&table.Opts{Options: p.Options})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go t.Run(ctx)

	srv, err := console.New(t, &console.Opts{PIN: "2468"})
	if err != nil {
		panic(err)
	}
	defer srv.Close()

	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, httptest.NewRequest("POST", "/api/action", strings.NewReader(`{"action":"start"}`)))
	fmt.Println("start without a session:", w.Code)

	w = httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/api/state", nil))
	fmt.Println(strings.Contains(w.Body.String(), `"status":"ready"`))
	// Output:
	// start without a session: 401
	// true
}
