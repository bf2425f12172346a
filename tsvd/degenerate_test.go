package tsvd

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
)

// cuts: a word with a threshold is cut there with value sqrt(zeta); a word
// whose threshold is 0 has no row by the printed rule, and by the authors'
// is kept at its least positive count (none if it has no occurrence).
func TestCuts(t *testing.T) {
	zeta := []int32{2, 0, 0, 0}
	least := []int32{1, 2, 0, 1}
	for _, tc := range []struct {
		authors bool
		cut     []int32
		bval    []float64
	}{
		{false, []int32{2, -1, -1, -1}, []float64{math.Sqrt2, 0, 0, 0}},
		{true, []int32{2, 1, -1, 0}, []float64{math.Sqrt2, math.Sqrt2, 0, 1}},
	} {
		cut, bval := cuts(zeta, least, tc.authors)
		if !slices.Equal(cut, tc.cut) || !slices.Equal(bval, tc.bval) {
			t.Errorf("authors %v: cut %v bval %v, want %v %v", tc.authors, cut, bval, tc.cut, tc.bval)
		}
	}
}

// thresholds returns each word's least positive count on the count scale
// beside its threshold.
func TestThresholdsLeast(t *testing.T) {
	c := repeated([]map[string]int32{{"a": 3, "b": 1}, {"a": 2, "b": 3}, {"a": 2, "c": 3}}, []int{1, 1, 1})
	// All documents have 4 or 5 tokens; m = 14/3: a's counts 3, 2, 2 on
	// the count scale round(m count / n) are 4, 2, 2 (n = 4, 5, 5).
	zeta, least := thresholds(context.Background(), c, []int{0, 1, 2}, meanLength(c), 1, 1, 1)
	a, b, cc := 0, 1, 2
	if least[a] != 2 || least[b] != 1 || least[cc] != 3 || least[3] != 0 {
		t.Errorf("least %v, want a 2, b 1, c 3, d 0", least[:4])
	}
	if zeta[a] != 1 { // above = ceil(3/2) = 2: 2nd highest 2, zeta 1 (#{=1} = 0)
		t.Errorf("zeta %v, want a 1", zeta[:4])
	}
}

// shortDocs is a corpus of three kinds of three-token documents on
// disjoint words, each repeated 20 times: every word occurs once in 20
// documents, so its threshold is 0 (no count above 1 anywhere).
func shortDocs() *corpus.Corpus {
	return repeated([]map[string]int32{
		{"a": 1, "b": 1, "c": 1}, {"d": 1, "e": 1, "f": 1}, {"g": 1, "h": 1, "i": 1},
	}, []int{20, 20, 20})
}

// logLines returns Settings whose log appends to lines.
func logLines(lines *[]string) learner.Settings {
	return learner.Settings{Seed: 1, Log: func(l string) { *lines = append(*lines, l) }}
}

// The printed step 2 leaves B = 0 on short documents; the authors' rule
// keeps every word at its least count, and auto switches to it, saying so
// on the log and in Params. The three kinds are then recovered exactly.
func TestThresholdRecovery(t *testing.T) {
	c := shortDocs()
	var lines []string
	l, err := New(Options{Settings: logLines(&lines), NoSplit: true, Thresholds: ThresholdsPaper})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Fit(context.Background(), c, 3); !errors.Is(err, learner.ErrTooFewWords) {
		t.Fatalf("paper rule: err %v, want ErrTooFewWords (B = 0)", err)
	}
	for _, rule := range []string{ThresholdsAuthors, ThresholdsAuto} {
		lines = nil
		m := fitModel(t, c, 3, Options{Settings: logLines(&lines), NoSplit: true, Thresholds: rule})
		checkTopics(t, m)
		if m.Params["thresholds"] != ThresholdsAuthors || m.Params["words_low_threshold"] != 9 || m.Params["words_thresholded"] != 0 {
			t.Errorf("%s: params %v", rule, m.Params)
		}
		recovered := m.Params["threshold_recovered"] == true
		logged := len(lines) > 0 && strings.Contains(lines[0], "leaves B degenerate")
		if want := rule == ThresholdsAuto; recovered != want || logged != want {
			t.Errorf("%s: threshold_recovered %v, log %q", rule, m.Params["threshold_recovered"], lines)
		}
		if fb, _ := m.Param("fallback_topics"); fb != 0 {
			t.Errorf("%s: %v topics fell back", rule, fb)
		}
		for _, kindCounts := range []map[string]float64{{"a": 1, "b": 1, "c": 1}, {"d": 1, "e": 1, "f": 1}, {"g": 1, "h": 1, "i": 1}} {
			want := kind(m.Vocab, kindCounts)
			found := false
			for _, row := range m.Topics {
				d := 0.0
				for i := range row {
					d += math.Abs(row[i] - want[i])
				}
				found = found || d < 1e-9
			}
			if !found {
				t.Errorf("%s: kind %v not among the topics", rule, kindCounts)
			}
		}
	}
	if _, err := New(Options{Thresholds: "sometimes"}); err == nil {
		t.Error("Thresholds \"sometimes\": no error")
	}
}

// A corpus of two kinds of documents asked for K = 4: B has rank 2, step
// 4a finds two clusters, two stay empty and their topics fall back. Each
// is logged and recorded.
func TestDegenerateClusteringReported(t *testing.T) {
	c := repeated([]map[string]int32{
		{"a": 30, "b": 20, "c": 10, "d": 5},
		{"e": 30, "f": 20, "g": 10, "h": 5},
	}, []int{40, 40})
	var lines []string
	m := fitModel(t, c, 4, Options{Settings: logLines(&lines), NoSplit: true, Thresholds: ThresholdsPaper})
	log := strings.Join(lines, "\n")
	for _, want := range []string{"has rank 2, below K = 4", "only 2 distinct", "2 of the K = 4 clusters are empty", "2 of the K = 4 topics have no catchwords"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if m.Params["b_rank"] != 2 || m.Params["clusters_empty"] != 2 || m.Params["fallback_topics"] != 2 {
		t.Errorf("params %v", m.Params)
	}
	// A corpus TSVD fits well logs nothing.
	lines = nil
	cd, _ := dominant(t, 3000, 300, 1)
	m = fitModel(t, cd, 10, Options{Settings: logLines(&lines)})
	if len(lines) > 0 || m.Params["thresholds"] != ThresholdsPaper || m.Params["b_rank"] != 10 || m.Params["clusters_empty"] != 0 {
		t.Errorf("dominant corpus: log %q, params %v", lines, m.Params)
	}
}
