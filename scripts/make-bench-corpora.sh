#!/usr/bin/env bash
# Makes the production-size benchmark corpora of issue 16, reproducibly:
#
#   source  a K = 100 model of NIPS (../shared/data/nips, 14,036 words) by
#           collapsed Gibbs sampling: hull fit --algo gibbs -k 100
#           --iterations $SWEEPS --seed 1 (SWEEPS defaults to 200 sweeps,
#           not the 1000 of "hull fit", to keep it affordable; the topics
#           only need to look like real ones);
#   300k    hull synth semi from that model: 300,000 documents, weights
#           from a symmetric Dirichlet(0.03) (Arora et al., section 5),
#           lengths from Poisson(230), --seed 1;
#   30k,    the first 30,000 and 100,000 documents of 300k, with the same
#   100k    truth (the topics are the same; the document weights are the
#           first rows of doc-topics.tsv).
#
# Usage: scripts/make-bench-corpora.sh [DIR]
#   DIR (default /tmp/hull-bench; never inside the repository) receives
#   nips-gibbs-k100.json and the directories 30k, 100k and 300k, each with
#   docword.txt, vocab.txt, truth.json and doc-topics.tsv as "hull synth"
#   writes them. Files already present are kept, so a second run only
#   makes what is missing; delete DIR to start again. Everything takes
#   about a minute and a half on 2 cores (the source model most of it);
#   the 300k corpus is about 0.76 GB of text: 69M tokens, 55M nonzeros.
#   HULL: a hull binary to run instead of building ./cmd/hull into
#   DIR/hull.
#
# A prefix's truth.json is the full corpus's with its input_digest removed
# (the digest is that of the 300k corpus): "hull eval --truth" then notes
# that it cannot check the digest, and scores.
#
# Then, for example:
#   hull fit --algo anchor -k 100 DIR/300k/docword.txt -o m.json
#   hull eval m.json --truth DIR/300k/truth.json
set -euo pipefail
out=${1:-/tmp/hull-bench}
sweeps=${SWEEPS:-200}
. "$(dirname "$0")/lib.sh"
hull_absolute
repo=$(cd "$(dirname "$0")/.." && pwd)
nips=$repo/../shared/data/nips/docword.nips.txt.gz

mkdir -p "$out"
out=$(cd "$out" && pwd)
case "$out/" in
"$repo"/*) echo "make-bench-corpora: $out is inside the repository; give a directory outside it" >&2; exit 2 ;;
esac
bin=$(hull_binary make-bench-corpora "$out/hull")

src=$out/nips-gibbs-k100.json
if [ ! -f "$src" ]; then
	echo "== source model: hull fit --algo gibbs -k 100 --iterations $sweeps --seed 1 $nips"
	"$bin" fit -q --algo gibbs -k 100 --iterations "$sweeps" --seed 1 "$nips" -o "$src.tmp" >/dev/null
	mv "$src.tmp" "$src"
fi

full=$out/300k
if [ ! -f "$full/truth.json" ]; then
	echo "== 300k: hull synth semi --model $src --docs 300000 --doc-length 230 --poisson --alpha 0.03 --seed 1"
	"$bin" synth semi --model "$src" --docs 300000 --doc-length 230 --poisson --alpha 0.03 --seed 1 -o "$full"
fi

# prefix N NAME: the first N documents of 300k into DIR/NAME.
prefix() {
	local n=$1 dir=$out/$2
	[ -f "$dir/truth.json" ] && return 0
	echo "== $2: the first $n documents of 300k"
	mkdir -p "$dir"
	# UCI: three header lines (D, W, NNZ), then "doc word count" by document.
	awk -v n="$n" -v body="$dir/docword.body" '
		NR == 2 { w = $1; next }
		NR <= 3 { next }
		$1 > n { exit }
		{ print > body; nnz++ }
		END { close(body); print n; print w; print nnz }' "$full/docword.txt" >"$dir/docword.head"
	cat "$dir/docword.head" "$dir/docword.body" >"$dir/docword.txt"
	rm "$dir/docword.head" "$dir/docword.body"
	cp "$full/vocab.txt" "$dir/vocab.txt"
	head -n "$n" "$full/doc-topics.tsv" >"$dir/doc-topics.tsv"
	sed 's/"input_digest": *"[^"]*",\{0,1\}//' "$full/truth.json" >"$dir/truth.json"
}
prefix 30000 30k
prefix 100000 100k

for d in 30k 100k 300k; do
	printf '%s: %s documents, %s words, %s nonzeros\n' "$d" $(head -n 3 "$out/$d/docword.txt")
done
