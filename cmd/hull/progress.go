package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/schollz/progressbar/v3"
)

// barDelay is how long a stage runs before it gets a progress bar, so that
// only stages that take a noticeable time draw one.
const barDelay = 500 * time.Millisecond

// newProgress returns a learner.Progress for w: on a terminal, a progress
// bar for each stage running longer than barDelay; on a file or pipe (a
// log), log lines (see logProgress); on any other writer, nil.
func newProgress(w io.Writer) learner.Progress {
	f, ok := w.(*os.File)
	switch {
	case !ok:
		return nil
	case !isTerminal(f):
		return logProgress(w, time.Now)
	}
	var (
		stage   string
		started time.Time
		bar     *progressbar.ProgressBar
	)
	return func(s string, done, total int) {
		if s != stage {
			if bar != nil {
				bar.Finish()
			}
			stage, started, bar = s, time.Now(), nil
		}
		if bar == nil && time.Since(started) > barDelay && done < total {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(s),
				progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond))
		}
		if bar != nil {
			bar.Set(done)
			if done >= total {
				bar.Finish()
				bar = nil
			}
		}
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// logEvery is how often logProgress reports a running stage.
const logEvery = 10 * time.Second

// logProgress returns a learner.Progress that writes log lines on w, for
// a log without a terminal: a line when a stage starts, one at least every
// logEvery while it runs (done of total, rate and estimated time left),
// and one when a stage that ran at least logEvery ends. now is the clock.
func logProgress(w io.Writer, now func() time.Time) learner.Progress {
	var (
		stage         string
		started, last time.Time
		finished      bool
	)
	return func(s string, done, total int) {
		t := now()
		if s != stage {
			stage, started, last, finished = s, t, t, false
			fmt.Fprintf(w, "%s: started (%d to do)\n", textsafe.Escape(s), total)
		}
		if finished {
			return
		}
		elapsed := t.Sub(started)
		switch {
		case total > 0 && done >= total:
			finished = true
			if elapsed >= logEvery {
				fmt.Fprintf(w, "%s: done in %s\n", textsafe.Escape(s), elapsed.Round(time.Second/10))
			}
		case t.Sub(last) >= logEvery:
			last = t
			fmt.Fprintf(w, "%s: %s\n", textsafe.Escape(s), progressLine(done, total, elapsed))
		}
	}
}

// progressLine describes a stage that has done done of total in elapsed.
func progressLine(done, total int, elapsed time.Duration) string {
	rate := float64(done) / elapsed.Seconds()
	line := fmt.Sprintf("%d of %d (%.1f%%), %.4g/s", done, total, 100*float64(done)/float64(max(total, 1)), rate)
	if rate > 0 && total > done {
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	return line
}
