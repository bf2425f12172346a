#!/usr/bin/env bash
# Ding, Rohban, Ishwar, Saligrama 2013, "Topic discovery through
# data-dependent and random projections", section 6.3 (Figures 4 and 5):
# how many of the 16 Swimmer limb-position topics each method recovers.
#
# Corpus: "hull synth swimmer" (our own drawing of the Swimmer figures, body
# pixels 10, background 1, each image normalised and sampled as a document
# over the 1024 pixels; see synth/swimmer.go for the truth: 16 limb topics,
# each carrying a quarter of the torso and background every image shares).
# The paper's document length N did not survive in the text we have
# (shared/papers/projections.txt), so the grid setting runs over it.
#
# Settings (pick any; default all six):
#   grid      the 256 poses once each (the paper's), over the document length
#             N in N_GRID (default 200 500 1000 2000 5000), the algorithms
#             GRID_ALGOS (default "ddp rp rp-df50 binning anchor
#             anchor-paper"); three tables, rows N, one column per
#             algorithm: the distinct limb positions found (of 16), the
#             cosine_mean against the truth, and the limb-pixel cosine
#   paper     the 256 poses once each, N = 200 tokens per document
#   docs1000  1000 random poses, N = 200
#   docs4000  4000 random poses, N = 200
#   clean   the 256 poses, N = 20000 (close to the noiseless images, as the
#           paper's "clean" run of RecL2)
#   shared  the 256 poses, N = 200, --shared-topic: the 17-topic truth (the
#           16 bare limbs and the shared torso and background), K = 17
# Distinct limb positions found (eval.NearestTopics against the 16-topic
# truth): every limb topic of the truth carries the same quarter of the
# torso and background, and how a model splits that shared part is not
# identifiable, so "cosine >= 0.9" below counts 0 even when every learned
# topic is a different limb position (the bare limb segments are at cosine
# 0.82 of their true topics; issue 19). Restricted to the 128 limb pixels
# (the words whose probability is not the same in all 16 true topics) the
# shared part is gone; each learned topic's nearest true topic on those
# pixels (largest cosine: nearly, the limb position holding the largest
# share of its limb-pixel mass) is "found", and the count is of the
# distinct positions found, of 16 (not a one-to-one matching: 16 copies of
# one limb count 1; 16 topics falling on random positions cover 10.3 on
# average, so counts near 10 mean nothing). Its limb-pixel cosine (1: the
# truth's proportions; 0.35 for the mean image) is reported beside it.
#
# Each method is fitted with K = 16 (17 for shared) and scored by "hull eval
# --truth --recovered-at 0.9 --json": "recovered" is the number of true
# topics that the maximum-weight cosine matching pairs with a learned topic
# at cosine >= 0.9. Every corpus has two exact truths (synth/swimmer.go):
# the 16 limb topics each carrying a quarter of the torso and background,
# and the 17 topics of --shared-topic, the bare limbs plus the shared part;
# the table counts against both (a K = 16 model against the 17-topic truth
# recovers at most 16 of its 17 topics). cosine_mean and l1_mean are against
# the setting's own truth (16 topics; 17 for shared).
# Seeds 1..REPS draw the corpus and seed the fit; the table shows the mean
# and the per-seed counts.
#
# Usage: scripts/repro-swimmer.sh [SETTING...]
#   REPS: draws per setting (default 3).
#   ALGOS: default "rp rp-cooc ddp binning anchor gibbs projector kmeans tsvd
#     score" (for the settings other than grid); rp-cooc is "--algo rp
#     --proj-cooccurrence" (an extension of hull's, not the paper's);
#     anchor-paper is the paper's anchor pipeline ("--rectify none --refine
#     0"), anchor-rect rectification without EM ("--rectify ap --refine 0"),
#     anchor-em EM without rectification ("--rectify none"); rp-df50 is RP
#     with candidates in >= 50 of the 256 documents ("--proj-min-df 50"),
#     rp-paper RP without hull's hit and candidate floors ("--proj-min-hits
#     1 --proj-min-df 1", Algorithm 2 as printed), rp-hits1 without the hit
#     floor only, ddp-df1 DDP without the candidate floor; NAME-r0 is
#     learner NAME without the refinement of noisy topics ("--refine 0",
#     e.g. score-r0). Those "hull fit" does not know are reported and
#     skipped.
#   HULL: a hull binary to run instead of building ./cmd/hull.
#   A failed synth or evaluation stops the script with hull's error.
#   IMG=DIR: also render DIR/swimmer-SETTING-ALGO.png ("hull plot
#     topics-grid" against the setting's own truth, seed 1) for the first
#     setting given (DIR relative to the current directory).
#   GIBBS_ITER: Gibbs sweeps (default 1000, on one thread; a tenth of it in
#     the clean setting, whose 5 million tokens would take minutes).
set -euo pipefail
settings=${*:-grid paper docs1000 docs4000 clean shared}
reps=${REPS:-3}
n_grid=${N_GRID:-200 500 1000 2000 5000}
img=${IMG:-}
gibbs_iter=${GIBBS_ITER:-1000}
[ -z "$img" ] || { mkdir -p "$img"; img=$(cd "$img" && pwd); }
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary repro-swimmer "$tmp/hull")
# swimmer WHAT SYNTH-FLAGS...: hull synth swimmer SYNTH-FLAGS; when it
# fails, says so (WHAT: the setting and seed) with hull's error and stops.
swimmer() {
	local what=$1
	shift
	if ! "$bin" synth swimmer "$@" >/dev/null 2>"$tmp/err"; then
		echo "repro-swimmer: $what: hull synth swimmer $* failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
}
# limbs MODEL: "DISTINCT LIMB-COSINE", eval.NearestTopics against the
# 16-topic truth.
cat >"$tmp/limbs.go" <<'GO'
package main

