#!/usr/bin/env bash
# How the numbers of "hull export --to mallet" compare with Java's, which
# writes MALLET's files: Double.toString (doc-topics.txt) and
# NumberFormat.getInstance(Locale.US) with at most 5 fraction digits (the
# alphas of topic-keys.txt), on the 349,951 finite doubles of
# export/testdata/javaformat/gen (seeded: the same values on every run).
#
# Usage: scripts/java-formats.sh [JAVA_HOME ...]
# Each JAVA_HOME (default: the java and javac on PATH) compiles and runs
# export/testdata/javaformat/J.java; the test then prints how many values
# hull writes otherwise, and the first of them. Needs a JDK (Debian:
# apt-get install default-jdk-headless).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go run ./export/testdata/javaformat/gen) | grep -v '^7ff' >"$work/values" # not Inf or NaN
homes=("$@")
[ ${#homes[@]} -gt 0 ] || homes=("")
for home in "${homes[@]}"; do
	bin=${home:+$home/bin/}
	"${bin}javac" -d "$work/classes" "$repo/export/testdata/javaformat/J.java"
	echo "== $("${bin}java" -version 2>&1 | head -1)"
	"${bin}java" -cp "$work/classes" J <"$work/values" >"$work/java.tsv"
	(cd "$repo" && HULL_JAVA_FORMATS="$work/java.tsv" go test ./export -run '^TestJavaFormatsFile$' -count 1 -v) |
		sed -e "s#$work/##" >"$work/test.out"
	grep 'values:' "$work/test.out"
	grep -m 5 'java.tsv:[0-9]*:' "$work/test.out" || true
done
