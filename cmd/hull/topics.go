package main

import (
	"encoding/json"

	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

func newTopicsCmd() *cobra.Command {
	var top int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "topics MODEL",
		Short: "Print the top words of each topic of a saved model",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
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
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
