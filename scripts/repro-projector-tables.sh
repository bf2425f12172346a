#!/usr/bin/env bash
# The Projector paper (Wang et al., "A geometric algorithm for LDA that's
# predictive, not perplexing"): Tables 1 and 2 on "hull synth lda" corpora and
# Table 4 on the classic corpora, with "hull bench plusone".
#
# Usage: scripts/repro-projector-tables.sh [PART...]
#   PART is one of
#     params  search (alpha, beta) for each row of Table 1 and print them
#     table1  Tables 1 and 2: every row of Table 1, k = 20 true topics, n = 1000
#             documents, m = 1000 words, Poisson(l = 75) tokens; learners and
#             LSI at K = 20 (see K below)
#     check   the same corpora with K = 15 for the learners and LSI (the
#             paper's "-15" labels), to show which K the paper's figures fit
#     table4  Table 4's classic rows (med, cran, cisi, cacm) at K = 15
#   default: table1 check table4.
# Environment: SPLITS (default 5) plusone splits per corpus (seeds 1..SPLITS);
# ALGOS (default kmeans,vb,gibbs,projector) the topic models fitted, the
# columns of the others show "-";
# K (default 20) the learners' K in table1; THREADS (default 2): threads of
# every fit, and the shards of the Gibbs sampler's AD-LDA (--shards), on
# which its figures depend. Projector and k-means run with --refine 0, as
# the paper's (hull refines their topics by EM when they are near-copies).
# HULL: a hull binary to run instead of building ./cmd/hull.
#
# Each Table 1 row's corpus is generated with seed 1 and the (alpha, beta)
# that make its sig_topic and sig_word (the truth's, as "hull synth" reports
# them) hit the row's: sig_word depends on beta only (topics are drawn before
# documents), so beta is found first by bisection on log(beta) with alpha
# fixed, then alpha by bisection on log(alpha), 30 steps each.
#
# Output: markdown table rows, our figure for each column of the paper's
# Tables 1 and 2 (mean precision over the splits; cosine of the learned
# topics to the truth after a maximum-weight matching, mean over splits).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
splits=${SPLITS:-5}
kmain=${K:-20}
threads=${THREADS:-2}
algos=${ALGOS:-kmeans,vb,gibbs,projector}
shards=() # --shards is a gibbs flag: pass it only when gibbs runs
[[ ",$algos," == *,gibbs,* ]] && shards=(--shards "$threads")
# The paper's Projector and k-means: without hull's refinement of noisy
# topics (--refine is theirs only).
[[ ",$algos," =~ ,(projector|kmeans), ]] && shards+=(--refine 0)
parts=${*:-table1 check table4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(hull_binary repro-projector-tables "$tmp/hull")

# Table 1's rows: sig_topic:sig_word, in the paper's order.
rows="5.09:19.4 3.03:199 5.01:53.6 1.19:19.73 7.42:55 1.19:206.13 2.46:53.2 7.36:20.6
3.06:21.53 3.07:120.4 2.48:119.53 2.51:204.33 3.06:53.53 5.07:205.67 1.2:51.6
5.05:120.87 7.37:116.53 2.5:19.4 7.39:208.13 1.18:118.07"

# synth ALPHA BETA DIR: the paper's generated corpus; prints "sig_topic sig_word".
# When hull fails, says so with its stderr, prints nothing and fails.
synth() {
	if ! "$bin" synth lda -k 20 --docs 1000 --vocab-size 1000 --doc-length 75 --poisson \
		--alpha "$1" --beta "$2" --seed 1 -o "$3" 2>"$tmp/synth.log" >/dev/null; then
		echo "repro-projector-tables: hull synth lda --alpha $1 --beta $2 failed:" >&2
		cat "$tmp/synth.log" >&2
		return 1
	fi
	sed -n 's/.*sig_topic \([0-9.]*\), sig_word \([0-9.]*\)).*/\1 \2/p' "$tmp/synth.log"
}

# bisect FIELD TARGET FIXED: log-scale bisection of alpha (FIELD 1, beta =
# FIXED) or beta (FIELD 2, alpha = FIXED); prints the value.
bisect() {
	local field=$1 target=$2 fixed=$3 lo=-12 hi=4 mid x got
	for _ in $(seq 30); do
		mid=$(awk -v a="$lo" -v b="$hi" 'BEGIN { print (a + b) / 2 }')
		x=$(awk -v m="$mid" 'BEGIN { printf "%.6g", exp(m) }')
		if [ "$field" = 1 ]; then
			got=$(synth "$x" "$fixed" "$tmp/search" | cut -d' ' -f1) || return 1
		else
			got=$(synth "$fixed" "$x" "$tmp/search" | cut -d' ' -f2) || return 1
		fi
		if awk -v g="$got" -v t="$target" 'BEGIN { exit !(g < t) }'; then lo=$mid; else hi=$mid; fi
	done
	echo "$x"
}

# params ST SW: prints "alpha beta" for a row.
params() {
	local beta alpha
	beta=$(bisect 2 "$2" 0.1) || return 1
	alpha=$(bisect 1 "$1" "$beta") || return 1
	echo "$alpha $beta"
}

# plusone_failed WHAT: says that "hull bench plusone" failed on WHAT, with
# its stderr, and stops.
plusone_failed() {
	echo "repro-projector-tables: hull bench plusone failed on $1:" >&2
	cat "$tmp/log" >&2
	exit 1
}

# table PLUSONE-OUTPUT NAME...: the precision of each predictor NAME, then
# the cosine of each NAME prefixed by "cos:", separated by " | ".
table() {
	local out=$1
	shift
	awk -v names="$*" '
		$1 != "" && $2 ~ /^[0-9.]+$/ { p[$1] = $2; if (NF >= 6) c[$1] = $6 }
		END {
			n = split(names, a, " ")
			for (i = 1; i <= n; i++) {
				if (a[i] ~ /^cos:/) { k = substr(a[i], 5); v = (k in c) ? c[k] : "-" } else { v = (a[i] in p) ? p[a[i]] : "-" }
				printf " %s |", v
			}
			printf "\n"
		}' "$out"
}

for part in $parts; do
	case $part in
	params)
		echo "| sig_topic (paper) | sig_word (paper) | alpha | beta | sig_topic | sig_word |"
		echo "|---|---|---|---|---|---|"
		for r in $rows; do
			st=${r%:*} sw=${r#*:}
			# (synth says why when it fails)
			if ! read -r alpha beta < <(params "$st" "$sw") || ! read -r gst gsw < <(synth "$alpha" "$beta" "$tmp/data"); then
				echo "repro-projector-tables: no corpus for row $st:$sw" >&2
				exit 1
			fi
			echo "| $st | $sw | $alpha | $beta | $gst | $gsw |"
		done
		;;
	table1 | check)
		k=$kmain
		[ "$part" = check ] && k=15
		echo "== $part: learners and LSI at K = $k, $splits splits, --threads $threads"
		echo "| sig_topic (paper) | sig_word (paper) | alpha | beta | sig_topic | sig_word | Baseline | LSI-$k | kmeans-$k | knn-25 | vb-$k | ldaC | ldaT | gibbs-$k | projector-$k | vb cos | gibbs cos | projector cos | kmeans cos |"
		echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
		for r in $rows; do
			st=${r%:*} sw=${r#*:}
			# (synth says why when it fails)
			if ! read -r alpha beta < <(params "$st" "$sw") || ! read -r gst gsw < <(synth "$alpha" "$beta" "$tmp/data"); then
				echo "repro-projector-tables: no corpus for row $st:$sw" >&2
				exit 1
			fi
			d=$tmp/data
			"$bin" bench plusone --algos "$algos" -k "$k" --lsi "$k" --knn 25 \
				--repeat "$splits" --threads "$threads" "${shards[@]}" "$d/docword.txt" \
				--truth "$d/truth.json" --true-weights "$d/doc-topics.tsv" >"$tmp/out" 2>"$tmp/log" || plusone_failed "row $st:$sw"
			printf "| %s | %s | %s | %s | %s | %s |" "$st" "$sw" "$alpha" "$beta" "$gst" "$gsw"
			table "$tmp/out" baseline "lsi-$k" kmeans knn-25 vb ldaC ldaT gibbs projector cos:vb cos:gibbs cos:projector cos:kmeans
		done
		;;
	table4)
		echo "== table4: K = 15, $splits splits, --threads $threads"
		echo "| corpus | Baseline | LSI-15 | knn-15 | vb-15 | gibbs-15 | projector-15 | kmeans-15 |"
		echo "|---|---|---|---|---|---|---|---|"
		for c in med cran cisi cacm; do
			"$bin" bench plusone --algos "$algos" -k 15 --lsi 15 --knn 15 \
				--repeat "$splits" --threads "$threads" "${shards[@]}" "../shared/data/classic/$c.json" >"$tmp/out" 2>"$tmp/log" || plusone_failed "$c"
			printf "| %s |" "$c"
			table "$tmp/out" baseline lsi-15 knn-15 vb gibbs projector kmeans
		done
		;;
	*)
		echo "unknown part $part (want params, table1, check or table4)" >&2
		exit 2
		;;
	esac
done
