package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
)

// full returns sample with every field of Model and Simplex set, and
// words and params that encoding/json escapes.
func full() *Model {
	m := sample()
	m.Params = map[string]any{"recover": "l2", "note": "<b>&</b>", "docs_used": 3}
	m.Vocab[1] = "<banana>&\u2028"
	m.Alpha = []float64{0.1, 0.2}
	m.TopicCovariance = [][]float64{{1, 0}, {0, 1}}
	m.TopicWords = [][]int{{0, 1}, {}}
	m.TopicLabels = []string{"fruit", "stone fruit"}
	m.TopicSource = []string{"catchwords", "cluster-mean"}
	m.ClusterSizes = []int{3, 4}
	m.DominantTopic = []int{0, -1, 1}
	m.SingularValues = []float64{3, 1}
	m.Simplex = &Simplex{Vertices: [][]float64{{0}, {1}}, Centres: [][]float64{{0}, {0.5}, {1}},
		VertexCentres: []int{0, 2}, Sample: [][]float64{{0.2}}, SampleWords: []int{1}}
	m.Provenance.InputDigest, m.Provenance.Threads, m.Provenance.Docs = "sha256:x", 2, 3
	m.Provenance.Preprocessing = &corpus.Preprocessing{Format: "uci"}
	return m
}

// TestEncodeStreams: Write gives the bytes of encoding/json's Encoder,
// which Save and Write used before they wrote a topic at a time, for a
// model with every field set (a field added to Model before Topics would
// fail here), and nil topics as null.
func TestEncodeStreams(t *testing.T) {
	m := full()
	v := reflect.ValueOf(m).Elem()
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("full() leaves %s unset", v.Type().Field(i).Name)
		}
	}
	for _, m := range []*Model{m, sample(), func() *Model { m := full(); m.Topics = nil; return m }()} {
		var want, got bytes.Buffer
		if err := json.NewEncoder(&want).Encode(m); err != nil {
			t.Fatal(err)
		}
		if err := encode(&got, m); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("encode:\n%s\nencoding/json:\n%s", got.Bytes(), want.Bytes())
		}
	}
}

// failAfter fails every write once n bytes went through.
type failAfter struct{ n int }

var errFull = errors.New("disk full")

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestEncodeWriteError: a writer that fails stops the encoding with its
// error, within the topics too.
func TestEncodeWriteError(t *testing.T) {
	m := sample()
	m.Vocab = make([]string, 20000)
	for i := range m.Vocab {
		m.Vocab[i] = "w" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26))
	}
	m.Topics = [][]float64{make([]float64, 20000), make([]float64, 20000)}
	m.Topics[0][0], m.Topics[1][1] = 1, 1
	var all bytes.Buffer
	if err := encode(&all, m); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 100, all.Len() * 3 / 4, all.Len() - 1} {
		if err := encode(&failAfter{n}, m); !errors.Is(err, errFull) {
			t.Errorf("failing after %d bytes: %v", n, err)
		}
	}
}

// FuzzReadStreams: Read, which decodes a topic at a time, reads what the
// whole decoding of the JSON object reads, and fails where it fails, with
// the same error past the decoding.
func FuzzReadStreams(f *testing.F) {
	for _, m := range []*Model{sample(), full()} {
		var b bytes.Buffer
		if err := Write(&b, m, false); err != nil {
			f.Fatal(err)
		}
		f.Add(b.String())
	}
	for _, s := range []string{
		`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]]}`,
		` {"k": "two"}`, `{"topics": [[1, "x"]]}`, `{"topics": [[1], null, []]}`, `{"topics": null}`, `{"topics": "x"}`,
		`{"topics": {"a": 1}}`, `{"Topics": [[1]], "topics": [[0.5, 0.5]]}`, `{"topics": [[1]], "TOPICS": []}`,
		`{"provenance": {"seed": "x"}, "k": 1}`, `{"params": {"a": 1}, "params": {"b": 2}}`, `{"k": 1,}`, `{"k" 1}`,
		`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]]} trailing`, `{"topics": [[1e400]]}`, `{"topics": [[1] [2]]}`,
		`{"vocab": ["a\u00a0"], "topics": [[1]], "k": 1, "format": 2}`, "{\"vocab\": [\"\xff\"]}", `{"simplex": {"vertices": 3}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		got, err := Read(strings.NewReader(data))
		want, wantErr := read(strings.NewReader(data), true)
		switch {
		case err == nil && wantErr == nil:
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Read: %+v; whole: %+v", got, want)
			}
		case err == nil || wantErr == nil:
			t.Fatalf("Read: %v; whole: %v", err, wantErr)
		case strings.HasPrefix(wantErr.Error(), "not a hull model: "):
			// Syntax errors are found token by token, and said in other
			// words.
			checkReadError(t, err)
			if !strings.HasPrefix(err.Error(), "not a hull model: ") {
				t.Fatalf("Read: %v; whole: %v", err, wantErr)
			}
		case err.Error() != wantErr.Error():
			t.Fatalf("Read: %v; whole: %v", err, wantErr)
		}
	})
}
