package main

import (
	"fmt"
	"time"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/report"
	"github.com/spf13/cobra"
)

func newTopicsCmd() *cobra.Command {
	var f topicsFlags
	cmd := &cobra.Command{
		Use:   "topics MODEL [INPUT...]",
		Short: "Print the top words of each topic of a saved model",
		Long: `Print the top words of each topic of a saved model, one line per topic in the
same shape whatever the learner:

  topic  N  SHARE%  word word ... (KIND *word*)

SHARE is the topic's share of the corpus's tokens, p(z), where the model knows
it ("-" where it does not: score, tsvd). The last part is there only where the
learner singles out one word per topic, named by what it is:
  anchor               anchor, anchor-kl, recover: the topic's anchor word, a
                       word of that topic alone; binning, ddp, rp: the
                       representative of its cluster of novel words (novel
                       words are anchor words by another name)
  catchword            tsvd: its first catchword, frequent in that topic and
                       rarer in every other
  vertex word          score: the word nearest its vertex of the simplex (a
                       characteristic word, not an anchor: no word need
                       reach a vertex)
The word is also between *stars* among the top words when it is one of them.
gibbs, vb, kmeans and projector single out no word. Where the topics were
refined after the learner found them (the refinement of noisy topics, or
anchor's rectified fit), the part reads (refined from KIND *word*): the word
the topic started from, which the refined topic need not favour.

--lambda L lists instead each topic's words of highest relevance (Sievert and
Shirley 2014, as "hull report"'s slider): L log p(w|z) + (1 - L) log(p(w|z) /
p(w)), where p(w) is the words' share of the corpus (with INPUT, from the
topics' shares of its tokens; without, from the model's p(z) or alpha). At 1,
the default, the words are the most probable; lower values favour the words
more frequent in the topic than in the corpus over the corpus's frequent words
("year", "new", "said"): 0.6 is the value Sievert and Shirley found best for
readers.

--json prints {"k", "vocab_size", "characteristic_kind"?, "refined"?, "lambda"?,
"topics": [{"id", "share", "words", "weights", "anchor"?, "characteristic"?}]}:
share is null where unknown; anchor is the anchor word where the learner has
one; otherwise characteristic is the marked word and characteristic_kind its
kind ("catchword", "vertex word"); refined is true where the topics were
refined from those. Topic ids count from 0, the text's from 1.

With INPUT (read as by "hull infer": same format flags, raw text prepared as
the model records; aligned to the model's vocabulary), the topics' weights in
each document are inferred under the model's prior, and each topic's line is
followed by its --top-docs (3) documents of highest weight, one a line: the
topic's weight in it, its id and, for raw text, its first --excerpt (100)
characters, cleaned as they are tokenized and cut at a word; for the numeric
formats, which keep no text, its most frequent words in the model. A document
whose word counts have cosine similarity --near-copy (0.9) or more with those
of one shown above it is passed over and counted on it, "(+2 near-copies)",
the count covering the documents ranked above the topic's last one shown: news
wires repeat stories and fill templates (0: show every document). Documents
with no word of the model, or none of positive weight in a topic, are left out
(their weights are the prior's), and counted in a note on stderr. With
--labels FILE (id<TAB>label lines, as for "hull eval"), the topic's line is
first followed by the labels of the labelled documents whose dominant topic
it is: the --top-labels (3) most frequent, with their counts and shares; and
with --by-label, the topics are followed by the converse, one line a label:
its documents' mean topic weights, the --top-labels largest (what each class
or group of the corpus is about).
With --json each topic also has "docs": [{"id", "weight", "text"?,
"near_copies"?}] and,
with --labels, "labels": {"docs", "labels": [{"label", "docs"}]}; --by-label
adds "by_label": [{"label", "docs", "shares": [K weights]}].

A word's, id's or text's control and bidirectional characters are printed
escaped, as Go quotes them (ESC as \x1b, U+202E as \u202e), so that no
corpus text can drive the terminal; a word's, id's or label's backslashes
are doubled, so that two of them never print alike. With --json they are
JSON escapes (\u001b, \u202e) of the same text.`,
		Example: `  hull topics kos.json
  hull topics reuters.json ../shared/data/reuters/reuters-train.jsonl.gz --top-docs 2   # with the text of 2 documents each`,
		Args: positional(1, -1, "MODEL, then optionally INPUT files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTopics(cmd, args[0], args[1:], &f)
		},
	}
	fs := cmd.Flags()
	fs.IntVar(&f.top, "top", 10, "top words per topic (0: none, only each topic's share and anchor)")
	fs.BoolVar(&f.json, "json", false, `print {"k":..,"vocab_size":..,"topics":[{"id":..,"share":..,"words":[..],"weights":[..]}]} (see above)`)
	fs.Float64Var(&f.lambda, "lambda", 1, "rank the top words by relevance at this weight (1: by probability; 0.6: Sievert and Shirley's advice)")
	fs.IntVar(&f.topDocs, "top-docs", 3, "with INPUT: documents of highest weight shown under each topic")
	fs.IntVar(&f.excerpt, "excerpt", 100, "with raw-text INPUT: the first N characters of each document shown (0: its words instead)")
	fs.Float64Var(&f.nearCopy, "near-copy", infer.DefaultNearCopy, "with INPUT: pass over a document whose word counts have at least this cosine similarity with one shown above it (0: show all)")
	fs.StringVar(&f.labels, "labels", "", "with INPUT: id<TAB>label file: under each topic, the labels of the documents it dominates")
	fs.IntVar(&f.topLabels, "top-labels", 3, "with --labels: labels shown a topic (and topics a label with --by-label)")
	fs.BoolVar(&f.byLabel, "by-label", false, "with --labels: also each label's documents' mean topic weights")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the output")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress, notes or times on stderr (with INPUT; without, topics prints none)")
	f.input.bind(fs)
	f.input.pruneOnlyByFlags()
	return cmd
}

