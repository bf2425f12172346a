package learner_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/learner"
)

// TestLogProgress checks the log lines of a quick stage and a long one.
func TestLogProgress(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(0, 0)
	p := learner.LogProgress(&b, func() time.Time { return now })
	p("quick", 0, 10)
	p("quick", 10, 10)
	p("sweeps", 0, 100)
	for i := 1; i <= 100; i++ {
		now = now.Add(time.Second)
		p("sweeps", i, 100)
	}
	got := b.String()
	for _, want := range []string{"quick: started (10 to do)\n", "sweeps: 10 of 100 (10.0%), 1/s, about 1m30s left\n",
		"sweeps: 90 of 100", "sweeps: done in 1m40s\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("log %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "quick: done") || strings.Count(got, "sweeps: ") != 11 {
		t.Errorf("log %q: want no end line for a quick stage and 11 lines for the long one", got)
	}
}

// TestLogProgressLines checks each line against the whole log: the
// interval between lines, reports after the end, a stage run again and a
// name that would break the line.
func TestLogProgressLines(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(0, 0)
	p := learner.LogProgress(&b, func() time.Time { return now })
	step := func(d time.Duration, stage string, done, total int) {
		now = now.Add(d)
		p(stage, done, total)
	}
	step(0, "read", 0, 1000)
	step(9*time.Second, "read", 300, 1000)                        // before LogInterval: no line
	step(time.Second, "read", 400, 1000)                          // 10s: a line, 40/s, 15s left
	step(learner.LogInterval-time.Millisecond, "read", 500, 1000) // 9.999s after it: no line
	step(time.Millisecond, "read", 600, 1000)                     // 20s: a line
	step(5*time.Second, "read", 1000, 1000)                       // ends after 25s
	step(20*time.Second, "read", 1000, 1000)                      // after the end: nothing
	step(0, "fit", 0, 2)
	step(0, "fit", 2, 2) // ends at once: no end line
	step(0, "read", 0, 5)
	step(time.Minute, "read", 5, 5) // the same name again is a new stage
	step(0, "bad\nname: done in 0s", 0, 1)
	want := `read: started (1000 to do)
read: 400 of 1000 (40.0%), 40/s, about 15s left
read: 600 of 1000 (60.0%), 30/s, about 13s left
read: done in 25s
fit: started (2 to do)
read: started (5 to do)
read: done in 1m0s
bad\nname: done in 0s: started (1 to do)
`
	if got := b.String(); got != want {
		t.Errorf("log\n%s\nwant\n%s", got, want)
	}
}

// A log of the stages of a run, as "hull fit 2> fit.log" writes it: the
// quick stage gets its start line only.
func ExampleLogProgress() {
	clock := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	progress := learner.LogProgress(os.Stdout, func() time.Time { return clock })
	progress("read", 0, 3)
	progress("read", 3, 3)
	for sweep := range 51 {
		progress("gibbs", sweep, 50)
		clock = clock.Add(time.Second / 2)
	}
	fmt.Println("fitted")
	// Output:
	// read: started (3 to do)
	// gibbs: started (50 to do)
	// gibbs: 20 of 50 (40.0%), 2/s, about 15s left
	// gibbs: 40 of 50 (80.0%), 2/s, about 5s left
	// gibbs: done in 25s
	// fitted
}

// TestLogProgressStageAgain: a stage that reports done 0 after its end
// runs again under its name (anchor-kl's RecoverL2 screen, then
// RecoverKL): the second run gets its own lines; other reports after the
// end are still ignored.
func TestLogProgressStageAgain(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(0, 0)
	p := learner.LogProgress(&b, func() time.Time { return now })
	p("recover", 0, 400)
	p("recover", 400, 400)
	p("recover", 400, 400) // after the end: nothing
	p("recover", 0, 400)   // again
	now = now.Add(2 * learner.LogInterval)
	p("recover", 200, 400)
	p("recover", 400, 400)
	want := "recover: started (400 to do)\nrecover: started (400 to do)\nrecover: 200 of 400 (50.0%), 10/s, about 20s left\nrecover: done in 20s\n"
	if got := b.String(); got != want {
		t.Errorf("log\n%s\nwant\n%s", got, want)
	}
}
