#!/usr/bin/env bash
# step: login floods: 2 000 loopback addresses guess the one-time code over HTTP (global budget, the arbiter still gets in); 75 000 failed logins make bounded log lines
# internal/webauth's attack tests at full size (go test runs them small, or
# in process): the codes compared are asserted within the global budget
# (CodeBound), never a speed; the figures are printed. About 15 s without
# -race; bounded at 120 s.
set -euo pipefail
TANDEM_LOGIN_FLOOD=1 timeout --kill-after=5 120 go test -count=1 -v \
  -run 'TestAttack_TwoThousandAddressesGuessCodes|TestAttack_SeventyFiveThousandFailuresBoundedLines' ./internal/webauth |
  grep -E '^(---|\s+attack_test|ok|FAIL|PASS)'