// topicsFlags are the flags of "hull topics".
type topicsFlags struct {
	top  int
	json bool
	// lambda is the --lambda relevance weight of the top words.
	lambda  float64
	topDocs int
	excerpt int
	// nearCopy is the --near-copy similarity (infer.TopicDocs).
	nearCopy float64
	// labels is the --labels file, topLabels how many labels a topic shows.
	labels    string
	topLabels int
	byLabel   bool
	threads   int
	quiet     bool
	input     inputFlags
}

func runTopics(cmd *cobra.Command, modelPath string, inputs []string, f *topicsFlags) error {
	if err := f.check(cmd, len(inputs) > 0); err != nil {
		return err
	}
	m, labels, err := loadModelLabels(modelPath, f.labels, inputs, cmd.UseLine())
	if err != nil {
		return err
	}
	var shown topicsShown
	if len(inputs) > 0 {
		start := time.Now()
		stderr := logWriter(cmd, f.quiet)
		f.input.excerpt, f.input.excerptGiven = f.excerpt, cmd.Flags().Changed("excerpt")
		var theta [][]float64
		var timings []model.Timing
		if shown.c, theta, timings, err = f.input.inferDocs(cmd.Context(), inputs, m, f.threads, stderr, newProgress(stderr)); err != nil {
			return err
		}
		if shown.ev.Docs, err = infer.TopicDocs(shown.c, theta, m.K, f.topDocs, f.nearCopy); err != nil {
			return err
		}
		if labels != nil {
			classes, names, err := labelClasses(f.labels, labels, shown.c)
			if err != nil {
				return err
			}
			if shown.ev.Labels, err = eval.LabelsOfTopics(infer.DominantOfDocs(shown.c, theta), classes, names, m.K, f.topLabels); err != nil {
				return err
			}
			if f.byLabel {
				if shown.ev.ByLabel, err = eval.TopicsOfLabels(theta, classes, names); err != nil {
					return err
				}
			}
		}
		printTimings(stderr, timings, time.Since(start))
		if f.lambda != 1 {
			shown.ev.Words = relevantWords(m, report.TokenShares(shown.c, theta, m.K), f.lambda, f.top)
		}
	} else if f.lambda != 1 {
		shares, _ := report.ModelShares(m)
		shown.ev.Words = relevantWords(m, shares, f.lambda, f.top)
	}
	shown.ev.Lambda = f.lambda
	if f.json {
		return export.WriteTopicsEvidenceJSON(cmd.OutOrStdout(), m, f.top, shown.ev)
	}
	printTopicsDocs(cmd.OutOrStdout(), m, f.top, shown)
	printLabelTopics(cmd.OutOrStdout(), shown.ev.ByLabel, f.topLabels)
	return nil
}

// check validates the flags before any work: those of the documents only
// with INPUT.
func (f *topicsFlags) check(cmd *cobra.Command, withInput bool) error {
	switch {
	case f.top < 0:
		return fmt.Errorf("--top %d: want >= 0", f.top)
	case !(f.lambda >= 0 && f.lambda <= 1):
		return fmt.Errorf("--lambda %v: want 0 to 1 (1: the most probable words)", f.lambda)
	case f.topDocs < 1:
		return fmt.Errorf("--top-docs %d: want >= 1 (without INPUT no document is shown)", f.topDocs)
	case f.excerpt < 0 || f.excerpt > report.MaxExcerpt:
		return fmt.Errorf("--excerpt %d: want 0 to %d (0: the words instead)", f.excerpt, report.MaxExcerpt)
	case !(f.nearCopy >= 0 && f.nearCopy <= 1):
		return fmt.Errorf("--near-copy %v: want 0 to 1 (0: show every document)", f.nearCopy)
	case f.topLabels < 1:
		return fmt.Errorf("--top-labels %d: want >= 1", f.topLabels)
	case f.threads < 0:
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	}
	if f.top == 0 {
		if err := unusedFlags(cmd.Flags(), "--top 0 shows no words to rank", "lambda"); err != nil {
			return err
		}
	}
	if withInput {
		if f.labels == "" {
			if err := unusedFlags(cmd.Flags(), "it is for --labels, and none is given", "top-labels", "by-label"); err != nil {
				return err
			}
		}
		return f.input.check()
	}
	if err := unusedFlags(cmd.Flags(), "it is for the documents of INPUT, and none is given", "top-docs", "excerpt", "near-copy", "labels", "top-labels", "by-label", "threads"); err != nil {
		return err
	}
	return f.input.unused("they say how to read INPUT, and none is given")
}

// relevantWords returns the top most relevant words of each topic of m at
// lambda, p(w) from the topics' shares of the tokens.
func relevantWords(m *model.Model, shares []float64, lambda float64, top int) [][]int {
	pw := report.Marginal(m, shares)
	words := make([][]int, m.K)
	for k := range words {
		words[k] = report.TopRelevant(m, pw, k, lambda, top)
	}
	return words
}
