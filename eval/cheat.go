package eval

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
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
// synth" write it (infer.ReadDocTopics) and returns the weights by
// document id. name, the file's name, starts the errors:
// "name:LINE: what is wrong", or "name: no document in the table" ("line
// LINE: ..." and "no document ..." if name is "").
func ReadDocWeights(r io.Reader, name string) (map[string][]float64, error) {
	ids, theta, err := infer.ReadDocTopics(r, name)
	if err != nil {
		return nil, err
	}
	weights := make(map[string][]float64, len(ids))
	for d, id := range ids {
		weights[id] = theta[d]
	}
	return weights, nil
}

// ReadDocWeightsFile is ReadDocWeights of the file at path, named by it.
func ReadDocWeightsFile(path string) (map[string][]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadDocWeights(f, path)
}
