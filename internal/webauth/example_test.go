package webauth_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"tandem/internal/webapi"
	"tandem/internal/webauth"
)

func Example() {
	a, _ := webauth.New("424242", nil)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/login", a.ServeLogin)
	mux.HandleFunc("POST /api/pause", func(w http.ResponseWriter, r *http.Request) {
		if !a.Arbiter(r) {
			webapi.Error(w, http.StatusForbidden, "arbiter login needed")
			return
		}
		webapi.Write(w, http.StatusOK, map[string]bool{"paused": true})
	})
	h := webauth.SecurityHeaders(http.NewCrossOriginProtection().Handler(mux))

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/api/pause", nil))
	fmt.Println("without login:", w.Code)

	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/api/login", strings.NewReader(`{"pin":"424242"}`)))
	r := httptest.NewRequest("POST", "/api/pause", nil)
	r.AddCookie(w.Result().Cookies()[0])
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	fmt.Println("after login:", w.Code)
	// Output:
	// without login: 403
	// after login: 200
}
