package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/readflags"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/text"
	"github.com/spf13/pflag"
)

// inputFlags are the flags that say how to read and prune a corpus.
type inputFlags struct {
	format      string
	vocab       string
	stopwords   []string
	stopWords   []string // the words of the stopwords files, once check has read them
	noStopwords bool
	stem        bool
	minDF       int
	maxDF       float64
	maxVocab    int
	noPrune     bool
	encoding    string
	strict      bool
	clean       string
	dropNumbers bool
	dropJunk    bool
	maxTokenLen int
	minLength   int
	tokenRules  string
	possessive  bool
	// fs holds the flags, to tell which were given; recorded, when set,
	// is the text preparation a model records, which textOptions returns.
	fs       *pflag.FlagSet
	own      *pflag.FlagSet // the input flags alone, for given
	recorded *text.Options
	// keepEmptyDocs keeps every document in the pruned corpus (infer:
	// one row per input document, in input order).
	keepEmptyDocs bool
	// maxMemory bounds the corpus a numeric input declares (0: half the
	// RAM): the command's --max-memory, where it has one, sets it.
	maxMemory int64
	// excerpt is the runes of each raw document's text kept
	// (corpus.ReadOptions.Excerpt): the command's --excerpt, where it has
	// one, sets it, and excerptGiven when it was given.
	excerpt      int
	excerptGiven bool
	// memo, when not nil, keeps the corpora read without pruning by
	// their paths and read options (readMemo).
	memo map[string]*corpus.Corpus
	// flagsOnly is set for a command that prunes only by the pruning
	// flags (pruneOnlyByFlags): it refuses --no-prune.
	flagsOnly bool
	// asModel is set for a command that prunes INPUT as a model's corpus
	// was pruned (diagnose): --no-prune undoes that on input of any format.
	asModel bool
}

func (in *inputFlags) bind(cmdFlags *pflag.FlagSet) {
	in.fs = cmdFlags
	in.own = pflag.NewFlagSet("input", pflag.ContinueOnError)
	defer cmdFlags.AddFlagSet(in.own)
	fs := in.own
	fs.StringVar(&in.format, "format", "", "input format: uci|ldac|triplet|mm|jsonl|lines|dir|sgml (default: detected)")
	fs.StringVar(&in.vocab, "vocab", "", "vocabulary file for uci, ldac, triplet and mm inputs (default: found next to the input)")
	fs.StringArrayVar(&in.stopwords, "stopwords", nil, "extra stop-word file for raw text, one word per line (repeat the flag for more files); input already tokenized (uci, ldac, triplet, mm, JSON items) loses the words it lists")
	fs.BoolVar(&in.noStopwords, "no-stopwords", false, "do not remove the embedded English stop words from raw text")
	fs.BoolVar(&in.stem, "stem", false, "stem raw-text tokens (English Snowball)")
	fs.IntVar(&in.minDF, "min-df", 0, "drop words in fewer than N documents")
	fs.Float64Var(&in.maxDF, "max-df", 0, "drop words in more than this fraction of documents (0: keep all)")
	fs.IntVar(&in.maxVocab, "max-vocab", 0, "keep only the N words of highest document frequency (0: all)")
	fs.BoolVar(&in.noPrune, "no-prune", false, "keep every word of raw text (default: drop words in fewer than 2-5 documents or more than half of them)")
	fs.StringVar(&in.encoding, "encoding", "auto", "raw text that is not UTF-8: auto (read each such file or line as Windows-1252/Latin-1), utf-8 (invalid bytes separate words), latin1 (everything)")
	fs.BoolVar(&in.strict, "strict", false, "fail on raw text that is not valid UTF-8, naming every such file or line (up to 20); no --encoding with it")
	fs.StringVar(&in.clean, "clean", "", "cleaning presets for raw text, comma-separated: email (mail and news headers but Subject, quoted replies, signatures), markup (HTML/SGML/XML tags and entities)")
	fs.BoolVar(&in.dropNumbers, "drop-numbers", false, "drop raw-text tokens without a letter (1988, 3-4)")
	fs.BoolVar(&in.dropJunk, "drop-junk", false, "drop junk tokens: letters and digits mixed (x11r5), longer than --max-token-length, or from uuencoded/base64 blocks")
	fs.IntVar(&in.maxTokenLen, "max-token-length", 0, "drop raw-text tokens longer than N characters (0: no limit, 25 with --drop-junk)")
	fs.IntVar(&in.minLength, "min-length", text.DefaultMinLen, "drop raw-text tokens shorter than N characters")
	fs.StringVar(&in.tokenRules, "token-rules", string(text.RulesBasic), "raw-text token boundaries: basic (1,000 gives 000) or english (1,000, 3.5 and U.S. kept whole)")
	fs.BoolVar(&in.possessive, "drop-possessive", false, "drop a final 's from raw-text tokens (Reagan's gives reagan)")
}

