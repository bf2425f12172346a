#!/usr/bin/env bash
# Every learner on real text (issue 13's tables, rerun for issue 19): KOS
# (K = 20), NIPS (K = 50) and Reuters train (K = 20, --min-df 5 --max-df
# 0.5, NMI and purity against ../shared/data/reuters/labels.tsv); and the
# AP news as raw text (K = 20, pruned as hull fit prunes raw text), the
# SLA statistics abstracts (K = 11) and the four Classic collections as one
# corpus (K = 15, NMI and purity against the collection of each document:
# WORK/classic.jsonl, ids prefixed by the collection, and
# WORK/classic-labels.tsv are made from ../shared/data/classic). Per row,
# one fit and one evaluation:
#
#   /usr/bin/time -f "%U %S" hull fit -q --threads 2 --algo A -k K [FLAGS] INPUT -o M.json
#   hull eval M.json --reference INPUT [--labels labels.tsv] --json
#
# and prints one Markdown row: learner and flags, distinct top words (of K x
# 10), near-duplicate topic pairs, the largest topic's share of the
# documents, rare topics, the effective number of topics (exp of the
# entropy of the topics' shares of the documents), collapsed, NPMI, the
# incoherent topics (NPMI below -0.02), [NMI,
# purity,] CPU seconds of the
# fit (user + system, reading included), and a note from the model's Params
# (the rule or branch the learner took: rectify_chosen, thresholds and
# fallback_topics, vertex_search and vertex_recovered, min_df_chosen,
# clustering; "refined from D / P" when the topics were refined by EM,
# with the distinct words and pairs before, "/ E eff." the effective
# number of topics of their weights before, where the learner has them,
# and "/ I incoh." the incoherent topics before, "/ least N" the least
# topic NPMI before where it was below -0.25).
#
# Usage: scripts/repro-realtext.sh [kos] [nips] [reuters] [ap] [sla] [classic]
#   (default: all six). Needs jq.
#   ROWS, an extended regular expression, keeps the rows whose label
#   ("algo flags", e.g. "rp --proj-min-df 343") matches it; SKIP drops those
#   that match. HULL is the binary (default: built from this tree into
#   WORK, default /tmp/hull-repro-realtext; both relative to the current
#   directory). The rows "without hull's
#   additions" (--proj-min-hits 1, --proj-min-df 1, --anchor-min-df 1,
#   --score-search exhaustive, --score-min-centre 1, --tsvd-thresholds
#   paper|authors) measure them on and off; --proj-no-raise is rp's, ddp's
#   and binning's fit at the automatic candidate floor, which they fit
#   again at 10% of the documents when its topics are noisy; --refine 0
#   is a learner's topics without the EM refinement of noisy topics
#   (package refine), which every geometric learner runs by default;
#   --refine-always runs it whatever the topics (ROWS=refine-always: those
#   rows alone); --cooc-weighting weighs the documents in Q by their
#   tokens or pairs of tokens (ROWS=cooc-weighting).
set -euo pipefail
command -v jq >/dev/null || { echo "repro-realtext: needs jq (to read hull's JSON), which is not on PATH" >&2; exit 2; }
work=${WORK:-/tmp/hull-repro-realtext}
mkdir -p "$work"
work=$(cd "$work" && pwd)
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
HULL=$(hull_binary repro-realtext "$work/hull")
data=../shared/data
corpora=${*:-kos nips reuters ap sla classic}

