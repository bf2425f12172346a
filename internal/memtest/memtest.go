// Package memtest measures the peak heap of a function call, for the tests
// that compare the learners' memory estimates with what they allocate
// (issue 16 part 3). It is imported by tests only.
//
// # What Peak measures
//
// Peak returns the largest live heap a garbage collection finds while the
// call runs, minus the live heap before it (after two full collections:
// the corpus and whatever else the caller holds are not counted), that is
// the peak of the call's working memory, its result included. A
// collection runs:
//
//   - right after every allocation that grows the heap by more than 5%
//     (GOGC = 5 during the call), which is where a peak is reached: the
//     old and the new array of a growing slice, both live while one is
//     copied into the other, are counted;
//   - when the heap has grown by 1% without a collection for 5 ms: the
//     collector's own trigger can lag far behind a run of small
//     allocations, which a sampler goroutine then collects.
//
// The sampler reads /gc/heap/live:bytes, the bytes the last collection
// marked, every 200 µs on a processor of its own (GOMAXPROCS is raised by
// one for the call), and counts the collections it missed (two or more
// between samples; the figure of the first is lost).
//
// The figure is exact only when the collector stops the world (GODEBUG
// gcstoptheworld=1): a concurrent collection also counts as live whatever
// is allocated while it marks, garbage included, which made repeated
// measurements of one fit differ by up to 40%. Run therefore runs the test
// again in a child process with that setting, where repeated measurements
// of a fit agree within a few percent (to 0.1% mostly). Every figure is
// then a heap that was live at some instant, so the error is from below
// only: the peak of a run of allocations each smaller than 5% of the heap
// is undercounted by at most 1% of the heap (the corpus included), or by
// what it allocated in the 5 ms before it was dropped; a peak reached by a
// larger allocation is exact. Goroutine stacks and memory outside the Go
// heap (none in hull) are not counted.
//
// Result.Objects, from /memory/classes/heap/objects:bytes, adds the dead
// objects not yet swept: the heap the process holds at GOGC = 5, an upper
// bound logged for comparison. A sample's live figure is therefore at most
// its objects figure, and each sample counts the smaller of the two: Go
// 1.26's live figure read, once in about 20 runs of anchor's test, a
// large object's size above the objects allocated at that instant (32
// MB, the size of a 2,000-word fit's dense Q, in one fit; 7 MB in
// another), though no allocation accounted for it: the measured peak was
// then up to twice the fit's. Otherwise the two figures of a sample
// differ by a few hundred bytes.
//
// Peak changes process-wide settings (the GC percent, GOMAXPROCS) for the
// call and must not run in parallel with other measured calls or tests.
package memtest

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/hulltopics/hull/learner"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/synth"
)

// GCPercent is the collector's target during a measured call.
const GCPercent = 5

// Interval is the time between two samples of the heap.
const Interval = 200 * time.Microsecond

// ForceGrowth is the growth of the heap, as a fraction of it, after which
// the sampler has a collection run when the collector has not run one for
// Quiet.
const (
	ForceGrowth = 0.01
	Quiet       = 5 * time.Millisecond
)

// Tolerance is the largest relative error of an estimate the comparisons
// accept: |estimate - peak| <= Tolerance peak.
const Tolerance = 0.25

const (
	liveMetric    = "/gc/heap/live:bytes"
	objectsMetric = "/memory/classes/heap/objects:bytes"
	cyclesMetric  = "/gc/cycles/total:gc-cycles"
	childEnv      = "HULL_MEMTEST_CHILD" // the name of the test a child process runs
)

// Result is the peak heap of a call above the heap before it, in bytes.
type Result struct {
	Live    int64 // largest live heap a collection found: the measured peak
	Objects int64 // largest heap of live and unswept objects: an upper bound
	Samples int   // samples taken
	Missed  int   // collections whose figure no sample read (the next overwrote it)
}

