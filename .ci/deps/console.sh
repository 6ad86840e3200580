# Console issue: the browser tests (console/browser_test.go) drive Debian's
# headless Chromium with chromedp. Sourced by .ci/run before the tests.
command -v chromium >/dev/null || need+=(chromium)
# In CI a missing browser fails the browser tests instead of skipping them.
export TANDEM_REQUIRE_BROWSER=1
