package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/tsvd"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/floats"
)

// diagnoseFlags are the flags of "hull diagnose".
type diagnoseFlags struct {
	model      string
	check      tsvd.AssumptionOptions // and the threads of inference
	prior      float64
	iterations int
	perTopic   bool
	words      int
	asJSON     bool
	quiet      bool
	input      inputFlags
}

func newDiagnoseCmd() *cobra.Command {
	var f diagnoseFlags
	cmd := &cobra.Command{
		Use:   "diagnose INPUT [MODEL]",
		Short: "Check the TSVD paper's assumptions (its Table 1) on a corpus under a model",
		Long: `Measure how far a corpus meets the assumptions of TSVD (Bansal, Bhattacharyya
and Kannan 2014, section 3.1), as the paper's Table 1 does (section 4.1), under
the topics of MODEL (a saved model, as the second argument or --model):

  dominant topic   share of the documents whose largest topic weight is
                   >= --dom-alpha (0.4) while every other is <= --dom-beta (0.3)
  nearly pure      share of the documents whose largest weight is >= 0.95 (1 - --delta)
  catchwords       share of the topics with at least one catchword: the documents
                   are clustered by their largest weight into T_1..T_K, then step 5
                   of TSVD finds each cluster's catchwords S_l with eps0 w0 =
                   --eps0/K (1/(3K)) and gamma = --gamma (2.3), as in section 4.1
  catchword freq.  the paper's footnote 6: (1/K) sum_l (1/|T_l|) sum_{i in S_l}
                   sum_{j in T_l} A_ij, A_ij = count / document length: the mean
                   total frequency of a topic's catchwords in its documents

The paper takes the document weights from 1000 sweeps of Gibbs sampling of
LDA on the corpus. Here they are inferred under MODEL's fixed topics by
variational inference (package infer, VB: the E-step of LDA, deterministic),
on INPUT pruned as the model's corpus was (--no-prune keeps every word) and
aligned to the model's vocabulary by word; the Dirichlet prior has total
concentration --prior, shaped like the model's alpha or topic weights when it
has them (default: the model's own alpha, else 0.1 K, as "hull infer").
Documents without any word of the model are left out of every share. Fit MODEL
with "hull fit --algo gibbs" to follow the paper, or with any algorithm to
check its topics.

When MODEL is a TSVD model fitted on INPUT (same corpus digest), the share of
documents whose TSVD dominant topic is their largest inferred weight is
reported too, and the share of topics with TSVD's own catchwords.`,
		Example: `  hull fit --algo gibbs -k 50 --max-vocab 2000 docword.nips.txt.gz -o nips-gibbs.json
  hull diagnose docword.nips.txt.gz nips-gibbs.json
  hull diagnose docword.kos.txt.gz --model kos.json --json`,
		Args: positional(1, 2, "INPUT, and optionally MODEL"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiagnose(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.model, "model", "", "the model (instead of the second argument)")
	fs.Float64Var(&f.check.Alpha, "dom-alpha", tsvd.DefaultCheckAlpha, "a dominant topic has weight at least this")
	fs.Float64Var(&f.check.Beta, "dom-beta", tsvd.DefaultCheckBeta, "while every other topic has weight at most this")
	fs.Float64Var(&f.check.Delta, "delta", tsvd.DefaultCheckDelta, "nearly pure documents have a topic of weight at least 1 - delta")
	fs.Float64Var(&f.check.Gamma, "gamma", tsvd.DefaultCheckGamma, "catchwords: g(i,l) > gamma g(i,l') for every other topic")
	fs.Float64Var(&f.check.Eps0, "eps0", tsvd.DefaultCheckEps0, "catchwords: g(i,l) is the floor(eps0 D/(2K))-th highest frequency of word i in cluster l")
	fs.Float64Var(&f.prior, "prior", 0, "total concentration sum_k alpha_k of the VB prior (0: the model's alpha, else 0.1 x K)")
	fs.IntVar(&f.iterations, "iterations", 0, "most VB updates per document (0: 100)")
	fs.IntVar(&f.check.Threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.BoolVar(&f.perTopic, "per-topic", false, "also print each topic's cluster size, catchword frequency and first catchwords")
	fs.IntVar(&f.words, "words", 8, "with --per-topic: catchwords shown per topic")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object (with every topic's catchwords)")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress bars or notes on stderr")
	f.input.bind(fs)
	f.input.asModel = true // INPUT is pruned as the model's corpus (modelPruning)
	fs.Lookup("no-prune").Usage = "keep every word of INPUT, of any format (default: INPUT is pruned as the model's corpus was)"
	return cmd
}

// validate checks every flag before any work. The flags show their
// defaults, so 0 is out of range where tsvd.AssumptionOptions would read it
// as the default.
func (f *diagnoseFlags) validate() error {
	c := f.check
	in := func(x, lo, hi float64, loOpen, hiOpen bool) bool {
		return (x > lo || !loOpen && x == lo) && (x < hi || !hiOpen && x == hi)
	}
	switch {
	case !in(c.Alpha, 0, 1, true, false):
		return fmt.Errorf("--dom-alpha %v: want a weight in (0, 1]", c.Alpha)
	case !in(c.Beta, 0, 1, true, false):
		return fmt.Errorf("--dom-beta %v: want a weight in (0, 1]", c.Beta)
	case !in(c.Delta, 0, 1, true, true):
		return fmt.Errorf("--delta %v: want in (0, 1): nearly pure documents have a topic of weight >= 1 - delta", c.Delta)
	case !(c.Gamma >= 1) || math.IsInf(c.Gamma, 1):
		return fmt.Errorf("--gamma %v: want a finite ratio >= 1: a catchword is gamma times more frequent in its topic than in any other", c.Gamma)
	case !in(c.Eps0, 0, 1, true, false):
		// The rank floor(eps0 D/(2K)) is then at most half a cluster's mean
		// size; above, it runs past the end of most clusters and no topic
		// has catchwords.
		return fmt.Errorf("--eps0 %v: want in (0, 1]: catchword frequencies are ranked within a cluster of about D/K documents, at rank floor(eps0 D/(2K))", c.Eps0)
	case !(f.prior >= 0) || math.IsInf(f.prior, 1):
		return fmt.Errorf("--prior %v: want a positive total concentration (or 0 for the default)", f.prior)
	case f.iterations < 0:
		return fmt.Errorf("--iterations %d: want a positive number (or 0 for 100)", f.iterations)
	case c.Threads < 0:
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", c.Threads)
	case f.words < 0:
		return fmt.Errorf("--words %d: want >= 0", f.words)
	}
	if err := c.Validate(); err != nil { // anything the library adds
		return fmt.Errorf("--dom-alpha, --dom-beta, --delta, --gamma, --eps0: %w", err)
	}
	return f.input.check()
}

// diagnosis is the output of "hull diagnose".
type diagnosis struct {
	Input                  string          `json:"input"`
	Model                  string          `json:"model"`
	Algorithm              string          `json:"algorithm"`
	K                      int             `json:"k"`
	Docs                   int             `json:"docs"`
	EmptyDocs              int             `json:"empty_docs"`
	DominantShare          float64         `json:"dominant_share"`
	PureShare              float64         `json:"pure_share"`
	TopicsWithCatchwords   float64         `json:"topics_with_catchwords"`
	MeanCatchwordFrequency float64         `json:"mean_catchword_frequency"`
	Settings               diagnoseConfig  `json:"settings"`
	Topics                 []diagnoseTopic `json:"topics"`
	// Only for a TSVD model fitted on INPUT.
	ModelTopicsWithCatchwords *float64 `json:"model_topics_with_catchwords,omitempty"`
	ModelDominantAgreement    *float64 `json:"model_dominant_agreement,omitempty"`
}

type diagnoseConfig struct {
	Alpha         float64 `json:"alpha"`
	Beta          float64 `json:"beta"`
	Delta         float64 `json:"delta"`
	Gamma         float64 `json:"gamma"`
	Eps0          float64 `json:"eps0"`
	CatchwordRank int     `json:"catchword_rank"`
	Weights       string  `json:"weights"`
	Prior         float64 `json:"prior_concentration"`
}

type diagnoseTopic struct {
	Topic              int      `json:"topic"`
	Docs               int      `json:"docs"`
	CatchwordFrequency float64  `json:"catchword_frequency"`
	Catchwords         []string `json:"catchwords"`
}

func runDiagnose(cmd *cobra.Command, args []string, f *diagnoseFlags) error {
	input, modelPath := args[0], f.model
	switch {
	case len(args) == 2 && f.model != "":
		return errors.New("give the model once: as the second argument or as --model")
	case len(args) == 2:
		modelPath = args[1]
	case modelPath == "":
		return errors.New("diagnose needs a MODEL: as the second argument or --model")
	}
	if err := f.validate(); err != nil {
		return err
	}
	if f.asJSON {
		if err := unusedFlags(cmd.Flags(), "--json prints every topic, with all its catchwords", "per-topic", "words"); err != nil {
			return err
		}
	} else if !f.perTopic {
		if err := unusedFlags(cmd.Flags(), "only --per-topic prints catchwords per topic", "words"); err != nil {
			return err
		}
	}
	stderr := logWriter(cmd, f.quiet)
	progress := newProgress(stderr)
	m, err := loadModelArg(modelPath, args[:1], cmd.UseLine())
	if err != nil {
		return err
	}
	alpha, err := alphaFor(m, f.prior, "--prior")
	if err != nil {
		return err
	}
	raw, c, err := f.input.readAligned(cmd.Context(), []string{input}, m, modelPruning, stderr, progress)
	if err != nil {
		return err
	}
	theta, err := infer.Infer(cmd.Context(), m, c, infer.Options{Method: infer.VB, Alpha: alpha, Iterations: f.iterations, Threads: f.check.Threads, Progress: progress})
	if err != nil {
		return err
	}
	a, err := tsvd.CheckAssumptions(cmd.Context(), c, theta, f.check)
	if err != nil {
		return err
	}
	out := diagnosis{
		Input: input, Model: modelPath, Algorithm: m.Algorithm, K: a.K, Docs: a.Docs, EmptyDocs: a.EmptyDocs,
		DominantShare: a.DominantShare, PureShare: a.PureShare,
		TopicsWithCatchwords: a.TopicsWithCatchwords, MeanCatchwordFrequency: a.MeanCatchwordFrequency,
		Settings: diagnoseConfig{Alpha: a.Options.Alpha, Beta: a.Options.Beta, Delta: a.Options.Delta, Gamma: a.Options.Gamma,
			Eps0: a.Options.Eps0, CatchwordRank: a.CatchwordRank, Weights: "vb", Prior: floats.Sum(alpha)},
	}
	for l := range a.K {
		t := diagnoseTopic{Topic: l + 1, Docs: a.ClusterSizes[l], CatchwordFrequency: a.CatchwordFrequency[l], Catchwords: []string{}}
		for _, i := range a.Catchwords[l] {
			t.Catchwords = append(t.Catchwords, c.Vocab[i])
		}
		out.Topics = append(out.Topics, t)
	}
	if m.Algorithm == tsvd.Algorithm && m.Provenance.InputDigest == raw.Digest() {
		if x, ok := eval.TopicWordsShare(m); ok {
			out.ModelTopicsWithCatchwords = &x
		}
		if x, ok := eval.DominantAgreement(m, theta); ok {
			out.ModelDominantAgreement = &x
		}
	}
	if f.asJSON {
		return printJSON(cmd.OutOrStdout(), out)
	}
	printDiagnosis(cmd.OutOrStdout(), &out, f)
	return nil
}

func printDiagnosis(w io.Writer, d *diagnosis, f *diagnoseFlags) {
	s := d.Settings
	fmt.Fprintf(w, "%d documents (%d empty, left out), %d topics (%s model); weights by VB under the model's topics, prior concentration %.6g\n\n",
		d.Docs, d.EmptyDocs, d.K, textsafe.Escape(cmp.Or(d.Algorithm, "unnamed")), s.Prior)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "documents with a dominant topic (alpha %.6g, beta %.6g)\t%.1f%%\n", s.Alpha, s.Beta, 100*d.DominantShare)
	fmt.Fprintf(tw, "documents nearly pure (delta %.6g)\t%.1f%%\n", s.Delta, 100*d.PureShare)
	fmt.Fprintf(tw, "topics with catchwords (eps0 %.6g, rank %d, gamma %.6g)\t%.1f%%\n", s.Eps0, s.CatchwordRank, s.Gamma, 100*d.TopicsWithCatchwords)
	fmt.Fprintf(tw, "mean catchword frequency\t%.3f\n", d.MeanCatchwordFrequency)
	if d.ModelTopicsWithCatchwords != nil {
		fmt.Fprintf(tw, "topics with TSVD's own catchwords\t%.1f%%\n", 100**d.ModelTopicsWithCatchwords)
	}
	if d.ModelDominantAgreement != nil {
		fmt.Fprintf(tw, "TSVD dominant topic = largest inferred weight\t%.1f%%\n", 100**d.ModelDominantAgreement)
	}
	tw.Flush()
	if !f.perTopic {
		return
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "topic\tdocs\tcatchwords\tfrequency\tfirst catchwords")
	for _, t := range d.Topics {
		shown := t.Catchwords[:min(len(t.Catchwords), f.words)]
		fmt.Fprintf(tw, "%d\t%d\t%d\t%.3f\t%s\n", t.Topic, t.Docs, len(t.Catchwords), t.CatchwordFrequency, textsafe.Data(strings.Join(shown, " ")))
	}
	tw.Flush()
}
