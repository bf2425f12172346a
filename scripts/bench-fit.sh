#!/usr/bin/env bash
# Times "hull fit" end to end: runs it R times and prints the median wall
# time, the peak RSS (largest of the runs) and the per-stage times of the
# median run. Usage: scripts/bench-fit.sh R hull-fit-arguments...
# Example: scripts/bench-fit.sh 7 -k 20 ../shared/data/kos/docword.kos.txt.gz
# The arguments' paths are relative to the current directory. Not with -q
# (it hides the stage times this script reports). HULL: a hull binary to
# run instead of building ./cmd/hull. A failed fit stops the script with
# hull's output on stderr.
set -euo pipefail
if [ $# -lt 1 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
	echo "usage: scripts/bench-fit.sh R hull-fit-arguments... (R: the number of runs)" >&2
	exit 2
fi
runs=$1; shift
for a in "$@"; do
	case $a in
	-q | --quiet | --quiet=*) echo "bench-fit: -q hides the stage times (the \"time:\" line) this script reports; leave it out" >&2; exit 2 ;;
	esac
done
. "$(dirname "$0")/lib.sh"
hull_absolute
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary bench-fit "$tmp/hull")
results=()
for _ in $(seq "$runs"); do
	if ! out=$( { /usr/bin/time -f 'WALL %e RSS %M' "$bin" fit "$@" >/dev/null; } 2>&1 ); then
		echo "bench-fit: $bin fit $* failed:" >&2
		printf '%s\n' "$out" >&2
		exit 1
	fi
	wall=$(sed -n 's/^WALL \([0-9.]*\) RSS \([0-9]*\)$/\1/p' <<<"$out")
	rss=$(sed -n 's/^WALL \([0-9.]*\) RSS \([0-9]*\)$/\2/p' <<<"$out")
	stages=$(grep '^time:' <<<"$out" || true) # none if the fit printed no stage times
	results+=("$wall|$rss|$stages")
done
printf '%s\n' "${results[@]}" | sort -t'|' -k1,1n | awk -F'|' -v n="$runs" '
	{ w[NR]=$1; if ($2>rss) rss=$2; s[NR]=$3 }
	END { m=int((n+1)/2); printf "runs %d: median wall %.3f s (min %.3f, max %.3f), peak RSS %.1f MiB\nmedian run: %s\n", n, w[m], w[1], w[n], rss/1024, s[m] }'
