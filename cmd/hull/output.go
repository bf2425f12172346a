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

// A topic's marked word is the one word a learner singles out for it: its
// anchor word (model.Model.Anchors: the anchor learners' anchor words and
// the projection learners' representative novel words, which are anchor
// words by another name) or, for a learner without anchors, the first of
// its characteristic words (model.Model.TopicWords), named by what they
// are. Learners without either mark no word.
const anchorKind = "anchor"

// characteristicKinds names the characteristic words of the learners that
// record them without anchors; another learner's are "characteristic
// word".
var characteristicKinds = map[string]string{
	"tsvd":  "catchword",   // Bansal et al.: frequent in its topic, rarer in every other
	"score": "vertex word", // Ke: nearest the topic's vertex of the simplex
}

// markKind returns the kind of m's marked words: anchorKind, a
// characteristic kind, or "" when m marks none.
func markKind(m *model.Model) string {
	switch {
	case len(m.Anchors) == m.K:
		return anchorKind
	case len(m.TopicWords) == m.K:
		if kind, ok := characteristicKinds[m.Algorithm]; ok {
			return kind
		}
		return "characteristic word"
	}
	return ""
}

// markedWord returns the marked word of topic k (see markKind), -1 for
// none.
func markedWord(m *model.Model, k int) int {
	switch {
	case len(m.Anchors) == m.K:
		return m.Anchors[k]
	case len(m.TopicWords) == m.K && len(m.TopicWords[k]) > 0:
		return m.TopicWords[k][0]
	}
	return -1
}

// printTopics prints one line per topic, the same shape for every
// learner: "topic N", the topic's share of the tokens p(z) ("-" where the
// model does not know it), its top words and, where the learner marks a
// word (markKind), "(KIND *word*)", the word also between stars among the
// top words when it is one of them. Words are escaped by textsafe.Escape.
func printTopics(w io.Writer, m *model.Model, top int) {
	kind := markKind(m)
	for k := 0; k < m.K; k++ {
		mark := markedWord(m, k)
		words := make([]string, 0, top+1)
		for _, i := range m.TopWords(k, top) {
			if i == mark {
				words = append(words, "*"+textsafe.Escape(m.Vocab[i])+"*")
			} else {
				words = append(words, textsafe.Escape(m.Vocab[i]))
			}
		}
		if mark >= 0 {
			words = append(words, "("+kind+" *"+textsafe.Escape(m.Vocab[mark])+"*)")
		}
		share := "     -"
		if len(m.TopicWeights) == m.K {
			share = fmt.Sprintf("%5.1f%%", 100*m.TopicWeights[k])
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("topic %2d %s  %s", k+1, share, strings.Join(words, " ")), " "))
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
