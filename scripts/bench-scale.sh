#!/usr/bin/env bash
# Runs every learner on the production-size corpora of issue 16
# (scripts/make-bench-corpora.sh) at K = 100 and prints one TSV row per
# fit: size, learner, wall, user and system CPU seconds, peak RSS, the
# stage times the model records, and recovery (mean l1 and cosine of the
# matched topics, "hull eval --truth").
#
# Usage: scripts/bench-scale.sh [DIR [SIZES [ALGOS]]]
#   DIR    the corpora (default /tmp/hull-bench), made first if missing
#   SIZES  default "30k 100k 300k"
#   ALGOS  default every learner: "anchor anchor-kl recover tsvd score rp
#          ddp binning projector kmeans gibbs vb"
# Environment: TIMEOUT (seconds per fit, default 1500; a fit stopped by it
# is a row with "timeout"), EXTRA_gibbs / EXTRA_vb (flags; default 100
# sweeps for gibbs, 10 EM iterations for vb, as the issue's table), HULL
# (a hull binary to run instead of building ./cmd/hull; by default it is
# built once, at the start, into DIR/hull-scale, so that every row of a
# run of hours measures the same binary while the tree changes; also used
# by make-bench-corpora.sh). DIR is relative to the current directory.
# Needs python3 (to read the model's JSON) and GNU time.
# Rows go to stdout and to DIR/scale.tsv (appended); the fits run one at
# a time, each in its own process.
set -euo pipefail
dir=${1:-/tmp/hull-bench}
sizes=${2:-"30k 100k 300k"}
algos=${3:-"anchor anchor-kl recover tsvd score rp ddp binning projector kmeans gibbs vb"}
timeout=${TIMEOUT:-1500}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
. "$(dirname "$0")/lib.sh"
hull_absolute
[ -f "$dir/300k/docword.txt" ] || "$hull_repo/scripts/make-bench-corpora.sh" "$dir"
hull=$(hull_binary bench-scale "$dir/hull-scale")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in $sizes; do
	for algo in $algos; do
		extra_var=EXTRA_${algo//-/_}
		case $algo in
		gibbs) extra=${!extra_var:-"--iterations 100"} ;;
		vb) extra=${!extra_var:-"--iterations 10"} ;;
		*) extra=${!extra_var:-} ;;
		esac
		load=$(cut -d' ' -f1 /proc/loadavg)
		set +e
		# shellcheck disable=SC2086
		/usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout "$timeout" \
			"$hull" fit -q --algo "$algo" -k 100 --seed 1 $extra "$dir/$size/docword.txt" -o "$work/m.json" >/dev/null 2>"$work/err"
		status=$?
		set -e
		if [ $status -ne 0 ]; then
			printf '%s\t%s\t%s\tload %s\t%s\n' "$size" "$algo" "$([ $status -eq 124 ] && echo "timeout ${timeout}s" || echo "exit $status: $(tail -1 "$work/err")")" "$load" "$extra" | tee -a "$dir/scale.tsv"
			continue
		fi
		read -r wall user sys rss <"$work/time"
		"$hull" eval "$work/m.json" --truth "$dir/$size/truth.json" --json >"$work/eval.json" 2>/dev/null || true
		python3 - "$work/m.json" "$work/eval.json" "$size" "$algo" "$wall" "$user" "$sys" "$rss" "$load" "$extra" <<'PY' | tee -a "$dir/scale.tsv"
import json, sys
m, e, size, algo, wall, user, sys_, rss, load, extra = sys.argv[1:]
model = json.load(open(m))
stages = ", ".join("%s %.1f" % (t["stage"], t["seconds"]) for t in model.get("provenance", {}).get("timings", []))
try:
    ev = json.load(open(e))
    rec = ev.get("recovery") or ev
    l1, cos = rec.get("l1_mean", rec.get("mean_l1")), rec.get("cosine_mean", rec.get("mean_cosine"))
except Exception:
    l1 = cos = None
fmt = lambda x: "-" if x is None else "%.4f" % x
print("\t".join([size, algo, wall, "%.1f" % (float(user) + float(sys_)), "%.0f" % (int(rss) / 1024), fmt(l1), fmt(cos), "load " + load, stages, extra]))
PY
	done
done
