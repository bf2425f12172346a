package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// printTopics prints one line per topic, the same shape for every
// learner: "topic N", the topic's share of the tokens p(z) ("-" where the
// model does not know it), its top words and, where the learner marks a
// word (model.Model.MarkedWord), "(KIND *word*)" with KIND its
// model.Model.MarkKind, the word also between stars among the top words
// when it is one of them. Words are escaped by textsafe.Data.
func printTopics(w io.Writer, m *model.Model, top int) { printTopicsDocs(w, m, top, topicsShown{}) }

// topicsShown is what "hull topics" shows of each topic: its words where
// not the most probable, and under it the labels of the documents it
// dominates and its documents, of corpus c.
type topicsShown struct {
	c  *corpus.Corpus
	ev export.TopicEvidence
}

// printTopicsDocs is printTopics with, under each topic, what shown has of
// it: a line of its documents' labels, then one line a document: the
// topic's weight in it, its id and its excerpt, else its most frequent
// words in the model.
func printTopicsDocs(w io.Writer, m *model.Model, top int, shown topicsShown) {
	kind := m.MarkKind()
	if m.Refined() {
		kind = "refined from " + kind
	}
	for k := 0; k < m.K; k++ {
		mark := m.MarkedWord(k)
		words := make([]string, 0, min(top, len(m.Vocab))+1)
		topWords := m.TopWords(k, top)
		if shown.ev.Words != nil {
			topWords = shown.ev.Words[k]
		}
		for _, i := range topWords {
			if i == mark {
				words = append(words, "*"+textsafe.Data(m.Vocab[i])+"*")
			} else {
				words = append(words, textsafe.Data(m.Vocab[i]))
			}
		}
		if mark >= 0 {
			words = append(words, "("+kind+" *"+textsafe.Data(m.Vocab[mark])+"*)")
		}
		share := "     -"
		if len(m.TopicWeights) == m.K {
			share = fmt.Sprintf("%5.1f%%", 100*m.TopicWeights[k])
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("topic %2d %s  %s", k+1, share, strings.Join(words, " ")), " "))
		if shown.ev.Labels != nil {
			fmt.Fprintf(w, "    labels: %s\n", labelSummary(shown.ev.Labels[k]))
		}
		if shown.ev.Docs != nil {
			for _, td := range shown.ev.Docs[k] {
				fmt.Fprintf(w, "    %.3f  %s  %s%s\n", td.Weight, textsafe.Data(td.ID), docSummary(m, shown.c, td), nearCopies(td.Copies))
			}
		}
	}
}

// noteEmptyDocs says on w that the documents of c that are empty, or
// marked in unexplained (nil: none), have no word of weight in a topic of
// the model (none it knows, or only words of weight 0 in every topic:
// infer.UnexplainedDocs), naming the first three by their ids (quoted
// as Go quotes them), and what becomes of them.
func noteEmptyDocs(w io.Writer, c *corpus.Corpus, unexplained []bool, what string) {
	var named []string
	n := 0
	for d := range c.NumDocs() {
		if c.Empty(d) || unexplained != nil && unexplained[d] {
			if n++; n <= 3 {
				named = append(named, strconv.Quote(c.DocIDs[d]))
			}
		}
	}
	if n == 0 {
		return
	}
	verb := "have"
	if n == 1 {
		verb = "has"
	}
	if n > 3 {
		named = append(named, "...")
	}
	fmt.Fprintf(w, "note: %s %s no word of weight in the model's topics (%s); such documents %s\n", documents(n, "document"), verb, strings.Join(named, ", "), what)
}

// nearCopies returns what a document line says of the near-copies
// passed over for it: "  (+2 near-copies)", or nothing.
func nearCopies(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "  (+1 near-copy)"
	}
	return fmt.Sprintf("  (+%d near-copies)", n)
}

// labelSummary returns the labels of a topic's documents as
// "earn 61% (190), acq 12% (37) of 312 labelled documents".
func labelSummary(tl eval.TopicLabels) string {
	if tl.Docs == 0 {
		return "it is the dominant topic of no labelled document"
	}
	parts := make([]string, len(tl.Labels))
	for i, l := range tl.Labels {
		parts[i] = fmt.Sprintf("%s %.0f%% (%d)", textsafe.Data(l.Label), 100*float64(l.Docs)/float64(tl.Docs), l.Docs)
	}
	return fmt.Sprintf("%s of %s", strings.Join(parts, ", "), documents(tl.Docs, "labelled document"))
}

// documents returns n and noun, in the plural unless n is 1.
func documents(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// printLabelTopics prints, one line a label, its documents' mean topic
// weights, the top largest ("by label" of hull topics); nothing for none.
func printLabelTopics(w io.Writer, byLabel []eval.LabelTopics, top int) {
	if len(byLabel) == 0 {
		return
	}
	fmt.Fprintf(w, "by label: the mean topic weights of each label's documents, the %d largest\n", top)
	for _, lt := range byLabel {
		parts := make([]string, 0, top)
		for _, k := range topn.Indices(len(lt.Shares), top, func(k int) float64 { return lt.Shares[k] }) {
			parts = append(parts, fmt.Sprintf("topic %d %.0f%%", k+1, 100*lt.Shares[k]))
		}
		fmt.Fprintf(w, "    %s (%s): %s\n", textsafe.Data(lt.Label), documents(lt.Docs, "document"), strings.Join(parts, ", "))
	}
}

// docSummary returns what shows a document to a reader: its excerpt,
// else its most frequent words in the model, with their counts; escaped
// (textsafe: the words as data, the text as text).
func docSummary(m *model.Model, c *corpus.Corpus, td infer.TopicDoc) string {
	if td.Text != "" {
		return textsafe.Escape(td.Text)
	}
	words, counts := c.FrequentTerms(td.Doc, 10)
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = fmt.Sprintf("%s ×%d", textsafe.Data(m.Vocab[w]), counts[i])
	}
	return strings.Join(parts, ", ")
}

// printTimings prints the time of each stage, the total and the peak
// resident memory of the process.
func printTimings(w io.Writer, timings []model.Timing, total time.Duration) {
	parts := make([]string, len(timings))
	for i, t := range timings {
		parts[i] = fmt.Sprintf("%s %s", t.Stage, fmtSeconds(t.Seconds))
	}
	fmt.Fprintf(w, "time: %s; total %s", strings.Join(parts, ", "), fmtSeconds(total.Seconds()))
	if rss := memory.PeakRSS(); rss > 0 {
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

// logWriter is where a command writes its progress and notes: stderr, or
// nowhere with --quiet. Errors go to stderr either way.
func logWriter(cmd *cobra.Command, quiet bool) io.Writer {
	if quiet {
		return io.Discard
	}
	return cmd.ErrOrStderr()
}

// checkOutput checks, before any work, that the -o file path can be
// written and is none of inputs, the files the command reads. "-", which
// names standard input as INPUT, is refused rather than written as a file
// of that name.
func checkOutput(path string, inputs ...string) error {
	if path == "-" {
		return errors.New(`-o -: hull writes no file named "-" (standard output is where a command prints without -o; ./- names such a file)`)
	}
	if err := atomicfile.Check(path, inputs...); err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	return nil
}

// undoOnError calls undo (removing an output directory made before the
// work) when the command fails: deferred with the command's named error.
func undoOnError(err *error, undo func()) {
	if *err != nil {
		undo()
	}
}
