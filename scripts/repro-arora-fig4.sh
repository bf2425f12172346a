#!/usr/bin/env bash
# Arora et al. 2013, Fig. 4 in small: l1 error of the anchor pipelines on
# separable data as the number of documents grows. Writes the corpora under
# ${OUT:-/tmp/hull-fig4} (the largest is about 420 MB).
#
# Usage: scripts/repro-arora-fig4.sh
#   OUT: the corpora's directory (relative to the current directory).
#   HULL: a hull binary to run instead of building ./cmd/hull.
set -euo pipefail
out=${OUT:-/tmp/hull-fig4}
mkdir -p "$out"
out=$(cd "$out" && pwd)
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary repro-arora-fig4 "$tmp/hull")
for d in 2000 10000 50000 200000; do
	"$bin" synth separable -k 20 --vocab-size 2000 --docs "$d" --doc-length 200 --seed 1 -o "$out/d$d" >/dev/null
	echo "== $d documents"
	if ! "$bin" bench --algos anchor,anchor-kl,recover -k 20 "$out/d$d/docword.txt" --truth "$out/d$d/truth.json" --repeat 1 2>"$tmp/stderr"; then
		echo "repro-arora-fig4: hull bench failed on $out/d$d:" >&2
		cat "$tmp/stderr" >&2
		exit 1
	fi
done