// Peak runs f and returns its peak heap above the heap before the call
// (see the package documentation). The settings it changes are restored
// afterwards.
func Peak(f func()) Result {
	old := debug.SetGCPercent(GCPercent)
	defer debug.SetGCPercent(old)
	// One more P than the call's goroutines may use, so that the sampler
	// runs when it wakes instead of waiting for a busy P's time slice.
	procs := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(procs + 1)
	defer runtime.GOMAXPROCS(procs)
	runtime.GC()
	runtime.GC()
	var (
		mu      sync.Mutex // held by sample
		s       = []metrics.Sample{{Name: liveMetric}, {Name: objectsMetric}, {Name: cyclesMetric}}
		live    int64 // the last collection's live heap
		objects int64
		cycles  uint64
		r       Result
	)
	sample := func() {
		mu.Lock()
		defer mu.Unlock()
		metrics.Read(s)
		live, objects = int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
		// What a collection marked is still allocated, so the live heap
		// read beside the objects is at most their size; the runtime's
		// live figure has exceeded it by a large object's size at a
		// sample (see the package documentation), and only the smaller
		// one can be the heap.
		live = min(live, objects)
		if c := s[2].Value.Uint64(); r.Samples > 0 && c > cycles+1 {
			r.Missed += int(c - cycles - 1)
		}
		cycles = s[2].Value.Uint64()
		r.Live, r.Objects = max(r.Live, live), max(r.Objects, objects)
		r.Samples++
	}
	sample()
	base := r
	done := make(chan struct{})
	var wg sync.WaitGroup
	// The collector's own trigger can lag far behind small allocations:
	// when the heap has grown by ForceGrowth since the last collection,
	// the sampler has another goroutine run one (runtime.GC blocks until
	// the cycle and its sweep are over: the sampler would miss the
	// collections in between).
	force := make(chan struct{}, 1)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-force:
				runtime.GC()
			}
		}
	}()
	go func() {
		defer wg.Done()
		t := time.NewTicker(Interval)
		defer t.Stop()
		last, ref, at := cycles, live, time.Now()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				sample()
				if cycles != last {
					last, ref, at = cycles, live, now
				} else if now.Sub(at) > Quiet && float64(objects-ref) > ForceGrowth*float64(ref) {
					select {
					case force <- struct{}{}:
					default:
					}
				}
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	// The last collection of the call may have ended after the last
	// sample; one more collection marks what f left live (its result).
	sample()
	runtime.GC()
	sample()
	r.Live -= base.Live
	r.Objects -= base.Objects
	return r
}

// Run runs body, the whole of the calling test, in a child process of the
// test binary whose collector stops the world (GODEBUG gcstoptheworld=1),
// where Peak is exact (see the package documentation): the parent logs the
// child's output and fails when it fails. Flags -test.short and
// -test.timeout are passed on.
func Run(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	if os.Getenv(childEnv) == t.Name() {
		if !strings.Contains(os.Getenv("GODEBUG"), "gcstoptheworld=1") {
			t.Fatalf("memtest: child process without GODEBUG=gcstoptheworld=1")
		}
		body(t)
		return
	}
	args := []string{"-test.run=^" + regexp.QuoteMeta(t.Name()) + "$", "-test.v", "-test.count=1"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	if f := flag.Lookup("test.timeout"); f != nil {
		args = append(args, "-test.timeout="+f.Value.String())
	}
	cmd := exec.Command(os.Args[0], args...)
	godebug := "gcstoptheworld=1"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name(), "GODEBUG="+godebug)
	out, err := cmd.CombinedOutput()
	sc := bufio.NewScanner(bytes.NewReader(out))
	var lines []string
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "=== ") || strings.HasPrefix(line, "--- ") || line == "PASS" || line == "FAIL" {
			continue
		}
		lines = append(lines, strings.TrimSpace(line))
	}
	t.Logf("child process (GODEBUG=%s):\n%s", godebug, strings.Join(lines, "\n"))
	if err != nil {
		t.Fatalf("child process: %v", err)
	}
}

// Within reports whether estimate is within frac (0.25: 25%) of measured.
func Within(estimate, measured int64, frac float64) bool {
	d := float64(estimate - measured)
	return d <= frac*float64(measured) && -d <= frac*float64(measured)
}

// Remeasures is how many more times Compare measures a fit whose
// measured peak is below the estimate by more than Tolerance.
const Remeasures = 2

// Compare measures fit with Peak, logs estimate beside the measured peak
// (Result.Live; Objects for comparison) and fails tb when fit fails or
// estimate is not within Tolerance of the peak. Call it under Run.
//
// A measured peak errs from below only (see the package documentation):
// a sampler that other work on the machine kept from running can miss a
// short-lived peak (gibbs --optimize-interval 1's histograms, at 0.83 MiB
// for 0.98 beside a benchmark, 1.26 from the estimate), so an estimate
// above the peak's tolerance has the fit measured again, up to Remeasures
// times, and the largest peak counts. An estimate below it fails at once:
// no measurement finds less than was live.
func Compare(tb testing.TB, what string, estimate int64, fit func() error) Result {
	tb.Helper()
	var r Result
	var elapsed time.Duration
	runs := 0
	for runs == 0 || runs <= Remeasures && float64(estimate) > (1+Tolerance)*float64(r.Live) {
		var err error
		start := time.Now()
		m := Peak(func() { err = fit() })
		elapsed += time.Since(start)
		if err != nil {
			tb.Fatalf("%s: %v", what, err)
		}
		runs++
		r.Live, r.Objects = max(r.Live, m.Live), max(r.Objects, m.Objects)
		r.Samples, r.Missed = r.Samples+m.Samples, r.Missed+m.Missed
	}
	ratio := float64(estimate) / float64(max(r.Live, 1))
	msg := fmt.Sprintf("%s: estimate %s, measured peak %s (objects %s), ratio %.2f (%d samples, %d collections missed, %.1f s, %s)",
		what, MiB(estimate), MiB(r.Live), MiB(r.Objects), ratio, r.Samples, r.Missed, elapsed.Seconds(), measurements(runs))
	if !Within(estimate, r.Live, Tolerance) {
		tb.Errorf("%s: off by more than %.0f%%", msg, 100*Tolerance)
	} else {
		tb.Log(msg)
	}
	return r
}

