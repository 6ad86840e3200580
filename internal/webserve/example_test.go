package webserve_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"tandem/internal/webserve"
)

// A server with the default limits but a shorter idle time, on a
// loopback port the system chooses.
func ExampleNew() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") })
	s := webserve.New(ln, h, &webserve.Opts{IdleTimeout: 5 * time.Second})
	go s.Serve()
	defer s.Close()

	resp, err := http.Get("http://" + s.Addr().String() + "/")
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, string(body), s.HTTP.MaxHeaderBytes)
	// Output: 200 ok 16384
}
