package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/gz"
)

// FuzzRead decodes arbitrary model files, the models "hull fit -o" saves
// and the truth.json of "hull synth" alike: no panic; either an error of
// Read's shape (checkReadError) or a model that passes Validate, whose methods work on every topic, and
// that Write and Read carry over unchanged (a second round trip writes
// the same bytes).
func FuzzRead(f *testing.F) {
	seed := func(m *Model) {
		var b bytes.Buffer
		if err := Write(&b, m, false); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	seed(sample())
	truth := sample() // as hull synth writes it: labels, weights, digest, no anchors
	truth.Algorithm, truth.Anchors, truth.Params = "truth", nil, map[string]any{"generator": "lda", "beta": 0.1, "docs": 100}
	truth.TopicLabels = []string{"fruit", "more fruit"}
	truth.Alpha = []float64{0.05, 0.05}
	truth.TopicCovariance = [][]float64{{0.3, 0.1}, {0.1, 0.5}}
	truth.Provenance.InputDigest = "0123abcd"
	seed(truth)
	simplex := sample()
	simplex.Simplex = &Simplex{Vertices: [][]float64{{0, 1}, {1, 0}}, Sample: [][]float64{{0.5}}, SampleWords: []int{2}}
	simplex.TopicWords, simplex.DominantTopic = [][]int{{0, 1}, {}}, []int{0, -1, 1}
	seed(simplex)
	for _, s := range []string{
		`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]]}`,
		`{"format": 2, "k": 2, "vocab": ["a", "a"], "topics": [[1, 0], [0, 1]]}`,
		`{"format": 1, "k": 1, "vocab": ["a", "b"], "topics": [[0.5, 0.5]], "params": {"anchors": [1], "topic_weights": [1]}}`,
		`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]]} trailing`,
		`{"k": 1e400}`, `[`, `{"format": 99}`, "",
	} {
		f.Add([]byte(s))
	}
	if files, err := filepath.Glob("testdata/*.json.gz"); err == nil {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			checkReadError(t, err)
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("Read returned an invalid model: %v", err)
		}
		if err := m.CheckVocab(m.Vocab); err != nil {
			t.Fatalf("CheckVocab of its own vocabulary: %v", err)
		}
		for k := range m.K {
			top := m.TopWords(k, len(m.Vocab)+1)
			positive := 0
			for _, p := range m.Topics[k] {
				if p > 0 {
					positive++
				}
			}
			if len(top) != positive {
				t.Fatalf("TopWords(%d) has %d words, the topic %d of positive weight", k, len(top), positive)
			}
			for i := 1; i < len(top); i++ {
				if m.Topics[k][top[i]] > m.Topics[k][top[i-1]] {
					t.Fatalf("TopWords(%d) out of order", k)
				}
			}
		}
		for key := range m.Params {
			m.Param(key)
		}
		var first bytes.Buffer
		if err := Write(&first, m, false); err != nil {
			t.Fatalf("Write of a model Read accepted: %v", err)
		}
		back, err := Read(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := Write(&second, back, false); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("round trip changed the model:\n%s\n%s", first.Bytes(), second.Bytes())
		}
		if !json.Valid(first.Bytes()) {
			t.Fatal("Write wrote invalid JSON")
		}
	})
}

// readErrorPrefixes are the starts of Read's errors: a file that is no
// model or a damaged one, a model Validate refuses, a newer format.
var readErrorPrefixes = []string{"not a hull model: ", "model: ", "model file format "}

// checkReadError fails t unless err, an error of Read, says what is
// wrong in Read's shape, on one line, and no damaged gzip stream's error
// passes for something else.
func checkReadError(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if !slices.ContainsFunc(readErrorPrefixes, func(p string) bool { return strings.HasPrefix(msg, p) }) {
		t.Fatalf("error %q starts with none of %q", msg, readErrorPrefixes)
	}
	if ge := (*gz.Error)(nil); errors.As(err, &ge) && !strings.HasPrefix(msg, "not a hull model: "+ge.Error()) {
		t.Fatalf("gzip error %q reported as %q", ge, msg)
	}
}

// FuzzLoad: Load, on a file of the fuzzed bytes, names the file in every
// error it gives but the file's opening (Read's error after "PATH: "),
// and reads what Read reads.
func FuzzLoad(f *testing.F) {
	var b bytes.Buffer
	if err := Write(&b, sample(), true); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add(b.Bytes()[:b.Len()-3])
	f.Add([]byte{0x1f, 0x8b})
	f.Add([]byte(`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]]}`))
	f.Add([]byte(`{"format": 2, "k": 1, "vocab": ["a\u00a0"], "topics": [[1]]}`))
	f.Add([]byte("{\"format\": 2, \"k\": 1, \"vocab\": [\"\xff\"], \"topics\": [[1]]}"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := os.CreateTemp(dir, "model*.json")
		if err != nil {
			t.Fatal(err)
		}
		path := file.Name()
		defer os.Remove(path)
		_, err = file.Write(data)
		if err = errors.Join(err, file.Close()); err != nil {
			t.Fatal(err)
		}
		m, err := Load(path)
		want, wantErr := Read(bytes.NewReader(data))
		switch {
		case err == nil && wantErr == nil:
			if !reflect.DeepEqual(m, want) {
				t.Fatalf("Load read %+v, Read %+v", m, want)
			}
		case err == nil || wantErr == nil:
			t.Fatalf("Load: %v; Read: %v", err, wantErr)
		case err.Error() != path+": "+wantErr.Error():
			t.Fatalf("Load error %q, want %q", err, path+": "+wantErr.Error())
		default:
			checkReadError(t, wantErr)
		}
	})
}
