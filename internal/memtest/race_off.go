//go:build !race

package memtest

// raceEnabled reports whether the race detector is on: Docs then returns
// the smallest corpus alone.
const raceEnabled = false
