package learner

import (
	"fmt"
	"io"
	"time"

	"github.com/hulltopics/hull/internal/textsafe"
)

// LogInterval is how often the Progress of LogProgress reports a running
// stage.
const LogInterval = 10 * time.Second

// LogProgress returns a Progress that writes progress as lines of text on
// w, for a log rather than a terminal (hull's command line uses it when
// standard error is a file or a pipe):
//
//	stage: started (total to do)                  when a stage starts
//	stage: done of total (p%), r/s, about t left  while it runs, LogInterval or more after its previous line
//	stage: done in t                              when a stage that ran LogInterval or longer ends
//
// A stage starts when Progress is called with a stage name other than the
// previous call's, or with done == 0 after the stage's end (a learner
// running a step again under its name: anchor-kl's RecoverL2 screen, then
// RecoverKL, both "recover"), and ends at its first report of done >=
// total > 0; other reports after its end are ignored. Lines are
// written only when Progress is called: a stage that reports nothing for
// a minute gets no line in that minute. Control characters and other
// unsafe runes of stage names are escaped (a line feed as \n), so that a
// name cannot break or forge a line. now is the clock, time.Now but in
// tests. The Progress keeps state and, as every Progress, must not be
// called concurrently; errors writing to w are ignored. Time O(1) per
// call.
func LogProgress(w io.Writer, now func() time.Time) Progress {
	var (
		stage         string
		started, last time.Time
		finished      bool
	)
	return func(s string, done, total int) {
		t := now()
		if s != stage || finished && done == 0 {
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
			if elapsed >= LogInterval {
				fmt.Fprintf(w, "%s: done in %s\n", textsafe.Escape(s), elapsed.Round(time.Second/10))
			}
		case t.Sub(last) >= LogInterval:
			last = t
			fmt.Fprintf(w, "%s: %s\n", textsafe.Escape(s), progressLine(done, total, elapsed))
		}
	}
}

// progressLine describes a stage that has done done of total in elapsed:
// the share done, the rate and, when it can be estimated, the time left.
func progressLine(done, total int, elapsed time.Duration) string {
	rate := float64(done) / elapsed.Seconds()
	line := fmt.Sprintf("%d of %d (%.1f%%), %.4g/s", done, total, 100*float64(done)/float64(max(total, 1)), rate)
	if rate > 0 && total > done {
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	return line
}
