package memtest

import (
	"testing"
	"time"
)

var sink [][]byte

// Peak counts a block allocated and kept, a small allocation made after
// it (which the collector's own trigger would not see) and the two
// arrays of a growing slice's last growth, both live while one is copied.
func TestPeak(t *testing.T) {
	Run(t, func(t *testing.T) {
		const big, small = 8 << 20, 400 << 10
		r := Peak(func() {
			a := make([]byte, big)
			time.Sleep(10 * time.Millisecond)
			b := make([]byte, small)
			time.Sleep(20 * time.Millisecond) // more than Quiet
			sink = [][]byte{a, b}
		})
		sink = nil
		if want := int64(big + small); r.Live < want || r.Live > want+want/20 {
			t.Errorf("kept %d then %d bytes: peak %d (objects %d), want %d", big, small, r.Live, r.Objects, want)
		}
		var grown []byte
		r = Peak(func() {
			for i := range 3 << 20 {
				grown = append(grown, byte(i))
			}
		})
		old := int64(len(grown)) // the last growth copied at most len(grown) bytes
		if want := int64(cap(grown)) + old*3/4; r.Live < want || r.Live > int64(cap(grown))+old+old/20 {
			t.Errorf("append to %d bytes (cap %d): peak %d (objects %d), want the old and the new array, at least %d", len(grown), cap(grown), r.Live, r.Objects, want)
		}
		t.Logf("append to %s: peak %s (objects %s)", MiB(int64(cap(grown))), MiB(r.Live), MiB(r.Objects))
	})
}
