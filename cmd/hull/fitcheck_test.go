package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameInputTwiceRefused: every command that reads INPUT refuses an
// input given twice (corpus.Read: the same file under another spelling
// or a link, or inside a directory also given; its cases are
// TestReadRefusesRepeats), naming both, before anything is read: its
// documents counted twice, with exit 0. Standard input stays apart.
func TestSameInputTwiceRefused(t *testing.T) {
	synth := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "40", "--docs", "30", "--doc-length", "15")
	docword, truth := filepath.Join(synth, "docword.txt"), filepath.Join(synth, "truth.json")
	other := synth + "/./docword.txt" // another spelling
	out := t.TempDir()
	same := docword + " and " + other + " are the same file"
	expectBadInput(t, []badInput{
		{"fit", []string{"fit", "-q", "-k", "3", docword, other}, same},
		{"stats", []string{"stats", "-q", "-o", filepath.Join(out, "s.stats"), docword, other}, same},
		{"corpus", []string{"corpus", "-q", "-o", filepath.Join(out, "c"), docword, other}, same},
		{"infer", []string{"infer", "-q", truth, docword, other}, same},
		{"bench", []string{"bench", "-q", "-k", "3", docword, other}, same},
		{"bench plusone", []string{"bench", "plusone", "-q", "-k", "3", docword, other}, same},
		{"standard input twice", []string{"fit", "-q", "-k", "3", "-", "-"}, "standard input is read alone"},
	})
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("refused commands wrote %d files", len(entries))
	}
}

// TestKChecksBeforeRead: the options K alone rules out, and a
// --max-memory the runtime alone uses up, are refused before any input is
// read (here none exists), naming the flag: they failed after the read,
// --rectify-words after the whole paper fit, blaming the corpus.
func TestKChecksBeforeRead(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	out := filepath.Join(t.TempDir(), "o.stats")
	expectBadInput(t, []badInput{
		{"rectify-words below K", []string{"fit", "-q", "-k", "5", "--rectify-words", "3", missing}, "--rectify-words 3: want more than K = 5: the K anchors are chosen among the block's words"},
		{"rectify-words K, ap", []string{"fit", "-q", "-k", "5", "--rectify", "ap", "--rectify-words", "5", missing}, "--rectify-words 5: want more than K = 5"},
		{"score-m", []string{"fit", "-q", "-k", "5", "--algo", "score", "--score-m", "1", missing}, "--score-m 1: want >= K = 5 k-means centres"},
		{"score-k0", []string{"fit", "-q", "-k", "5", "--algo", "score", "--score-k0", "3", missing}, "--score-k0 3: want >= K = 5 candidate centres"},
		{"proj-top", []string{"fit", "-q", "-k", "5", "--algo", "ddp", "--proj-top", "2", missing}, "--proj-top 2: want >= K = 5 novel words"},
		{"fit --stats", []string{"fit", "-q", "-k", "5", "--rectify-words", "4", "--stats", missing}, "--rectify-words 4: want more than K = 5"},
		{"bench, each K", []string{"bench", "-q", "--algos", "anchor", "-k", "3,6", "--rectify-words", "5", missing}, "--algos anchor: --rectify-words 5: want more than K = 6"},
		{"bench plusone", []string{"bench", "plusone", "-q", "--algos", "score", "-k", "5", "--score-m", "2", missing}, "--algos score: --score-m 2: want >= K = 5"},
		{"max-memory, fit", []string{"fit", "-q", "-k", "5", "--max-memory", "1MiB", missing}, "--max-memory 1MiB: want more than the 16.0 MiB the process holds before it reads anything"},
		{"max-memory, stats", []string{"stats", "-q", "--max-memory", "1MiB", "-o", out, missing}, "--max-memory 1MiB: want more than the 16.0 MiB"},
	})
	// Rectification options without rectifying are still refused as such.
	expectBadInput(t, []badInput{
		{"rectify none", []string{"fit", "-q", "-k", "5", "--rectify", "none", "--rectify-words", "3", missing}, "it changes nothing with --rectify none"},
	})
}

