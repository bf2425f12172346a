package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
)

// adviceFlags names, in the advice of eval.CollapseAdvice, the learners
// and options by their flags.
var adviceFlags = strings.NewReplacer(
	"anchor.Options.Rectify = auto, as in anchor.DefaultOptions", "--rectify auto, the default",
	"as in refine.DefaultAuto and every geometric learner's DefaultOptions", "the default",
	"the gibbs learner (lda.NewGibbs)", "--algo gibbs",
	"lda.GibbsOptions.Init = lda.InitAnchor", "--init anchor",
	"corpus.PruneOptions.MaxDF", "--max-df",
	"more Iterations", "more --iterations",
	"projection.Options.MinDF", "--proj-min-df",
	"tsvd.Options.Thresholds = authors", "--tsvd-thresholds authors",
	"refine.Auto.RefineAlways", "--refine-always",
	"refine.Auto.Refine", "--refine",
	"anchor.Options.RefineAlways", "--refine-always",
	"anchor.Options.Refine", "--refine",
	"text.Options.DropJunk", "--drop-junk",
	"text.Options.DropNumbers", "--drop-numbers",
	"corpus.PruneOptions.MinDF", "--min-df",
	"anchor.Options.Weighting = pairs", "--cooc-weighting pairs",
	"anchor.Options.Rectify = auto", "--rectify auto",
)

// healthWarning returns the warning of collapsed topics, else of
// incoherent ones, with what to try in flags, or "" when h has neither.
func healthWarning(h *eval.Health) string {
	switch {
	case h.Collapsed:
		return fmt.Sprintf("warning: the topics have collapsed: %s\n  %s\n",
			strings.Join(h.Signs, "; "), adviceFlags.Replace(h.Advice))
	case h.Incoherent:
		return fmt.Sprintf("warning: the topics are incoherent\n  %s\n", adviceFlags.Replace(h.Advice))
	}
	return ""
}

// printHealth prints the figures of h in two lines (one without
// documents) and a third with their coherence when measured, then the
// warning of collapsed or incoherent topics if any; the document figures
// are of a sample when sampled < docs.
func printHealth(w io.Writer, h *eval.Health, sampled, docs int) {
	fmt.Fprintf(w, "health: %d different words among the %d x %d top words; %d of the %d topic pairs share at least half of their top words\n",
		h.DistinctWords, h.K, h.Top, h.NearDuplicatePairs, h.Pairs)
	if h.Docs > 0 {
		of := fmt.Sprintf("the %d documents", h.Docs)
		if sampled < docs {
			of = fmt.Sprintf("%d documents sampled evenly from %d", h.Docs, docs)
		}
		tooFew := ""
		if h.TooFewDocs {
			tooFew = fmt.Sprintf(" (too few documents to judge %d topics by: want at least %d)", h.K, h.MinDocs)
		}
		fmt.Fprintf(w, "health: topic %d is the dominant topic of %.1f%% of %s; %s; they spread over %.1f effective topics of %d%s\n",
			h.LargestTopic+1, 100*h.LargestShare, of, rareTopics(h), h.EffectiveTopics, h.K, tooFew)
	}
	if h.NPMI != nil {
		const why = "incoherent (their top words occur together less often than at random)"
		fmt.Fprintf(w, "health: %s; the least NPMI of a topic's top words %.3f (topic %d)\n",
			countTopics(h.IncoherentTopics, "is "+why, "are "+why), h.NPMI[h.LeastTopic], h.LeastTopic+1)
	}
	fmt.Fprint(w, healthWarning(h))
}

// rareTopics describes the rare topics of h, numbered from 1.
func rareTopics(h *eval.Health) string {
	share := fmt.Sprintf("%.2g%%", 100*h.RareShare)
	return countTopics(h.RareTopics, "is the dominant topic of fewer than "+share, "are the dominant topic of fewer than "+share+" each")
}

