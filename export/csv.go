package export

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/hulltopics/hull/model"
)

// WriteCSVTopicWords writes the long table "topic,rank,word,weight" of m
// (see the package documentation): per topic, numbered from 1, its top
// most probable words of positive weight, ranked from 1. top <= 0 writes
// the header only; top >= len(m.Vocab) every word of positive weight.
// Fields are quoted by encoding/csv. It returns any error of w.
func WriteCSVTopicWords(w io.Writer, m *model.Model, top int) error {
	if err := checkModel(m); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"topic", "rank", "word", "weight"})
	for k := range m.K {
		topic := strconv.Itoa(k + 1)
		for r, i := range m.TopWords(k, top) {
			cw.Write([]string{topic, strconv.Itoa(r + 1), m.Vocab[i], formatFloat(m.Topics[k][i])})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteCSVDocTopics writes the wide table "doc_id,topic_1,...,topic_K":
// per document its id, verbatim (quoted by encoding/csv where needed), and
// its K weights theta[d]. It returns an error, before writing anything,
// unless there is one id per row, every row has the same length and every
// weight is finite, and any error of w.
func WriteCSVDocTopics(w io.Writer, ids []string, theta [][]float64) error {
	if len(ids) != len(theta) {
		return fmt.Errorf("export: %d document ids for %d rows of topic weights", len(ids), len(theta))
	}
	if err := checkTheta(len(ids), theta, -1); err != nil {
		return err
	}
	k := 0
	if len(theta) > 0 {
		k = len(theta[0])
	}
	cw := csv.NewWriter(w)
	rec := make([]string, k+1)
	rec[0] = "doc_id"
	for j := range k {
		rec[j+1] = "topic_" + strconv.Itoa(j+1)
	}
	cw.Write(rec)
	for d, row := range theta {
		rec[0] = ids[d]
		for j, x := range row {
			rec[j+1] = formatFloat(x)
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// formatFloat returns the shortest decimal that reads back to x.
func formatFloat(x float64) string {
	return strconv.FormatFloat(x, 'g', -1, 64)
}
