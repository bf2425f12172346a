package corpus

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/memory"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadDeclaredSizeMemory reads inputs of a few bytes that declare
// huge corpora (issue 15: a 34-byte UCI file allocated 7.6 GB whatever
// --max-memory said; a triplet document id of 1e8 did the same): they are
// refused with a *memory.Error at the line that declares the size, before
// anything is allocated from it.
func TestReadDeclaredSizeMemory(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		format         Format
	}{
		{"u.txt", "134217728\n5\n2\n1 1 2\n134217728 2 1\n", "u.txt:1: the corpus of the UCI header, D = 134217728 documents and NNZ = 2 nonzeros, needs about 9.", FormatAuto},
		{"n.txt", "2\n5\n100000000\n1 1 2\n", "n.txt:3: the corpus of the UCI header, D = 2 documents and NNZ = 100000000 nonzeros, needs", FormatAuto},
		{"tr.txt", "1 1 2\n100000000 2 1\n", "tr.txt:2: document id 100000000, a corpus of 100000000 documents (most of them empty) and 2 nonzeros so far, needs about", FormatTriplet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			bytes := allocated(func() {
				_, err = ReadFrom(strings.NewReader(tc.in), tc.name, ReadOptions{Format: tc.format, VocabWords: testVocab(5), MaxMemory: 100 << 20})
			})
			var me *memory.Error
			if !errors.As(err, &me) || !strings.HasPrefix(err.Error(), tc.want) || me.Limit != 100<<20 {
				t.Fatalf("error %v, want a *memory.Error %q...", err, tc.want)
			}
			if bytes > 1<<20 {
				t.Errorf("%d bytes allocated before the refusal", bytes)
			}
		})
	}
	// Below the limit the same input reads, with its empty documents.
	c, err := ReadFrom(strings.NewReader("1 1 2\n300 2 1\n"), "tr.txt", ReadOptions{Format: FormatTriplet, VocabWords: testVocab(5), MaxMemory: 100 << 20})
	if err != nil || c.NumDocs() != 300 {
		t.Fatalf("read %v, %v", c, err)
	}
	if _, err := ReadFrom(strings.NewReader("x\n"), "x", ReadOptions{MaxMemory: -1}); err == nil || !strings.Contains(err.Error(), "ReadOptions.MaxMemory = -1") {
		t.Errorf("negative MaxMemory: %v", err)
	}
}

// TestNumericBytesCoversReads: the estimate of a corpus of mostly empty
// documents covers all the reader allocates for it, garbage included: it
// counted 42 bytes a document where triplet input allocated 54, and a
// 14-byte file declaring 2^27 documents took 8.3 GiB past a 6 GiB limit.
func TestNumericBytesCoversReads(t *testing.T) {
	const docs = 1 << 18
	for _, tc := range []struct {
		in     string
		format Format
	}{
		{"262144 1 1\n", FormatTriplet},
		{"262144\n5\n1\n1 1 1\n", FormatUCI},
	} {
		var err error
		got := allocated(func() {
			_, err = ReadFrom(strings.NewReader(tc.in), "x", ReadOptions{Format: tc.format, VocabWords: testVocab(5)})
		})
		if err != nil {
			t.Fatal(err)
		}
		if est := numericBytes(docs, 1); uint64(est) < got {
			t.Errorf("%s: estimated %d bytes, the read allocated %d", tc.format, est, got)
		}
	}
}

// TestReadUCIHint reads a UCI file whose header declares 4 million
// nonzeros but holds one: the reader must not reserve room for the
// declared entries (issue 15), and reports the mismatch.
func TestReadUCIHint(t *testing.T) {
	var err error
	bytes := allocated(func() {
		_, err = readUCI(strings.NewReader("2\n5\n4000000\n1 1 1\n"), "h.txt", testVocab(5), 0)
	})
	wantParseError(t, err, "h.txt:3: ", "NNZ=4000000 but the file has 1 entries")
	if bytes > 4<<20 {
		t.Errorf("%d bytes allocated for one entry", bytes)
	}
}
