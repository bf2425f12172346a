#!/usr/bin/env bash
# Ke, "A geometrical approach to topic model estimation" (Topic-SCORE),
# section 5.1, Experiments 1-4: corpora from "hull synth ke" (p = 2000,
# p0 = 20, N = 2000 unless varied), fits by "hull fit --algo score", the
# paper's measure by "hull eval --truth --json" (l1_max: the largest matched
# l1 error over topics), averaged over REPS corpora (seeds 1..REPS).
#
# Usage: scripts/repro-topicscore.sh [REPS [EXPERIMENT...]]
#   REPS defaults to 10, the experiments to 1 2 3 4.
#   FIT_FLAGS adds flags to every fit, e.g. FIT_FLAGS="--score-truncate inf".
# Prints one line per setting: mean l1_max (and its standard deviation over
# the corpora), mean fit time without reading the corpus.
set -euo pipefail
reps=${1:-10}
shift || true
exps=${*:-1 2 3 4}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/hull
go build -o "$bin" ./cmd/hull

# fit_eval K DIR FLAGS...: fits DIR/docword.txt, prints "l1_max fit-seconds".
fit_eval() {
	local k=$1 dir=$2
	shift 2
	# shellcheck disable=SC2086
	"$bin" fit --algo score -k "$k" "$@" ${FIT_FLAGS:-} "$dir/docword.txt" -o "$tmp/model.json" 2>"$tmp/stderr" >/dev/null
	local l1 secs
	l1=$("$bin" eval "$tmp/model.json" --truth "$dir/truth.json" --json | sed -n 's/.*"l1_max": \([-0-9.e]*\).*/\1/p')
	secs=$(awk '/^time:/ {
		sub(/^time: /, ""); split($0, parts, "; "); n = split(parts[1], st, ", "); fit = 0
		for (i = 1; i <= n; i++) {
			v = st[i]; sub(/.* /, "", v)
			s = (v ~ /ms$/) ? substr(v, 1, length(v) - 2) / 1000 : substr(v, 1, length(v) - 1)
			if (st[i] !~ /^read /) fit += s
		}
		print fit }' "$tmp/stderr")
	echo "$l1 $secs"
}

# summarise LABEL: reads "l1 seconds" lines, prints the means.
summarise() {
	awk -v label="$1" '{ s += $1; ss += $1 * $1; t += $2; n++ }
		END { m = s / n; sd = (n > 1) ? sqrt((ss - n * m * m) / (n - 1)) : 0
		      printf "%-24s max l1 %.3f (sd %.4f, %d runs)   fit %.3f s\n", label, m, sd, n, t / n }'
}

# corpus DIR SYNTH-FLAGS...: generates a corpus unless already there.
corpus() {
	local dir=$1
	shift
	[ -f "$dir/truth.json" ] || "$bin" synth ke "$@" -o "$dir" >/dev/null 2>&1
}

for e in $exps; do
	case $e in
	1)
		echo "== Experiment 1: K=6, n=500, N=2000, a0=0.2; m varies (paper: .190 .188 .187 .189 .186 .187)"
		for m in 12 24 36 48 60 84; do
			for r in $(seq "$reps"); do
				corpus "$tmp/e1-$r" -k 6 --docs 500 --pure-fraction 0.2 --seed "$r"
				fit_eval 6 "$tmp/e1-$r" --score-m "$m" --seed "$r"
			done | summarise "m=$m"
		done
		rm -rf "$tmp"/e1-*
		;;
	2)
		echo "== Experiment 2: K=6, N=2000, a0=0.2, m=10K; n varies"
		for n in 50 100 500 1000 1500 2000 3000; do
			for r in $(seq "$reps"); do
				corpus "$tmp/c" -k 6 --docs "$n" --pure-fraction 0.2 --seed "$r"
				fit_eval 6 "$tmp/c" --seed "$r"
				rm -rf "$tmp/c"
			done | summarise "n=$n"
		done
		;;
	3)
		echo "== Experiment 3: K=6, N=2000, n=3000, m=10K; a0 varies"
		for a0 in 0 0.1 0.2 0.3 0.4 0.5 0.6; do
			for r in $(seq "$reps"); do
				corpus "$tmp/c" -k 6 --docs 3000 --pure-fraction "$a0" --seed "$r"
				fit_eval 6 "$tmp/c" --seed "$r"
				rm -rf "$tmp/c"
			done | summarise "a0=$a0"
		done
		;;
	4)
		echo "== Experiment 4: N=2000, n=3000, a0=0.2, m=10K; K varies"
		for k in 3 4 5 6 7 8 9; do
			for r in $(seq "$reps"); do
				corpus "$tmp/c" -k "$k" --docs 3000 --pure-fraction 0.2 --seed "$r"
				fit_eval "$k" "$tmp/c" --seed "$r"
				rm -rf "$tmp/c"
			done | summarise "K=$k"
		done
		;;
	*)
		echo "unknown experiment $e (want 1 2 3 4)" >&2
		exit 2
		;;
	esac
done
