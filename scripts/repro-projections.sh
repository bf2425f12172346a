#!/usr/bin/env bash
# Ding, Rohban, Ishwar, Saligrama 2013, "Topic discovery through
# data-dependent and random projections", section 6.2 (Figure 2) in small:
# l1 error of the estimated topic matrix after the best matching, on
# synthetic separable corpora ("hull synth separable --style ding": rows of
# the ordinary words uniform on the simplex, novel words with a U(0,1)
# weight in their topic, topics normalised, Dirichlet(ALPHA) document
# weights),
#   - docs: against the number of documents D (N = 100 tokens per
#     document), one novel word per topic,
#   - length: against the document length N (D = 1000 documents), one novel
#     word per topic, and
#   - novel: at D in D62_GRID (default 2000 4000 8000, N = 100), with one
#     novel word per topic and with a fraction of the vocabulary novel, as
#     the paper keeps one ("--anchor-fraction 0.2": 20 per topic at V = 500,
#     K = 5); NOVEL, default "1 0.2", lists the settings, a whole number
#     being novel words per topic (--anchors-per-topic) and a number below 1
#     a fraction (--anchor-fraction); rows "A=a;D=d", a novel words per
#     topic,
# with K = 5 topics over V = 500 words. The paper's own values of K, V, the
# prior, the novel-word fraction and the grids did not survive in the text
# we have (shared/papers/projections.txt); these are our choices, sized to
# run in a few minutes on 2 cores.
#
# Each fit is "hull fit --algo A -k 5 --seed S" and each error "hull eval
# --truth --json" (l1_mean: the mean over topics of the l1 distance between a
# true topic and the learned topic matched to it by the Hungarian algorithm;
# 0 is perfect, 2 is disjoint support). Every setting is drawn REPS times
# (seeds 1..REPS; the fit uses the same seed); the table shows the mean and
# the standard deviation over the draws.
#
# Usage: scripts/repro-projections.sh [REPS [GRID...]]
#   REPS defaults to 3; GRID is "docs", "length" and/or "novel" (default
#     docs and length).
#   ALGOS: the algorithms, default "rp rp-cooc ddp binning anchor gibbs";
#     rp-cooc is "--algo rp --proj-cooccurrence" (RP on the rows of
#     E = D X~' X~^T, an extension of hull's, not the paper's); anchor-paper
#     is the paper's anchor pipeline ("--algo anchor --rectify none
#     --refine 0"; "anchor" is hull's default, --rectify auto);
#     anchor-rect is rectification without EM ("--rectify ap --refine 0"),
#     anchor-r60 rectification with 60 EM iterations ("--rectify ap
#     --refine 60"). Without hull's own additions to the paper
#     (projection/doc.go, "Departures"): rp-hits1 is RP with every word hit
#     novel ("--proj-min-hits 1", no hit floor), rp-df1 RP without the
#     candidate floor ("--proj-min-df 1"), rp-paper both (Algorithm 2 as
#     printed), ddp-df1 and binning-df1 DDP and Binning without the
#     candidate floor; anchor-df1 and anchor-paper-df1 are anchor and
#     anchor-paper without the anchor candidates' floor ("--anchor-min-df
#     1"). Those that "hull fit" does not know are reported and skipped.
#   HULL: a hull binary to run instead of building ./cmd/hull (to compare
#     two versions).
#   GIBBS_ITER: Gibbs sweeps (default 300; the fit runs on one thread, so
#     that it does not depend on the thread count).
#   DOCS_GRID, LENGTH_GRID, D62_GRID, NOVEL, K, V, ALPHA, FIXED_N, FIXED_D
#     override the setup.
# Prints one table per grid: one row per setting, one column per algorithm,
# "mean (sd)" of l1_mean over the REPS draws ("fail" counts failed fits).
set -euo pipefail
reps=${1:-3}
shift || true
grids=${*:-docs length}
k=${K:-5}
v=${V:-500}
alpha=${ALPHA:-0.1}
fixed_n=${FIXED_N:-100}
fixed_d=${FIXED_D:-1000}
docs_grid=${DOCS_GRID:-250 500 1000 2000 4000 8000}
length_grid=${LENGTH_GRID:-25 50 100 200 400}
d62_grid=${D62_GRID:-2000 4000 8000}
novel_grid=${NOVEL:-1 0.2}
gibbs_iter=${GIBBS_ITER:-300}
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary repro-projections "$tmp/hull")

known=" $("$bin" fit --help | sed -n 's/.*--algo string *algorithm: \([a-z0-9|-]*\).*/\1/p' | tr '|' ' ') "
algos=""
# spec NAME: the fit flags of table column NAME beyond -k and --seed, the
# algorithm first.
spec() {
	case $1 in
	gibbs) echo "gibbs --iterations $gibbs_iter --threads 1" ;;
	rp-cooc) echo "rp --proj-cooccurrence" ;;
	anchor-paper) echo "anchor --rectify none --refine 0" ;;
	anchor-r60) echo "anchor --rectify ap --refine 60" ;;
	anchor-rect) echo "anchor --rectify ap --refine 0" ;;
	rp-hits1) echo "rp --proj-min-hits 1" ;;
	rp-df1) echo "rp --proj-min-df 1" ;;
	rp-paper) echo "rp --proj-min-hits 1 --proj-min-df 1" ;;
	ddp-df1) echo "ddp --proj-min-df 1" ;;
	binning-df1) echo "binning --proj-min-df 1" ;;
	anchor-df1) echo "anchor --anchor-min-df 1" ;;
	anchor-paper-df1) echo "anchor --rectify none --refine 0 --anchor-min-df 1" ;;
	*) echo "$1" ;;
	esac
}

