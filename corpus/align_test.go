package corpus

import (
	"reflect"
	"testing"
)

func TestAlign(t *testing.T) {
	b := NewBuilder([]string{"rain", "snow", "sun", "moon"})
	b.Add(0, 2)
	b.Add(3, 1)
	b.EndDoc("a")
	b.Add(3, 4)
	b.EndDoc("b")
	b.Add(1, 1)
	b.Add(2, 5)
	b.EndDoc("c")
	got, rep := Align(b.Corpus(), []string{"sun", "rain", "snow", "wind"})
	if err := got.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int32{"a": {"rain": 2}, "b": {}, "c": {"snow": 1, "sun": 5}}
	for d, id := range got.DocIDs {
		words, counts := got.Doc(d)
		have := map[string]int32{}
		for q, w := range words {
			have[got.Vocab[w]] = counts[q]
		}
		if !reflect.DeepEqual(have, want[id]) {
			t.Errorf("doc %s: %v, want %v", id, have, want[id])
		}
	}
	if rep.UnknownWords != 1 || rep.DroppedTokens != 5 || rep.Tokens != 8 || got.NumWords() != 4 {
		t.Errorf("report %+v, V %d", rep, got.NumWords())
	}
}
