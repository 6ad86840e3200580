package dashboard_test

import (
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"strings"

	"tandem/hall/dashboard"
	"tandem/hall/hub"
)

// Example serves the dashboard of a hub (here one on a free loopback port
// with its store in a temporary directory) and reads its state.
func Example() {
	dir, err := os.MkdirTemp("", "tandem-hall")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	h, err := hub.New(&hub.Opts{Listen: "127.0.0.1:0", StoreDir: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer h.Close()
	dash, err := dashboard.New(h, &dashboard.Opts{PIN: "246810"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dash.Close()
	srv := httptest.NewServer(dash.Handler()) // tandem-hall: an http.Server on [hub] dashboard_listen
	defer srv.Close()

	resp, err := srv.Client().Get(srv.URL + "/api/state")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, strings.HasPrefix(string(body), `{"type":"state","server_ms":`))
	fmt.Println(dashboard.TableNumber("t07"))
	// Output:
	// 200 true
	// 7
}
