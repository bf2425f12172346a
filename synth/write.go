package synth

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/doctopics"
	"github.com/hulltopics/hull/internal/version"
	"github.com/hulltopics/hull/model"
)

// The files WriteDir writes into its directory.
const (
	// DocwordFile holds the documents in the UCI bag-of-words format.
	DocwordFile = "docword.txt"
	// VocabFile holds the vocabulary, one word per line.
	VocabFile = "vocab.txt"
	// TruthFile holds the true model (model.Save).
	TruthFile = "truth.json"
	// DocTopicsFile holds each document's true topic weights, as
	// infer.WriteDocTopics writes them (id, then K weights to 6
	// significant digits, so within 5e-7 of the drawn ones; no header).
	DocTopicsFile = "doc-topics.tsv"
)

// PrepareDir readies dir for WriteDir before the generation: it makes dir
// and its missing parents, refusing an existing non-directory, and checks
// that each file of the set can be written and is none of inputs (the
// files the generator reads, such as semi's model) nor inside one of
// them that is a directory (atomicfile.Check). undo removes the
// directories it made, when still empty, for a caller that fails before
// WriteDir.
func PrepareDir(dir string, inputs ...string) (undo func(), err error) {
	if undo, err = atomicfile.MakeDir(dir); err != nil {
		return nil, err
	}
	for _, name := range []string{DocwordFile, VocabFile, DocTopicsFile, TruthFile} {
		if err := atomicfile.Check(filepath.Join(dir, name), inputs...); err != nil {
			undo()
			return nil, err
		}
	}
	if err := checkNoCorpusSet(dir); err != nil {
		undo()
		return nil, err
	}
	return undo, nil
}

// checkNoCorpusSet returns an error wrapping atomicfile.ErrStale when dir
// holds a file of a corpus.SaveDir set ("hull corpus") that WriteDir would
// leave beside its new vocabulary: data in another format, document ids
// or a preprocessing record.
func checkNoCorpusSet(dir string) error {
	stale := append(corpus.OtherDataFiles(dir, corpus.SaveOptions{Format: corpus.OutputUCI}),
		filepath.Join(dir, corpus.DocIDsFileName), filepath.Join(dir, corpus.PreprocessingFileName))
	return atomicfile.CheckAbsent(stale...)
}

// WriteDir writes a generated corpus and its truth into dir, creating dir
// if needed: DocwordFile and VocabFile (the corpus, as corpus.SaveUCI
// writes it), TruthFile (truth, as model.Save writes it) and, when theta is
// not nil, DocTopicsFile (theta[d] being the weights of document d, as
// WeightsGenerator returns them). Other files in dir are left alone, but
// for those of a corpus set that would no longer match the new vocabulary
// (another format's data, document ids, a preprocessing record, as "hull
// corpus" writes them): WriteDir, and PrepareDir before it, refuse such a
// directory with an error wrapping atomicfile.ErrStale.
//
// The UCI format numbers documents 1 ... D, and so does WriteDir: the ids
// of DocTopicsFile are those numbers, and the truth written records as
// its input digest that of the corpus as corpus.Read reads it back (the
// digest "hull fit" records), and as its version this hull's. c and truth
// are not modified. It returns an error if a file cannot be written, if c
// or its vocabulary cannot be written as UCI files (corpus.WriteVocab), if
// truth fails Validate, or ctx's error once ctx is done before the files
// are complete (they are then discarded). report, if not nil, hears the
// documents of DocwordFile and the rows of DocTopicsFile written (stages
// "write uci" and "write document topics").
//
// The set is written so that a TruthFile present is always that of the
// files beside it, even when the process is killed halfway (TruthFile
// serves as the set's commit record):
//
//  1. every file is written in full to a temporary file in dir and synced
//     (atomicfile.Prepare); an error here leaves dir as it was;
//  2. the old TruthFile is removed, and the old DocTopicsFile when theta
//     is nil, and the removal synced;
//  3. the temporary files are renamed over DocwordFile, VocabFile and
//     DocTopicsFile;
//  4. the new TruthFile is renamed into place last, and dir synced.
//
// A kill during 3 or 4 leaves a directory without TruthFile, which "hull
// eval --truth" cannot use, never a new corpus beside an old truth.
// Besides, "hull eval --truth" checks the truth's digest against the
// model's. The temporary files of a killed run are removed by the next
// WriteDir into the same directory.
func WriteDir(ctx context.Context, dir string, c *corpus.Corpus, truth *model.Model, theta [][]float64, report func(stage string, done, total int)) error {
	switch {
	case c == nil:
		return errors.New("synth: WriteDir: no corpus (nil)")
	case truth == nil:
		return errors.New("synth: WriteDir: no truth (nil)")
	}
	if err := ctxio.Err(ctx); err != nil {
		return err
	}
	numbered := *c
	numbered.DocIDs = make([]string, c.NumDocs())
	for d := range numbered.DocIDs {
		numbered.DocIDs[d] = strconv.Itoa(d + 1)
	}
	t := *truth
	t.Provenance.InputDigest = numbered.Digest()
	t.Provenance.HullVersion = version.Version
	if err := t.Validate(); err != nil {
		return err
	}
	if err := numbered.Validate(); err != nil {
		return err
	}
	if err := corpus.WriteVocab(io.Discard, &numbered); err != nil {
		return err
	}
	if err := checkNoCorpusSet(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{DocwordFile, func(w io.Writer) error { return corpus.Write(w, &numbered, corpus.OutputUCI, report) }},
		{VocabFile, func(w io.Writer) error { return corpus.WriteVocab(w, &numbered) }},
		{DocTopicsFile, func(w io.Writer) error { return doctopics.Write(w, numbered.DocIDs, theta, false, report) }},
		{TruthFile, func(w io.Writer) error { return model.Write(w, &t, false) }}, // last: the commit
	}
	if theta == nil {
		files = append(files[:2], files[3])
	}
	var pending []*atomicfile.Pending
	defer func() {
		for _, p := range pending {
			p.Discard() // after a Commit, a no-op
		}
	}()
	for _, f := range files {
		p, err := atomicfile.PrepareContext(ctx, filepath.Join(dir, f.name), f.write)
		if err != nil {
			return err
		}
		pending = append(pending, p)
	}
	beforeCommit("remove")
	if err := atomicfile.Remove(filepath.Join(dir, TruthFile)); err != nil {
		return err
	}
	if theta == nil {
		if err := atomicfile.Remove(filepath.Join(dir, DocTopicsFile)); err != nil {
			return err
		}
	}
	for i, p := range pending {
		beforeCommit(files[i].name)
		if err := p.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// beforeCommit is called before each step of WriteDir that changes dir:
// the removal of the old truth, then each rename. Tests make it panic to
// simulate a kill there.
var beforeCommit = func(step string) {}
