package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
)

// printTopics prints each topic's top words, the anchor word between
// stars (or after the list when it is not among the top words), each word
// escaped by textsafe.Escape.
func printTopics(w io.Writer, m *model.Model, top int) {
	for k := 0; k < m.K; k++ {
		anchor := -1
		if len(m.Anchors) == m.K {
			anchor = m.Anchors[k]
		}
		words := make([]string, 0, top+1)
		shown := false
		for _, i := range m.TopWords(k, top) {
			if i == anchor {
				words = append(words, "*"+textsafe.Escape(m.Vocab[i])+"*")
				shown = true
			} else {
				words = append(words, textsafe.Escape(m.Vocab[i]))
			}
		}
		if anchor >= 0 && !shown {
			words = append(words, "(anchor *"+textsafe.Escape(m.Vocab[anchor])+"*)")
		}
		share := ""
		if len(m.TopicWeights) == m.K {
			share = fmt.Sprintf(" %5.1f%%", 100*m.TopicWeights[k])
		}
		fmt.Fprintf(w, "topic %2d%s  %s\n", k+1, share, strings.Join(words, " "))
	}
}

// printTimings prints the time of each stage, the total and the peak
// resident memory of the process.
func printTimings(w io.Writer, timings []model.Timing, total time.Duration) {
	parts := make([]string, len(timings))
	for i, t := range timings {
		parts[i] = fmt.Sprintf("%s %s", t.Stage, fmtSeconds(t.Seconds))
	}
	fmt.Fprintf(w, "time: %s; total %s", strings.Join(parts, ", "), fmtSeconds(total.Seconds()))
	if rss := peakRSS(); rss > 0 {
		fmt.Fprintf(w, "; peak RSS %s", memory.Format(rss))
	}
	fmt.Fprintln(w)
}

func fmtSeconds(s float64) string {
	if s < 1 {
		return fmt.Sprintf("%.0fms", s*1000)
	}
	return fmt.Sprintf("%.2fs", s)
}
