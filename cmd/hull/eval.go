package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// evalFlags are the flags of "hull eval".
type evalFlags struct {
	truth     string
	heldout   string
	reference string
	labels    string
	top       int
	asJSON    bool
	seed      uint64
	threads   int
	input     inputFlags
	// recoveredAt is the --recovered-at threshold, nil when not given.
	recoveredAt *float64
	// ignoreDigest scores against --truth whatever corpus it records.
	ignoreDigest bool
	quiet        bool
}

func newEvalCmd() *cobra.Command {
	var f evalFlags
	var recoveredAt float64
	cmd := &cobra.Command{
		Use:   "eval MODEL",
		Short: "Measure a model: recovery of a truth, held-out perplexity, coherence, unique words, topic health",
		Long: `Measure a saved model. Each measure applies when its input is given:

  --truth TRUTH.json   l1 recovery (Hungarian matching on l1 distance; mean and max
                       over topics) and cosine recovery (max-weight matching; mean).
                       The truth must record the digest of the corpus the model was
                       fitted on, as hull synth's truth.json and "hull fit DIR/docword.txt"
                       do; pruning, stop words or --stem change the corpus fitted and
                       its digest: --ignore-digest scores anyway. Another model
                       fitted on the same corpus is a truth too: the figures then
                       say how alike the two are (seeds, learners, K)
  --recovered-at T     with --truth: how many true topics the cosine matching pairs
                       with a learned topic at cosine >= T (e.g. 0.9, as Ding et al.
                       count the Swimmer topics); JSON keys "recovered" and
                       "recovered_threshold". The models may then have different
                       K (l1 and cosine recovery are left out)
  --heldout INPUT      held-out perplexity by document completion: half of each
                       document's tokens (at random, seeded) are observed, the topic
                       mixture is inferred from them by variational inference, and
                       the other half is scored; perplexity = exp(-loglik / tokens).
                       JSON keys "perplexity", "heldout_tokens" and
                       "heldout_docs" (scored), "skipped_docs" (fewer than 2
                       tokens) and "zero_prob_tokens" (held-out tokens of a word
                       no topic holds, scored at a floor: many of them make
                       the figure the floor's more than the model's)
  --reference INPUT    UMass and NPMI coherence of each topic's top words, counted
                       on the reference corpus (mean over topics), the
                       incoherent topics (NPMI below -0.02) and the least NPMI
                       of a topic (below -0.25: its top words shun one another)

  --labels FILE        with --reference or --heldout: NMI (normalised by the mean
                       of the entropies) and purity of each document's dominant
                       topic against its label; FILE holds id<TAB>label lines, the
                       ids those of the documents (unlabelled documents are left
                       out; "labelled_docs" says how many were used)

Unique words (how many of a topic's top words are in no other topic's top words,
mean over topics) is always reported, and so is the topics' health:
"distinct_words" (different words among the K x --top top words),
"near_duplicate_pairs" (topic pairs sharing at least half of their top words) and
"collapsed". With --reference (else --heldout) it adds, from each document's
dominant topic (variational inference, at most 20 updates per document),
"largest_topic_share" (share of the documents whose dominant topic is the largest
topic's), "rare_topics" (topics dominant in fewer than 0.5% of the documents, 1/(2K)
above K = 100), "effective_topics" (exp of the entropy of the topics' shares of the
documents: K when even, 1 when one topic takes them all) and "health_docs" (the
documents counted; "too_few_docs": true when fewer than 5 K or 50, too few to
judge the topics by, so that these figures give no sign). The topics have collapsed when more than a quarter of the
topic pairs are near-duplicates, fewer than 40% of the top words differ, one topic
is dominant in more than half the documents, more than half the topics are rare
or the documents spread over fewer than K/2 effective topics: then coherence,
UMass above all, does not make the model good. With --reference, a warning also
says when the topics are incoherent (more than a quarter of them below NPMI
-0.02, or one below -0.25) and what to try.
INPUT is read as by "hull fit" (same format flags) and aligned to the model's
vocabulary by word.

--json prints one object with the keys of the measures that apply, named as
in the table: "l1_mean", "l1_max", "cosine_mean" (--truth); "recovered",
"recovered_threshold" (--recovered-at); "perplexity", "heldout_tokens",
"heldout_docs", "skipped_docs", "zero_prob_tokens" (--heldout);
"coherence_umass", "coherence_npmi", "incoherent_topics", "least_topic_npmi",
"topic_npmi" (each topic's NPMI, in topic order), "unseen_top_words" (top
words in no reference document) and "skipped_umass_pairs" (the UMass terms
skipped for them) (--reference); "unique_words", "distinct_words",
"near_duplicate_pairs", "collapsed" (always); "largest_topic_share",
"rare_topics" (how many), "effective_topics", "health_docs" (--reference or
--heldout), "too_few_docs" (only when true); "nmi", "purity", "labelled_docs"
(--labels).`,
		Args: positional(1, 1, "one MODEL, the model to measure"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("recovered-at") {
				if f.truth == "" {
					return errors.New("--recovered-at needs --truth: the true model whose topics are counted")
				}
				f.recoveredAt = &recoveredAt
			}
			if err := f.checkUsed(cmd.Flags()); err != nil {
				return err
			}
			return runEval(cmd, args[0], &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.truth, "truth", "", "true model (e.g. truth.json from hull synth), or another model of the same corpus to compare with")
	fs.BoolVar(&f.ignoreDigest, "ignore-digest", false, "with --truth: score even when the truth records another corpus than the model")
	fs.Float64Var(&recoveredAt, "recovered-at", eval.DefaultRecoveredAt, "with --truth: count the true topics matched at cosine >= this (only when given)")
	fs.StringVar(&f.heldout, "heldout", "", "held-out documents for perplexity")
	fs.StringVar(&f.reference, "reference", "", "reference corpus for coherence")
	fs.StringVar(&f.labels, "labels", "", "id<TAB>label file: NMI and purity of the dominant topics of the --reference (else --heldout) documents")
	fs.IntVar(&f.top, "top", 10, "top words per topic for coherence, unique words and health")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object with the measures that apply (keys: see above)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the held-out split and inference")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no notes on stderr")
	f.input.bind(fs)
	f.input.hidePruning()
	return cmd
}

func runEval(cmd *cobra.Command, path string, f *evalFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	m, err := loadModel("", path)
	if err != nil {
		return err
	}
	if f.truth != "" {
		truth, err := loadModel("--truth", f.truth)
		if err != nil {
			return err
		}
		if !f.ignoreDigest {
			if err := checkTruthDigest(m.Provenance.InputDigest, truth, f.truth, logWriter(cmd, f.quiet)); err != nil {
				return err
			}
		}
		if truth.K != m.K && f.recoveredAt == nil {
			return fmt.Errorf("--truth %s has %d topics, the model %d: l1 and cosine recovery need equal K "+
				"(--recovered-at T counts the true topics matched at cosine >= T whatever K)", f.truth, truth.K, m.K)
		}
	}
	ms, err := measure(cmd.Context(), m, f, logWriter(cmd, f.quiet))
	if err != nil {
		return err
	}
	if f.asJSON {
		return printJSON(cmd.OutOrStdout(), ms)
	}
	printMeasures(cmd.OutOrStdout(), ms)
	fmt.Fprint(cmd.OutOrStdout(), healthWarning(ms.Health))
	return nil
}

// measure reads the inputs f names and computes the measures of m that
// apply.
func measure(ctx context.Context, m *model.Model, f *evalFlags, log io.Writer) (*eval.Measures, error) {
	o := eval.SuiteOptions{Top: f.top, Seed: f.seed, Threads: f.threads, Progress: newProgress(log)}
	if f.recoveredAt != nil {
		o.CountRecovered, o.RecoveredAt = true, *f.recoveredAt
	}
	var err error
	if f.truth != "" {
		if o.Truth, err = loadModel("--truth", f.truth); err != nil {
			return nil, err
		}
		if m.K != o.Truth.K && o.CountRecovered {
			fmt.Fprintf(log, "eval: the model has %d topics and the truth %d: l1 and cosine recovery need equal K, only --recovered-at is measured\n", m.K, o.Truth.K)
		}
	}
	if f.labels != "" {
		if f.reference == "" && f.heldout == "" {
			return nil, errors.New("--labels needs --reference or --heldout: the documents whose labels it gives")
		}
		if o.Labels, err = readLabels(f.labels); err != nil {
			return nil, err
		}
	}
	for _, in := range []struct {
		flag, path string
		c          **corpus.Corpus
	}{{"--heldout", f.heldout, &o.Heldout}, {"--reference", f.reference, &o.Reference}} {
		if in.path != "" {
			if _, *in.c, err = f.input.readAligned(ctx, []string{in.path}, m, noPruning, log, nil); err != nil {
				return nil, namingFlag(in.flag, err)
			}
		}
	}
	if o.Labels != nil {
		docs := o.Reference
		if docs == nil {
			docs = o.Heldout
		}
		// Before any measure, and naming the flag: eval.Measure finds
		// labels of no document only after the measures.
		if _, _, err := labelClasses(f.labels, o.Labels, docs); err != nil {
			return nil, err
		}
	}
	return eval.Measure(ctx, m, o)
}

// checkTruthDigest checks with eval.CheckTruthCorpus that the truth at
// path is of the corpus of digest (a model's InputDigest, or that of the
// corpus a command is about to fit), and says so in flags: a digest
// missing on either side gets a note on log and no error.
func checkTruthDigest(digest string, truth *model.Model, path string, log io.Writer) error {
	err := eval.CheckTruthCorpus(&model.Model{Provenance: model.Provenance{InputDigest: digest}}, truth)
	var mismatch *eval.CorpusMismatchError
	switch {
	case errors.Is(err, eval.ErrNoDigest):
		fmt.Fprintf(log, "note: the corpus fitted or --truth %s records no corpus digest: cannot check that the truth is of that corpus\n", textsafe.Escape(path))
		return nil
	case errors.As(err, &mismatch):
		return fmt.Errorf("--truth %s is of the corpus of digest %s, the corpus fitted is of digest %s: "+
			"the truth is not of the model's corpus (another corpus, or a synth directory written over halfway). "+
			"Pruning (--min-df, --max-df, --max-vocab), stop words, --stem or another --format change the corpus fitted, and its digest, too: "+
			"--ignore-digest scores anyway", path, mismatch.Truth, mismatch.Model)
	}
	return err
}

// pruning says how readAligned prunes its input.
type pruning int

const (
	noPruning    pruning = iota // never (the measures of eval)
	flagPruning                 // by the pruning flags only (infer: one new document has no document frequencies)
	modelPruning                // by the flags, else as the model's corpus was (diagnose: the corpus the model was fitted on)
)

// readAligned reads paths with the input flags, raw text prepared as the
// model records (useModelText), pruned as how says, and aligns the corpus
// to m's vocabulary, reporting on log the words the model lacks. It
// returns the corpus as read too.
func (in *inputFlags) readAligned(ctx context.Context, paths []string, m *model.Model, how pruning, log io.Writer, progress learner.Progress) (raw, aligned *corpus.Corpus, err error) {
	if err := in.useModelText(m); err != nil {
		return nil, nil, err
	}
	switch how {
	case noPruning:
		if raw, err = in.readMemo(paths, in.readOptions(ctx, progress)); err == nil {
			raw, err = in.dropStopWords(raw)
		}
	case flagPruning:
		raw, err = in.read(ctx, paths, log, progress, nil)
	case modelPruning:
		raw, err = in.read(ctx, paths, log, progress, modelPrune(m))
	}
	if err != nil {
		return nil, nil, err
	}
	if err := in.checkTextFlags(raw); err != nil {
		return nil, nil, err
	}
	aligned, rep := corpus.Align(raw, m.Vocab)
	name := strings.Join(paths, ", ")
	if name == stdinPath {
		name = "stdin"
	}
	if rep.Tokens == 0 {
		return nil, nil, fmt.Errorf("%s: no word of the input is in the model's vocabulary (%d words, %d tokens): is it the right model, and the right --vocab?",
			name, raw.NumWords(), rep.DroppedTokens)
	}
	if rep.DroppedTokens > 0 {
		fmt.Fprintf(log, "%s: aligned to the model's vocabulary: %d of %d words unknown, %d of %d tokens dropped\n",
			textsafe.Escape(name), rep.UnknownWords, raw.NumWords(), rep.DroppedTokens, rep.DroppedTokens+rep.Tokens)
	}
	return raw, aligned, nil
}

// readMemo reads paths with opts, or returns the corpus an earlier call
// read with the same options when in.memo keeps them ("hull bench"
// measures every model of one input on the same corpora).
func (in *inputFlags) readMemo(paths []string, opts corpus.ReadOptions) (*corpus.Corpus, error) {
	key := fmt.Sprintf("%q %q %q %+v %v %d %d", paths, opts.Format, opts.Vocab, opts.Text, opts.Strict, opts.MaxMemory, opts.Excerpt)
	if c := in.memo[key]; c != nil {
		return c, nil
	}
	c, err := readPaths(paths, opts)
	if err != nil {
		return nil, readError(err)
	}
	if in.memo != nil {
		in.memo[key] = c
	}
	return c, nil
}

func printMeasures(w io.Writer, ms *eval.Measures) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	row := func(name string, v *float64, note string) {
		if v != nil {
			fmt.Fprintf(tw, "%s\t%.4f\t%s\n", name, *v, note)
		}
	}
	row("l1_mean", ms.L1Mean, "mean l1 distance to the matched true topic (0 best, 2 worst)")
	row("l1_max", ms.L1Max, "largest matched l1 distance")
	row("cosine_mean", ms.CosineMean, "mean cosine similarity to the matched true topic (1 best)")
	row("perplexity", ms.Perplexity, "lower is better; "+ms.Estimator)
	if ms.HeldOutTokens != nil {
		fmt.Fprintf(tw, "heldout_tokens\t%d\tscored, in %d documents (skipped_docs %d: fewer than 2 tokens to split)\n", *ms.HeldOutTokens, *ms.HeldOutDocs, *ms.SkippedDocs)
		if *ms.ZeroProbTokens > 0 {
			fmt.Fprintf(tw, "zero_prob_tokens\t%d\tof them are of a word no topic holds, scored at the floor log(%g / V): the perplexity reflects the floor as much as the model\n",
				*ms.ZeroProbTokens, eval.DefaultEpsilon)
		}
	}
	row("coherence_umass", ms.CoherenceUMass, "UMass coherence of the top words, mean over topics of its sum over their pairs (higher is better)")
	row("coherence_npmi", ms.CoherenceNPMI, "NPMI of the top words, mean over topics (-1 to 1, higher is better)")
	if ms.IncoherentTopics != nil {
		fmt.Fprintf(tw, "incoherent_topics\t%d\ttopics with an NPMI below %g: their top words occur together less often than at random\n", *ms.IncoherentTopics, learner.IncoherentNPMI)
	}
	row("least_topic_npmi", ms.LeastTopicNPMI, fmt.Sprintf("the least NPMI of a topic (below %g: its top words shun one another)", learner.StronglyIncoherentNPMI))
	if ms.UnseenTopWords != nil && *ms.UnseenTopWords > 0 {
		fmt.Fprintf(tw, "unseen_top_words	%d	top words in no --reference document: UMass skips %d of its terms (the topics look better than they are), NPMI counts their pairs -1\n",
			*ms.UnseenTopWords, *ms.SkippedUMassPairs)
	}
	row("unique_words", ms.UniqueWords, "top words in no other topic's top words, mean over topics")
	if ms.Recovered != nil {
		fmt.Fprintf(tw, "recovered\t%d\tof the %d true topics matched at cosine >= %g\n", *ms.Recovered, ms.TrueK, *ms.RecoveredThreshold)
	}
	if h := ms.Health; h != nil {
		fmt.Fprintf(tw, "distinct_words\t%d\tdifferent words among the %d x %d top words\n", h.DistinctWords, h.K, h.Top)
		fmt.Fprintf(tw, "near_duplicate_pairs\t%d\tof the %d topic pairs share at least half of their top words\n", h.NearDuplicatePairs, h.Pairs)
		if h.Docs > 0 {
			fmt.Fprintf(tw, "largest_topic_share\t%.4f\tof the %d documents have topic %d as their dominant topic\n", h.LargestShare, h.Docs, h.LargestTopic+1)
			fmt.Fprintf(tw, "rare_topics\t%d\t%s\n", len(h.RareTopics), rareTopics(h))
			fmt.Fprintf(tw, "effective_topics\t%.2f\tof %d: the number of equally used topics that would spread the documents as evenly\n", h.EffectiveTopics, h.K)
		}
		verdict := "no\tno sign of collapse"
		if h.Collapsed {
			verdict = "yes\tsee the warning below"
		}
		if h.TooFewDocs {
			verdict += fmt.Sprintf(" (the documents are too few to judge %d topics by, their spread and coherence: want at least %d)", h.K, h.MinDocs)
		}
		fmt.Fprintf(tw, "collapsed\t%s\n", verdict)
	}
	if ms.NMI != nil {
		fmt.Fprintf(tw, "nmi\t%.4f\tof the dominant topics against the labels of %d documents (0 independent, 1 the same partition)\n", *ms.NMI, *ms.LabelledDocs)
		fmt.Fprintf(tw, "purity\t%.4f\tshare of those documents in their topic's most common label\n", *ms.Purity)
	}
	tw.Flush()
}