// countTopics says of topics (numbered from 1) that it is what one is, or
// that they are what many are.
func countTopics(topics []int, is, are string) string {
	nums := make([]string, len(topics))
	for i, k := range topics {
		nums[i] = fmt.Sprint(k + 1)
	}
	switch len(topics) {
	case 0:
		return "no topic " + is
	case 1:
		return "topic " + nums[0] + " " + is
	}
	return fmt.Sprintf("%d topics (%s) %s", len(topics), strings.Join(nums, ", "), are)
}

// readLabels reads the labels file of --labels with eval.ReadLabelsFile,
// naming the flag when the file cannot be opened; none for path "".
func readLabels(path string) (map[string]string, error) {
	if path == "" {
		return nil, nil
	}
	labels, err := eval.ReadLabelsFile(path)
	return labels, namingFlag("--labels", err)
}

// labelClasses returns the classes of the documents of c
// (eval.LabelClasses) under labels, those of the --labels file path; an
// error when they label no document of c.
func labelClasses(path string, labels map[string]string, c *corpus.Corpus) (classes []int, names []string, err error) {
	classes, names, labelled := eval.DocLabelClasses(c, labels)
	if labelled > 0 {
		return classes, names, nil
	}
	if _, _, n := eval.LabelClasses(c.DocIDs, labels); n > 0 {
		verb := "have"
		if n == 1 {
			verb = "has"
		}
		return nil, nil, fmt.Errorf("--labels %s: the %s it labels %s no word the model knows: no document has both a label and a token",
			path, documents(n, "document"), verb)
	}
	return nil, nil, fmt.Errorf("--labels %s: none of the %d ids labels a document of the input (whose ids are such as %q)",
		path, len(labels), c.DocIDs[:min(3, len(c.DocIDs))])
}

// loadModelLabels loads the model at modelPath and the --labels file at
// labelsPath (none for ""), before the documents are read.
func loadModelLabels(modelPath, labelsPath string, inputs []string, usage string) (*model.Model, map[string]string, error) {
	m, err := loadModelArg(modelPath, inputs, usage)
	if err != nil {
		return nil, nil, err
	}
	labels, err := readLabels(labelsPath)
	return m, labels, err
}

// loadModel loads the model at path, given as flag ("" for the MODEL
// argument). A file that cannot be opened is named by its flag, and "-"
// that names no file is told apart: no command reads a model from
// standard input, as "hull fit -o -" writes none to standard output.
func loadModel(flag, path string) (*model.Model, error) {
	m, err := model.Load(path)
	if path == stdinPath && errors.Is(err, fs.ErrNotExist) {
		name := "MODEL"
		if flag != "" {
			name = flag
		}
		return nil, fmt.Errorf("%s -: hull reads no model from standard input (./- names a file so named)", name)
	}
	return m, namingFlag(flag, err)
}

// loadModelArg loads the MODEL argument at path. When it is no model but
// one of the command's other arguments, a regular file, is, the arguments
// were given in the wrong order, and the error says so with the command's
// usage. Standard input ("-", /dev/stdin) is not read for the hint.
func loadModelArg(path string, others []string, usage string) (*model.Model, error) {
	m, err := loadModel("", path)
	if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return m, err
	}
	for _, p := range others {
		if st, e := os.Stat(p); p == stdinPath || e != nil || !st.Mode().IsRegular() {
			continue
		}
		if _, e := model.Load(p); e == nil {
			return nil, fmt.Errorf("%w (%s is a model: the arguments are %s)", err, p, usage)
		}
	}
	return nil, err
}

// namingFlag prefixes flag to err when err is a file that could not be
// opened or found (a *fs.PathError), which names the path but not the
// flag that gave it; other errors, and all for flag "", pass unchanged.
func namingFlag(flag string, err error) error {
	if pe := (*fs.PathError)(nil); flag != "" && errors.As(err, &pe) && (pe.Op == "open" || pe.Op == "stat") {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return err
}