# rows CORPUS: one "algo flags" per line; P10 and P20 stand for 10% and
# 20% of the documents (the --proj-min-df of issue 13's tables).
rows() {
	local p10=$1 p20=$2 corpus=$3
	cat <<EOF
anchor
anchor --anchor-min-df 1
gibbs
anchor --rectify none --refine 0
anchor --rectify none --refine 0 --anchor-min-df 1
anchor-kl
recover
recover --refine 0
score
score --refine 0
score --score-search exhaustive
score --score-search sp
score --score-min-centre 1
score --normalize
score --normalize --refine 0
tsvd
tsvd --refine 0
tsvd --tsvd-thresholds paper
tsvd --tsvd-thresholds authors
projector
projector --refine 0
kmeans
kmeans --refine 0
rp
rp --refine 0
rp --proj-no-raise
rp --proj-min-hits 1
rp --proj-min-df $p10
rp --proj-min-df $p10 --proj-min-hits 1
rp --proj-min-df 1
ddp
ddp --refine 0
ddp --proj-no-raise
ddp --proj-min-df $p10
ddp --proj-min-df 1
binning
binning --refine 0
binning --proj-no-raise
binning --proj-min-df $p10
binning --proj-min-df 1
EOF
	# 20% rows: not Reuters (fewer than K words pass with --max-df 0.5), nor Classic (not tried)
	if [ "$corpus" != reuters ] && [ "$corpus" != classic ]; then
		printf '%s\n' "rp --proj-min-df $p20" "ddp --proj-min-df $p20" "binning --proj-min-df $p20"
	fi
	# The refinement whatever the topics (docs/BENCHMARKS.md, "Refining always")
	printf '%s --refine-always\n' score tsvd projector kmeans rp ddp binning
	# The documents weighted in Q (docs/BENCHMARKS.md, "Weighting the documents in Q")
	printf '%s\n' "anchor --cooc-weighting tokens" "anchor --cooc-weighting pairs" "anchor-kl --cooc-weighting pairs" "recover --cooc-weighting pairs"
}