// check validates the input flags, naming them: read calls it before
// reading anything; a command may call it earlier, with its other flags.
// The flags hull-beam shares are checked as it checks them (readflags).
func (in *inputFlags) check() error {
	switch {
	case in.maxMemory < 0:
		return fmt.Errorf("--max-memory %d: want >= 0", in.maxMemory)
	case in.noPrune && in.flagsOnly:
		return errors.New("--no-prune: this command prunes only by --min-df, --max-df and --max-vocab")
	}
	err := readflags.Values{Format: in.format, MinDF: in.minDF, MaxDF: in.maxDF, MaxVocab: in.maxVocab, NoPrune: in.noPrune,
		MinLength: in.minLength, MaxTokenLen: in.maxTokenLen, DropJunk: in.dropJunk, Strict: in.strict,
		Encoding: in.encoding, Clean: in.clean, Rules: in.tokenRules, StopWords: in.stopwords}.Check()
	if err == nil {
		err = in.checkNumericFormat()
	}
	if err != nil || len(in.stopwords) == 0 || in.stopWords != nil {
		return err
	}
	// Read once, for every input and the vocabulary's check alike: a
	// pipe (--stopwords <(...)) gives its words to the first read only.
	o, err := text.Options{StopWordFiles: in.stopwords, NoDefaultStopWords: true}.Resolved()
	if err != nil {
		return fmt.Errorf("--stopwords: %w", err)
	}
	in.stopWords = append([]string{}, o.StopWords...)
	return nil
}

// stopWordOptions returns the --stopwords of text.Options: the words check
// read, else the files.
func (in *inputFlags) stopWordOptions() text.Options {
	if in.stopWords != nil {
		return text.Options{StopWords: in.stopWords}
	}
	return text.Options{StopWordFiles: in.stopwords}
}

// files returns the files an input may read: paths ("-" stands for the
// file standard input reads, which -o must not replace either), the
// --vocab file or else the vocabulary found beside each path read in a
// numeric format (--format, else as detected: raw text and standard
// input read none beside them), the ids and preparation record read
// beside a data file hull corpus wrote (corpus.SavedCompanions), and the
// --stopwords files (a name that is no file is checked as none).
func (in *inputFlags) files(paths []string) []string {
	files := append(slices.Clone(paths), in.vocab)
	for _, p := range paths {
		files = append(files, corpus.SavedCompanions(p)...)
	}
	if in.vocab == "" {
		format, _ := corpus.ParseFormat(in.format) // check refuses a bad one
		for _, p := range paths {
			if p != stdinPath {
				files = append(files, corpus.CompanionVocabAs(p, format))
			}
		}
	}
	return append(files, in.stopwords...)
}

// given returns the input flags given on the command line, sorted.
func (in *inputFlags) given() []string {
	var names []string
	in.own.VisitAll(func(f *pflag.Flag) {
		if f.Changed {
			names = append(names, "--"+f.Name)
		}
	})
	return names
}

// unused returns an error naming the input flags given on the command
// line, which the command will not use, saying why (none given: nil).
func (in *inputFlags) unused(why string) error { return refuseGiven(in.given(), why) }

// unusedFlags returns an error naming those of names (without "--") given
// on the command line, which the command will not use, saying why (none
// given: nil): a flag that changes nothing is refused, not ignored.
func unusedFlags(fs *pflag.FlagSet, why string, names ...string) error {
	var given []string
	for _, n := range names {
		if fs.Changed(n) {
			given = append(given, "--"+n)
		}
	}
	return refuseGiven(given, why)
}

// refuseGiven returns an error naming the flags given and why they cannot
// be used, or nil when there are none.
func refuseGiven(given []string, why string) error {
	if len(given) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s", strings.Join(given, ", "), why)
}

// pruneFlags are the input flags of the pruning, which the commands that
// read INPUT on a model's vocabulary without pruning it (eval, export)
// refuse: that vocabulary is the pruned one of the model's fit.
var pruneFlags = []string{"min-df", "max-df", "max-vocab", "no-prune"}

// unusedPruning refuses the pruning flags given to a command that reads
// its input on a model's vocabulary and prunes nothing.
func (in *inputFlags) unusedPruning() error {
	return unusedFlags(in.own, "INPUT is read on the model's vocabulary, which the pruning of its fit made, and is not pruned again", pruneFlags...)
}

