package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/version"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Files written by "hull synth" into its output directory.
const (
	synthDocword = "docword.txt"
	synthVocab   = "vocab.txt"
	synthTruth   = "truth.json"
	// synthDocTopics holds each document's true topic weights, in the
	// format of "hull infer" (id, then K weights).
	synthDocTopics = "doc-topics.tsv"
)

// synthKinds lists the subcommands of "hull synth", in help order.
var synthKinds = []func() *cobra.Command{
	newSynthLDACmd, newSynthSeparableCmd, newSynthKeCmd, newSynthDominantCmd,
	newSynthCorrelatedCmd, newSynthSwimmerCmd, newSynthSemiCmd,
}

func newSynthCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "synth KIND [flags] -o DIR",
		Short: "Generate a synthetic corpus together with its true model",
		Long: `Generate a corpus from a known topic model and write, into DIR (created if
needed, each file atomically):

  DIR/docword.txt     the documents, UCI bag-of-words format
  DIR/vocab.txt       the vocabulary, one word per line
  DIR/truth.json      the true model (algorithm "truth"), for "hull eval --truth"
  DIR/doc-topics.tsv  each document's true topic weights, as "hull infer" writes
                      them (id, then K weights), for "hull bench plusone
                      --true-weights"

"hull fit -k K DIR/docword.txt" reads the corpus (vocab.txt is found next to it)
and the truth's input_digest is that of the corpus as read back. The command
prints every parameter it used, defaults included, as a command line that
regenerates the same files; a boolean flag that is absent is false. The same
KIND, parameters and --seed give the same files, byte for byte.

Run "hull synth KIND --help" for each kind's parameters and the paper it follows.`,
		Example: `  hull synth lda -k 20 --docs 50000 -o lda20
  hull synth separable --style ding --anchors-per-topic 5 -o ding
  hull synth ke --pure-fraction 0.4 -o ke
  hull synth swimmer -o swimmer
  hull synth semi --model kos.json --docs 20000 -o semi-kos`,
		// Only reached without a known KIND: take everything as arguments,
		// so that "hull synth nope -o DIR" names the unknown KIND.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			names := make([]string, 0, len(cmd.Commands()))
			for _, c := range cmd.Commands() {
				names = append(names, c.Name())
			}
			switch {
			case len(args) > 0 && (args[0] == "-h" || args[0] == "--help"):
				return cmd.Help()
			case len(args) == 0 || strings.HasPrefix(args[0], "-"):
				return fmt.Errorf("synth needs a KIND: %s", strings.Join(names, "|"))
			}
			return fmt.Errorf("unknown synth KIND %q (want %s)", args[0], strings.Join(names, "|"))
		},
	}
	for _, kind := range synthKinds {
		cmd.AddCommand(kind())
	}
	return cmd
}

// synthCmd holds one "hull synth KIND" command while it is built: its
// flags, the order in which they are printed back and the checks of their
// values.
type synthCmd struct {
	kind    string
	fs      *pflag.FlagSet
	printed []printedFlag
	checks  []func() error // run before generating, in order
	seed    uint64
	out     string
	extra   map[string]any // added to the truth's Params before printing
}

// printedFlag is a flag as printed back: its spelling and the key of the
// truth's Params that holds the value the generator used.
type printedFlag struct {
	flag, key string
	isBool    bool
}

// newSynthKind returns the command "hull synth NAME" that generates with
// the generator build returns (after the flags are parsed and checked).
// bind registers the kind's flags through s.
func newSynthKind(name, short, long string, bind func(s *synthCmd), build func(s *synthCmd) (synth.Generator, error)) *cobra.Command {
	s := &synthCmd{kind: name}
	cmd := &cobra.Command{
		Use:   name + " [flags] -o DIR",
		Short: short,
		Long:  long,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, check := range s.checks {
				if err := check(); err != nil {
					return err
				}
			}
			if s.out == "" {
				return errors.New("-o DIR is required: the directory to write the corpus and its truth to")
			}
			g, err := build(s)
			if err != nil {
				return err
			}
			return s.run(cmd, g)
		},
	}
	s.fs = cmd.Flags()
	s.fs.SortFlags = false
	bind(s)
	s.fs.Uint64Var(&s.seed, "seed", 1, "random seed: the same parameters and seed give the same corpus")
	s.fs.StringVarP(&s.out, "output", "o", "", "output directory (created if needed)")
	return cmd
}