import (
	"fmt"
	"os"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
)

func main() {
	m, err := model.Load(os.Args[1])
	if err == nil {
		var truth *model.Model
		if truth, err = model.Load(os.Args[2]); err == nil {
			var n eval.Nearest
			if n, err = eval.NearestTopics(m, truth); err == nil {
				fmt.Println(n.Distinct, n.CosMean)
				return
			}
		}
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
GO
go build -o "$tmp/limbs" "$tmp/limbs.go"
limbs() { "$tmp/limbs" "$1" "$tmp/t16/truth.json"; }

known=" $("$bin" fit --help | sed -n 's/.*--algo string *algorithm: \([a-z0-9|-]*\).*/\1/p' | tr '|' ' ') "
# pick NAME...: the names whose algorithm "hull fit" knows.
pick() {
	local a base out=""
	for a in "$@"; do
		base=$(spec "$a")
		if [[ $known == *" ${base%% *} "* ]]; then
			out="$out $a"
		else
			echo "skipping $a: not an algorithm of this hull (hull fit --algo:$known)" >&2
		fi
	done
	echo "$out"
}
algos=""
# spec NAME: the fit flags of table row NAME beyond -k and --seed, the
# algorithm first.
spec() {
	case $1 in
	gibbs) echo "gibbs --iterations $gi --threads 1" ;;
	rp-cooc) echo "rp --proj-cooccurrence" ;;
	anchor-paper) echo "anchor --rectify none --refine 0" ;;
	anchor-rect) echo "anchor --rectify ap --refine 0" ;;
	anchor-em) echo "anchor --rectify none" ;;
	rp-df50) echo "rp --proj-min-df 50" ;;
	rp-paper) echo "rp --proj-min-hits 1 --proj-min-df 1" ;;
	rp-hits1) echo "rp --proj-min-hits 1" ;;
	ddp-df1) echo "ddp --proj-min-df 1" ;;
	*-r0) echo "${1%-r0} --refine 0" ;;
	*) echo "$1" ;;
	esac
}

gi=$gibbs_iter
# shellcheck disable=SC2086
algos=$(pick ${ALGOS:-rp rp-cooc ddp binning anchor gibbs projector kmeans tsvd score})
# shellcheck disable=SC2086
grid_algos=$(pick ${GRID_ALGOS:-ddp rp rp-df50 binning anchor anchor-paper})
[ -n "$algos$grid_algos" ] || { echo "no algorithm to run" >&2; exit 2; }

