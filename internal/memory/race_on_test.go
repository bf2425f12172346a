//go:build race

package memory

// raceEnabled: the race detector's shadow memory, resident outside the Go
// heap, grows with the heap.
const raceEnabled = true