// intFlag registers an integer flag that must be positive (zeroOK: not
// negative) and is printed from Params[key].
func (s *synthCmd) intFlag(p *int, name, short, key string, def int, zeroOK bool, usage string) {
	s.fs.IntVarP(p, name, short, def, usage)
	s.print(name, short, key, false)
	s.checks = append(s.checks, func() error {
		if *p < 0 || (*p == 0 && !zeroOK) {
			return fmt.Errorf("--%s %d: want a positive number", name, *p)
		}
		return nil
	})
}

// floatFlag registers a float flag that must be positive, or with zeroOK
// not negative (0 then reaches the generator as synth.Zero), and is
// printed from Params[key].
func (s *synthCmd) floatFlag(p *float64, name, key string, def float64, zeroOK bool, usage string) {
	s.fs.Float64Var(p, name, def, usage)
	s.print(name, "", key, false)
	s.checks = append(s.checks, func() error {
		switch {
		case zeroOK && *p == 0:
			*p = synth.Zero
		case zeroOK && !(*p >= 0):
			return fmt.Errorf("--%s %v: want a number >= 0", name, *p)
		case !zeroOK && !(*p > 0):
			return fmt.Errorf("--%s %v: want a positive number", name, *p)
		}
		return nil
	})
}

// boolFlag registers a boolean flag, printed only when Params[key] is true.
func (s *synthCmd) boolFlag(p *bool, name, key, usage string) {
	s.fs.BoolVar(p, name, false, usage)
	s.print(name, "", key, true)
}

func (s *synthCmd) print(name, short, key string, isBool bool) {
	flag := "--" + name
	if short != "" {
		flag = "-" + short
	}
	s.printed = append(s.printed, printedFlag{flag, key, isBool})
}

// docFlags registers --docs, --doc-length and --poisson.
func (s *synthCmd) docFlags(docs, length *int, poisson *bool, defDocs, defLength int) {
	s.intFlag(docs, "docs", "", "docs", defDocs, false, "number of documents")
	s.intFlag(length, "doc-length", "", "doc_length", defLength, false, "tokens per document (with --poisson: the mean)")
	s.boolFlag(poisson, "poisson", "poisson", "draw each document's length from Poisson(--doc-length), at least 2")
}

// run generates the corpus, writes the three files and prints the command
// line and a summary.
func (s *synthCmd) run(cmd *cobra.Command, g synth.Generator) error {
	var theta [][]float64
	var c *corpus.Corpus
	var truth *model.Model
	var err error
	rng := rand.New(rand.NewPCG(s.seed, s.seed))
	if wg, ok := g.(synth.WeightsGenerator); ok {
		c, truth, theta, err = wg.GenerateWeights(rng)
	} else {
		c, truth, err = g.Generate(rng)
	}
	if err != nil {
		return err
	}
	// Number the documents as reading docword.txt back numbers them, so
	// that the truth's digest is that of the corpus "hull fit" reads.
	for d := range c.DocIDs {
		c.DocIDs[d] = strconv.Itoa(d + 1)
	}
	truth.Provenance.InputDigest = c.Digest()
	truth.Provenance.Seed = s.seed
	truth.Provenance.HullVersion = version.Version
	for k, v := range s.extra {
		truth.Params[k] = v
	}
	if err := corpus.WriteVocab(io.Discard, c); err != nil {
		return err // a vocabulary (of a --model) that a vocabulary file cannot hold
	}
	if err := writeSynth(s.out, c, truth, theta); err != nil {
		return envError{err}
	}
	fmt.Fprintln(cmd.OutOrStdout(), s.commandLine(truth))
	files := synthDocword + ", " + synthVocab + ", " + synthTruth
	if theta != nil {
		files += ", " + synthDocTopics
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "synth %s: %d documents, %d tokens, %d words, %d true topics (sig_topic %.2f, sig_word %.1f) -> %s in %s\n",
		s.kind, c.NumDocs(), c.Tokens(), c.NumWords(), truth.K, truth.Params["sig_topic"], truth.Params["sig_word"], files, s.out)
	return nil
}