for corpus in $corpora; do
	case $corpus in
	kos)
		k=20 input=(--vocab $data/kos/vocab.kos.txt $data/kos/docword.kos.txt.gz) ref=$data/kos/docword.kos.txt.gz labels=() p10=343 p20=686 ;;
	nips)
		k=50 input=(--vocab $data/nips/vocab.nips.txt $data/nips/docword.nips.txt.gz) ref=$data/nips/docword.nips.txt.gz labels=() p10=248 p20=500 ;;
	reuters)
		k=20 input=(--min-df 5 --max-df 0.5 $data/reuters/reuters-train.jsonl.gz) ref=$data/reuters/reuters-train.jsonl.gz labels=(--labels $data/reuters/labels.tsv) p10=1396 p20=2792 ;;
	ap)
		k=20 input=($data/ap/ap.txt.gz) ref=$data/ap/ap.txt.gz labels=() p10=225 p20=450 ;;
	sla)
		k=11 input=(--format triplet --vocab $data/sla/abstract.vocab.txt $data/sla/abstract.txt) ref=(--format triplet --vocab $data/sla/abstract.vocab.txt $data/sla/abstract.txt) labels=() p10=320 p20=639 ;;
	classic)
		for c in med cran cisi cacm; do
			jq -c --arg c "$c" '{id: ($c + "-" + (.id | tostring)), items}' "$data/classic/$c.json"
		done >"$work/classic.jsonl"
		for c in med cran cisi cacm; do
			jq -r --arg c "$c" '$c + "-" + (.id | tostring) + "\t" + $c' "$data/classic/$c.json"
		done >"$work/classic-labels.tsv"
		k=15 input=("$work/classic.jsonl") ref=$work/classic.jsonl labels=(--labels "$work/classic-labels.tsv") p10=710 p20=1419 ;;
	*) echo "unknown corpus $corpus (want kos nips reuters ap sla classic)" >&2; exit 2 ;;
	esac
	echo "== $corpus, K = $k ($(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg))"
	if [ ${#labels[@]} -gt 0 ]; then
		echo "| learner, flags | distinct /$((k * 10)) | dup pairs | largest | rare | effective | collapsed | NPMI | incoherent | NMI | purity | CPU | note |"
	else
		echo "| learner, flags | distinct /$((k * 10)) | dup pairs | largest | rare | effective | collapsed | NPMI | incoherent | CPU | note |"
	fi
	while read -r label; do
		[ -n "$label" ] || continue
		if [ -n "${ROWS:-}" ] && ! [[ $label =~ ${ROWS} ]]; then continue; fi
		if [ -n "${SKIP:-}" ] && [[ $label =~ ${SKIP} ]]; then continue; fi
		read -r -a words <<<"$label"
		algo=${words[0]}
		m=$work/$corpus-model.json
		if ! /usr/bin/time -f "%U %S" -o "$work/time" "$HULL" fit -q --threads 2 --algo "$algo" -k "$k" "${words[@]:1}" "${input[@]}" -o "$m" >/dev/null 2>"$work/stderr"; then
			echo "| $label | fails: $(grep -v '^[[:space:]]*$' "$work/stderr" | tail -1) |"
			continue
		fi
		cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
		if [ "$corpus" = sla ]; then
			ev=("${ref[@]:0:4}" --reference "${ref[4]}")
		else
			ev=(--reference "$ref" "${labels[@]}")
		fi
		if ! "$HULL" eval "$m" "${ev[@]}" --json 2>"$work/stderr" >"$work/eval.json"; then
			echo "repro-realtext: $corpus, $label: hull eval failed:" >&2
			cat "$work/stderr" >&2
			exit 1
		fi
		note=$(jq -r '.params as $p | [
			(if $p.rectify_chosen then "rectify " + ($p.rectify_chosen | tostring) else empty end),
			(if $p.weighting then "weighting " + $p.weighting else empty end),
			(if $p.min_df_chosen == "raised" then "floor raised to " + ($p.min_df | tostring) elif $p.min_df_chosen then "floor " + ($p.min_df | tostring) else empty end),
			(if $p.thresholds then "thresholds " + $p.thresholds + ", " + ($p.fallback_topics | tostring) + " fallen back" else empty end),
			(if $p.vertex_search then $p.vertex_search + (if $p.vertex_recovered then " (recovered)" elif $p.vertex_degenerate then " (degenerate)" else "" end) else empty end),
			(if $p.clustering then $p.clustering else empty end),
			(if $p.refined == true and $p.rectify_chosen != "ap" then "refined " + (if $p.refine_always == true then "always, " else "" end) + "from " + ($p.unrefined_distinct_words | tostring) + " / " + ($p.unrefined_near_duplicate_pairs | tostring)
				+ (if $p.unrefined_effective_topics then " / " + ($p.unrefined_effective_topics | tostring) + " eff." else "" end)
				+ (if $p.unrefined_incoherent_topics then " / " + ($p.unrefined_incoherent_topics | tostring) + " incoh." else "" end)
				+ (if ($p.unrefined_least_npmi // 0) < -0.25 then " / least " + ($p.unrefined_least_npmi | tostring) else "" end) else empty end)
			] | join("; ")' "$m")
		if ! read -r distinct pairs largest rare effective collapsed npmi incoherent nmi purity < <(jq -r '[.distinct_words, .near_duplicate_pairs,
			.largest_topic_share, .rare_topics, .effective_topics, .collapsed, .coherence_npmi, .incoherent_topics, (.nmi // 0), (.purity // 0)] | @tsv' "$work/eval.json"); then
			echo "repro-realtext: $corpus, $label: no evaluation in $work/eval.json (see $work/stderr)" >&2
			exit 1
		fi
		[ "$collapsed" = true ] && collapsed="**yes**" || collapsed=no
		if [ ${#labels[@]} -gt 0 ]; then
			printf '| %s | %d | %d | %.2f | %d | %.1f | %s | %.3f | %d | %.3f | %.3f | %s s | %s |\n' "$label" "$distinct" "$pairs" "$largest" "$rare" "$effective" "$collapsed" "$npmi" "$incoherent" "$nmi" "$purity" "$cpu" "$note"
		else
			printf '| %s | %d | %d | %.2f | %d | %.1f | %s | %.3f | %d | %s s | %s |\n' "$label" "$distinct" "$pairs" "$largest" "$rare" "$effective" "$collapsed" "$npmi" "$incoherent" "$cpu" "$note"
		fi
	done < <(rows "$p10" "$p20" "$corpus")
done
