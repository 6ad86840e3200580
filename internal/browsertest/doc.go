//go:build amd64

// Package browsertest is the browser harness of the pages' tests: the
// table's console (console/browser_test.go) and the hall's dashboard
// (hall/dashboard/browser_test.go) drive their page in Debian's headless
// Chromium with chromedp, through this package.
//
// Start finds and starts Chromium for a test's life; Open opens a tab on
// a URL; a Tab's methods act on the page and wait for it, each bounded by
// Wait, and fail the test with the page's visible text when they cannot.
// Without Chromium a test skips, unless TANDEM_REQUIRE_BROWSER=1 (CI:
// .ci/deps/console.sh installs chromium and sets it), when it fails.
//
// Every file is built for amd64 only, like the tests that use it: under
// qemu (CI's passes for the Pi's CPUs, arm64 and armv7) those tests ran
// in the main pass already, a browser under emulation would take
// minutes, and chromedp's protocol package is not compiled twice more
// for nothing. The constraint keeps chromedp out of the arm builds.
package browsertest