for a in ${ALGOS:-rp rp-cooc ddp binning anchor gibbs}; do
	base=$(spec "$a")
	if [[ $known == *" ${base%% *} "* ]]; then
		algos="$algos $a"
	else
		echo "skipping $a: not an algorithm of this hull (hull fit --algo:$known)" >&2
	fi
done
[ -n "$algos" ] || { echo "no algorithm to run" >&2; exit 2; }

# run GRID LABEL SYNTH-FLAGS...: one corpus per seed, every algorithm on it;
# prints "LABEL ALGO L1" lines (L1 "fail" when the fit fails).
run() {
	local label=$1 r a base extra l1
	shift
	for r in $(seq "$reps"); do
		if ! "$bin" synth separable --style ding -k "$k" --vocab-size "$v" --alpha "$alpha" --seed "$r" "$@" -o "$tmp/c" >/dev/null 2>"$tmp/err"; then
			echo "repro-projections: $label seed $r: hull synth separable failed:" >&2
			cat "$tmp/err" >&2
			exit 1
		fi
		for a in $algos; do
			read -r base extra <<<"$(spec "$a")"
			# shellcheck disable=SC2086
			if "$bin" fit -q --algo "$base" -k "$k" --seed "$r" $extra "$tmp/c/docword.txt" -o "$tmp/m.json" >/dev/null 2>"$tmp/err"; then
				l1=$("$bin" eval "$tmp/m.json" --truth "$tmp/c/truth.json" --json | sed -n 's/.*"l1_mean": \([-0-9.e]*\).*/\1/p')
			else
				l1=fail
				echo "$label seed $r: $a failed: $(tail -1 "$tmp/err")" >&2
			fi
			echo "$label $a $l1"
		done
		rm -rf "$tmp/c" "$tmp/m.json"
	done
}

# table HEADER: pivots "LABEL ALGO L1" lines into a markdown table.
table() {
	awk -v header="$1" -v algos="$algos" '
		BEGIN { n = split(algos, A, " ") }
		!($1 in seen) { seen[$1] = 1; order[++rows] = $1 }
		$3 == "fail" { fail[$1, $2]++; next }
		{ s[$1, $2] += $3; ss[$1, $2] += $3 * $3; c[$1, $2]++ }
		END {
			line = "| " header; sep = "|---"
			for (j = 1; j <= n; j++) { line = line " | " A[j]; sep = sep "|---" }
			print line " |"; print sep "|"
			for (i = 1; i <= rows; i++) {
				r = order[i]; line = "| " r
				for (j = 1; j <= n; j++) {
					a = A[j]; cell = ""
					if (c[r, a] > 0) {
						m = s[r, a] / c[r, a]
						var = (c[r, a] > 1) ? (ss[r, a] - c[r, a] * m * m) / (c[r, a] - 1) : 0
						cell = sprintf("%.3f (%.3f)", m, sqrt(var > 0 ? var : 0))
					}
					if (fail[r, a] > 0) cell = cell (cell == "" ? "" : " ") fail[r, a] " fail"
					line = line " | " cell
				}
				print line " |"
			}
		}'
}

echo "# K=$k V=$v alpha=$alpha, $reps draws per setting; l1_mean: mean (sd)"
for g in $grids; do
	case $g in
	docs)
		echo "## l1 error against the number of documents D (N = $fixed_n)"
		for d in $docs_grid; do run "$d" --docs "$d" --doc-length "$fixed_n"; done | table "D"
		;;
	length)
		echo "## l1 error against the document length N (D = $fixed_d)"
		for n in $length_grid; do run "$n" --docs "$fixed_d" --doc-length "$n"; done | table "N"
		;;
	novel)
		echo "## l1 error with one novel word per topic and with a fraction of the vocabulary novel (N = $fixed_n)"
		for f in $novel_grid; do
			if awk -v f="$f" 'BEGIN { exit !(f < 1) }'; then
				novel=(--anchor-fraction "$f")
				per=$(awk -v f="$f" -v v="$v" -v k="$k" 'BEGIN { a = int(f * v / k + 0.5); print (a < 1 ? 1 : a) }')
			else
				novel=(--anchors-per-topic "$f")
				per=$f
			fi
			for d in $d62_grid; do run "A=$per;D=$d" --docs "$d" --doc-length "$fixed_n" "${novel[@]}"; done
		done | table "novel words per topic A; D"
		;;
	*)
		echo "unknown grid $g (want docs, length or novel)" >&2
		exit 2
		;;
	esac
done
