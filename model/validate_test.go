package model

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

// TestValidateRefusesNonFinite: NaN and infinity in the covariance, the
// simplex or the timings passed Validate, and Save then failed with
// "json: unsupported value", naming no field.
func TestValidateRefusesNonFinite(t *testing.T) {
	for name, tc := range map[string]struct {
		breakIt func(m *Model)
		want    string
	}{
		"covariance NaN":  {func(m *Model) { m.TopicCovariance = [][]float64{{1, 0}, {0, math.NaN()}} }, "topic_covariance[1][1] = NaN"},
		"covariance -Inf": {func(m *Model) { m.TopicCovariance = [][]float64{{math.Inf(-1), 0}, {0, 1}} }, "topic_covariance[0][0] = -Inf"},
		"timing +Inf":     {func(m *Model) { m.Provenance.Timings = []Timing{{Stage: "x", Seconds: math.Inf(1)}} }, `timings[0] ("x") seconds = +Inf`},
		"timing NaN": {func(m *Model) {
			m.Provenance.Timings = append(m.Provenance.Timings, Timing{Stage: "y", Seconds: math.NaN()})
		}, `timings[1] ("y") seconds = NaN`},
		"simplex vertex": {func(m *Model) { m.Simplex = &Simplex{Vertices: [][]float64{{math.NaN()}, {1}}} }, "simplex vertices[0][0] = NaN"},
		"simplex centre": {func(m *Model) {
			m.Simplex = &Simplex{Vertices: [][]float64{{0}, {1}}, Centres: [][]float64{{math.Inf(1)}}}
		}, "simplex centres[0][0] = +Inf"},
		"simplex sample": {func(m *Model) {
			m.Simplex = &Simplex{Vertices: [][]float64{{0}, {1}}, Sample: [][]float64{{math.NaN()}}, SampleWords: []int{1}}
		}, "simplex sample[0][0] = NaN"},
	} {
		m := sample()
		tc.breakIt(m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate: %v, want an error naming %q", name, err, tc.want)
		}
		if err := Save(t.TempDir()+"/m.json", m); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Save: %v, want Validate's error", name, err)
		}
	}
	m := sample()
	m.TopicCovariance = [][]float64{{0.3, -0.1}, {-0.1, 0.5}}
	m.Simplex = &Simplex{Vertices: [][]float64{{0, -1}, {1, 2}}, Centres: [][]float64{{0.5, 0.5}}, Sample: [][]float64{{-3}}, SampleWords: []int{2}}
	if err := m.Validate(); err != nil {
		t.Fatalf("finite covariance and simplex: %v", err)
	}
}

// TestValidateRefusesInvalidUTF8: Save wrote the invalid UTF-8 of any
// string field but the vocabulary as U+FFFD, and Load returned another
// model than the one saved, with no error.
func TestValidateRefusesInvalidUTF8(t *testing.T) {
	for name, tc := range map[string]struct {
		breakIt func(m *Model)
		want    string
	}{
		"algorithm":    {func(m *Model) { m.Algorithm = "al\xfe" }, `algorithm "al\xfe" is not valid UTF-8`},
		"param value":  {func(m *Model) { m.Params["s"] = "v\xc3" }, `params["s"] "v\xc3" is not valid UTF-8`},
		"param key":    {func(m *Model) { m.Params["k\xff"] = 1 }, `params key "k\xff" is not valid UTF-8`},
		"topic label":  {func(m *Model) { m.TopicLabels = []string{"ok", "bad\xff"} }, `topic_labels[1] "bad\xff" is not valid UTF-8`},
		"topic source": {func(m *Model) { m.TopicSource = []string{"\x80", "x"} }, `topic_source[0] "\x80" is not valid UTF-8`},
		"hull version": {func(m *Model) { m.Provenance.HullVersion = "\xff" }, `provenance.hull_version "\xff" is not valid UTF-8`},
		"input digest": {func(m *Model) { m.Provenance.InputDigest = "sha\xff" }, `provenance.input_digest "sha\xff" is not valid UTF-8`},
		"timing stage": {func(m *Model) { m.Provenance.Timings[0].Stage = "r\xffead" }, `provenance.timings[0].stage "r\xffead" is not valid UTF-8`},
		"stop word": {func(m *Model) {
			m.Provenance.Preprocessing = &corpus.Preprocessing{Text: &text.Options{StopWords: []string{"the", "\xfe"}}}
		}, `"\xfe" is not valid UTF-8`},
		"pruned word": {func(m *Model) {
			m.Provenance.Preprocessing = &corpus.Preprocessing{Prune: &corpus.PruneOptions{StopWords: []string{"\xfe"}}}
		}, `provenance.preprocessing.prune.stop_words[0] "\xfe" is not valid UTF-8`},
		"format record": {func(m *Model) { m.Provenance.Preprocessing = &corpus.Preprocessing{Format: "uci\xff"} }, `provenance.preprocessing.format "uci\xff" is not valid UTF-8`},
	} {
		m := sample()
		tc.breakIt(m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate: %v, want an error naming %q", name, err, tc.want)
		}
		var buf bytes.Buffer
		if err := Write(&buf, m, false); err == nil || buf.Len() != 0 {
			t.Errorf("%s: Write: %v, %d bytes written", name, err, buf.Len())
		}
	}
	// Valid UTF-8 of every kind survives Save and Load.
	m := sample()
	m.Algorithm, m.Params["s"], m.TopicLabels = "anchor", "naïve \u2028 \ufffd", []string{"日本", "\U0001F600"}
	m.Provenance.Preprocessing = &corpus.Preprocessing{Text: &text.Options{StopWords: []string{"für"}}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, m, false); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil || got.Params["s"] != m.Params["s"] || got.TopicLabels[1] != m.TopicLabels[1] {
		t.Errorf("round trip: %v, %+v", err, got)
	}
}