// pruneOnlyByFlags marks a command that prunes only by --min-df, --max-df
// and --max-vocab (infer, report, topics): --no-prune, which would change
// nothing, is hidden from its help and refused by check.
func (in *inputFlags) pruneOnlyByFlags() {
	in.flagsOnly = true
	in.fs.MarkHidden("no-prune")
}

// hidePruning hides the pruning flags from the help of a command that
// refuses them (unusedPruning).
func (in *inputFlags) hidePruning() {
	for _, name := range pruneFlags {
		in.fs.MarkHidden(name)
	}
}

// rawTextFlags are the input flags that only tokenizing raw text uses
// (--stopwords also drops the words of a corpus read without
// tokenizing: vocabStopWords).
var rawTextFlags = []string{"no-stopwords", "stem", "encoding", "strict", "clean", "drop-numbers", "drop-junk", "max-token-length", "min-length", "token-rules", "drop-possessive"}

// checkTextFlags returns an error naming the raw-text flags given when c
// was read without tokenizing (numeric formats, JSON lines of "items"),
// which would silently do nothing.
func (in *inputFlags) checkTextFlags(c *corpus.Corpus) error {
	if c.Preprocessing == nil || c.Preprocessing.Text != nil {
		return nil
	}
	format := string(c.Preprocessing.Format)
	if format == "" {
		format = "already tokenized"
	}
	return in.tokensFlagsError(format)
}

// tokensFlagsError returns an error naming the raw-text flags given (and
// --excerpt) for input that is tokens already, in format, or nil.
func (in *inputFlags) tokensFlagsError(format string) error {
	if err := unusedFlags(in.own, fmt.Sprintf("only raw text is tokenized, and this input is %s (its words are tokens already)", format), rawTextFlags...); err != nil {
		return err
	}
	if in.excerptGiven {
		return fmt.Errorf("--excerpt: only raw text has a text to show, and this input is %s (its documents are shown by their words)", format)
	}
	return nil
}

// numericFormats are the --format values of input that is tokens already.
var numericFormats = []string{string(corpus.FormatUCI), string(corpus.FormatLDAC), string(corpus.FormatTriplet), string(corpus.FormatMM)}

// checkNumericFormat refuses, from the flags alone, what checkTextFlags
// and checkNoPrune refuse after the read when --format names a numeric
// format: the raw-text flags and --no-prune (unless the command prunes as
// a model's corpus was pruned), which change nothing there. They were
// refused only once the whole input had been read.
func (in *inputFlags) checkNumericFormat() error {
	if !slices.Contains(numericFormats, in.format) {
		return nil
	}
	if err := in.tokensFlagsError(in.format); err != nil {
		return err
	}
	if in.noPrune && !in.flagsOnly && !in.asModel {
		return noPruneError(in.format)
	}
	return nil
}

// pruneFlagsSet reports whether a pruning flag was given.
func (in *inputFlags) pruneFlagsSet() bool {
	return in.minDF != 0 || in.maxDF != 0 || in.maxVocab != 0 || in.noPrune
}

// read reads the inputs and prunes the vocabulary, reporting what was
// dropped on log: by the pruning flags when one is given, else by
// byDefault (nil: no pruning), which returns the options for the corpus
// read and why they apply.
func (in *inputFlags) read(ctx context.Context, paths []string, log io.Writer, progress learner.Progress, byDefault func(*corpus.Corpus) (corpus.PruneOptions, string)) (*corpus.Corpus, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	opts := in.readOptions(ctx, progress)
	opts.Log = func(line string) { fmt.Fprintln(log, textsafe.Escape(line)) }
	c, err := readPaths(paths, opts)
	if err != nil {
		return nil, readError(err)
	}
	if err := in.checkTextFlags(c); err != nil {
		return nil, err
	}
	prune, note := corpus.PruneOptions{MinDF: in.minDF, MaxDF: in.maxDF, MaxVocab: in.maxVocab}, ""
	if !in.pruneFlagsSet() && byDefault != nil {
		prune, note = byDefault(c)
	}
	if err := in.checkNoPrune(c, byDefault); err != nil {
		return nil, err
	}
	stop, err := in.vocabStopWords(c)
	if err != nil {
		return nil, err
	}
	prune.StopWords = append(slices.Clone(prune.StopWords), stop...)
	prune.KeepEmptyDocs = in.keepEmptyDocs
	pruned, rep, err := corpus.Prune(c, prune)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "corpus: %s%s\n", rep, note)
	return pruned, nil
}

