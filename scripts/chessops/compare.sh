#!/usr/bin/env bash
# Compare tandem's perft with chessops' on the same crazyhouse positions,
# in the same run, and print the ratio of the times (chessops / tandem).
# Needs Go and node; installs chessops 0.15.1 from package-lock.json.
#   scripts/chessops/compare.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$here"
[ -d node_modules/chessops ] || npm ci --no-audit --no-fund >/dev/null
bin=$(mktemp -d)/tandem
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go build -o "$bin" ./cmd/tandem)

tandem_ms=0
tandem_nodes=0
while IFS='|' read -r fen depth; do
	case "$fen" in ''|'#'*) continue ;; esac
	# --time reports the in-process time, without process start-up.
	out=$("$bin" perft "$fen" "$depth" --time 2>&1 >/dev/null)
	n=$(echo "$out" | awk '{print $3}')
	ms=$(echo "$out" | awk '{print $6}')
	echo "tandem   nodes $n ms $ms  $fen depth $depth"
	tandem_ms=$(awk -v a="$tandem_ms" -v b="$ms" 'BEGIN{printf "%.3f", a+b}')
	tandem_nodes=$((tandem_nodes + n))
done < positions.txt

chessops_out=$(node perft.mjs positions.txt)
echo "$chessops_out" | sed 's/^/chessops /'
chessops_ms=$(echo "$chessops_out" | awk '/^total/{print $5}')
chessops_nodes=$(echo "$chessops_out" | awk '/^total/{print $3}')
if [ "$chessops_nodes" != "$tandem_nodes" ]; then
	echo "node counts differ: tandem $tandem_nodes, chessops $chessops_nodes" >&2
	exit 1
fi
awk -v t="$tandem_ms" -v c="$chessops_ms" -v n="$tandem_nodes" 'BEGIN{
	printf "total %d nodes: tandem %.1f ms (%.1f M nodes/s), chessops %.1f ms (%.2f M nodes/s)\n", n, t, n/t/1000, c, n/c/1000
	printf "ratio chessops/tandem: %.1fx\n", c/t
}'
