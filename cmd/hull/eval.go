package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// evalFlags are the flags of "hull eval".
type evalFlags struct {
	truth     string
	heldout   string
	reference string
	top       int
	asJSON    bool
	seed      uint64
	threads   int
	input     inputFlags
	// recoveredAt is the --recovered-at threshold, nil when not given.
	recoveredAt *float64
}

func newEvalCmd() *cobra.Command {
	var f evalFlags
	var recoveredAt float64
	cmd := &cobra.Command{
		Use:   "eval MODEL",
		Short: "Measure a model: recovery of a truth, held-out perplexity, coherence, unique words",
		Long: `Measure a saved model. Each measure applies when its input is given:

  --truth TRUTH.json   l1 recovery (Hungarian matching on l1 distance; mean and max
                       over topics) and cosine recovery (max-weight matching; mean)
  --recovered-at T     with --truth: how many true topics the cosine matching pairs
                       with a learned topic at cosine >= T (e.g. 0.9, as Ding et al.
                       count the Swimmer topics); JSON keys "recovered" and
                       "recovered_threshold". The models may then have different
                       K (l1 and cosine recovery are left out)
  --heldout INPUT      held-out perplexity by document completion: half of each
                       document's tokens (at random, seeded) are observed, the topic
                       mixture is inferred from them by variational inference, and
                       the other half is scored; perplexity = exp(-loglik / tokens)
  --reference INPUT    UMass and NPMI coherence of each topic's top words, counted
                       on the reference corpus (mean over topics)

Unique words (how many of a topic's top words are in no other topic's top words,
mean over topics) is always reported. INPUT is read as by "hull fit" (same format
flags) and aligned to the model's vocabulary by word.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("recovered-at") {
				if f.truth == "" {
					return errors.New("--recovered-at needs --truth: the true model whose topics are counted")
				}
				f.recoveredAt = &recoveredAt
			}
			return runEval(cmd, args[0], &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.truth, "truth", "", "true model (e.g. truth.json from hull synth)")
	fs.Float64Var(&recoveredAt, "recovered-at", eval.DefaultRecoveredAt, "with --truth: count the true topics matched at cosine >= this")
	fs.StringVar(&f.heldout, "heldout", "", "held-out documents for perplexity")
	fs.StringVar(&f.reference, "reference", "", "reference corpus for coherence")
	fs.IntVar(&f.top, "top", 10, "top words per topic for coherence and unique words")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object with the measures that apply")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the held-out split and inference")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	f.input.bind(fs)
	return cmd
}

// measures holds the measures of one model; nil fields do not apply.
type measures struct {
	L1Mean         *float64 `json:"l1_mean,omitempty"`
	L1Max          *float64 `json:"l1_max,omitempty"`
	CosineMean     *float64 `json:"cosine_mean,omitempty"`
	Perplexity     *float64 `json:"perplexity,omitempty"`
	CoherenceUMass *float64 `json:"coherence_umass,omitempty"`
	CoherenceNPMI  *float64 `json:"coherence_npmi,omitempty"`
	UniqueWords    *float64 `json:"unique_words,omitempty"`
	// Recovered and RecoveredThreshold are set by --recovered-at only.
	Recovered          *float64 `json:"recovered,omitempty"`
	RecoveredThreshold *float64 `json:"recovered_threshold,omitempty"`
	recoveredOf        int      // the number of true topics
	estimator          string
}

func runEval(cmd *cobra.Command, path string, f *evalFlags) error {
	m, err := model.Load(path)
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	ms, err := measure(cmd.Context(), m, f, stderr)
	if err != nil {
		return err
	}
	if f.asJSON {
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(ms)
	}
	printMeasures(cmd.OutOrStdout(), ms)
	return nil
}

// measure computes every measure whose input is given in f.
func measure(ctx context.Context, m *model.Model, f *evalFlags, log io.Writer) (*measures, error) {
	var ms measures
	if f.truth != "" {
		truth, err := model.Load(f.truth)
		if err != nil {
			return nil, err
		}
		if m.K != truth.K && f.recoveredAt != nil {
			fmt.Fprintf(log, "eval: the model has %d topics and the truth %d: l1 and cosine recovery need equal K, only --recovered-at is measured\n", m.K, truth.K)
		} else {
			l1, err := eval.L1Recovery(m, truth)
			if err != nil {
				return nil, err
			}
			cos, err := eval.CosineRecovery(m, truth)
			if err != nil {
				return nil, err
			}
			ms.L1Mean, ms.L1Max, ms.CosineMean = &l1.Mean, &l1.Max, &cos.Mean
		}
		if f.recoveredAt != nil {
			r, err := eval.RecoveredAt(m, truth, *f.recoveredAt)
			if err != nil {
				return nil, err
			}
			n := float64(r.Count)
			ms.Recovered, ms.RecoveredThreshold, ms.recoveredOf = &n, &r.Threshold, truth.K
		}
	}
	if f.heldout != "" {
		c, err := f.input.readAligned(f.heldout, m, log)
		if err != nil {
			return nil, err
		}
		p, err := eval.DocumentCompletion(ctx, m, c, eval.PerplexityOptions{
			Infer: infer.Options{Method: infer.VB, Seed: f.seed, Threads: f.threads}, Seed: f.seed})
		if err != nil {
			return nil, err
		}
		ms.Perplexity, ms.estimator = &p.Perplexity, p.Estimator
	}
	if f.reference != "" {
		c, err := f.input.readAligned(f.reference, m, log)
		if err != nil {
			return nil, err
		}
		coh, err := eval.TopicCoherence(m, c, f.top)
		if err != nil {
			return nil, err
		}
		ms.CoherenceUMass, ms.CoherenceNPMI = &coh.UMass, &coh.NPMI
	}
	unique, _ := eval.UniqueWords(m, f.top)
	ms.UniqueWords = &unique
	return &ms, nil
}

// readAligned reads INPUT with the input flags and aligns it to m's
// vocabulary, reporting unknown words on log.
func (in *inputFlags) readAligned(path string, m *model.Model, log io.Writer) (*corpus.Corpus, error) {
	c, err := corpus.Read([]string{path}, corpus.ReadOptions{Format: corpus.Format(in.format), Vocab: in.vocab, Text: in.textOptions()})
	if err != nil {
		return nil, err
	}
	aligned, rep := corpus.Align(c, m.Vocab)
	if rep.DroppedTokens > 0 {
		fmt.Fprintf(log, "%s: %d words (%d tokens) not in the model's vocabulary were ignored\n", path, rep.UnknownWords, rep.DroppedTokens)
	}
	if rep.Tokens == 0 {
		return nil, fmt.Errorf("%s: no word of the input is in the model's vocabulary", path)
	}
	return aligned, nil
}

func printMeasures(w io.Writer, ms *measures) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	row := func(name string, v *float64, note string) {
		if v != nil {
			fmt.Fprintf(tw, "%s\t%.4f\t%s\n", name, *v, note)
		}
	}
	row("l1_mean", ms.L1Mean, "mean l1 distance to the matched true topic (0 best, 2 worst)")
	row("l1_max", ms.L1Max, "largest matched l1 distance")
	row("cosine_mean", ms.CosineMean, "mean cosine similarity to the matched true topic (1 best)")
	row("perplexity", ms.Perplexity, ms.estimator)
	row("coherence_umass", ms.CoherenceUMass, "UMass coherence of the top words, mean over topics (higher is better)")
	row("coherence_npmi", ms.CoherenceNPMI, "NPMI of the top words, mean over topics (-1 to 1, higher is better)")
	row("unique_words", ms.UniqueWords, "top words in no other topic's top words, mean over topics")
	if ms.Recovered != nil {
		fmt.Fprintf(tw, "recovered\t%d\tof the %d true topics matched at cosine >= %g\n", int(*ms.Recovered), ms.recoveredOf, *ms.RecoveredThreshold)
	}
	tw.Flush()
}
