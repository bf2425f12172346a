package main

import (
	"fmt"

	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

func newTopicsCmd() *cobra.Command {
	var top int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "topics MODEL",
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

--json prints {"k", "vocab_size", "characteristic_kind"?, "refined"?,
"topics": [{"id", "share", "words", "weights", "anchor"?, "characteristic"?}]}:
share is null where unknown; anchor is the anchor word where the learner has
one; otherwise characteristic is the marked word and characteristic_kind its
kind ("catchword", "vertex word"); refined is true where the topics were
refined from those. Topic ids count from 0, the text's from 1.

A word's control and bidirectional characters are printed escaped, as Go
quotes them (ESC as \x1b, U+202E as \u202e), so that no word can drive the
terminal; with --json they are JSON escapes (\u001b, \u202e) of the same words.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if top < 0 {
				return fmt.Errorf("--top %d: want >= 0", top)
			}
			m, err := model.Load(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				return export.WriteTopicsJSON(cmd.OutOrStdout(), m, top)
			}
			printTopics(cmd.OutOrStdout(), m, top)
			return nil
		},
	}
	cmd.Flags().IntVar(&top, "top", 10, "top words per topic (0: none, only each topic's share and anchor)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"k":..,"vocab_size":..,"topics":[{"id":..,"share":..,"words":[..],"weights":[..]}]} (see above)`)
	return cmd
}
