#!/usr/bin/env bash
# The Projector paper's plusone word-prediction table (Wang et al., Table 4,
# K = 15, 3 predictions) on the classic corpora: Baseline, KNN-15 and the
# anchor learners, mean over 5 splits.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/hull
go build -o "$bin" ./cmd/hull
for c in med cran cisi cacm; do
	echo "== $c"
	"$bin" bench plusone --algos anchor,anchor-kl -k 15 --repeat 5 "../shared/data/classic/$c.json" 2>/dev/null
done
