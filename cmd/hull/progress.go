package main

import (
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
// log), log lines (learner.LogProgress); on any other writer, nil.
func newProgress(w io.Writer) learner.Progress {
	f, ok := w.(*os.File)
	switch {
	case !ok:
		return nil
	case !isTerminal(f):
		return learner.LogProgress(w, time.Now)
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
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(textsafe.Escape(s)),
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
