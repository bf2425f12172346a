package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sample() *Model {
	return &Model{
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

func TestValidate(t *testing.T) {
	cases := map[string]func(m *Model){
		"K mismatch":      func(m *Model) { m.K = 3 },
		"short row":       func(m *Model) { m.Topics[1] = m.Topics[1][:2] },
		"negative":        func(m *Model) { m.Topics[0] = []float64{1.5, -0.5, 0} },
		"anchor range":    func(m *Model) { m.Anchors[1] = 3 },
		"weights count":   func(m *Model) { m.TopicWeights = []float64{1} },
		"empty vocab":     func(m *Model) { m.Vocab = nil },
		"no topics (K=0)": func(m *Model) { m.K, m.Topics = 0, nil },
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
	if got := m.TopWords(0, 10); !reflect.DeepEqual(got, []int{0, 1, 2}) {
		t.Errorf("TopWords(0, 10) = %v (ties go to the lower index)", got)
	}
}