// TestScoreK0LoweredMessage: the budget error of a --score-k0 above the
// k-means centres says it was lowered to them, with their C(m, K), and
// names no Go constant ("(MaxSimplices)").
func TestScoreK0LoweredMessage(t *testing.T) {
	needData(t, kos)
	expectBadInput(t, []badInput{
		{"score-k0 100", []string{"fit", "-q", "-k", "5", "--algo", "score", "--score-k0", "100", kos},
			"--score-k0 100: want at most 31: it is lowered to the 50 k-means centres (--score-m), and C(50, 5) = 2118760 simplices is above the budget of 200000\n"},
	})
}

// TestEmptyRectifyIsAuto: --rectify= is anchor's default, auto, as an
// empty value of every other enumerated option is its default (it was
// none, silently turning the rectification off).
func TestEmptyRectifyIsAuto(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "60", "--docs", "80", "--doc-length", "30")
	_, m := fitIn(t, dir, "r.json", "-k", "3", "--rectify=")
	if m.Params["rectify"] != "auto" {
		t.Errorf("--rectify=: params.rectify %v, want auto", m.Params["rectify"])
	}
}

// TestInertFlagsOfFitRefused: flags that change nothing are refused, with
// why: recover's --tolerance and --max-iter (its inversion solves
// nothing), --proj-no-raise with --proj-min-df set (only the automatic
// floor is raised), --log-every where no log is printed.
func TestInertFlagsOfFitRefused(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	expectBadInput(t, []badInput{
		{"recover --tolerance", []string{"fit", "-q", "-k", "3", "--algo", "recover", "--tolerance", "1e-3", missing}, "--tolerance does not apply to --algo recover (it is an option of anchor, anchor-kl)"},
		{"recover --max-iter", []string{"fit", "-q", "-k", "3", "--algo", "recover", "--max-iter", "3", missing}, "--max-iter does not apply to --algo recover (it is an option of anchor, anchor-kl)"},
		{"--proj-no-raise with --proj-min-df", []string{"fit", "-q", "-k", "3", "--algo", "rp", "--proj-min-df", "100", "--proj-no-raise", missing},
			"--proj-no-raise true: want it left out: it changes nothing with --proj-min-df 100: only the automatic floor, --proj-min-df 0, is ever raised"},
		{"--log-every -q", []string{"fit", "-q", "-k", "3", "--algo", "gibbs", "--log-every", "5", missing}, "--log-every: it prints the log likelihood on stderr, which -q silences"},
		{"bench --log-every", []string{"bench", "--algos", "gibbs", "-k", "3", "--log-every", "5", missing}, "--log-every: bench's fits print no log"},
		{"plusone --log-every", []string{"bench", "plusone", "--algos", "gibbs", "-k", "3", "--log-every", "5", missing}, "--log-every: the fits of plusone print no log"},
	})
	// Without -q the log is printed: only the missing input is reported.
	if code, _, errOut := hull(t, "fit", "-k", "3", "--algo", "gibbs", "--log-every", "5", missing); code != exitBadInput || !strings.Contains(errOut, "no such file") {
		t.Errorf("--log-every without -q: exit %d, %q; want the missing input reported", code, errOut)
	}
}

// TestZeroIsTheDefaultInMessages: the range errors of options whose 0
// takes the default say so, not "> 0", and --refine-tol says the same for
// every learner; the usages of those whose 0 is the default say it.
func TestZeroIsTheDefaultInMessages(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	fit := func(args ...string) []string { return append([]string{"fit", "-q", "-k", "3", missing}, args...) }
	refineTol := "--refine-tol -1: want a finite number >= 0 (0: 1e-6)\n"
	expectBadInput(t, []badInput{
		{"max-iter", fit("--max-iter", "-1"), "--max-iter -1: want >= 0 (0: the default, 1000)"},
		{"rectify-iter", fit("--rectify-iter", "-1"), "--rectify-iter -1: want >= 0 (0: the default, 20)"},
		{"tolerance", fit("--tolerance", "-1"), "--tolerance -1: want a finite number >= 0 (0: the default, 1e-5)"},
		{"rectify-tol", fit("--rectify-tol", "-1"), "--rectify-tol -1: want a finite number >= 0 (0: the default, 0.01)"},
		{"anchor refine-tol", fit("--refine-tol", "-1"), refineTol},
		{"rp refine-tol", fit("--algo", "rp", "--refine-tol", "-1"), refineTol},
		{"proj-tolerance", fit("--algo", "rp", "--proj-tolerance", "-1"), "--proj-tolerance -1: want a finite number >= 0 (0: the default, 1e-05)"},
		{"proj-far", fit("--algo", "ddp", "--proj-far", "-1"), "--proj-far -1: want in [0, 1] (0: the default, 0.5)"},
		{"log-every", fit("--algo", "gibbs", "--log-every", "-1"), "--log-every -1: want >= 0 (0: the default, 10)"},
		{"tsvd-eps", fit("--algo", "tsvd", "--tsvd-eps", "-1"), "--tsvd-eps -1: want a finite number >= 0 (0: the default, 1/6)"},
		{"shards", fit("--algo", "gibbs", "--shards", "1000"), "--shards 1000: want in [0, 256] (0: the default, 1): a sweep visits every document once per shard"},
	})
	fs := newFitCmd().Flags()
	for _, name := range []string{"tsvd-eps", "tsvd-gamma", "tsvd-eps0", "proj-far", "proj-threshold-fraction", "proj-top-fraction"} {
		if u := fs.Lookup(name).Usage; !strings.Contains(u, "0: the default") {
			t.Errorf("--%s: usage %q does not say 0 is the default", name, u)
		}
	}
}

