package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hulltopics/hull/internal/ctxio"
)

// Threads returns n if n > 0, else the number of CPUs.
func Threads(n int) int {
	if n > 0 {
		return n
	}
	return runtime.NumCPU()
}

// For calls fn(lo, hi) for consecutive blocks [lo, hi) of [0, n) of at most
// grain indices, on up to threads goroutines (threads <= 0: one per CPU).
// Blocks are handed out dynamically, so fn must only write state owned by
// its own indices. For stops handing out blocks when ctx is done and then
// returns ctx.Err() (ctxio.ErrNilContext at once for a nil ctx). done, if non-nil, is called after each block with the
// number of indices completed so far, from one goroutine at a time.
func For(ctx context.Context, n, grain, threads int, fn func(lo, hi int), done func(completed int)) error {
	return ForWith(ctx, n, grain, threads, func() struct{} { return struct{}{} },
		func(_ struct{}, lo, hi int) { fn(lo, hi) }, done)
}

// ForWith is For with a scratch value per goroutine: each goroutine makes
// one with newScratch before its first block and passes it to every fn
// call it makes, so a loop reuses its buffers without sharing them.
//
// It is what a sync.Pool local to the loop was used for, without the
// pool's retention: the runtime keeps every pool that was used in a global
// list until the second collection after, and with it the pool's contents
// and whatever its New function captures (for anchor's RecoverKL, the
// co-occurrence operator and the rectified block, live through the
// refinement's first allocations). The scratches of ForWith are garbage
// once it returns.
func ForWith[S any](ctx context.Context, n, grain, threads int, newScratch func() S, fn func(s S, lo, hi int), done func(completed int)) error {
	if err := ctxio.Err(ctx); err != nil || n <= 0 {
		return err
	}
	if grain < 1 {
		grain = 1
	}
	threads = Threads(threads)
	blocks := (n + grain - 1) / grain
	if threads > blocks {
		threads = blocks
	}
	var next atomic.Int64
	var mu sync.Mutex
	completed := 0
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s S
			made := false
			for ctx.Err() == nil {
				b := int(next.Add(1) - 1)
				if b >= blocks {
					return
				}
				if !made {
					s, made = newScratch(), true
				}
				lo := b * grain
				hi := min(lo+grain, n)
				fn(s, lo, hi)
				if done != nil {
					mu.Lock()
					completed += hi - lo
					done(completed)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
