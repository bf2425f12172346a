package eval

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func TestReadDocWeights(t *testing.T) {
	for _, text := range []string{
		"1\t0.25\t0.75\nd 2\t1\t0\n",
		"id\ttopic1\ttopic2\n1\t0.25\t0.75\r\n\nd 2\t1\t0",
	} {
		got, err := ReadDocWeights(strings.NewReader(text), "t.tsv")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if len(got) != 2 || !slices.Equal(got["1"], []float64{0.25, 0.75}) || !slices.Equal(got["d 2"], []float64{1, 0}) {
			t.Errorf("%q: read %v", text, got)
		}
	}
	// Errors name the file and the line: "syn/doc-topics.tsv:3: ...".
	for _, tc := range []struct{ text, want string }{
		{"", "syn/doc-topics.tsv: no document"},
		{"id\ttopic1\n", "syn/doc-topics.tsv: no document"},
		{"1\n", "syn/doc-topics.tsv:1: want an id"},
		{"1\t0.5\t0.5\n2\t1\n", "syn/doc-topics.tsv:2: 1 weights"},
		{"1\t0.5\t0.5\n\n1\t0.5\t0.5\n", `syn/doc-topics.tsv:3: document "1" listed twice`},
		{"1\t0.5\tx\n", "syn/doc-topics.tsv:1: weight 2"},
		{"1\t-0.5\t1.5\n", "syn/doc-topics.tsv:1: weight 1"},
		{"1\tNaN\t1\n", "syn/doc-topics.tsv:1: weight 1"},
		{"1\t+Inf\t1\n", "syn/doc-topics.tsv:1: weight 1"},
	} {
		_, err := ReadDocWeights(strings.NewReader(tc.text), "syn/doc-topics.tsv")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %s...", tc.text, err, tc.want)
		}
	}
	if _, err := ReadDocWeights(strings.NewReader("1\n"), ""); err == nil || !strings.HasPrefix(err.Error(), "line 1: ") {
		t.Errorf("no name: error %v, want line 1: ...", err)
	}
}

// ReadDocWeightsFile names the file in its errors, the file's opening's
// included.
func TestReadDocWeightsFile(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.tsv"), filepath.Join(dir, "bad.tsv")
	if err := errors.Join(os.WriteFile(good, []byte("a\t1\t0\n"), 0o644), os.WriteFile(bad, []byte("a\t1\t0\nb\t1\n"), 0o644)); err != nil {
		t.Fatal(err)
	}
	if w, err := ReadDocWeightsFile(good); err != nil || len(w) != 1 || !slices.Equal(w["a"], []float64{1, 0}) {
		t.Errorf("read %v, %v", w, err)
	}
	if _, err := ReadDocWeightsFile(bad); err == nil || err.Error() != bad+":2: 1 weights, earlier lines 2" {
		t.Errorf("error %v, want %s:2: ...", err, bad)
	}
	none := filepath.Join(dir, "none.tsv")
	if _, err := ReadDocWeightsFile(none); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), none) {
		t.Errorf("error %v, want one naming %s", err, none)
	}
}

