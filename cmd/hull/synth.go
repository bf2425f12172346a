package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"github.com/spf13/cobra"
)

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
                      them (id, then K weights to 6 significant digits), for
                      "hull bench plusone --true-weights"

"hull fit -k K DIR/docword.txt" reads the corpus (vocab.txt is found next to it)
and the truth's input_digest is that of the corpus as read back. The command
prints every parameter it used, defaults included, as a command line that
regenerates the same files; a boolean flag that is absent is false. The same
KIND, parameters and --seed give the same files, byte for byte, from the same
build of hull; other builds (arm64, or amd64 without gonum's assembly) may give
truth weights that differ in their last bits, with the same documents.

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
			kinds := strings.Join(synth.Names(), "|")
			switch {
			case len(args) > 0 && (args[0] == "-h" || args[0] == "--help"):
				return cmd.Help()
			case len(args) == 0 || strings.HasPrefix(args[0], "-"):
				return fmt.Errorf("synth needs a KIND: %s", kinds)
			}
			return fmt.Errorf("unknown synth KIND %q (want %s)", args[0], kinds)
		},
	}
	for _, spec := range synth.Specs() {
		cmd.AddCommand(newSynthKind(spec))
	}
	return cmd
}

// newSynthKind returns the command "hull synth NAME" of the registered
// generator spec: its options as flags, built by the registry, which
// validates them.
func newSynthKind(spec *synth.Spec) *cobra.Command {
	var (
		seed  uint64
		out   string
		quiet bool
	)
	cmd := &cobra.Command{
		Use:   spec.Name + " [flags] -o DIR",
		Short: spec.Short,
		Long:  spec.Long,
		Args:  cobra.NoArgs,
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	for _, o := range spec.Options {
		v := &optionValue{text: spec.Default(o), kind: spec.Kind(o)}
		if f := fs.VarPF(v, o.Flag, o.Short, o.Usage); v.kind == "bool" {
			f.NoOptDefVal = "true"
		}
	}
	fs.Uint64Var(&seed, "seed", 1, "random seed: the same parameters and seed give the same corpus")
	fs.StringVarP(&out, "output", "o", "", "output directory (created if needed)")
	fs.BoolVarP(&quiet, "quiet", "q", false, "no progress or summary on stderr")
	cmd.RunE = func(cmd *cobra.Command, _ []string) (rerr error) {
		if out == "" {
			return errors.New("-o DIR is required: the directory to write the corpus and its truth to")
		}
		values := map[string]string{}
		for _, o := range spec.Options {
			if fs.Changed(o.Flag) {
				values[o.Flag] = fs.Lookup(o.Flag).Value.String()
			}
		}
		g, err := spec.Build(values)
		if err != nil {
			return commandLineError(err, nil)
		}
		removeCreated, err := synth.PrepareDir(out, values["model"]) // semi's --model, the one file a generator reads
		if err != nil {
			return fmt.Errorf("-o: %w", err)
		}
		defer undoOnError(&rerr, removeCreated)
		log := logWriter(cmd, quiet)
		progress := newProgress(log)
		c, truth, theta, err := synth.Draw(cmd.Context(), g, rand.New(rand.NewPCG(seed, seed)), progress)
		if err != nil {
			return err
		}
		truth.Provenance.Seed = seed
		if err := corpus.WriteVocab(io.Discard, c); err != nil {
			return err // a vocabulary (of a --model) that a vocabulary file cannot hold
		}
		if err := synth.WriteDir(cmd.Context(), out, c, truth, theta, progress); err != nil {
			return envError{err}
		}
		fmt.Fprintln(cmd.OutOrStdout(), synthCommandLine(spec, truth, seed, out))
		fmt.Fprintf(log, "synth %s: %d documents, %d tokens, %d words, %d true topics (sig_topic %.2f, sig_word %.1f) -> %s in %s\n",
			spec.Name, c.NumDocs(), c.Tokens(), c.NumWords(), truth.K, truth.Params["sig_topic"], truth.Params["sig_word"],
			strings.Join([]string{synth.DocwordFile, synth.VocabFile, synth.TruthFile, synth.DocTopicsFile}, ", "), textsafe.Escape(out))
		return nil
	}
	return cmd
}

// synthCommandLine returns the command that regenerates the output: every
// option with the value the generator used, as the truth's Params record
// it (a boolean only when true), then --seed and -o.
func synthCommandLine(spec *synth.Spec, truth *model.Model, seed uint64, out string) string {
	parts := []string{"hull", "synth", spec.Name}
	for _, o := range spec.Options {
		name := "--" + o.Flag
		if o.Short != "" {
			name = "-" + o.Short
		}
		switch v := truth.Params[o.Param].(type) {
		case bool:
			if v {
				parts = append(parts, name)
			}
		case float64:
			parts = append(parts, name, strconv.FormatFloat(v, 'g', -1, 64))
		case string:
			parts = append(parts, name, shellQuote(v))
		default:
			parts = append(parts, name, fmt.Sprint(v))
		}
	}
	return strings.Join(append(parts, "--seed", strconv.FormatUint(seed, 10), "-o", shellQuote(out)), " ")
}

// shellQuote returns s quoted for a POSIX shell if it needs quoting: in
// dollar-single-quotes ($'...', POSIX.1-2024) when it holds a character
// unsafe on a terminal, written as its escape sequence.
func shellQuote(s string) string {
	switch {
	case s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-") == "":
		return s
	case textsafe.Escape(s) != s:
		return "$'" + textsafe.Escape(strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s)) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
