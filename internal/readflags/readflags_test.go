package readflags

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck: the defaults pass; each flag out of range, and each pair
// that contradicts itself, is named.
func TestCheck(t *testing.T) {
	ok := Values{MinLength: 2, Encoding: "auto", Rules: "basic"}
	if err := ok.Check(); err != nil {
		t.Fatalf("the defaults: %v", err)
	}
	for want, change := range map[string]func(v *Values){
		"--format":                        func(v *Values) { v.Format = "xml" },
		"--min-df -1":                     func(v *Values) { v.MinDF = -1 },
		"--max-df 2":                      func(v *Values) { v.MaxDF = 2 },
		"--max-vocab -3":                  func(v *Values) { v.MaxVocab = -3 },
		"--no-prune keeps every word":     func(v *Values) { v.NoPrune, v.MinDF = true, 2 },
		"--min-length 0":                  func(v *Values) { v.MinLength = 0 },
		"--max-token-length -1":           func(v *Values) { v.MaxTokenLen = -1 },
		"--max-token-length 3 is below":   func(v *Values) { v.MaxTokenLen, v.MinLength = 3, 4 },
		"--min-length 26 is above the 25": func(v *Values) { v.DropJunk, v.MinLength = true, 26 },
		"--strict, --encoding latin1":     func(v *Values) { v.Strict, v.Encoding = true, "latin1" },
		"--encoding":                      func(v *Values) { v.Encoding = "ebcdic" },
		"--clean":                         func(v *Values) { v.Clean = "soap" },
		"--token-rules":                   func(v *Values) { v.Rules = "french" },
	} {
		v := ok
		change(&v)
		if err := v.Check(); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%+v: %v, want an error starting %q", v, err, want)
		}
	}
	long := ok
	long.DropJunk, long.MinLength, long.MaxTokenLen = true, 30, 40
	if err := long.Check(); err != nil {
		t.Errorf("--max-token-length 40 lets --min-length 30 pass with --drop-junk: %v", err)
	}
}

// TestCheckStopWords: an empty --stopwords and a missing file are named
// before any input is read; a comma in a missing name says the flag
// repeats; a file that exists, whatever its name, passes.
func TestCheckStopWords(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "my,stops.txt")
	if err := os.WriteFile(odd, []byte("apple\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	v := Values{MinLength: 2, Encoding: "auto", Rules: "basic"}
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{odd, "gs://bucket/sw.txt"}, ""},
		{[]string{""}, `--stopwords "": want a stop-word file`},
		{[]string{filepath.Join(dir, "a.txt,b.txt")}, "no such file or directory (one file a flag: repeat --stopwords"},
		{[]string{filepath.Join(dir, "none.txt")}, "none.txt: no such file or directory"},
	} {
		v.StopWords = tc.files
		err := v.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: %v, want %q", tc.files, err, tc.want)
		}
	}
}