// writeSynth writes the corpus and its truth into dir, creating it, and,
// if theta is not nil, each document's true topic weights.
func writeSynth(dir string, c *corpus.Corpus, truth *model.Model, theta [][]float64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := corpus.SaveUCI(filepath.Join(dir, synthDocword), filepath.Join(dir, synthVocab), c); err != nil {
		return err
	}
	if theta != nil {
		write := func(w io.Writer) error { return writeDocTopics(w, c.DocIDs, theta, truth.K, false) }
		if err := atomicfile.Write(filepath.Join(dir, synthDocTopics), write); err != nil {
			return err
		}
	}
	return model.Save(filepath.Join(dir, synthTruth), truth)
}

// commandLine returns the command that regenerates the output: every
// flag with the value the generator used.
func (s *synthCmd) commandLine(truth *model.Model) string {
	parts := []string{"hull", "synth", s.kind}
	for _, f := range s.printed {
		v := truth.Params[f.key]
		if f.isBool {
			if v == true {
				parts = append(parts, f.flag)
			}
			continue
		}
		parts = append(parts, f.flag, formatParam(v))
	}
	parts = append(parts, "--seed", strconv.FormatUint(s.seed, 10), "-o", shellQuote(s.out))
	return strings.Join(parts, " ")
}

// formatParam formats a parameter value as a flag value.
func formatParam(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return shellQuote(x)
	default:
		return fmt.Sprint(x)
	}
}