// checkNoPrune refuses --no-prune where nothing would be pruned without
// it: on input that is tokens already (raw text alone is pruned by
// default, or input read as a model's corpus that was pruned). A command
// that prunes only by the pruning flags refuses it earlier (check).
func (in *inputFlags) checkNoPrune(c *corpus.Corpus, byDefault func(*corpus.Corpus) (corpus.PruneOptions, string)) error {
	if !in.noPrune || byDefault == nil || c.Preprocessing.Tokenized() {
		return nil // byDefault nil: refused by check, before the read
	}
	if def, _ := byDefault(c); !def.IsZero() {
		return nil
	}
	format := "already tokenized"
	if c.Preprocessing != nil && c.Preprocessing.Format != "" {
		format = string(c.Preprocessing.Format)
	}
	return noPruneError(format)
}

// noPruneError is the refusal of --no-prune for input that is tokens
// already, in format.
func noPruneError(format string) error {
	return fmt.Errorf("--no-prune: nothing would be pruned without it: this input is %s (its words are tokens already), "+
		"which is pruned by default only as a pruned model's corpus", format)
}

// vocabStopWords returns the words of c that the --stopwords files list,
// matched as the tokenizer matches raw text's tokens (lowercased), when
// some of c's words may be tokens no stop list reached: c was read
// without tokenizing (numeric formats, JSON items), or is JSON lines,
// whose items stand beside its tokenized texts (the texts lost the
// listed words already; a stem equal to one goes too), alone or merged
// with inputs of other formats. nil otherwise.
func (in *inputFlags) vocabStopWords(c *corpus.Corpus) ([]string, error) {
	// A merge of several formats records none ("") and may hold items.
	if len(in.stopwords) == 0 || c.Preprocessing.Tokenized() && c.Preprocessing.Format != corpus.FormatJSONL && c.Preprocessing.Format != "" {
		return nil, nil
	}
	o := in.stopWordOptions()
	o.NoDefaultStopWords = true
	tok, err := text.New(o)
	if err != nil {
		return nil, fmt.Errorf("--stopwords: %w", err)
	}
	var stop []string
	for _, w := range c.Vocab {
		if tok.IsStopWord(w) {
			stop = append(stop, w)
		}
	}
	return stop, nil
}

// dropStopWords returns c without the words the --stopwords files list
// when its words are tokens already (vocabStopWords), as fit drops them,
// and c itself otherwise (raw text lost them to the tokenizer).
func (in *inputFlags) dropStopWords(c *corpus.Corpus) (*corpus.Corpus, error) {
	stop, err := in.vocabStopWords(c)
	if err != nil || len(stop) == 0 {
		return c, err
	}
	out, _, err := corpus.Prune(c, corpus.PruneOptions{StopWords: stop})
	return out, err
}

// stdinPath is the INPUT that stands for standard input.
const stdinPath = "-"

// readPaths reads the corpus at paths, or standard input for the single
// path "-" (a stream: numeric formats need --vocab). Every command that
// reads INPUT reads it here, and so refuses an input given twice
// (corpus.Read) before reading anything.
func readPaths(paths []string, opts corpus.ReadOptions) (*corpus.Corpus, error) {
	switch {
	case len(paths) == 1 && paths[0] == stdinPath:
		return corpus.ReadFrom(os.Stdin, "stdin", opts)
	case slices.Contains(paths, stdinPath):
		return nil, errors.New("INPUT -: standard input is read alone, not with other inputs")
	}
	return corpus.Read(paths, opts)
}

// rawTextPrune is the default pruning of fit: corpus.RawTextPrune for raw
// text, none for a corpus already reduced to a vocabulary.
func rawTextPrune(c *corpus.Corpus) (corpus.PruneOptions, string) {
	if !c.Preprocessing.Tokenized() {
		return corpus.PruneOptions{}, ""
	}
	p := corpus.RawTextPrune(c.NumDocs())
	if p.IsZero() {
		return p, ""
	}
	return p, fmt.Sprintf("; raw text pruned by default: %s (--no-prune keeps every word)", p)
}

// modelPrune returns the default pruning of input read for m: the pruning
// m's corpus had, so that the same input gives the same corpus.
func modelPrune(m *model.Model) func(*corpus.Corpus) (corpus.PruneOptions, string) {
	return func(*corpus.Corpus) (corpus.PruneOptions, string) {
		if p := m.Provenance.Preprocessing; p != nil && p.Prune != nil {
			return *p.Prune, fmt.Sprintf("; pruned as the model's corpus: %s", p.Prune)
		}
		return corpus.PruneOptions{}, ""
	}
}

