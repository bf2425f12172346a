package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Issue 14: raw collections as users have them, from files to topics.

// newsDir writes a small newsgroup-like collection: posts with headers,
// quoted replies and signatures on two themes, one post in Latin-1.
func newsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	themes := [][]string{
		{"engine", "wheels", "brakes", "tires", "dealer", "mileage"},
		{"orbit", "launch", "shuttle", "rocket", "satellite", "mission"},
	}
	for i := range 40 {
		th := themes[i%2]
		body := strings.Repeat(strings.Join(th, " ")+" ", 3)
		if i == 3 {
			body += "caf\xe9" // one stray Latin-1 byte
		}
		post := fmt.Sprintf("From: user%d@host.edu (User %d)\nSubject: Re: %s question\nOrganization: Univ\nLines: 12\n\n"+
			"In article <%d@host.edu>, someone@else.edu writes:\n> quoted reply words here\n\n%s\n-- \nUser signature organization\n",
			i, i, th[0], i, body)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d", i)), []byte(post), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFitRawNewsCollection(t *testing.T) {
	dir := newsDir(t)
	out := filepath.Join(t.TempDir(), "m.json")
	code, _, errOut := hull(t, "fit", "-k", "2", "--algo", "gibbs", "--iterations", "50", "--clean", "email", "--stem", dir, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "1 of 40 files not valid UTF-8, read as Windows-1252") || !strings.Contains(errOut, "003:") {
		t.Errorf("stderr does not report the Latin-1 file: %q", errOut)
	}
	m, err := model.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"organization", "organ", "edu", "host", "quot", "signatur", "lines", "line"} {
		if slices.Contains(m.Vocab, w) {
			t.Errorf("vocabulary holds %q: headers, quotes or signatures were not cleaned", w)
		}
	}
	if !slices.Contains(m.Vocab, "café") || !slices.Contains(m.Vocab, "question") {
		t.Errorf("vocabulary %q lacks the decoded word or the Subject's words", m.Vocab)
	}
	p := m.Provenance.Preprocessing
	if p == nil || p.Format != corpus.FormatDir || !p.Tokenized() || !p.Text.Stem || len(p.Text.Clean) != 1 {
		t.Fatalf("model records %v, want format dir, stemmed, email cleaning", p)
	}

	// infer prepares raw text as the model records: stemmed and cleaned
	// without repeating the flags; a flag that disagrees is refused.
	doc := filepath.Join(t.TempDir(), "new.txt")
	os.WriteFile(doc, []byte("Subject: rockets launched into orbit by shuttles\n"), 0o644)
	code, stdout, errOut := hull(t, "infer", out, doc, "--format", "lines")
	if code != 0 || strings.Contains(errOut, "unknown") {
		t.Errorf("infer: exit %d, stderr %q, stdout %q", code, errOut, stdout)
	}
	expectBadInput(t, []badInput{
		{"conflicting --stem", []string{"infer", out, doc, "--stem=false"}, "--stem: the model records how its raw text was prepared"},
		{"conflicting --clean", []string{"eval", out, "--heldout", doc, "--clean", "markup"}, "--clean: the model records"},
	})
	if code, _, errOut := hull(t, "infer", out, doc, "--stem", "--format", "lines"); code != 0 {
		t.Errorf("infer with the recorded --stem repeated: exit %d: %s", code, errOut)
	}

	// --strict fails naming the file.
	code, _, errOut = hull(t, "fit", "-k", "2", "--strict", dir)
	if code != exitBadInput || !strings.Contains(errOut, "003:") || !strings.Contains(errOut, "invalid UTF-8") {
		t.Errorf("--strict: exit %d, stderr %q", code, errOut)
	}
}

func TestRawTextFlagsCheckedFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	aFile := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	expectBadInput(t, []badInput{
		{"no -k", []string{"fit", missing}, "-k is required with INPUT"},
		{"encoding", []string{"fit", "-k", "2", missing, "--encoding", "ebcdic"}, "--encoding:"},
		{"clean", []string{"fit", "-k", "2", missing, "--clean", "email,pdf"}, "--clean:"},
		{"min-length", []string{"fit", "-k", "2", missing, "--min-length", "0"}, "--min-length 0"},
		{"max-token-length", []string{"fit", "-k", "2", missing, "--max-token-length", "-1"}, "--max-token-length -1"},
		{"no-prune with min-df", []string{"fit", "-k", "2", missing, "--no-prune", "--min-df", "3"}, "--no-prune keeps every word"},
		{"corpus without -o", []string{"corpus", missing}, "-o is required"},
		{"corpus --to", []string{"corpus", missing, "-o", missing, "--to", "csv"}, "--to: unknown output format"},
		{"corpus -o a file", []string{"corpus", missing, "-o", aFile}, "-o: " + aFile + ": not a directory"},
	})
	// -o is made before the input is read, and removed when that fails.
	out := filepath.Join(t.TempDir(), "new", "dir")
	if code, _, _ := hull(t, "corpus", missing, "-o", out); code != exitBadInput {
		t.Fatalf("corpus of a missing input: exit %d", code)
	}
	if _, err := os.Stat(filepath.Dir(out)); !os.IsNotExist(err) {
		t.Fatalf("corpus of a missing input left %s: %v", filepath.Dir(out), err)
	}
}

// TestDefaultPruningOfRawText: raw text is pruned by default, said in the
// summary; --no-prune keeps every word; numeric input is not pruned.
func TestDefaultPruningOfRawText(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i := range 300 {
		lines = append(lines, fmt.Sprintf("common words zebra topic%d alpha beta gamma unique%d", i%3, i))
	}
	in := filepath.Join(dir, "docs.txt")
	os.WriteFile(in, []byte(strings.Join(lines, "\n")), 0o644)
	out := filepath.Join(dir, "prepared")
	code, stdout, errOut := hull(t, "corpus", in, "-o", out, "--to", "jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "raw text pruned by default: min-df 2, max-df 0.5 (--no-prune keeps every word)") {
		t.Errorf("stderr %q does not say the default pruning", errOut)
	}
	c, err := corpus.ReadFile(filepath.Join(out, "corpus.jsonl"), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"topic0", "topic1", "topic2"}; !slices.Equal(c.Vocab, want) {
		t.Errorf("pruned vocabulary %q, want %q (unique words and words in every document dropped); stdout %q", c.Vocab, want, stdout)
	}
	out = filepath.Join(dir, "prepared-mm") // beside the jsonl, mm's files would be refused as mixed
	if code, _, errOut = hull(t, "corpus", in, "-o", out, "--to", "mm", "--no-prune"); code != 0 {
		t.Fatalf("--no-prune: exit %d: %s", code, errOut)
	}
	vocab, _ := os.ReadFile(filepath.Join(out, "vocab.txt"))
	if n := strings.Count(string(vocab), "\n"); n != 3+300+6 {
		t.Errorf("--no-prune kept %d words, want 309", n)
	}
	for _, f := range []string{"corpus.mtx", "docids.txt", "preprocessing.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("--to mm: %v", err)
		}
	}
}

