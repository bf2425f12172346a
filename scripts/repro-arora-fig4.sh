#!/usr/bin/env bash
# Arora et al. 2013, Fig. 4 in small: l1 error of the anchor pipelines on
# separable data as the number of documents grows. Writes the corpora under
# ${OUT:-/tmp/hull-fig4} (the largest is about 420 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/hull-fig4}
bin=$(mktemp -d)/hull
go build -o "$bin" ./cmd/hull
for d in 2000 10000 50000 200000; do
	"$bin" synth separable -k 20 --vocab-size 2000 --docs "$d" --doc-length 200 --seed 1 -o "$out/d$d" >/dev/null
	echo "== $d documents"
	"$bin" bench --algos anchor,anchor-kl,recover -k 20 "$out/d$d/docword.txt" --truth "$out/d$d/truth.json" --repeat 1 2>/dev/null
done
