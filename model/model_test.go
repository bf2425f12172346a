package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

func sample() *Model {
	return &Model{
		Format:       FormatVersion,
		Algorithm:    "anchor",
		Params:       map[string]any{"recover": "l2"},
		K:            2,
		Vocab:        []string{"apple", "banana", "cherry"},
		Topics:       [][]float64{{0.5, 0.5, 0}, {0.1, 0.2, 0.7}},
		TopicWeights: []float64{0.4, 0.6},
		Anchors:      []int{0, 2},
		Provenance:   Provenance{HullVersion: "test", Seed: 7, Timings: []Timing{{Stage: "read", Seconds: 0.5}}},
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"m.json", "m.json.gz"} {
		path := filepath.Join(dir, name)
		if err := Save(path, sample()); err != nil {
			t.Fatal(err)
		}
		raw, _ := os.ReadFile(path)
		if gz := raw[0] == 0x1f && raw[1] == 0x8b; gz != strings.HasSuffix(name, ".gz") {
			t.Errorf("%s: gzip = %v", name, gz)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, sample()) {
			t.Errorf("%s: round trip changed the model:\n%+v", name, got)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestSaveRefusesInvalidModelAndLeavesNoFile(t *testing.T) {
	m := sample()
	m.Topics[0][0] = 0.9 // no longer sums to 1
	path := filepath.Join(t.TempDir(), "bad.json")
	if err := Save(path, m); err == nil {
		t.Fatal("want an error")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("a file was written")
	}
}

// TestSaveContextStopsOnInterrupt: a context done leaves the old model.
func TestSaveContextStopsOnInterrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json.gz")
	if err := Save(path, sample()); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	m := sample()
	m.Algorithm = "another"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := SaveContext(ctx, path, m); !errors.Is(err, context.Canceled) {
		t.Fatalf("SaveContext after an interrupt: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, old) {
		t.Error("the model was replaced")
	}
}

// TestWriteRefusesInvalidModel: Write, as Save, writes nothing of a model
// that Read would refuse, nor of none (nil).
func TestWriteRefusesInvalidModel(t *testing.T) {
	m := sample()
	m.Topics[0][0] = 0.9
	for name, m := range map[string]*Model{"invalid": m, "nil": nil} {
		var buf bytes.Buffer
		if err := Write(&buf, m, false); err == nil || buf.Len() > 0 {
			t.Errorf("%s: error %v, %d bytes written; want an error and none", name, err, buf.Len())
		}
	}
}

func TestValidate(t *testing.T) {
	cases := map[string]func(m *Model){
		"K mismatch":      func(m *Model) { m.K = 3 },
		"short row":       func(m *Model) { m.Topics[1] = m.Topics[1][:2] },
		"negative":        func(m *Model) { m.Topics[0] = []float64{1.5, -0.5, 0} },
		"anchor range":    func(m *Model) { m.Anchors[1] = 3 },
		"weights count":   func(m *Model) { m.TopicWeights = []float64{1} },
		"weights sum":     func(m *Model) { m.TopicWeights = []float64{1e300, 1e300} },
		"empty vocab":     func(m *Model) { m.Vocab = nil },
		"no topics (K=0)": func(m *Model) { m.K, m.Topics = 0, nil },
		"duplicate word":  func(m *Model) { m.Vocab[2] = "apple" },
		"empty word":      func(m *Model) { m.Vocab[1] = "" },
		"negative alpha":  func(m *Model) { m.Alpha = []float64{-1, 2} },
		"zero alpha":      func(m *Model) { m.Alpha = []float64{0, 2} },         // inference divides by it
		"alpha sum +Inf":  func(m *Model) { m.Alpha = []float64{1e308, 1e308} }, // inference normalizes by the sum
		"negative weight": func(m *Model) { m.TopicWeights = []float64{-1, 2} },
		"ragged cov":      func(m *Model) { m.TopicCovariance = [][]float64{{1, 0}, {0}} },
		"negative size":   func(m *Model) { m.ClusterSizes = []int{-1, 2} },
		"slice param":     func(m *Model) { m.Params["dominant_topic"] = []int{0, 1} },
		"topic words":     func(m *Model) { m.TopicWords = [][]int{{0}, {3}} },
		"topic labels":    func(m *Model) { m.TopicLabels = []string{"one"} },
		"dominant range":  func(m *Model) { m.DominantTopic = []int{0, 2} },
		"simplex shape":   func(m *Model) { m.Simplex = &Simplex{Vertices: [][]float64{{0}}} },
		"simplex words":   func(m *Model) { m.Simplex = &Simplex{Vertices: [][]float64{{0}, {1}}, Sample: [][]float64{{0}}} },
		// A record of stop-word files made hull infer read them (any file);
		// invalid options failed later, naming no model.
		"stop-word files": func(m *Model) {
			m.Provenance.Preprocessing = &corpus.Preprocessing{Text: &text.Options{StopWordFiles: []string{"/etc/passwd"}}}
		},
		"text options": func(m *Model) { m.Provenance.Preprocessing = &corpus.Preprocessing{Text: &text.Options{MinLen: -3}} },
		"prune options": func(m *Model) {
			m.Provenance.Preprocessing = &corpus.Preprocessing{Prune: &corpus.PruneOptions{MinDF: -4}}
		},
	}
	for name, breakIt := range cases {
		m := sample()
		breakIt(m)
		if err := m.Validate(); err == nil {
			t.Errorf("%s: Validate accepted the model", name)
		}
	}
	if err := sample().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestReadRejectsGarbage(t *testing.T) {
	for _, in := range []string{"", "not json", `{"k":1}`, "\x1f\x8b garbage"} {
		if _, err := Read(bytes.NewReader([]byte(in))); err == nil {
			t.Errorf("Read(%q) succeeded", in)
		}
	}
}

func TestTopWords(t *testing.T) {
	m := sample()
	if got := m.TopWords(1, 2); !reflect.DeepEqual(got, []int{2, 1}) {
		t.Errorf("TopWords(1, 2) = %v", got)
	}
	if got := m.TopWords(0, 10); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("TopWords(0, 10) = %v (ties go to the lower index; cherry, of weight 0, is none)", got)
	}
}

// The typed results survive Save/Load with their Go types.
func TestTypedFieldsRoundTrip(t *testing.T) {
	m := full()
	var buf bytes.Buffer
	if err := Write(&buf, m, true); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := got.Param("docs_used"); !ok || n != 3 {
		t.Errorf("Param(docs_used) = %v, %v", n, ok)
	}
	got.Params, m.Params = nil, nil
	if !reflect.DeepEqual(got, m) {
		t.Errorf("round trip changed the model:\n%+v\n%+v", got, m)
	}
}

// A format 1 file (per-topic results in Params) loads with them in the
// typed fields, and the other non-scalar Params dropped.
func TestReadMigratesFormat1(t *testing.T) {
	v1 := `{"algorithm":"tsvd","k":2,"vocab":["apple","banana","cherry"],"topics":[[0.5,0.5,0],[0.1,0.2,0.7]],
	"params":{"catchwords":[["apple"],["cherry","banana"]],"dominant_topic":[0,1,-1],"topic_source":["catchwords","catchwords"],
	"cluster_sizes":[1,1],"singular_values":[2,1],"thresholds":[1,2,3],"w0":0.5}}`
	m, err := Read(strings.NewReader(v1))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.TopicWords, [][]int{{0}, {2, 1}}) || !reflect.DeepEqual(m.DominantTopic, []int{0, 1, -1}) ||
		len(m.TopicSource) != 2 || !reflect.DeepEqual(m.ClusterSizes, []int{1, 1}) || len(m.SingularValues) != 2 {
		t.Errorf("migrated %+v", m)
	}
	if _, ok := m.Params["thresholds"]; ok || m.Params["w0"] != 0.5 || m.Format != FormatVersion {
		t.Errorf("params %v, format %d", m.Params, m.Format)
	}
	score := `{"algorithm":"score","k":2,"vocab":["a","b","c"],"topics":[[0.5,0.5,0],[0.1,0.2,0.7]],
	"topic_weights":[1.5,-0.5],"params":{"anchor_words":[["a"],["c"]],"vertices":[[0,1],[1,0]],"centres":[[0,1],[1,0],[0.5,0.5]],
	"vertex_centres":[0,1],"ratios_sample":[[0.2,0.3]],"ratios_sample_words":[2],"themes":["x","y"]}}`
	if m, err = Read(strings.NewReader(score)); err != nil {
		t.Fatal(err)
	}
	if m.Simplex == nil || len(m.Simplex.Centres) != 3 || !reflect.DeepEqual(m.Simplex.SampleWords, []int{2}) ||
		!reflect.DeepEqual(m.TopicWords, [][]int{{0}, {2}}) || !reflect.DeepEqual(m.TopicLabels, []string{"x", "y"}) ||
		!reflect.DeepEqual(m.TopicWeights, []float64{1, 0}) {
		t.Errorf("migrated %+v (simplex %+v)", m, m.Simplex)
	}
}

func TestReadErrorsSayWhere(t *testing.T) {
	good, _ := json.Marshal(sample())
	for in, want := range map[string]string{
		string(good) + " {}":     "data after the model",
		string(good[:40]):        "ends inside the model",
		`{"k": "two"}`:           "byte 11: field k holds a JSON string, want an integer",
		`5`:                      "byte 1: the file holds a JSON number, want an object",
		`{"topics": [[1, "x"]]}`: "field topics holds a JSON string, want a number",
		`{"format": 99, "k": 1}`: "newer than this hull",
		strings.Replace(string(good), ":", "", 1):                                      "byte ",
		`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]], "params": {"x": [1]}}`: `params["x"] is a JSON array`,
	} {
		_, err := Read(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Go ") {
			t.Errorf("Read(%.30q...) = %v, want %q", in, err, want)
		}
	}
}

func TestCheckVocab(t *testing.T) {
	m := sample()
	if err := m.CheckVocab([]string{"apple", "banana", "cherry"}); err != nil {
		t.Fatal(err)
	}
	for _, v := range [][]string{{"apple", "banana"}, {"apple", "cherry", "banana"}} {
		if err := m.CheckVocab(v); !errors.Is(err, ErrVocabMismatch) {
			t.Errorf("CheckVocab(%v) = %v, want ErrVocabMismatch", v, err)
		}
	}
}

// Models saved by hull before format 2 (testdata/v1-*.json.gz, written by
// "hull fit" at commit c6bf838) load with their results in the typed fields.
func TestLoadFormat1Files(t *testing.T) {
	for algo, check := range map[string]func(m *Model) bool{
		"score": func(m *Model) bool { return m.Simplex != nil && len(m.Simplex.Vertices) == 4 && len(m.TopicWords) == 4 },
		"tsvd": func(m *Model) bool {
			return len(m.DominantTopic) == 300 && len(m.TopicSource) == 4 && len(m.ClusterSizes) == 4
		},
		"rp": func(m *Model) bool { return len(m.Anchors) == 4 && len(m.TopicWords) == 4 && len(m.ClusterSizes) == 4 },
	} {
		m, err := Load(filepath.Join("testdata", "v1-"+algo+".json.gz"))
		if err != nil {
			t.Errorf("%s: %v", algo, err)
			continue
		}
		if m.Format != FormatVersion || !check(m) {
			t.Errorf("%s: migrated model lacks its typed results: %+v", algo, m)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%s: %v", algo, err)
		}
	}
}

// Words of probability 0 are no top words: topics each on its own word
// listed words they never draw, by index, the same for every topic, and
// looked like near-copies of one another.
func TestTopWordsPositiveOnly(t *testing.T) {
	m := &Model{K: 3, Vocab: []string{"a", "b", "c", "d", "e"}, Topics: [][]float64{{0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0.5, 0, 0, 0, 0.5}}}
	if got := m.TopWords(0, 3); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("TopWords(0, 3) = %v, want [2]", got)
	}
	if got := m.TopWords(2, 3); !reflect.DeepEqual(got, []int{0, 4}) {
		t.Errorf("TopWords(2, 3) = %v, want [0 4]", got)
	}
	if d, p, slots := m.TopWordOverlap(3); d != 4 || p != 0 || slots != 4 {
		t.Errorf("TopWordOverlap(3) = %d distinct, %d pairs, %d slots; want 4, 0, 4", d, p, slots)
	}
}

func TestTopWordsOfNoWords(t *testing.T) {
	if got := sample().TopWords(0, -1); len(got) != 0 {
		t.Errorf("TopWords(0, -1) = %v", got)
	}
}

func TestTopWordOverlap(t *testing.T) {
	m := &Model{K: 3, Vocab: []string{"a", "b", "c", "d"}, Topics: [][]float64{
		{0.4, 0.3, 0.2, 0.1}, // top 2: a b
		{0.3, 0.4, 0.2, 0.1}, // top 2: b a, a near-copy of topic 0
		{0.1, 0.1, 0.4, 0.4}, // top 2: c d
	}}
	if d, p, slots := m.TopWordOverlap(2); d != 4 || p != 1 || slots != 6 {
		t.Errorf("TopWordOverlap(2) = %d distinct, %d pairs, %d slots; want 4, 1, 6", d, p, slots)
	}
	if d, p, _ := m.TopWordOverlap(1); d != 3 || p != 0 {
		t.Errorf("TopWordOverlap(1) = %d distinct, %d pairs; want 3, 0", d, p)
	}
}

// Near-duplicates are judged on the longer of two lists, whichever topic
// comes first: a topic on one word and one that lists it among three were
// a pair in one order and not in the other; a topic on two words shares
// half of the other's two.
func TestTopWordOverlapSymmetric(t *testing.T) {
	one, three, two := []float64{1, 0, 0, 0}, []float64{0.5, 0.3, 0.2, 0}, []float64{0, 0.6, 0, 0.4}
	for _, topics := range [][][]float64{{one, three}, {three, one}} {
		m := &Model{K: 2, Vocab: []string{"a", "b", "c", "d"}, Topics: topics}
		if _, p, slots := m.TopWordOverlap(3); p != 0 || slots != 4 {
			t.Errorf("%v: %d pairs, %d slots; want 0, 4", topics, p, slots)
		}
	}
	m := &Model{K: 2, Vocab: []string{"a", "b", "c", "d"}, Topics: [][]float64{{0.5, 0.5, 0, 0}, two}}
	if _, p, _ := m.TopWordOverlap(3); p != 1 {
		t.Errorf("two lists of two sharing one: %d pairs, want 1", p)
	}
}

// TestValidateVocab: the repeated word reported is the one whose second
// occurrence comes first, with both indices.
func TestValidateVocab(t *testing.T) {
	for _, tc := range []struct {
		vocab []string
		want  string
	}{
		{[]string{"a", "b", "c", "b", "a"}, `vocabulary words 1 and 3 are both "b"`},
		{[]string{"x", "y", "x", "x"}, `vocabulary words 0 and 2 are both "x"`},
		{[]string{"a", "", "a"}, "vocabulary word 1 is empty"},
		{nil, "empty vocabulary"},
	} {
		if err := ValidateVocab(tc.vocab); err == nil || err.Error() != tc.want {
			t.Errorf("%q: %v, want %q", tc.vocab, err, tc.want)
		}
	}
	if err := ValidateVocab([]string{"b", "a", "c"}); err != nil {
		t.Errorf("distinct words: %v", err)
	}
}

// TestNonFiniteParamsSavedAsNil: a learner's figure that overflowed
// (rp's threshold of a huge ThresholdFraction, vb's bound of a tiny Eta)
// is saved as null, as Params documents; encoding/json refused the model.
func TestNonFiniteParamsSavedAsNil(t *testing.T) {
	m := sample()
	m.Params = map[string]any{"threshold": math.Inf(1), "bound": math.NaN(), "low": float32(math.Inf(-1)), "ok": 2.5}
	for _, name := range []string{"m.json", "m.json.gz"} {
		path := filepath.Join(t.TempDir(), name)
		if err := Save(path, m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]any{"threshold": nil, "bound": nil, "low": nil, "ok": 2.5}
		if !reflect.DeepEqual(got.Params, want) {
			t.Errorf("%s: params %v, want %v", name, got.Params, want)
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, m, false); err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(m.Params["threshold"].(float64), 1) {
		t.Error("Write changed the caller's Params")
	}
}
