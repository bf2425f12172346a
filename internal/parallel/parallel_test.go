package parallel

import (
	"context"
	"errors"
	"testing"
)

func TestForCoversEveryIndexOnce(t *testing.T) {
	for _, threads := range []int{0, 1, 3, 16} {
		for _, n := range []int{0, 1, 7, 1000} {
			hits := make([]int, n)
			last := 0
			err := For(context.Background(), n, 10, threads, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					hits[i]++
				}
			}, func(done int) {
				if done <= last || done > n {
					t.Errorf("progress %d after %d of %d", done, last, n)
				}
				last = done
			})
			if err != nil {
				t.Fatal(err)
			}
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("threads %d n %d: index %d run %d times", threads, n, i, h)
				}
			}
			if n > 0 && last != n {
				t.Fatalf("final progress %d, want %d", last, n)
			}
		}
	}
}

func TestForStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ran := 0
	err := For(ctx, 100, 1, 1, func(lo, hi int) {
		ran++
		if ran == 3 {
			cancel()
		}
	}, nil)
	if !errors.Is(err, context.Canceled) || ran != 3 {
		t.Fatalf("err %v after %d blocks, want Canceled after 3", err, ran)
	}
}