// shellQuote returns s quoted for a POSIX shell if it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func newSynthLDACmd() *cobra.Command {
	var g synth.LDA
	return newSynthKind("lda", "Latent Dirichlet allocation: Dirichlet topics and Dirichlet document weights",
		`Latent Dirichlet allocation (the generative model of the Projector paper's
section 4): K topics drawn from a symmetric Dirichlet(--beta) over the V words
"w0" ... "w{V-1}"; each document's topic weights from a symmetric
Dirichlet(--alpha); then each token's topic from the weights and its word from
that topic. Documents have --doc-length tokens, or Poisson(--doc-length) with
--poisson. The truth has the topics, alpha and the mean document weights.
Time O(KV + docs * doc-length * log K).`,
		func(s *synthCmd) { bindLDA(s, &g) },
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

// bindLDA registers the flags of the LDA fields.
func bindLDA(s *synthCmd, g *synth.LDA) {
	s.intFlag(&g.K, "topics", "k", "k", synth.DefaultK, false, "number of topics K")
	s.intFlag(&g.V, "vocab-size", "", "v", synth.DefaultV, false, "vocabulary size V")
	s.docFlags(&g.Docs, &g.DocLength, &g.Poisson, synth.DefaultDocs, synth.DefaultDocLength)
	s.floatFlag(&g.Alpha, "alpha", "alpha", synth.DefaultAlpha, false, "symmetric Dirichlet parameter of the document-topic weights")
	s.floatFlag(&g.Beta, "beta", "beta", synth.DefaultBeta, false, "symmetric Dirichlet parameter of the topic-word distributions")
}

func newSynthSeparableCmd() *cobra.Command {
	var g synth.Separable
	return newSynthKind("separable", "LDA with planted anchor words (Arora et al. 5.4, or Ding et al. 6.2)",
		`LDA whose topics are separable: each topic has --anchors-per-topic anchor
(novel) words, of positive probability in that topic only: words 0 ...
K*anchors-1, topic k owning k*anchors ... (k+1)*anchors-1. Documents are drawn
as by "hull synth lda".

--style arora (Arora et al. 2013, section 5.4): each topic is drawn from a
  Dirichlet(--beta) over the other words, each of its anchors gets the
  probability of its most probable word, and the topic is renormalised.
--style ding (Ding et al. 2013, section 6.2): each ordinary word's row of the
  V x K topic matrix is uniform on the simplex, each novel word gets a U(0,1)
  weight in its topic, then each topic (column) is normalised. --beta unused.

The truth's anchors are each topic's most probable anchor word.`,
		func(s *synthCmd) {
			bindLDA(s, &g.LDA)
			s.intFlag(&g.AnchorsPerTopic, "anchors-per-topic", "", "anchors_per_topic", 1, false, "anchor words per topic")
			s.fs.StringVar(&g.Style, "style", synth.SeparableArora, "how topics are drawn: arora|ding")
			s.print("style", "", "style", false)
		},
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

func newSynthKeCmd() *cobra.Command {
	var g synth.Ke
	return newSynthKind("ke", "The simulations of Topic-SCORE (Ke, section 5.1): anchor words and pure documents",
		`The simulated corpora of Ke, "A geometrical approach to topic model
estimation" (Topic-SCORE), section 5.1: the first K*p0 words are anchor words,
p0 = --anchors-per-topic per topic, with entry 1.5/p in their topic and 0 in
the others; every other entry of each topic is U(0,1)/p; each topic is then
renormalised. The first round(n*a0) documents (a0 = --pure-fraction) are pure,
in equal blocks per topic; the others have K iid U(0,1) weights, normalised.
Every document has N = --doc-length tokens. The defaults are the paper's
(K = 6, p = 2000, p0 = 20, n = 500, N = 2000, a0 = 0.2). The truth has no
alpha (the weights are not Dirichlet). Time O(Kp + n*N*log K).`,
		func(s *synthCmd) {
			s.intFlag(&g.K, "topics", "k", "k", synth.DefaultKeK, false, "number of topics K")
			s.intFlag(&g.V, "vocab-size", "", "v", synth.DefaultKeV, false, "vocabulary size p")
			s.intFlag(&g.Docs, "docs", "", "docs", synth.DefaultKeDocs, false, "number of documents n")
			s.intFlag(&g.DocLength, "doc-length", "", "doc_length", synth.DefaultKeDocLength, false, "tokens per document N")
			s.intFlag(&g.AnchorsPerTopic, "anchors-per-topic", "", "anchors_per_topic", synth.DefaultKeAnchorsPerTopic, false, "anchor words per topic p0")
			s.floatFlag(&g.PureFraction, "pure-fraction", "pure_fraction", synth.DefaultKePureFraction, true, "fraction a0 of pure documents, in [0, 1]")
		},
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

func newSynthDominantCmd() *cobra.Command {
	var g synth.Dominant
	return newSynthKind("dominant", "Dominant admixtures with catchwords (the TSVD paper's section 3.1)",
		`Documents that meet the assumptions of the TSVD paper (Bansal, Bhattacharyya
and Kannan 2014, section 3.1). Every document has a dominant topic of weight
>= --alpha, every other topic <= --beta; a --pure-fraction of the documents
are nearly pure (dominant weight >= 1 - --delta), round robin over the topics.
Each topic has --catchwords-per-topic catchwords of total probability
--catchword-mass in it; in any other topic a catchword has at most --rho times
its own probability. The remaining words of each topic are a
Dirichlet(--word-concentration) share. Dominant topics are balanced (each
dominates docs/K documents), documents shuffled. The parameters must meet the
paper's constraints: beta + rho <= (1-delta)*alpha, alpha + 2*delta <= 0.5,
delta <= 0.08; the defaults are the paper's section 4.1 values. Note: --alpha
and --beta are the paper's dominance thresholds here, not Dirichlet
parameters. The truth has no alpha; with --rho 0 catchwords are anchors.
Time O(KV + docs * doc-length * log K).`,
		func(s *synthCmd) {
			s.intFlag(&g.K, "topics", "k", "k", synth.DefaultK, false, "number of topics K (at least 2)")
			s.intFlag(&g.V, "vocab-size", "", "v", synth.DefaultV, false, "vocabulary size V")
			s.docFlags(&g.Docs, &g.DocLength, &g.Poisson, synth.DefaultDocs, synth.DefaultDocLength)
			s.floatFlag(&g.Alpha, "alpha", "alpha", synth.DefaultDominantAlpha, false, "least weight of each document's dominant topic")
			s.floatFlag(&g.Beta, "beta", "beta", synth.DefaultDominantBeta, false, "largest weight of any other topic")
			s.floatFlag(&g.Delta, "delta", "delta", synth.DefaultDominantDelta, true, "nearly pure documents have dominant weight >= 1-delta")
			s.floatFlag(&g.Rho, "rho", "rho", synth.DefaultDominantRho, true, "a catchword's probability in another topic is at most rho times its own")
			s.floatFlag(&g.PureFraction, "pure-fraction", "pure_fraction", synth.DefaultDominantPureFraction, true, "fraction of nearly pure documents, in [0, 1]")
			s.intFlag(&g.CatchwordsPerTopic, "catchwords-per-topic", "", "catchwords_per_topic", synth.DefaultDominantCatchwordsPerTopic, false, "catchwords of each topic")
			s.floatFlag(&g.CatchwordMass, "catchword-mass", "catchword_mass", synth.DefaultDominantCatchwordMass, false, "total probability p0 of a topic's catchwords in it")
			s.floatFlag(&g.WordConcentration, "word-concentration", "word_concentration", synth.DefaultDominantWordConcentration, false, "symmetric Dirichlet parameter of the other words of each topic")
		},
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

func newSynthCorrelatedCmd() *cobra.Command {
	var g synth.Correlated
	return newSynthKind("correlated", "Correlated topics: logistic-normal document weights (Arora et al. 5.5)",
		`Topics as in "hull synth lda" (Dirichlet(--beta)); each document's weights
are logistic normal, softmax(eta) with eta ~ N(0, Sigma), as in Arora et al.
2013, section 5.5. Sigma is block structured: the topics fall into --groups
contiguous groups; Sigma has --variance on the diagonal, rho*variance between
two topics of the same group (--rho is a correlation) and 0 across groups.
--groups 0 takes max(2, K/10) (the paper: K = 100 in 10 groups, off-diagonal
0.05 and 0.1). The default variance 10 makes documents about as concentrated
as lda's default Dirichlet(0.1); with variance 1 they are nearly uniform
mixtures. --groups K gives uncorrelated weights. The truth has no alpha.
Time O(KV + docs * doc-length * log K).`,
		func(s *synthCmd) {
			s.intFlag(&g.K, "topics", "k", "k", synth.DefaultK, false, "number of topics K")
			s.intFlag(&g.V, "vocab-size", "", "v", synth.DefaultV, false, "vocabulary size V")
			s.docFlags(&g.Docs, &g.DocLength, &g.Poisson, synth.DefaultDocs, synth.DefaultDocLength)
			s.floatFlag(&g.Beta, "beta", "beta", synth.DefaultBeta, false, "symmetric Dirichlet parameter of the topic-word distributions")
			s.intFlag(&g.Groups, "groups", "", "groups", 0, true, "groups of correlated topics (0: max(2, K/10))")
			s.floatFlag(&g.Rho, "rho", "rho", synth.DefaultCorrelatedRho, true, "correlation of two topics of the same group, in [0, 1)")
			s.floatFlag(&g.Variance, "variance", "variance", synth.DefaultCorrelatedVariance, false, "variance of each topic's log-weight eta")
		},
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

func newSynthSwimmerCmd() *cobra.Command {
	var g synth.Swimmer
	return newSynthKind("swimmer", "The Swimmer images as documents (Ding et al. 6.3): 16 limb-position topics",
		`The Swimmer corpus (Donoho and Stodden; Ding et al. 2013, section 6.3): each
document is a 32 x 32 image of a stick figure, a torso and four limbs each in
one of 4 positions (256 poses), body pixels of intensity --body and the others
--background (10 and 1 as in the paper). The normalised image is the word
distribution of the document's --doc-length tokens; the words are the 1024
pixels "pRR_CC" (row_column). --docs 0 gives every pose once (the paper's 256
images); --docs N draws N random poses.

The truth has 16 topics, one per limb position (left arm 1-4, right arm,
left leg, right leg: names in its params "themes"). Each is that limb's
segment plus an equal quarter of the part every image shares (torso and
background), so every image is exactly the mean of its 4 limb topics: the
truth is the model that generated the corpus. The shared part dominates each
topic (two positions of a limb are only 0.34 apart in l1 with the defaults).
--shared-topic gives the other exact truth: 17 topics, the 16 bare limb
segments (2 apart) and "torso-and-background", whose weight is the same in
every document. With --background 0 the limb pixels are anchor words.
Time O(docs * doc-length).`,
		func(s *synthCmd) {
			s.intFlag(&g.Docs, "docs", "", "random_docs", 0, true, "number of random poses (0: each of the 256 poses once)")
			s.intFlag(&g.DocLength, "doc-length", "", "doc_length", synth.DefaultSwimmerDocLength, false, "tokens per document (with --poisson: the mean)")
			s.boolFlag(&g.Poisson, "poisson", "poisson", "draw each document's length from Poisson(--doc-length), at least 2")
			s.floatFlag(&g.Body, "body", "body", synth.DefaultSwimmerBody, false, "intensity of body pixels")
			s.floatFlag(&g.Background, "background", "background", synth.DefaultSwimmerBackground, true, "intensity of background pixels, below --body")
			s.boolFlag(&g.SharedTopic, "shared-topic", "shared_topic", "truth of 17 topics: the bare limb segments plus the shared torso and background")
		},
		func(*synthCmd) (synth.Generator, error) { return g, nil })
}

func newSynthSemiCmd() *cobra.Command {
	var g synth.Semi
	var path string
	return newSynthKind("semi", "Semi-synthetic documents from the topics of a saved model",
		`Semi-synthetic documents (Arora et al. 2013, section 5; the TSVD paper,
section 4.2): LDA documents drawn from the topics and vocabulary of a saved
model (--model, e.g. one learned by "hull fit" from a real corpus), each
document's weights from a symmetric Dirichlet(--alpha) (0.03 as in Arora et
al.). The truth is the model's topics (renormalised) with that alpha.
Time O(KV + docs * doc-length * log K).`,
		func(s *synthCmd) {
			s.fs.StringVar(&path, "model", "", "saved model whose topics generate the documents (required)")
			s.print("model", "", "model", false)
			s.docFlags(&g.Docs, &g.DocLength, &g.Poisson, synth.DefaultDocs, synth.DefaultDocLength)
			s.floatFlag(&g.Alpha, "alpha", "alpha", synth.DefaultSemiAlpha, false, "symmetric Dirichlet parameter of the document-topic weights")
		},
		func(s *synthCmd) (synth.Generator, error) {
			if path == "" {
				return nil, errors.New("--model FILE is required: the model whose topics generate the documents")
			}
			m, err := model.Load(path)
			if err != nil {
				return nil, err
			}
			g.Model = m
			s.extra = map[string]any{"model": path}
			return g, nil
		})
}