// measurements says how many measurements a figure of Compare is the
// largest of.
func measurements(n int) string {
	if n == 1 {
		return "1 measurement"
	}
	return fmt.Sprintf("largest of %d measurements", n)
}

// MiB formats n bytes in MiB.
func MiB(n int64) string { return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20)) }

// Docs returns the numbers of documents of the three corpora each
// comparison fits (with V = 2000 words, about 86 distinct words per
// document): 2000, 6000 and 18000, or the smallest alone with -short or
// under the race detector.
func Docs() []int {
	if testing.Short() || raceEnabled {
		return []int{2000}
	}
	return []int{2000, 6000, 18000}
}

// Corpus returns a corpus of docs documents of about 100 tokens (Poisson)
// over v words, drawn from k separable LDA topics (one anchor word each,
// synth.SeparableArora) with a fixed seed: the same arguments give the
// same corpus.
func Corpus(tb testing.TB, docs, v, k int) *corpus.Corpus {
	tb.Helper()
	g := synth.Separable{LDA: synth.LDA{K: k, V: v, Docs: docs, DocLength: 100, Poisson: true, Alpha: 0.1, Beta: 0.1},
		AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, _, err := g.Generate(rand.New(rand.NewPCG(uint64(docs), uint64(v)<<8|uint64(k))))
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// NoisyCorpus returns a corpus of docs documents of about 100 tokens
// (Poisson) over v words with a fixed seed, on which the anchor words'
// paper pipeline finds near-copies of one topic, as on real text: 70% of
// each document's tokens come from one Zipf distribution over all the
// words (word i with probability proportional to 1/(i+1)), the rest from
// one of k topics, each uniform over its own v/k words.
func NoisyCorpus(tb testing.TB, docs, v, k int) *corpus.Corpus {
	tb.Helper()
	vocab := make([]string, v)
	zipf := make([]float64, v) // cumulative
	total := 0.0
	for i := range vocab {
		vocab[i] = "w" + strconv.Itoa(i)
		total += 1 / float64(i+1)
		zipf[i] = total
	}
	rng := rand.New(rand.NewPCG(uint64(docs), uint64(v)<<8|uint64(k)))
	b := corpus.NewBuilder(vocab)
	block := v / k
	for d := range docs {
		n := max(2, poisson(rng, 100))
		t := rng.IntN(k)
		for range n {
			if rng.Float64() < 0.7 {
				w, _ := slices.BinarySearch(zipf, rng.Float64()*total)
				b.Add(int32(min(w, v-1)), 1)
			} else {
				b.Add(int32(t*block+rng.IntN(block)), 1)
			}
		}
		b.EndDoc(strconv.Itoa(d))
	}
	return b.Corpus()
}

// poisson draws from the Poisson distribution of mean lambda (Knuth's
// method; lambda is small).
func poisson(rng *rand.Rand, lambda float64) int {
	l, p, n := math.Exp(-lambda), 1.0, 0
	for {
		p *= rng.Float64()
		if p <= l {
			return n
		}
		n++
	}
}

// Case is a learner whose estimate a comparison checks: its name in the
// log and a constructor (called once per corpus).
type Case struct {
	Name string
	New  func() (learner.Estimator, error)
}

// Settings are the run settings of the comparisons: seed 1, 2 threads.
var Settings = learner.Settings{Seed: 1, Threads: 2}

// CompareLearners runs Compare for each case on Corpus(d, v, k) for each d
// of Docs(): the learner's EstimateBytes against the peak of its Fit.
// Call it under Run.
func CompareLearners(t *testing.T, v, k int, cases ...Case) {
	t.Helper()
	for _, d := range Docs() {
		c := Corpus(t, d, v, k)
		for _, tc := range cases {
			l, err := tc.New()
			if err != nil {
				t.Fatal(err)
			}
			Compare(t, fmt.Sprintf("%s D=%d V=%d nnz=%d K=%d", tc.Name, d, v, c.NNZ(), k), l.EstimateBytes(c, k), func() error {
				_, err := l.Fit(context.Background(), c, k)
				return err
			})
		}
	}
}