// printJSON prints v as indented JSON.
func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(textsafe.JSON(b), '\n')) // words and ids are untrusted: no raw control characters
	return err
}

// checkUsed refuses the flags of hull eval that the other flags given
// leave without use.
func (f *evalFlags) checkUsed(fs *pflag.FlagSet) error {
	if f.truth == "" {
		if err := unusedFlags(fs, "it is for --truth, and none is given", "ignore-digest"); err != nil {
			return err
		}
	}
	if f.heldout == "" {
		if err := unusedFlags(fs, "only --heldout draws random numbers (its split and inference)", "seed"); err != nil {
			return err
		}
		if f.reference == "" {
			if err := unusedFlags(fs, "it is for the inference on --heldout or --reference documents, and neither is given", "threads"); err != nil {
				return err
			}
			return f.input.unused("they say how to read --heldout and --reference, and neither is given")
		}
	}
	return f.input.unusedPruning()
}

// check validates the evaluation flags before anything is read.
func (f *evalFlags) check() error {
	if f.top < 1 {
		return fmt.Errorf("--top %d: want at least 1", f.top)
	}
	if f.threads < 0 {
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	}
	if x := f.recoveredAt; x != nil && !(*x > 0 && *x <= 1) {
		return fmt.Errorf("--recovered-at %v: want a cosine in (0, 1] (at 0 every true topic counts)", *x)
	}
	if f.heldout == stdinPath && f.reference == stdinPath {
		return errors.New("--heldout - and --reference -: standard input can be read once; give one of them a file")
	}
	return f.input.check()
}
