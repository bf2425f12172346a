package main

import (
	"encoding/json"
	"fmt"

	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

func newTopicsCmd() *cobra.Command {
	var top int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "topics MODEL",
		Short: "Print the top words of each topic of a saved model",
		Long: `Print the top words of each topic of a saved model, the anchor word marked with
*stars*. A word's control and bidirectional characters are printed escaped, as
Go quotes them (ESC as \x1b, U+202E as \u202e), so that no word can drive the
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
				return writeTopicsJSON(cmd, m, top)
			}
			printTopics(cmd.OutOrStdout(), m, top)
			return nil
		},
	}
	cmd.Flags().IntVar(&top, "top", 10, "top words per topic")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"k":..,"vocab_size":..,"topics":[{"id":..,"words":[..],"weights":[..]}]}`)
	return cmd
}

type topicsJSON struct {
	K         int         `json:"k"`
	VocabSize int         `json:"vocab_size"`
	Topics    []topicJSON `json:"topics"`
}

type topicJSON struct {
	ID      int       `json:"id"`
	Words   []string  `json:"words"`
	Weights []float64 `json:"weights"`
	Anchor  string    `json:"anchor,omitempty"`
}

func writeTopicsJSON(cmd *cobra.Command, m *model.Model, top int) error {
	out := topicsJSON{K: m.K, VocabSize: len(m.Vocab)}
	for k := 0; k < m.K; k++ {
		t := topicJSON{ID: k}
		for _, i := range m.TopWords(k, top) {
			t.Words = append(t.Words, m.Vocab[i])
			t.Weights = append(t.Weights, m.Topics[k][i])
		}
		if len(m.Anchors) == m.K {
			t.Anchor = m.Vocab[m.Anchors[k]]
		}
		out.Topics = append(out.Topics, t)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	// The same JSON, with \u escapes for the control and bidirectional
	// characters that encoding/json leaves raw (DEL, C1, U+202E).
	_, err = cmd.OutOrStdout().Write(append(textsafe.JSON(b), '\n'))
	return err
}
