#!/usr/bin/env bash
# step: end-to-end trials: the console's and the dashboard's pages in headless Chromium, the terminal table in tmux, native tandem processes (TANDEM_E2E=1)
# The README's test command skips these (internal/e2e): they were more
# than half of its time. Here they run whole, with -race, with the rest of
# their packages' tests. Chromium comes from .ci/deps/console.sh (which
# also sets TANDEM_REQUIRE_BROWSER=1: a missing browser fails), tmux from
# .ci/run itself. Bounded at 20 minutes.
set -euo pipefail
TANDEM_E2E=1 timeout --kill-after=10 1200 go test -race -count=1 \
  ./console ./hall/dashboard ./internal/pagekit ./cmd/tandem
