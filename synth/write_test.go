package synth

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/doctopics"
	"github.com/hulltopics/hull/model"
)

func TestWriteDir(t *testing.T) {
	c, truth, theta, err := LDA{K: 3, V: 30, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	ids, digest := slices.Clone(c.DocIDs), truth.Provenance.InputDigest
	dir := filepath.Join(t.TempDir(), "new", "lda")
	var log progressLog
	if err := WriteDir(context.Background(), dir, c, truth, theta, log.report); err != nil {
		t.Fatal(err)
	}
	// The documents of the corpus and the rows of their weights, 0 to 20.
	rows := slices.Index(log.stages, "write document topics")
	if n := len(log.done); rows < 2 || log.stages[0] != "write uci" || log.stages[n-1] != "write document topics" ||
		log.done[0] != [2]int{0, 20} || log.done[rows-1] != [2]int{20, 20} || log.done[rows] != [2]int{0, 20} || log.done[n-1] != [2]int{20, 20} {
		t.Errorf("progress %q %v", log.stages, log.done)
	}
	if !slices.Equal(c.DocIDs, ids) || truth.Provenance.InputDigest != digest || truth.Provenance.HullVersion != "" {
		t.Error("WriteDir modified its arguments")
	}
	back, err := corpus.ReadFile(filepath.Join(dir, DocwordFile), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(filepath.Join(dir, TruthFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Provenance.InputDigest != back.Digest() || m.Provenance.HullVersion == "" || !slices.Equal(back.Vocab, c.Vocab) || back.NNZ() != c.NNZ() {
		t.Errorf("truth digest %s, corpus read back %s; version %q", m.Provenance.InputDigest, back.Digest(), m.Provenance.HullVersion)
	}
	f, err := os.Open(filepath.Join(dir, DocTopicsFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gotIDs, got, err := doctopics.Read(f, DocTopicsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(gotIDs, back.DocIDs) || len(got) != len(theta) {
		t.Fatalf("doc-topics ids %v (corpus read back: %v), rows %d", gotIDs, back.DocIDs, len(got))
	}
	for d := range got {
		for k, x := range got[d] {
			if math.Abs(x-theta[d][k]) > 5e-6*theta[d][k] {
				t.Fatalf("document %d topic %d: %v written, %v drawn", d, k, x, theta[d][k])
			}
		}
	}

	// Without theta there is no doc-topics file; an invalid truth writes
	// nothing.
	dir2 := filepath.Join(t.TempDir(), "two")
	if err := WriteDir(context.Background(), dir2, c, truth, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir2, DocTopicsFile)); !os.IsNotExist(err) {
		t.Errorf("a doc-topics file without theta: %v", err)
	}
	bad := *truth
	bad.K = 2
	dir3 := filepath.Join(t.TempDir(), "three")
	if err := WriteDir(context.Background(), dir3, c, &bad, theta, nil); err == nil {
		t.Error("no error for an invalid truth")
	}
	if _, err := os.Stat(dir3); !os.IsNotExist(err) {
		t.Error("an invalid truth created the directory")
	}
}

// TestWriteDirKilledHalfway simulates a kill before each step of WriteDir
// that changes the directory, over a directory holding another set: a
// truth left must always be that of the corpus beside it, and of its
// doc-topics file.
func TestWriteDirKilledHalfway(t *testing.T) {
	gen := func(seed uint64) (*corpus.Corpus, *model.Model, [][]float64) {
		c, truth, theta, err := LDA{K: 3, V: 30, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(seed, seed)))
		if err != nil {
			t.Fatal(err)
		}
		return c, truth, theta
	}
	c1, truth1, theta1 := gen(1)
	c2, truth2, theta2 := gen(2)
	defer func() { beforeCommit = func(string) {} }()
	for _, kill := range []string{"remove", DocwordFile, VocabFile, DocTopicsFile, TruthFile} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "m.json"), []byte("a model of the user's"), 0o644)
		beforeCommit = func(string) {}
		if err := WriteDir(context.Background(), dir, c1, truth1, theta1, nil); err != nil {
			t.Fatal(err)
		}
		beforeCommit = func(step string) {
			if step == kill {
				panic("killed")
			}
		}
		func() {
			defer func() { recover() }()
			WriteDir(context.Background(), dir, c2, truth2, theta2, nil)
			t.Fatalf("no kill before %s", kill)
		}()
		back, err := corpus.ReadFile(filepath.Join(dir, DocwordFile), corpus.ReadOptions{})
		if err != nil {
			t.Fatalf("killed before %s: %v", kill, err)
		}
		m, err := model.Load(filepath.Join(dir, TruthFile))
		switch {
		case os.IsNotExist(err):
			continue // an incomplete set, that nothing accepts
		case err != nil:
			t.Fatalf("killed before %s: %v", kill, err)
		case m.Provenance.InputDigest != back.Digest():
			t.Errorf("killed before %s: the truth left (digest %.12s) is not of the corpus beside it (%.12s)", kill, m.Provenance.InputDigest, back.Digest())
		}
		f, err := os.Open(filepath.Join(dir, DocTopicsFile))
		if err != nil {
			t.Fatal(err)
		}
		_, got, err := doctopics.Read(f, DocTopicsFile)
		f.Close()
		want := theta1
		if m.Topics[0][0] != truth1.Topics[0][0] {
			want = theta2
		}
		if err != nil || math.Abs(got[0][0]-want[0][0]) > 1e-5 {
			t.Errorf("killed before %s: doc-topics not of the truth: %v", kill, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "m.json")); err != nil {
			t.Errorf("killed before %s: the user's file: %v", kill, err)
		}
	}
}

// TestWriteDirReplacesSetWithoutTheta: a set without theta over one with
// it leaves no doc-topics file of the old set.
func TestWriteDirReplacesSetWithoutTheta(t *testing.T) {
	c, truth, theta, err := LDA{K: 3, V: 30, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteDir(context.Background(), dir, c, truth, theta, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteDir(context.Background(), dir, c, truth, nil, nil); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d files, want docword, vocab and truth", len(entries))
	}
}

// TestWriteDirCancelled: a done context stops the writes; nothing is left
// in the directory.
func TestWriteDirCancelled(t *testing.T) {
	c, truth, theta, err := LDA{K: 2, V: 20, Docs: 5, DocLength: 10, Alpha: 0.5, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	if err := WriteDir(ctx, dir, c, truth, theta, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteDir with a cancelled context: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %v", entries)
	}
}

// TestWriteDirRefusesCorpusSet: a directory holding a "hull corpus" set's
// file that WriteDir would leave beside its new vocabulary (data in
// another format, ids, a preprocessing record) is refused by PrepareDir
// and WriteDir, and left as it was; hull synth wrote beside corpus.ldac,
// which then read with the new vocab.txt failed or misnamed words. A
// directory of an earlier WriteDir is replaced.
func TestWriteDirRefusesCorpusSet(t *testing.T) {
	c, truth, theta, err := LDA{K: 3, V: 30, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"corpus.ldac", "corpus.jsonl.gz", "docword.txt.gz", corpus.DocIDsFileName, corpus.PreprocessingFileName} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644)
		if _, err := PrepareDir(dir); !errors.Is(err, atomicfile.ErrStale) {
			t.Errorf("%s: PrepareDir: %v, want ErrStale", name, err)
		}
		if err := WriteDir(context.Background(), dir, c, truth, theta, nil); !errors.Is(err, atomicfile.ErrStale) {
			t.Errorf("%s: WriteDir: %v, want ErrStale", name, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: %d files left, want the old one alone", name, len(entries))
		}
	}
	dir := t.TempDir()
	for range 2 {
		if _, err := PrepareDir(dir); err != nil {
			t.Fatal(err)
		}
		if err := WriteDir(context.Background(), dir, c, truth, theta, nil); err != nil {
			t.Fatal(err)
		}
	}
}
