# Sourced by the scripts in this directory: the hull binary they run.

# hull_repo is the repository's root, whatever the caller's directory.
hull_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# hull_absolute makes HULL, a path relative to the caller's directory,
# absolute; call it before the script changes directory. A bare name (no
# slash) is left to be looked up on PATH.
hull_absolute() {
	case ${HULL:-} in '' | /*) ;; */*) HULL=$PWD/$HULL ;; esac
}

# hull_binary SCRIPT DEST prints the hull binary to run: HULL when set,
# else ./cmd/hull of this repository built into DEST (an absolute path).
# It exits 2, naming SCRIPT, when HULL is not an executable, and 1 when
# the build fails.
hull_binary() {
	if [ -z "${HULL:-}" ]; then
		# exit leaves the caller's $(...) with a failure, which its set -e
		# stops on: never a binary of an earlier run.
		(cd "$hull_repo" && go build -o "$2" ./cmd/hull) >&2 || { echo "$1: go build ./cmd/hull failed" >&2; exit 1; }
		echo "$2"
		return
	fi
	command -v "$HULL" >/dev/null || { echo "$1: HULL=$HULL is not an executable" >&2; exit 2; }
	echo "$HULL"
}
