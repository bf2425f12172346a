package parallel

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"weak"
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

// ForWith gives each goroutine one scratch, never used by two blocks at
// once, and keeps none of them reachable once it returns: after one
// collection they are gone (a sync.Pool keeps what it held, and what its
// New function captures, until the second collection after its last use).
func TestForWithScratches(t *testing.T) {
	type scratch struct {
		busy atomic.Bool
		buf  []byte
	}
	var (
		mu    sync.Mutex
		weaks []weak.Pointer[scratch]
	)
	hits := make([]int, 1000)
	newScratch := func() *scratch {
		s := &scratch{buf: make([]byte, 1<<20)}
		mu.Lock()
		weaks = append(weaks, weak.Make(s))
		mu.Unlock()
		return s
	}
	err := ForWith(context.Background(), len(hits), 7, 3, newScratch, func(s *scratch, lo, hi int) {
		if s.busy.Swap(true) {
			t.Error("a scratch used by two blocks at once")
		}
		for i := lo; i < hi; i++ {
			hits[i]++
		}
		s.busy.Store(false)
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(weaks) < 1 || len(weaks) > 3 {
		t.Fatalf("%d scratches for 3 goroutines", len(weaks))
	}
	for i, h := range hits {
		if h != 1 {
			t.Fatalf("index %d run %d times", i, h)
		}
	}
	runtime.GC()
	for i, w := range weaks {
		if w.Value() != nil {
			t.Errorf("scratch %d still reachable after ForWith returned and a collection ran", i)
		}
	}
}
