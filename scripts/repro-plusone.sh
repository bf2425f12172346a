#!/usr/bin/env bash
# The Projector paper's plusone word-prediction table (Wang et al., Table 4,
# K = 15, 3 predictions) on the classic corpora: Baseline, KNN-15, LSI-15
# and the anchor learners, mean over 5 splits.
#
# Usage: scripts/repro-plusone.sh
#   HULL: a hull binary to run instead of building ./cmd/hull.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary repro-plusone "$tmp/hull")
for c in med cran cisi cacm; do
	echo "== $c"
	if ! "$bin" bench plusone --algos anchor,anchor-kl -k 15 --repeat 5 "../shared/data/classic/$c.json" 2>"$tmp/stderr"; then
		echo "repro-plusone: hull bench plusone failed on $c:" >&2
		cat "$tmp/stderr" >&2
		exit 1
	fi
done
