package export

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// WritePyLDAvis writes the JSON object of the arguments of
// pyLDAvis.prepare (see the package documentation): m's topics, the topic
// weights theta of the documents of c (theta[d] those of document d, as
// infer.Infer returns them), the documents' lengths, m's vocabulary and
// the words' counts in c. c must be on m's vocabulary (corpus.Align puts
// it there). It returns an error, before writing anything, wrapping
// model.ErrVocabMismatch if c is not, or if theta does not hold one row of
// K finite weights summing to 1 per document, and any error of w. Words are JSON
// strings as encoding/json writes them ("<" as \u003c, invalid UTF-8 as
// U+FFFD); numbers have every digit needed to read the float64 back.
func WritePyLDAvis(w io.Writer, m *model.Model, c *corpus.Corpus, theta [][]float64) error {
	if err := checkModel(m); err != nil {
		return err
	}
	if c == nil {
		return errors.New("export: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := m.CheckVocab(c.Vocab); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := checkTheta(c.NumDocs(), theta, m.K); err != nil {
		return err
	}
	if err := checkRowSums(theta); err != nil {
		return err
	}
	vocab, err := json.Marshal(m.Vocab)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	bw.WriteString("{\"topic_term_dists\": [")
	for k, row := range m.Topics {
		buf = appendRow(append(buf[:0], sep(k)...), row)
		bw.Write(buf)
	}
	bw.WriteString("],\n\"doc_topic_dists\": [")
	for d, row := range theta {
		buf = appendRow(append(buf[:0], sep(d)...), row)
		bw.Write(buf)
	}
	bw.WriteString("],\n\"doc_lengths\": [")
	for d := range c.NumDocs() {
		buf = strconv.AppendInt(append(buf[:0], comma(d)...), int64(c.DocLen(d)), 10)
		bw.Write(buf)
	}
	bw.WriteString("],\n\"vocab\": ")
	bw.Write(vocab)
	bw.WriteString(",\n\"term_frequency\": [")
	for i, n := range c.WordCounts() {
		buf = strconv.AppendInt(append(buf[:0], comma(i)...), n, 10)
		bw.Write(buf)
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// sep returns what goes before element i of an array of rows: a line
// break before the first, a comma and a line break before the others.
func sep(i int) string {
	if i == 0 {
		return "\n"
	}
	return ",\n"
}

// comma returns what goes before element i of an array of numbers.
func comma(i int) string {
	if i == 0 {
		return ""
	}
	return ","
}

// appendRow appends x as a JSON array of numbers.
func appendRow(dst []byte, x []float64) []byte {
	dst = append(dst, '[')
	for j, v := range x {
		if j > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONFloat(dst, v)
	}
	return append(dst, ']')
}

// appendJSONFloat appends the finite x as encoding/json writes a float64:
// the shortest decimal that reads back to x, in exponent form below 1e-6
// and from 1e21 ("1e-07").
func appendJSONFloat(dst []byte, x float64) []byte {
	format := byte('f')
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, x, format, -1, 64)
	if format == 'e' {
		// "1e-07" -> "1e-7", as encoding/json.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// rowSumTolerance is how far from 1 a document's weights may sum:
// pyLDAvis.prepare refuses doc_topic_dists whose rows sum below 0.999
// ("Not all rows (distributions) in doc_topic_dists sum to 1").
const rowSumTolerance = 1e-3

// checkRowSums refuses a row of theta that is not a distribution: one of
// all zeros, or unnormalised weights, which pyLDAvis would refuse after
// the whole file was written and read.
func checkRowSums(theta [][]float64) error {
	for d, row := range theta {
		var sum float64
		for _, x := range row {
			sum += x
		}
		if math.Abs(sum-1) > rowSumTolerance {
			return fmt.Errorf("export: document %d: topic weights summing to %v, want 1 (within %v): pyLDAvis takes distributions", d, sum, rowSumTolerance)
		}
	}
	return nil
}
