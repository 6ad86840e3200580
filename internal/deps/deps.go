//go:build tandemdeps

// Package deps pins modules that the work in progress is about to use, so
// that go.mod keeps them while no package imports them yet. Remove an
// import once a package uses the module.
package deps

import (
	_ "github.com/chromedp/chromedp"
	_ "github.com/coder/websocket"
	_ "github.com/coreos/go-systemd/v22/daemon"
	_ "golang.org/x/time/rate"
	_ "modernc.org/sqlite"
	_ "periph.io/x/conn/v3/i2c/i2ctest"
	_ "periph.io/x/devices/v3/ssd1306"
	_ "periph.io/x/host/v3/gpioioctl"
)
