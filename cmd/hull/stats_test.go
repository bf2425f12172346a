package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/pipetest"
	"github.com/hulltopics/hull/model"
)

// newsShards writes n files of raw-text documents, one per line, and
// returns their paths.
func newsShards(t *testing.T, n, docsEach int) []string {
	t.Helper()
	dir := t.TempDir()
	themes := [][]string{
		{"rain", "snow", "storm", "cloud", "forecast", "wind"},
		{"goal", "match", "team", "league", "coach", "season"},
		{"market", "shares", "bank", "profit", "trade", "stocks"},
		{"court", "judge", "trial", "appeal", "jury", "verdict"},
	}
	rng := rand.New(rand.NewPCG(4, 2))
	var paths []string
	for s := range n {
		var b strings.Builder
		for range docsEach {
			th := themes[rng.IntN(len(themes))]
			for range 6 + rng.IntN(8) {
				if rng.IntN(5) == 0 {
					th = themes[rng.IntN(len(themes))]
				}
				fmt.Fprintf(&b, "%s ", th[rng.IntN(len(th))])
			}
			b.WriteString("\n")
		}
		p := filepath.Join(dir, fmt.Sprintf("shard%d.txt", s))
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestStatsMergeEqualsWhole: shards' statistics over one vocabulary merge,
// in any order, into the very bytes of the statistics of all the shards.
func TestStatsMergeEqualsWhole(t *testing.T) {
	shards := newsShards(t, 3, 120)
	dir := t.TempDir()
	all := filepath.Join(dir, "all.stats")
	if code, _, errOut := hull(t, append([]string{"stats", "-q", "--no-prune", "-o", all}, shards...)...); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	vocab := filepath.Join(dir, "vocab.txt")
	if code, _, errOut := hull(t, "stats", "show", "--vocab", all, "-o", vocab); code != 0 {
		t.Fatalf("stats show --vocab: exit %d: %s", code, errOut)
	}
	whole := filepath.Join(dir, "whole.stats")
	if code, _, errOut := hull(t, append([]string{"stats", "-q", "--words", vocab, "-o", whole}, shards...)...); code != 0 {
		t.Fatalf("stats --words: exit %d: %s", code, errOut)
	}
	var parts []string
	for i, s := range shards {
		p := filepath.Join(dir, fmt.Sprintf("part%d.stats", i))
		if code, _, errOut := hull(t, "stats", "-q", "--words", vocab, "--threads", fmt.Sprint(1+i%2), "-o", p, s); code != 0 {
			t.Fatalf("stats %s: exit %d: %s", s, code, errOut)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.stats")
	if code, _, errOut := hull(t, "stats", "merge", "-q", parts[2], parts[0], parts[1], "-o", merged); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(merged)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("merged shards (%d bytes) differ from the whole (%d bytes)", len(b), len(a))
	}
	_, show, _ := hull(t, "stats", "show", merged)
	if !strings.Contains(show, "360 documents") || !strings.Contains(show, "format lines") {
		t.Fatalf("stats show: %s", show)
	}
	// A shard over another vocabulary (the same words in another order)
	// does not merge.
	words, _ := os.ReadFile(vocab)
	list := strings.Fields(string(words))
	slices.Reverse(list)
	other, otherStats := filepath.Join(dir, "other.txt"), filepath.Join(dir, "other.stats")
	os.WriteFile(other, []byte(strings.Join(list, "\n")+"\n"), 0o644)
	if code, _, errOut := hull(t, "stats", "-q", "--words", other, "-o", otherStats, shards[0]); code != 0 {
		t.Fatalf("stats --words other: exit %d: %s", code, errOut)
	}
	if code, _, errOut := hull(t, "stats", "merge", "-q", otherStats, parts[1], "-o", filepath.Join(dir, "bad.stats")); code != 2 || !strings.Contains(errOut, "vocabularies differ") {
		t.Fatalf("merge of other vocabularies: exit %d: %s", code, errOut)
	}
	// The same preparation given two ways (--drop-junk alone and with its
	// --max-token-length 25) merges; the records differ, the tokens not.
	junk := []string{filepath.Join(dir, "junk0.stats"), filepath.Join(dir, "junk1.stats")}
	for i, extra := range [][]string{nil, {"--max-token-length", "25"}} {
		args := append([]string{"stats", "-q", "--drop-junk", "--words", vocab, "-o", junk[i], shards[i]}, extra...)
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	if code, _, errOut := hull(t, "stats", "merge", "-q", junk[0], junk[1], "-o", filepath.Join(dir, "junk.stats")); code != 0 {
		t.Fatalf("merge of --drop-junk with and without --max-token-length 25: exit %d: %s", code, errOut)
	}
}

// TestFitStatsEqualsFit: the topics learned from "hull stats" are those
// "hull fit" learns from the documents, to the rounding of the sums.
func TestFitStatsEqualsFit(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "kos.stats")
	if code, _, errOut := hull(t, "stats", "-q", "-o", st, kos); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	fromStats, fromDocs := filepath.Join(dir, "s.json"), filepath.Join(dir, "d.json")
	code, out, errOut := hull(t, "fit", "-k", "10", "--refine", "0", "--stats", st, "-o", fromStats)
	if code != 0 {
		t.Fatalf("fit --stats: exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "health:") || !strings.Contains(out, "topic 10") {
		t.Fatalf("fit --stats printed %q / %q", out, errOut)
	}
	if code, _, errOut := hull(t, "fit", "-q", "-k", "10", "--refine", "0", kos, "-o", fromDocs); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	a, err := model.Load(fromStats)
	if err != nil {
		t.Fatal(err)
	}
	b, err := model.Load(fromDocs)
	if err != nil {
		t.Fatal(err)
	}
	for k := range a.Topics {
		if a.Anchors[k] != b.Anchors[k] {
			t.Fatalf("anchor %d: %d from the statistics, %d from the documents", k, a.Anchors[k], b.Anchors[k])
		}
		for w := range a.Topics[k] {
			if d := math.Abs(a.Topics[k][w] - b.Topics[k][w]); d > 1e-9 {
				t.Fatalf("topic %d word %d differs by %g", k, w, d)
			}
		}
	}
	if a.Provenance.Docs != 3430 || !strings.HasPrefix(a.Provenance.InputDigest, "stats:") {
		t.Fatalf("provenance %+v", a.Provenance)
	}
	// The default options refine with the documents: skipped, and said.
	if code, _, errOut := hull(t, "fit", "-k", "10", "--stats", st); code != 0 || !strings.Contains(errOut, "refinement iterations are skipped") {
		t.Fatalf("fit --stats with refine: exit %d: %s", code, errOut)
	}
	// With documents, the refinement runs on them: the whole corpus gives
	// hull fit's model, refinement included.
	refined, full := filepath.Join(dir, "r.json"), filepath.Join(dir, "f.json")
	code, _, errOut = hull(t, "fit", "-k", "10", "--refine", "5", "--stats", st, kos, "-o", refined)
	if code != 0 || !strings.Contains(errOut, "the refinement sample: 3430 documents") {
		t.Fatalf("fit --stats with documents: exit %d: %s", code, errOut)
	}
	if code, _, errOut := hull(t, "fit", "-q", "-k", "10", "--refine", "5", kos, "-o", full); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	a, _ = model.Load(refined)
	b, _ = model.Load(full)
	if a == nil || b == nil || !a.Refined() || !slices.Equal(a.Anchors, b.Anchors) || a.Params["refine_sample_docs"] != 3430.0 {
		t.Fatalf("refined on the documents: %v", a)
	}
	for k := range a.Topics {
		for w := range a.Topics[k] {
			if d := math.Abs(a.Topics[k][w] - b.Topics[k][w]); d > 1e-9 {
				t.Fatalf("refined topic %d word %d differs by %g", k, w, d)
			}
		}
	}
}

func TestStatsErrors(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "x.stats")
	if code, _, errOut := hull(t, "stats", "-q", "-o", st, newsShards(t, 1, 50)[0]); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	noWords := filepath.Join(dir, "no-words.txt")
	os.WriteFile(noWords, []byte("zzzq\nyyyq\n"), 0o644)
	damaged := filepath.Join(dir, "damaged.stats")
	data, _ := os.ReadFile(st)
	os.WriteFile(damaged, data[:len(data)-3], 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", kos}, "-o is required"},
		{[]string{"stats", "--words", filepath.Join(dir, "none.txt"), "-o", filepath.Join(dir, "o.stats"), kos}, "--words: open"},
		{[]string{"stats", "--words", st, "--min-df", "2", "-o", filepath.Join(dir, "o.stats"), kos}, "--words fixes the vocabulary"},
		// Empty statistics were written (exit 0), which fit then refused.
		{[]string{"stats", "--words", noWords, "-o", filepath.Join(dir, "o.stats"), newsShards(t, 1, 20)[0]}, "--words " + noWords + ": none of its 2 words occurs in INPUT (whose "},
		{[]string{"fit", "--stats", st}, "-k is required with INPUT or --stats"},
		{[]string{"fit", "-k", "3", "--stats", st, "--stem"}, "--stem: --stats learns from statistics already counted"},
		{[]string{"fit", "-k", "3", "--stats", st, "--min-df", "3", kos}, "--min-df, --max-df, --max-vocab and --no-prune prune the vocabulary, which is the statistics' with --stats"},
		{[]string{"fit", "-k", "3", "--stats", st, filepath.Join(dir, "none.txt")}, "none.txt"},
		{[]string{"fit", "-k", "3", "--stats", st, "--stem", newsShards(t, 1, 20)[0]}, "the refinement sample was tokenized otherwise than the statistics' documents (the sample: format lines; text: encoding auto, stem; prune: none; the statistics: format lines; text: encoding auto; prune:"},
		{[]string{"fit", "-k", "3", "--stats", st, "--refine", "0", kos}, "--refine 0 asks for no refinement, and INPUT is the documents"},
		{[]string{"fit", "-k", "3", "--stats", st, "--refine", "5"}, "--refine, --refine-tol, --refine-always: a fit from statistics refines on documents given as INPUT"},
		{[]string{"fit", "-k", "3", "--stats", st, "--refine-tol", "0.1"}, "--refine, --refine-tol, --refine-always: a fit from statistics refines on documents given as INPUT"},
		{[]string{"fit", "-k", "3", "--stats", st, "--refine-always"}, "--refine, --refine-tol, --refine-always: a fit from statistics refines on documents given as INPUT"},
		{[]string{"fit", "-k", "3", "--stats", st, st}, "a co-occurrence statistics file (hull stats), not documents"},
		{[]string{"fit", "-k", "3", "--algo", "tsvd", "--stats", st}, "--algo tsvd learns from documents"},
		{[]string{"fit", "-k", "3", "--stats", damaged}, "checksum is missing"},
		{[]string{"fit", "-k", "3", "--stats", kos}, "not a hull statistics file"},
		{[]string{"stats", "merge", st, damaged, "-o", filepath.Join(dir, "m.stats")}, "damaged.stats"},
		{[]string{"fit", "-k", "3", "--stats", st, "--max-memory", "16777217"}, "(what is left of the whole limit of 16.0 MiB once the runtime holds 16.0 MiB) (-k, or count the statistics again on fewer words: hull stats --max-vocab"},
		{[]string{"stats", "--max-memory", "17MiB", "-o", filepath.Join(dir, "o.stats"), kos}, "(what is left of the whole limit of 17.0 MiB once the runtime holds 16.0 MiB and the corpus "},
		// A limit the runtime alone uses up is refused before the read.
		{[]string{"fit", "-k", "3", "--stats", st, "--max-memory", "1KiB"}, "--max-memory 1KiB: want more than the 16.0 MiB the process holds before it reads anything"},
		{[]string{"stats", "--max-memory", "16MiB", "-o", filepath.Join(dir, "o.stats"), kos}, "--max-memory 16MiB: want more than the 16.0 MiB"},
	} {
		code, _, errOut := hull(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("hull %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// stats show --vocab escapes the words for the terminal, and with -o
// writes them as they are: the --words file of other shards. The escaped
// listing, the documented way before, lost a word holding a bidirectional
// control (dropped with only a note) and its merge then failed.
func TestStatsShowVocabFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "items.jsonl")
	os.WriteFile(in, []byte(`{"items": ["ab\u202ecd", "x", "y"]}`+"\n"+`{"items": ["x", "y", "y"]}`+"\n"), 0o644)
	st := filepath.Join(dir, "a.stats")
	if code, _, errOut := hull(t, "stats", "-q", in, "-o", st); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	_, shown, _ := hull(t, "stats", "show", "--vocab", st)
	if strings.Contains(shown, "\u202e") {
		t.Errorf("the terminal listing holds a raw U+202E: %q", shown)
	}
	words := filepath.Join(dir, "words.txt")
	if code, _, errOut := hull(t, "stats", "show", "--vocab", st, "-o", words); code != 0 {
		t.Fatalf("show --vocab -o: exit %d: %s", code, errOut)
	}
	again, other := filepath.Join(dir, "b.stats"), filepath.Join(dir, "other.jsonl") // another shard, over the same words
	os.WriteFile(other, []byte(`{"items": ["ab\u202ecd", "y"]}`+"\n"), 0o644)
	if code, _, errOut := hull(t, "stats", "--words", words, other, "-o", again); code != 0 || strings.Contains(errOut, "dropped") {
		t.Fatalf("stats --words: exit %d: %s", code, errOut)
	}
	if code, _, errOut := hull(t, "stats", "merge", "-q", st, again, "-o", filepath.Join(dir, "m.stats")); code != 0 {
		t.Errorf("merge over the written words: exit %d: %s", code, errOut)
	}
	if code, _, errOut := hull(t, "stats", "show", st, "-o", words); code != 2 || !strings.Contains(errOut, "needs --vocab") {
		t.Errorf("-o without --vocab: exit %d: %s", code, errOut)
	}
}

// TestWeightedStatsCLI: hull stats --cooc-weighting computes the
// statistics with that weighting, shards of it merge into the whole, and
// hull fit --stats learns with it (the topics of hull fit
// --cooc-weighting on the documents) and records it; weightings do not
// mix.
func TestWeightedStatsCLI(t *testing.T) {
	dir := t.TempDir()
	shards := newsShards(t, 2, 80)
	paths := map[string]string{}
	for _, name := range []string{"all", "part0", "part1", "docs"} {
		paths[name] = filepath.Join(dir, name+".stats")
	}
	run := func(args ...string) {
		t.Helper()
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Fatalf("hull %v: exit %d: %s", args, code, errOut)
		}
	}
	run("stats", "-q", "--no-prune", "--cooc-weighting", "pairs", "-o", paths["all"], shards[0], shards[1])
	vocab := filepath.Join(dir, "vocab.txt")
	run("stats", "show", "--vocab", paths["all"], "-o", vocab)
	for i, s := range shards {
		run("stats", "-q", "--words", vocab, "--cooc-weighting", "pairs", "-o", paths[fmt.Sprintf("part%d", i)], s)
	}
	run("stats", "-q", "--words", vocab, "-o", paths["docs"], shards[0])
	merged := filepath.Join(dir, "merged.stats")
	run("stats", "merge", "-q", paths["part1"], paths["part0"], "-o", merged)
	a, _ := os.ReadFile(paths["all"])
	b, _ := os.ReadFile(merged)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatal("the merged shards weighted by pairs differ from the whole")
	}
	if _, show, _ := hull(t, "stats", "show", merged); !strings.Contains(show, "weighted by pairs") {
		t.Fatalf("stats show: %s", show)
	}

	kosStats := filepath.Join(dir, "kos.stats")
	run("stats", "-q", "--cooc-weighting", "pairs", "-o", kosStats, kos)
	fromStats, fromDocs := filepath.Join(dir, "s.json"), filepath.Join(dir, "d.json")
	run("fit", "-q", "-k", "10", "--refine", "0", "--stats", kosStats, "-o", fromStats)
	run("fit", "-q", "-k", "10", "--refine", "0", "--cooc-weighting", "pairs", kos, "-o", fromDocs)
	s, err := model.Load(fromStats)
	if err != nil {
		t.Fatal(err)
	}
	d, err := model.Load(fromDocs)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Anchors, d.Anchors) || s.Params["weighting"] != "pairs" {
		t.Fatalf("anchors %v from the statistics, %v from the documents; weighting %v", s.Anchors, d.Anchors, s.Params["weighting"])
	}
	for k := range s.Topics {
		for w := range s.Topics[k] {
			if diff := math.Abs(s.Topics[k][w] - d.Topics[k][w]); diff > 1e-9 {
				t.Fatalf("topic %d word %d differs by %g", k, w, diff)
			}
		}
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "--cooc-weighting", "words", "-o", filepath.Join(dir, "o.stats"), kos}, "--cooc-weighting words: want documents, tokens or pairs"},
		{[]string{"stats", "merge", paths["part0"], paths["docs"], "-o", filepath.Join(dir, "m.stats")}, "weighted by pairs in one statistics and by documents in the other"},
		{[]string{"fit", "-k", "3", "--stats", kosStats, "--cooc-weighting", "documents"}, "--cooc-weighting documents: want pairs, the weighting the statistics were computed with"},
	} {
		code, _, errOut := hull(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("hull %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// --stopwords through a pipe (<(...)) serves every input and the record:
// each read re-opened it, so only the first input lost the listed words,
// the record listed none, and JSON items kept them. JSON items merged with
// text of another format kept them even from a file.
func TestStopWordsThroughAPipe(t *testing.T) {
	pipe := pipetest.Path(t, "apple\n")
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	a := write("a.txt", "apple banana cherry\napple banana\n")
	b := write("b.jsonl", `{"text": "banana cherry apple"}`+"\n"+`{"items": ["apple", "date"]}`+"\n")
	list := write("stop.txt", "apple\n")
	show := func(stop, out string) string {
		if code, _, errOut := hull(t, "stats", "-q", "--stopwords", stop, "-o", out, a, b); code != 0 {
			t.Fatalf("stats --stopwords %s: exit %d: %s", stop, code, errOut)
		}
		_, summary, _ := hull(t, "stats", "show", out)
		_, words, _ := hull(t, "stats", "show", "--vocab", out)
		return summary + words
	}
	file, piped := show(list, filepath.Join(dir, "file.stats")), show(pipe, filepath.Join(dir, "pipe.stats"))
	if file != piped || !strings.Contains(file, "1 extra stop words") || strings.Contains(file, "apple") {
		t.Errorf("through a file:\n%s\nthrough a pipe:\n%s\nwant the same, apple dropped from the texts and the items and recorded", file, piped)
	}
}

// TestStatsOfSavedCorpora: the statistics of files "hull corpus" wrote
// record no Saved record, so that they are those of the same files
// whichever counted them (hull-beam records none): shards saved with
// different default pruning merge, and statistics of the files without
// their preprocessing.json take the saved files as the refinement sample
// (both were refused).
func TestStatsOfSavedCorpora(t *testing.T) {
	dir := t.TempDir()
	words := []string{"apple", "banana", "cherry", "date", "elder", "fig", "grape", "honey"}
	shard := func(name string, docs int) string {
		var b strings.Builder
		for d := range docs {
			fmt.Fprintf(&b, "%s %s %s %s\n", words[d%8], words[(d/8)%8], words[(d+3)%8], words[(d*7/3)%8])
		}
		out := filepath.Join(dir, name)
		if code, _, errOut := hull(t, "corpus", "-q", writeFile(t, dir, name+".txt", b.String()), "-o", out); code != 0 {
			t.Fatalf("corpus %s: exit %d: %s", name, code, errOut)
		}
		return filepath.Join(out, "docword.txt")
	}
	a, b := shard("a", 3000), shard("b", 2000) // pruned at min-df 3 and 2 by default
	list := writeFile(t, dir, "words.txt", strings.Join(words, "\n")+"\n")
	for _, in := range []string{a, b} {
		if code, _, errOut := hull(t, "stats", "-q", "--words", list, in, "-o", in+".stats"); code != 0 {
			t.Fatalf("stats %s: exit %d: %s", in, code, errOut)
		}
	}
	if code, _, errOut := hull(t, "stats", "merge", "-q", a+".stats", b+".stats", "-o", filepath.Join(dir, "ab.stats")); code != 0 {
		t.Errorf("merge of saved shards pruned otherwise: exit %d: %s", code, errOut)
	}
	bare := filepath.Join(dir, "bare")
	os.MkdirAll(bare, 0o755)
	for _, f := range []string{"docword.txt", "vocab.txt"} {
		data, _ := os.ReadFile(filepath.Join(dir, "a", f))
		os.WriteFile(filepath.Join(bare, f), data, 0o644)
	}
	if code, _, errOut := hull(t, "stats", "-q", filepath.Join(bare, "docword.txt"), "-o", filepath.Join(dir, "bare.stats")); code != 0 {
		t.Fatalf("stats of the bare files: exit %d: %s", code, errOut)
	}
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", "--stats", filepath.Join(dir, "bare.stats"), a, "-o", filepath.Join(dir, "m.json")); code != 0 {
		t.Errorf("fit --stats of the bare files, sample the saved ones: exit %d: %s", code, errOut)
	}
}