// FuzzReadDocWeights: ReadDocWeights never panics; its errors start with
// the name and a line of the input ("fuzz:3: ") or say the table holds
// no document; the weights it reads, written by infer.WriteDocTopics, read
// back the same (to the 6 digits written).
func FuzzReadDocWeights(f *testing.F) {
	for _, s := range []string{
		"id\ttopic1\ttopic2\n1\t0.25\t0.75\r\n\nd 2\t1\t0",
		"1\t0.5\t0.5\n2\t1\n",
		"a\t1e-300\t0x1p-3\n",
		"a\\tb\t1\n\"q\\x1b\"\t0\n",
		"a\t1\na\t1\n",
		"",
	} {
		f.Add([]byte(s))
	}
	lineErr := regexp.MustCompile(`^fuzz:([0-9]+): [^\n]+$`)
	f.Fuzz(func(t *testing.T, data []byte) {
		weights, err := ReadDocWeights(bytes.NewReader(data), "fuzz")
		if err != nil {
			msg := err.Error()
			if msg == "fuzz: no document in the table" {
				return
			}
			m := lineErr.FindStringSubmatch(msg)
			if m == nil {
				t.Fatalf("error %q: want fuzz:LINE: what is wrong", msg)
			}
			if n, _ := strconv.Atoi(m[1]); n < 1 || n > bytes.Count(data, []byte("\n"))+1 {
				t.Fatalf("error %q names no line of the input", msg)
			}
			return
		}
		ids := slices.Sorted(maps.Keys(weights))
		theta := make([][]float64, len(ids))
		for d, id := range ids {
			theta[d] = weights[id]
		}
		var b bytes.Buffer
		if err := infer.WriteDocTopics(&b, ids, theta, true); err != nil {
			t.Fatalf("WriteDocTopics of what ReadDocWeights read: %v", err)
		}
		back, err := ReadDocWeights(bytes.NewReader(b.Bytes()), "written")
		if err != nil {
			t.Fatalf("%q read, written as %q: %v", data, b.Bytes(), err)
		}
		if len(back) != len(weights) {
			t.Fatalf("%d documents read back, want %d", len(back), len(weights))
		}
		for id, row := range weights {
			got, ok := back[id]
			if !ok || len(got) != len(row) {
				t.Fatalf("document %q: %v read back as %v", id, row, got)
			}
			for j, x := range row {
				if y := got[j]; math.Abs(x-y) > 1e-5*x || (x > 0) != (y > 0) {
					t.Fatalf("document %q weight %d: %v read back as %v", id, j, x, y)
				}
			}
		}
	})
}

// TestLDACAndLDAT: on an LDA corpus the cheating predictors, which know
// the true topics (and LDAC the true document weights), beat Baseline by
// far; LDAC's scores are exactly sum_k theta_dk A_k.
func TestLDACAndLDAT(t *testing.T) {
	c, truth, theta, err := synth.LDA{K: 5, V: 500, Docs: 400, DocLength: 60, Poisson: true, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(7, 8)))
	if err != nil {
		t.Fatal(err)
	}
	weights := map[string][]float64{}
	for d, id := range c.DocIDs {
		weights[id] = theta[d]
	}
	split, err := SplitPlusOne(c, PlusOneOptions{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	score, err := LDAC(truth, weights).Prepare(context.Background(), split.Train, split.Observed)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float64, c.NumWords())
	score(3, got)
	th := theta[split.TestDocs[3]]
	for w := range got {
		want := 0.0
		for k := range th {
			want += th[k] * truth.Topics[k][w]
		}
		if d := got[w] - want; d > 1e-12 || d < -1e-12 {
			t.Fatalf("word %d: LDAC score %v, want theta^T A = %v", w, got[w], want)
		}
	}
	res, err := PlusOne(context.Background(), split, []Predictor{Baseline{}, LDAC(truth, weights), LDAT(truth, vb)}, PlusOneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res[1].Name != "ldaC" || res[2].Name != "ldaT" {
		t.Errorf("names %q, %q", res[1].Name, res[2].Name)
	}
	for _, r := range res[1:] {
		if r.Precision < res[0].Precision+0.1 {
			t.Errorf("%s precision %.3f, baseline %.3f: want the cheat well above", r.Name, r.Precision, res[0].Precision)
		}
	}
}

// vb is variational inference with the model's alpha.
func vb(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
	return infer.Infer(ctx, m, observed, infer.Options{})
}

func TestLDACErrors(t *testing.T) {
	c, truth, theta, err := synth.LDA{K: 3, V: 50, Docs: 40, DocLength: 20, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	split, err := SplitPlusOne(c, PlusOneOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]float64{}
	short := map[string][]float64{}
	for d, id := range c.DocIDs {
		if d != split.TestDocs[0] {
			missing[id] = theta[d]
		}
		short[id] = theta[d][:2]
	}
	for name, w := range map[string]map[string][]float64{"missing": missing, "short": short} {
		_, err := LDAC(truth, w).Prepare(context.Background(), split.Train, split.Observed)
		id := c.DocIDs[split.TestDocs[0]]
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Errorf("%s weights: error %v, want one naming document %q", name, err, id)
		}
	}
}
