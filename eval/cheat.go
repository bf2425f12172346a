package eval

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Labels of the "cheating" predictors of Wang et al. (Projector, section
// 6.1), which know the model that generated a synthetic corpus.
const (
	LDATLabel = "ldaT"
	LDACLabel = "ldaC"
)

// LDAT returns the LDAT predictor of Wang et al. (Projector, section
// 6.1): it "knows the real term-topic matrix A of the model and uses the
// inference routine to find a word distribution for each document". It is
// a TopicPredictor labelled "ldaT" whose Model is truth (the true model of
// a synthetic corpus, such as the truth.json of "hull synth") and whose
// Infer is infer, typically variational inference as for the learned
// models, so that the gap between a learner and LDAT is the quality of its
// topics alone.
func LDAT(truth *model.Model, infer InferFunc) TopicPredictor {
	return TopicPredictor{Label: LDATLabel, Model: truth, Infer: infer}
}

// LDAC returns the LDAC predictor of Wang et al. (Projector, section
// 6.1): it "knows the real term-document matrix M for each testing
// document, and uses the real word distribution for a test document",
// theta_d^T A, theta_d being the topic weights the generator drew for the
// document and A the true topics: "the best we can do given sampling
// noise". It is a TopicPredictor labelled "ldaC" whose Model is truth and
// whose inference looks each test document up by its id in weights (as
// read by ReadDocWeights from the doc-topics.tsv of "hull synth"; ids are
// the corpus's document ids, which PlusOne's split keeps). Its Prepare
// returns an error if a test document has no weights or weights of the
// wrong length.
func LDAC(truth *model.Model, weights map[string][]float64) TopicPredictor {
	return TopicPredictor{Label: LDACLabel, Model: truth, Infer: KnownWeights(weights)}
}

// KnownWeights returns an InferFunc that infers nothing: the weights of
// each document of observed are those of its id in weights, copied.
func KnownWeights(weights map[string][]float64) InferFunc {
	return func(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
		theta := make([][]float64, observed.NumDocs())
		for d, id := range observed.DocIDs {
			w, ok := weights[id]
			switch {
			case !ok:
				return nil, fmt.Errorf("no true topic weights for document %q", id)
			case len(w) != m.K:
				return nil, fmt.Errorf("document %q has %d true topic weights, the true model %d topics", id, len(w), m.K)
			}
			theta[d] = append([]float64(nil), w...)
		}
		return theta, ctx.Err()
	}
}

// ReadDocWeights reads a document-topic table as "hull infer" and "hull
// synth" write it: one line per document, tab-separated, its id then its K
// weights; an optional first line "id<TAB>topic1<TAB>..." is skipped. It
// returns the weights by id, and an error (with the line number) for a
// malformed line, a weight that is not a finite non-negative number, rows
// of different lengths, a repeated id, or an empty table.
func ReadDocWeights(r io.Reader) (map[string][]float64, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	weights := map[string][]float64{}
	k := -1
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if line == 1 && fields[0] == "id" && len(fields) > 1 && fields[1] == "topic1" {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("line %d: want an id and topic weights separated by tabs", line)
		}
		if k < 0 {
			k = len(fields) - 1
		} else if len(fields)-1 != k {
			return nil, fmt.Errorf("line %d: %d weights, earlier lines %d", line, len(fields)-1, k)
		}
		id := fields[0]
		if _, dup := weights[id]; dup {
			return nil, fmt.Errorf("line %d: document %q listed twice", line, id)
		}
		row := make([]float64, k)
		for j, f := range fields[1:] {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil || !(x >= 0) || math.IsInf(x, 1) {
				return nil, fmt.Errorf("line %d: weight %d is %q, want a non-negative number", line, j+1, f)
			}
			row[j] = x
		}
		weights[id] = row
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(weights) == 0 {
		return nil, errors.New("no document in the table")
	}
	return weights, nil
}
