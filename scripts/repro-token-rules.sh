#!/usr/bin/env bash
# The token rules for English (--token-rules english) against the default
# (basic) on the two raw-text corpora with English news: Reuters train
# (K = 20, --min-df 5 --max-df 0.5, NMI against
# ../shared/data/reuters/labels.tsv) and the AP news (K = 20, pruned as
# hull fit prunes raw text). Per learner and rules, one fit and one
# evaluation:
#
#   /usr/bin/time -f "%U %S" hull fit -q --threads 2 --algo A -k 20 --seed 1 --token-rules R INPUT -o M.json
#   hull eval M.json --reference INPUT [--labels labels.tsv] --json
#
# and one Markdown row: corpus, learner, rules, distinct top words (of
# 20 x 10) / near-duplicate pairs, NPMI, incoherent topics, effective
# topics, NMI (Reuters), CPU seconds of the fit; then, per corpus and
# rules, the top-word slots of all its learners held by "000"-like
# fragments, possessives ("...'s") and the units the English rules keep
# ("u.s", "1,000").
#
# Usage: scripts/repro-token-rules.sh [reuters] [ap]   (default: both)
#   HULL is the binary (default: built from this tree into WORK, default
#   /tmp/hull-repro-token-rules; both relative to the current directory);
#   ALGOS the learners (default: all 12). Needs jq.
set -euo pipefail
command -v jq >/dev/null || { echo "repro-token-rules: needs jq (to read hull's JSON), which is not on PATH" >&2; exit 2; }
work=${WORK:-/tmp/hull-repro-token-rules}
mkdir -p "$work"
work=$(cd "$work" && pwd)
. "$(dirname "$0")/lib.sh"
hull_absolute
cd "$(dirname "$0")/.."
HULL=$(hull_binary repro-token-rules "$work/hull")
data=../shared/data
algos=${ALGOS:-anchor anchor-kl recover score tsvd rp ddp binning projector kmeans vb gibbs}
for c in ${*:-reuters ap}; do
	case $c in
	reuters) input=(--min-df 5 --max-df 0.5 $data/reuters/reuters-train.jsonl.gz) ref=$data/reuters/reuters-train.jsonl.gz labels=(--labels $data/reuters/labels.tsv) ;;
	ap) input=($data/ap/ap.txt.gz) ref=$data/ap/ap.txt.gz labels=() ;;
	*) echo "unknown corpus $c (want reuters ap)" >&2; exit 2 ;;
	esac
	for a in $algos; do
		for r in basic english; do
			m=$work/$c-$a-$r.json
			if ! /usr/bin/time -f "%U %S" -o "$work/time" "$HULL" fit -q --threads 2 --algo "$a" -k 20 --seed 1 --token-rules "$r" "${input[@]}" -o "$m" >/dev/null; then
				echo "repro-token-rules: $c, $a, $r: hull fit failed (hull's error above)" >&2
				exit 1
			fi
			if ! "$HULL" eval "$m" --reference "$ref" "${labels[@]}" --json >"$work/eval.json" 2>"$work/stderr"; then
				echo "repro-token-rules: $c, $a, $r: hull eval failed:" >&2
				cat "$work/stderr" >&2
				exit 1
			fi
			jq -r '[.distinct_words, .near_duplicate_pairs, .coherence_npmi, .incoherent_topics, .effective_topics, (.nmi // "")] | @tsv' "$work/eval.json" |
				awk -F'\t' -v row="$c | \`$a\` | $r" -v cpu="$(awk '{printf "%.1f", $1 + $2}' "$work/time")" \
					'{printf "| %s | %d / %d | %.3f | %d | %.1f | %s | %s s |\n", row, $1, $2, $3, $4, $5, ($6 == "" ? "" : sprintf("%.3f", $6)), cpu}'
		done
	done
	for r in basic english; do
		for a in $algos; do
			"$HULL" topics "$work/$c-$a-$r.json" | grep '^topic' | sed 's/(.*//' | awk '{for (i = 4; i <= NF; i++) print $i}' | tr -d '*'
		done >"$work/words"
		echo "$c $r: $(wc -l <"$work/words") top-word slots; fragments like 000: $(grep -cE '^0+$' "$work/words" || true);" \
			"possessives: $(grep -c "'s$" "$work/words" || true); units the English rules keep: $(grep -cE '^([a-z]\.)+[a-z]$|[0-9][.,][0-9]' "$work/words" || true)"
	done
done
