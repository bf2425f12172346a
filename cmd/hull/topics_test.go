package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// escapeModel saves a model whose words hold ESC [2J, BEL, NUL and U+202E
// (and a printable non-ASCII word), word 0 the anchor of topic 1.
func escapeModel(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	m := &model.Model{
		Algorithm: "anchor", K: 2,
		Vocab:   []string{"a\x1b[2Jb", "be\al", "nu\x00l", "rl\u202eo", "wörd"},
		Topics:  [][]float64{{0.4, 0.3, 0.2, 0.1, 0}, {0, 0.1, 0.2, 0.3, 0.4}},
		Anchors: []int{0, 4},
	}
	if err := model.Save(path, m); err != nil {
		t.Fatal(err)
	}
	return path
}

// Words print with their control and bidirectional characters escaped;
// printable words as they are.
func TestTopicsEscapesWords(t *testing.T) {
	path := escapeModel(t)
	code, out, errOut := hull(t, "topics", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "topic  1  *a\\x1b[2Jb* be\\al nu\\x00l rl\\u202eo wörd\n" +
		"topic  2  *wörd* rl\\u202eo nu\\x00l be\\al a\\x1b[2Jb\n"
	if out != want {
		t.Errorf("topics printed\n%q, want\n%q", out, want)
	}
	for _, r := range out {
		if r != '\n' && (r < ' ' || r == '\u202e') {
			t.Errorf("output holds %U", r)
		}
	}

	code, out, errOut = hull(t, "topics", path, "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	if strings.ContainsAny(out, "\x1b\a\x00\u202e") || !strings.Contains(out, `rl\u202eo`) {
		t.Errorf("--json printed raw control characters: %q", out)
	}
	var got struct {
		Topics []struct {
			Words  []string `json:"words"`
			Anchor string   `json:"anchor"`
		} `json:"topics"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Topics) != 2 || !slices.Equal(got.Topics[0].Words, []string{"a\x1b[2Jb", "be\al", "nu\x00l", "rl\u202eo", "wörd"}) || got.Topics[0].Anchor != "a\x1b[2Jb" {
		t.Errorf("--json words %+v: want the words themselves", got.Topics)
	}
}

// --top below 0 is refused before the model is read.
func TestTopicsBadTop(t *testing.T) {
	expectBadInput(t, []badInput{
		{"negative --top", []string{"topics", escapeModel(t), "--top", "-1"}, "--top -1: want >= 0"},
		{"negative --top before the model", []string{"topics", "no-such-model.json", "--top", "-2"}, "--top -2"},
	})
}