# json KEY FILE: the number of KEY in a flat JSON object.
json() { sed -n "s/.*\"$1\": \\([-0-9.e]*\\).*/\\1/p" "$2"; }

# The two exact truths of every Swimmer corpus (the image distributions, so
# the documents, do not depend on which one drew them): 16 limb topics each
# with a quarter of the shared part, and 17 topics, the bare limbs plus the
# shared part. Every model is scored against both (--ignore-digest: these
# truths are of one-document corpora, not of the corpus fitted).
swimmer "the 16-topic truth" --docs 1 --doc-length 2 -o "$tmp/t16"
swimmer "the 17-topic truth" --docs 1 --doc-length 2 --shared-topic -o "$tmp/t17"

# grid: the 256 poses over N; prints "N ALGO DISTINCT COSINE LIMBCOS"
# lines (DISTINCT "fail" when the fit fails), pivoted into three tables.
grid() {
	local n r a base extra
	for n in $n_grid; do
		for r in $(seq "$reps"); do
			swimmer "grid N=$n seed $r" --doc-length "$n" --seed "$r" -o "$tmp/c"
			for a in $grid_algos; do
				read -r base extra <<<"$(spec "$a")"
				# shellcheck disable=SC2086
				if "$bin" fit -q --algo "$base" -k 16 --seed "$r" $extra "$tmp/c/docword.txt" -o "$tmp/m.json" >/dev/null 2>"$tmp/err"; then
					"$bin" eval "$tmp/m.json" --truth "$tmp/c/truth.json" --json >"$tmp/e.json"
					echo "$n $a $(limbs "$tmp/m.json") $(json cosine_mean "$tmp/e.json")"
				else
					echo "$n $a fail"
					echo "grid N=$n seed $r: $a failed: $(tail -1 "$tmp/err")" >&2
				fi
			done
			rm -rf "$tmp/c" "$tmp/m.json"
		done
	done | awk -v algos="$grid_algos" '
		BEGIN { m = split(algos, A, " ") }
		!($1 in seen) { seen[$1] = 1; order[++rows] = $1 }
		$3 == "fail" { fail[$1, $2]++; next }
		{
			c[$1, $2]++; dn[$1, $2] += $3; lc[$1, $2] += $4; cs[$1, $2] += $5
			per[$1, $2] = per[$1, $2] (per[$1, $2] == "" ? "" : ",") $3
		}
		function table(title, what,   i, j, r, a, line, sep, cell) {
			print ""; print title; print ""
			line = "| N"; sep = "|---"
			for (j = 1; j <= m; j++) { line = line " | " A[j]; sep = sep "|---" }
			print line " |"; print sep "|"
			for (i = 1; i <= rows; i++) {
				r = order[i]; line = "| " r
				for (j = 1; j <= m; j++) {
					a = A[j]; cell = ""
					if (c[r, a] > 0) {
						if (what == "distinct") cell = sprintf("%.1f (%s)", dn[r, a] / c[r, a], per[r, a])
						else if (what == "cosine") cell = sprintf("%.3f", cs[r, a] / c[r, a])
						else cell = sprintf("%.3f", lc[r, a] / c[r, a])
					}
					if (fail[r, a] > 0) cell = cell (cell == "" ? "" : " ") fail[r, a] " fail"
					line = line " | " cell
				}
				print line " |"
			}
		}
		END {
			table("Distinct limb positions found, of 16: mean (per seed)", "distinct")
			table("cosine_mean against the 16-topic truth (whole topics, maximum-weight matching)", "cosine")
			table("Limb-pixel cosine of each learned topic to the limb position it found, mean", "limbcos")
		}'
}

