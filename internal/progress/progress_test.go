package progress

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// reports records what a Counter reports.
type reports [][2]int

func (r *reports) report(stage string, done, total int) { *r = append(*r, [2]int{done, total}) }

// TestCounter: a counter reports 0 when made, then at least step apart,
// and the end once, done == total; a stage that outgrows its total or
// has none reports the larger count.
func TestCounter(t *testing.T) {
	for _, tc := range []struct {
		name              string
		total, step, adds int
		want              reports
	}{
		{"exact", 10, 4, 10, reports{{0, 10}, {4, 10}, {8, 10}, {10, 10}}},
		{"short", 10, 4, 3, reports{{0, 10}, {10, 10}}},
		{"outgrown", 4, 2, 6, reports{{0, 4}, {2, 4}, {4, 4}, {6, 6}}},
		{"unknown total", 0, 3, 7, reports{{0, 0}, {3, 3}, {6, 6}, {7, 7}}},
		{"step 0 means 1", 2, 0, 2, reports{{0, 2}, {1, 2}, {2, 2}}},
	} {
		var got reports
		c := New(got.report, "s", tc.total, tc.step)
		for range tc.adds {
			c.Add(1)
		}
		c.Finish()
		c.Finish() // once
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	var none *Counter = New(nil, "s", 3, 1)
	none.Add(1) // nil: no report, no panic
	none.Finish()
}

func TestStep(t *testing.T) {
	for total, want := range map[int]int{0: 1, 1: 1, 99: 1, 100: 1, 101: 2, 250: 3, 300000: 3000} {
		if got := Step(total); got != want {
			t.Errorf("Step(%d) = %d, want %d", total, got, want)
		}
	}
}

// TestReader: the bytes read through Reader are counted and the stage
// ends at the end of the stream.
func TestReader(t *testing.T) {
	var got reports
	r := Reader(strings.NewReader(strings.Repeat("x", 10)), New(got.report, "read", 10, 4))
	if b, err := io.ReadAll(io.LimitReader(r, 100)); err != nil || len(b) != 10 {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
	if n := len(got); n < 2 || got[0] != [2]int{0, 10} || got[n-1] != [2]int{10, 10} {
		t.Fatalf("reports %v", got)
	}
	plain := strings.NewReader("y")
	if Reader(plain, nil) != io.Reader(plain) {
		t.Fatal("a nil counter wraps the reader")
	}
}