// TestLogLinesInFlags: the learner's log lines name its options by their
// flags, as its errors do (they named Go fields: "(MinCentreSize)").
func TestLogLinesInFlags(t *testing.T) {
	var buf bytes.Buffer
	s, err := runSettings(1, 0, "", &buf, false, "score")
	if err != nil {
		t.Fatal(err)
	}
	s.Logf("fewer than 5 words (MinCentreSize); recovering (VertexSearch = sp)")
	if got, want := buf.String(), "fewer than 5 words (--score-min-centre); recovering (--score-search sp)\n"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}

// TestNumericFormatFlagsBeforeRead: with an explicit numeric --format the
// raw-text flags and --no-prune, which change nothing, are refused by the
// flags alone (they were refused after the whole read); diagnose, which
// prunes as the model's corpus was, keeps --no-prune.
func TestNumericFormatFlagsBeforeRead(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	expectBadInput(t, []badInput{
		{"--stem", []string{"fit", "-k", "3", "--format", "uci", "--stem", missing}, "--stem: only raw text is tokenized, and this input is uci (its words are tokens already)"},
		{"--no-prune", []string{"fit", "-k", "3", "--format", "ldac", "--no-prune", missing}, "--no-prune: nothing would be pruned without it: this input is ldac"},
		{"corpus", []string{"corpus", "--format", "mm", "--drop-numbers", "-o", filepath.Join(t.TempDir(), "c"), missing}, "--drop-numbers: only raw text is tokenized, and this input is mm"},
		{"stats", []string{"stats", "--format", "triplet", "--no-prune", "-o", filepath.Join(t.TempDir(), "s"), missing}, "--no-prune: nothing would be pruned"},
	})
	for _, args := range [][]string{
		{"fit", "-k", "3", "--format", "jsonl", "--stem", missing},
		{"diagnose", missing, filepath.Join(t.TempDir(), "m.json"), "--format", "uci", "--no-prune"},
	} {
		if code, _, errOut := hull(t, args...); !strings.Contains(errOut, "no such file") {
			t.Errorf("%v: exit %d, %q; want the missing input or model reported", args, code, errOut)
		}
	}
}

// TestEmptyStatsRefused: --stats "" is refused as -o "" is (it fitted the
// demo corpus, exit 0).
func TestEmptyStatsRefused(t *testing.T) {
	expectBadInput(t, []badInput{
		{`--stats ""`, []string{"fit", "-q", "-k", "5", "--stats", ""}, `--stats "": want a statistics file`},
		{"--stats=", []string{"fit", "-q", "-k", "5", "--stats="}, `--stats "": want a statistics file`},
	})
}

// TestAnchorRefusesKAboveDocs: anchor, anchor-kl and recover refuse K
// above the number of documents once the corpus is read, in the other
// learners' words (K = 5,000 on 1,033 documents ran for minutes).
func TestAnchorRefusesKAboveDocs(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "200", "--docs", "30", "--doc-length", "40")
	docword := filepath.Join(dir, "docword.txt")
	var cases []badInput
	for _, algo := range []string{"anchor", "anchor-kl", "recover", "score"} {
		cases = append(cases, badInput{algo, []string{"fit", "-q", "-k", "50", "--algo", algo, docword}, "K = 50 topics for 30 documents: want K <= D"})
	}
	expectBadInput(t, cases)
}