first=1
for s in $settings; do
	if [ "$s" = grid ]; then
		[ -n "$grid_algos" ] || continue
		echo "## grid: hull synth swimmer --doc-length N (the 256 poses); fit -k 16; $reps draws per N"
		grid
		first=0
		continue
	fi
	[ -n "$algos" ] || continue
	k=16
	gi=$gibbs_iter
	case $s in
	paper) synth=(--doc-length 200) ;;
	docs1000) synth=(--docs 1000 --doc-length 200) ;;
	docs4000) synth=(--docs 4000 --doc-length 200) ;;
	clean) synth=(--doc-length 20000); gi=$((gibbs_iter / 10)) ;;
	shared) synth=(--doc-length 200 --shared-topic); k=17 ;;
	*) echo "unknown setting $s (want grid, paper, docs1000, docs4000, clean or shared)" >&2; exit 2 ;;
	esac
	echo "## $s: hull synth swimmer ${synth[*]}; fit -k $k (gibbs: --iterations $gi); $reps draws"
	for r in $(seq "$reps"); do
		swimmer "$s seed $r" "${synth[@]}" --seed "$r" -o "$tmp/c"
		for a in $algos; do
			read -r base extra <<<"$(spec "$a")"
			# shellcheck disable=SC2086
			if "$bin" fit -q --algo "$base" -k "$k" --seed "$r" $extra "$tmp/c/docword.txt" -o "$tmp/m.json" >/dev/null 2>"$tmp/err"; then
				"$bin" eval "$tmp/m.json" --truth "$tmp/c/truth.json" --recovered-at 0.9 --json >"$tmp/e.json"
				for t in 16 17; do
					if ! "$bin" eval "$tmp/m.json" --truth "$tmp/t$t/truth.json" --ignore-digest --recovered-at 0.9 --json >"$tmp/e$t.json" 2>"$tmp/err"; then
						echo "repro-swimmer: $s seed $r: $a: hull eval against the $t-topic truth failed:" >&2
						cat "$tmp/err" >&2
						exit 1
					fi
				done
				echo "$a $(json recovered "$tmp/e16.json") $(json recovered "$tmp/e17.json") $(json cosine_mean "$tmp/e.json") $(json l1_mean "$tmp/e.json") $(limbs "$tmp/m.json")"
				if [ -n "$img" ] && [ "$first" = 1 ] && [ "$r" = 1 ]; then
					"$bin" plot topics-grid "$tmp/m.json" --truth "$tmp/c/truth.json" --scale 3 \
						--title "$a on hull synth swimmer ${synth[*]} --seed 1, K = $k" -o "$img/swimmer-$s-$a.png" 2>/dev/null
				fi
			else
				echo "$a fail"
				echo "$s seed $r: $a failed: $(tail -1 "$tmp/err")" >&2
			fi
		done
		rm -rf "$tmp/c" "$tmp/m.json"
	done | awk -v algos="$algos" '
		$2 == "fail" { fail[$1]++; next }
		{
			n[$1]++; r16[$1] += $2; r17[$1] += $3; cs[$1] += $4; l1[$1] += $5; dn[$1] += $6
			p16[$1] = p16[$1] (p16[$1] == "" ? "" : ",") $2; p17[$1] = p17[$1] (p17[$1] == "" ? "" : ",") $3
			pd[$1] = pd[$1] (pd[$1] == "" ? "" : ",") $6
		}
		END {
			print "| algorithm | distinct limb positions found, of 16: mean (per seed) | limb topics (16-topic truth) at cos >= 0.9: mean (per seed) | bare limbs + shared (17-topic truth): mean (per seed) | cosine_mean | l1_mean |"
			print "|---|---|---|---|---|---|"
			m = split(algos, A, " ")
			for (j = 1; j <= m; j++) {
				a = A[j]
				if (n[a] == 0) { printf "| %s | fail | fail | fail | | |\n", a; continue }
				printf "| %s | %.1f (%s) | %.1f (%s)%s | %.1f (%s) | %.3f | %.3f |\n", a, dn[a] / n[a], pd[a], r16[a] / n[a], p16[a], (fail[a] ? ", " fail[a] " fail" : ""), r17[a] / n[a], p17[a], cs[a] / n[a], l1[a] / n[a]
			}
		}'
	first=0
done
