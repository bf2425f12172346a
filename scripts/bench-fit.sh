#!/usr/bin/env bash
# Times "hull fit" end to end: runs it R times and prints the median wall
# time, the peak RSS (largest of the runs) and the per-stage times of the
# median run. Usage: scripts/bench-fit.sh R hull-fit-arguments...
# Example: scripts/bench-fit.sh 7 -k 20 ../shared/data/kos/docword.kos.txt.gz
set -euo pipefail
runs=$1; shift
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/hull
go build -o "$bin" ./cmd/hull
results=()
for _ in $(seq "$runs"); do
	out=$( { /usr/bin/time -f 'WALL %e RSS %M' "$bin" fit "$@" >/dev/null; } 2>&1 )
	wall=$(sed -n 's/^WALL \([0-9.]*\) RSS \([0-9]*\)$/\1/p' <<<"$out")
	rss=$(sed -n 's/^WALL \([0-9.]*\) RSS \([0-9]*\)$/\2/p' <<<"$out")
	stages=$(grep '^time:' <<<"$out")
	results+=("$wall|$rss|$stages")
done
printf '%s\n' "${results[@]}" | sort -t'|' -k1,1n | awk -F'|' -v n="$runs" '
	{ w[NR]=$1; if ($2>rss) rss=$2; s[NR]=$3 }
	END { m=int((n+1)/2); printf "runs %d: median wall %.3f s (min %.3f, max %.3f), peak RSS %.1f MiB\nmedian run: %s\n", n, w[m], w[1], w[n], rss/1024, s[m] }'
