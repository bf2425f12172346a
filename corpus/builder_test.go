package corpus

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// A Builder's documents cross its blocks of terms whole: 1,100 documents
// of 1,000 distinct words (each added twice, in a shuffled order) hold
// more entries than one block, and every document reads back sorted with
// its summed counts, the ones across the boundaries too. The blocks
// double from firstBlock entries to builderBlock.
func TestBuilderAcrossBlocks(t *testing.T) {
	const docs, words = 1100, 1000
	vocab := make([]string, words)
	for w := range vocab {
		vocab[w] = "w" + strconv.Itoa(w)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	b := NewBuilder(vocab)
	count := func(d, w int) int32 { return int32((d+w)%7 + 1) }
	for d := range docs {
		for _, w := range append(rng.Perm(words), rng.Perm(words)...) {
			b.Add(int32(w), count(d, w))
		}
		b.EndDoc("d" + strconv.Itoa(d))
	}
	for i, block := range b.words {
		if want := min(firstBlock<<i, builderBlock); cap(block) != want {
			t.Fatalf("block %d holds %d entries, want %d", i, cap(block), want)
		}
	}
	c := b.Corpus()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if again := b.Corpus(); again.NNZ() != c.NNZ() || again.Digest() != c.Digest() {
		t.Errorf("a second Corpus() gives %d entries, want the first's %d", again.NNZ(), c.NNZ())
	}
	if c.NNZ() != docs*words || c.NNZ() <= builderBlock {
		t.Fatalf("%d entries, want %d, more than a block (%d)", c.NNZ(), docs*words, builderBlock)
	}
	for d := range docs {
		ws, cs := c.Doc(d)
		for i, w := range ws {
			if int(w) != i || cs[i] != 2*count(d, i) {
				t.Fatalf("document %d, entry %d: word %d count %d, want word %d count %d", d, i, w, cs[i], i, 2*count(d, i))
			}
		}
	}
}
