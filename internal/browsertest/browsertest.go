//go:build amd64

package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tandem/internal/e2e"
)

// Wait bounds each action on a page and each wait for it.
const Wait = 15 * time.Second

// pollEvery is how often Until evaluates its expression.
const pollEvery = 20 * time.Millisecond

// textMax bounds the page text quoted in a failure message, in bytes.
const textMax = 3000

// Opts are Start's options.
type Opts struct {
	// Width and Height are the window's size in CSS pixels; zero: 1280
	// and 1000.
	Width, Height int
}

// Chromium returns the path of the browser to drive, or skips the test
// when Chromium is not installed; with TANDEM_REQUIRE_BROWSER=1 it fails
// it instead.
//
// It first skips unless the end-to-end trials are on (e2e.Require:
// TANDEM_E2E=1, never under -short): browser tests run in their own CI
// step, not in the README's test command.
func Chromium(t testing.TB) string {
	t.Helper()
	e2e.Require(t, "browser test")
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("TANDEM_REQUIRE_BROWSER") == "1" {
		t.Fatal("chromium is not installed and TANDEM_REQUIRE_BROWSER=1: apt-get install chromium")
	}
	t.Skip("chromium is not installed (apt-get install chromium); set TANDEM_REQUIRE_BROWSER=1 to make this a failure")
	return ""
}

// Start starts one headless Chromium (found by Chromium) for t and its
// subtests, with its own profile in a temporary directory, and returns
// the browser's context, for Open. The browser stops when t ends. A nil
// opts is the zero Opts.
func Start(t testing.TB, opts *Opts) context.Context {
	t.Helper()
	var o Opts
	if opts != nil {
		o = *opts
	}
	if o.Width == 0 {
		o.Width = 1280
	}
	if o.Height == 0 {
		o.Height = 1000
	}
	path := Chromium(t)
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(o.Width, o.Height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	// The first Run starts the browser; it has no timeout, since that
	// would stop the whole browser.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

// Tab is one browser tab. Its methods fail the test it was opened for
// (with the page's text where it helps) instead of returning errors.
type Tab struct {
	t   testing.TB
	ctx context.Context
}

// Open opens a new tab in the browser of bctx (from Start) and navigates
// it to url; the tab closes when t ends. The caller waits for its page
// to be ready with Until.
func Open(t testing.TB, bctx context.Context, url string) *Tab {
	t.Helper()
	tctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	// The first Run on a tab opens it, for as long as its context lives:
	// it must not carry a timeout, which would close the tab.
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	p := &Tab{t: t, ctx: tctx}
	p.Do(chromedp.Navigate(url))
	return p
}

// OpenIn is Open in a browser whose language is langs, an
// Accept-Language value ("es-ES,es"): the tab's requests carry it and
// its navigator.languages lists it (the DevTools protocol's
// Emulation.setUserAgentOverride, the browser's own user agent kept).
func OpenIn(t testing.TB, bctx context.Context, url, langs string) *Tab {
	t.Helper()
	tctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	p := &Tab{t: t, ctx: tctx}
	ua := p.EvalString(`navigator.userAgent`)
	p.Do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: langs})
		return err
	}), chromedp.Navigate(url))
	return p
}

// Do runs the actions on the page within Wait.
func (p *Tab) Do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Wait)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("browser: %v\npage: %s", err, p.Text())
	}
}

// Until waits up to Wait for the JavaScript expression to be true on the
// page.
func (p *Tab) Until(expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Wait)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(Wait), chromedp.WithPollingInterval(pollEvery))); err != nil {
		p.t.Fatalf("waiting for %s: %v\npage: %s", expr, err, p.Text())
	}
}

// Eval returns the value of a JavaScript expression on tab p, as T (a
// promise is awaited). A number is a float64 in T any.
func Eval[T any](p *Tab, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Wait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// EvalString returns the value of a JavaScript expression that is a
// string (or a promise of one).
func (p *Tab) EvalString(expr string) string {
	p.t.Helper()
	return Eval[string](p, expr)
}

// Text is the page's visible text, cut to its first 3000 bytes, for
// failure messages; "" when it cannot be read within 2 s.
func (p *Tab) Text() string {
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if len(s) > textMax {
		s = s[:textMax]
	}
	return s
}

// Click clicks the element with the id.
func (p *Tab) Click(id string) { p.t.Helper(); p.Do(chromedp.Click(chromedp.ID(id))) }

// SetValue sets the value of the form element with the id.
func (p *Tab) SetValue(id, v string) { p.t.Helper(); p.Do(chromedp.SetValue(chromedp.ID(id), v)) }

// Screenshot writes the whole page as a PNG file at path.
func (p *Tab) Screenshot(path string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Wait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s (%d bytes)", path, len(png))
}