// readOptions returns the corpus reader's options of the input flags; ctx
// stops the read (Ctrl-C).
func (in *inputFlags) readOptions(ctx context.Context, progress learner.Progress) corpus.ReadOptions {
	return corpus.ReadOptions{Format: corpus.Format(in.format), Vocab: in.vocab, Text: in.textOptions(), Strict: in.strict,
		MaxMemory: in.maxMemory, Excerpt: in.excerpt, Progress: progress, Context: ctx}
}

// textOptions returns the decoding and tokenizer options of the input
// flags, which check has validated.
func (in *inputFlags) textOptions() text.Options {
	if in.recorded != nil {
		return *in.recorded
	}
	enc, _ := text.ParseEncoding(in.encoding)
	clean, _ := text.ParseClean(in.clean)
	rules, _ := text.ParseRules(in.tokenRules)
	minLen := in.minLength
	if minLen == text.DefaultMinLen {
		minLen = 0 // the default, recorded as such
	}
	o := in.stopWordOptions()
	o.NoDefaultStopWords, o.Stem, o.Encoding, o.Clean, o.DropNumbers, o.DropJunk = in.noStopwords, in.stem, enc, clean, in.dropNumbers, in.dropJunk
	o.MaxTokenLen, o.MinLen, o.Rules, o.DropPossessive = in.maxTokenLen, minLen, rules, in.possessive
	return o
}

// readFlags are the flags of the reader's options that its errors name.
var readFlags = strings.NewReplacer("ReadOptions.Vocab (a file) or ReadOptions.VocabWords", "--vocab FILE", "ReadOptions.VocabWords", "--vocab", "ReadOptions.Vocab", "--vocab", "ReadOptions.Format", "--format",
	"ReadOptions.MaxMemory", "--max-memory", "ReadOptions.Strict", "--strict", corpus.StatsFileHint, "give it to hull fit with --stats")

// readError names the reader's options in a corpus error by their flags.
func readError(err error) error {
	if err == nil {
		return nil
	}
	if msg := readFlags.Replace(err.Error()); msg != err.Error() {
		return errors.New(msg)
	}
	return err
}

// textFlags maps each flag of the text preparation to the option it sets,
// in a form where equal settings compare equal.
var textFlags = map[string]func(o text.Options) string{
	"stopwords":        func(o text.Options) string { return fmt.Sprint(o.StopWords) },
	"no-stopwords":     func(o text.Options) string { return fmt.Sprint(o.NoDefaultStopWords) },
	"stem":             func(o text.Options) string { return fmt.Sprint(o.Stem) },
	"encoding":         func(o text.Options) string { e, _ := text.ParseEncoding(string(o.Encoding)); return string(e) },
	"clean":            func(o text.Options) string { return fmt.Sprint(slices.Sorted(slices.Values(o.Clean))) },
	"drop-numbers":     func(o text.Options) string { return fmt.Sprint(o.DropNumbers) },
	"drop-junk":        func(o text.Options) string { return fmt.Sprint(o.DropJunk) },
	"max-token-length": func(o text.Options) string { _, most := o.TokenLengths(); return fmt.Sprint(most) },
	"min-length":       func(o text.Options) string { least, _ := o.TokenLengths(); return fmt.Sprint(least) },
	"token-rules":      func(o text.Options) string { r, _ := text.ParseRules(string(o.Rules)); return string(r) },
	"drop-possessive":  func(o text.Options) string { return fmt.Sprint(o.DropPossessive) },
}

// useModelText makes raw input be prepared as m's corpus was, when m
// records it: a model knows the words its tokenizer made, so input
// tokenized otherwise would be scored on a different token set (a model
// of a corpus "hull corpus" saved records its record too). A text flag
// given with another value than the record is an error.
func (in *inputFlags) useModelText(m *model.Model) error {
	p := m.Provenance.Preprocessing
	recorded := p.TextOptions()
	if recorded == nil {
		return nil
	}
	mine, err := in.textOptions().Resolved()
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(textFlags)) {
		canon := textFlags[name]
		if in.fs != nil && in.fs.Changed(name) && canon(mine) != canon(*recorded) {
			return fmt.Errorf("--%s: the model records how its raw text was prepared (%s), and new text is prepared the same way; "+
				"the flag asks otherwise: drop it", name, p)
		}
	}
	in.recorded = recorded
	return nil
}