func TestCorpusCommandOnSGML(t *testing.T) {
	ap := "../../../shared/data/ap/ap.txt.gz"
	needData(t, ap)
	out := t.TempDir()
	code, stdout, errOut := hull(t, "corpus", ap, "--drop-numbers", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "format sgml") || !strings.HasPrefix(stdout, "2246 documents") {
		t.Errorf("stderr %q, stdout %q: want the 2,246 AP records read as sgml", errOut, stdout)
	}
	ids, _ := os.ReadFile(filepath.Join(out, "docids.txt"))
	if !bytes.HasPrefix(ids, []byte("AP8")) {
		t.Errorf("ids start %q, want the DOCNOs", ids[:min(len(ids), 20)])
	}
	c, err := corpus.ReadFile(filepath.Join(out, "docword.txt"), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range c.Vocab {
		if strings.IndexFunc(w, func(r rune) bool { return r >= 'a' && r <= 'z' }) < 0 {
			t.Fatalf("--drop-numbers kept %q", w)
		}
	}
}

// hull corpus into a directory holding an earlier run's docword.txt, in
// another format, is refused with exit 2 before any work: the old
// docword.txt would be read with the new vocab.txt. The same format
// replaces the files.
func TestCorpusRefusesStaleData(t *testing.T) {
	in := filepath.Join(t.TempDir(), "docs.txt")
	if err := os.WriteFile(in, []byte("apple banana cherry\nbanana cherry date\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if code, _, errOut := hull(t, "corpus", "-q", in, "--format", "lines", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, _, errOut := hull(t, "corpus", "-q", in, "--format", "lines", "--to", "ldac", "-o", out)
	if code != 2 || !strings.Contains(errOut, "docword.txt: left by an earlier write") {
		t.Errorf("--to ldac over a uci directory: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "corpus.ldac")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("corpus.ldac written: %v", err)
	}
	if code, _, errOut := hull(t, "corpus", "-q", in, "--format", "lines", "-o", out); code != 0 {
		t.Errorf("the same format again: exit %d: %s", code, errOut)
	}
}

// TestTokenRulesEnglish: --token-rules english keeps "1,000", "3.5" and
// "U.S." whole, --drop-possessive drops "'s"; the model records both, so
// infer reads new text by them without the flags, and refuses the other
// rules; numeric input refuses the flag, and an unknown name is exit 2.
func TestTokenRulesEnglish(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i := range 60 {
		if i%2 == 0 {
			lines = append(lines, "U.S. exports rose 3.5 pct to 1,000 tonnes of wheat, Reagan's aides said")
		} else {
			lines = append(lines, "the orbit of the shuttle's rocket launch by NASA's mission control")
		}
	}
	in := filepath.Join(dir, "docs.txt")
	os.WriteFile(in, []byte(strings.Join(lines, "\n")), 0o644)
	out := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", "--no-prune", "--token-rules", "english", "--drop-possessive", in, "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m, err := model.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"u.s", "3.5", "1,000", "reagan", "shuttle", "nasa"} {
		if !slices.Contains(m.Vocab, w) {
			t.Errorf("vocabulary %q lacks %q", m.Vocab, w)
		}
	}
	for _, w := range []string{"000", "reagan's", "shuttle's"} {
		if slices.Contains(m.Vocab, w) {
			t.Errorf("vocabulary holds %q", w)
		}
	}
	if p := m.Provenance.Preprocessing; p == nil || !p.Tokenized() || p.Text.Rules != "english" || !p.Text.DropPossessive {
		t.Fatalf("model records %v, want english token rules and possessives dropped", p)
	}
	doc := filepath.Join(dir, "new.txt")
	os.WriteFile(doc, []byte("Reagan's U.S. wheat: 1,000 tonnes\nbanana\n"), 0o644)
	code, stdout, errOut := hull(t, "infer", out, doc, "--format", "lines")
	if code != 0 || !strings.Contains(errOut, "1 of 6 words unknown") { // banana alone
		t.Errorf("infer: exit %d, stderr %q, stdout %q", code, errOut, stdout)
	}
	missing := filepath.Join(dir, "missing.txt")
	expectBadInput(t, []badInput{
		{"other rules than the model's", []string{"infer", out, doc, "--token-rules", "basic"}, "--token-rules: the model records how its raw text was prepared (format lines; text: encoding auto, token rules english, drop possessive;"},
		{"unknown rules", []string{"fit", "-k", "2", missing, "--token-rules", "french"}, "--token-rules: text: unknown token rules \"french\""},
	})
	kos := "../../../shared/data/kos/docword.kos.txt.gz"
	needData(t, kos)
	expectBadInput(t, []badInput{
		{"numeric input", []string{"fit", "-k", "2", kos, "--token-rules", "english"}, "--token-rules: only raw text is tokenized"},
	})
}

// Every flag of the text preparation a model records is compared with the
// record (textFlags), so that new text is never prepared otherwise than
// the model's corpus; --strict changes no token, only whether to fail.
func TestTextFlagsComparedWithRecord(t *testing.T) {
	for _, name := range append(slices.Clone(rawTextFlags), "stopwords") {
		if _, ok := textFlags[name]; !ok && name != "strict" {
			t.Errorf("--%s is not compared with a model's record", name)
		}
	}
}
