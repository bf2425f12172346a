package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hulltopics/hull/text"
)

// Preprocessing records how input became a corpus: the readers set it on
// the corpora they return and Prune adds its options, so that a model
// fitted on the corpus can record it (model.Provenance.Preprocessing) and
// new raw text can be prepared the same way (ReadOptions, PruneOptions).
type Preprocessing struct {
	// Format is the format read; "" when inputs of several formats were
	// merged.
	Format Format `json:"format,omitempty"`
	// Text is the decoding, cleaning and tokenizing of raw text, with the
	// stop words of files inline (text.Options.Resolved), so that it works
	// where the files are not. It is nil when hull tokenized nothing:
	// numeric formats, and JSON lines of "items" only.
	Text *text.Options `json:"text,omitempty"`
	// Prune is the pruning applied after reading, nil if none.
	Prune *PruneOptions `json:"prune,omitempty"`
	// Saved is how the corpus read was prepared before SaveDir wrote it:
	// the record SaveDir writes beside a data file of a numeric format
	// (PreprocessingFileName), which ReadFile reads back with it. Its
	// words are tokens already, but the raw text they came from was
	// tokenized as Saved.Text says (TextOptions). nil otherwise.
	Saved *Preprocessing `json:"saved,omitempty"`
}

// WithoutSaved returns p without its Saved record (p itself when it has
// none), as statistics record it (package cooc): hull-beam, and hulls
// before Saved, record none, and statistics of the same files are the
// same whichever computed them.
func (p *Preprocessing) WithoutSaved() *Preprocessing {
	if p == nil || p.Saved == nil {
		return p
	}
	q := *p
	q.Saved = nil
	return &q
}

// TextOptions returns how raw text was tokenized to make the corpus:
// p.Text, else that of the record it was saved from (Saved), nil when
// none was tokenized. New raw text is prepared with it to meet the
// corpus's words.
func (p *Preprocessing) TextOptions() *text.Options {
	for ; p != nil; p = p.Saved {
		if p.Text != nil {
			return p.Text
		}
	}
	return nil
}

// Validate checks a record read from a file (a model's, a statistics
// file's) before it prepares new input: Text valid and resolved, its stop
// words inline and no stop-word files (a record naming files would make
// whoever uses it read them: any file of the machine), and Prune valid.
// A nil record is valid.
func (p *Preprocessing) Validate() error {
	if p == nil {
		return nil
	}
	if p.Text != nil {
		if len(p.Text.StopWordFiles) > 0 {
			return fmt.Errorf("preprocessing: text: stop-word files %q: a record holds its stop words, not files to read", p.Text.StopWordFiles)
		}
		if _, err := p.Text.Resolved(); err != nil {
			return fmt.Errorf("preprocessing: %w", err)
		}
	}
	if p.Prune != nil {
		if err := p.Prune.validate(); err != nil {
			return fmt.Errorf("preprocessing: %w", err)
		}
	}
	if err := p.Saved.Validate(); err != nil {
		return fmt.Errorf("saved: %w", err)
	}
	return nil
}

// Tokenized reports whether hull tokenized raw text to make the corpus.
func (p *Preprocessing) Tokenized() bool { return p != nil && p.Text != nil }

// Equivalent reports whether p and q record the same preparation: equal
// but for text options that prepare text alike (text.Options.Equivalent),
// such as length limits recorded at their defaults by earlier hulls.
// Records of statistics to merge, or of a refinement sample, are compared
// by it.
func (p *Preprocessing) Equivalent(q *Preprocessing) bool {
	if p == nil || q == nil {
		return p == q
	}
	if (p.Text == nil) != (q.Text == nil) || p.Text != nil && !p.Text.Equivalent(*q.Text) {
		return false
	}
	a, b := *p, *q
	a.Text, b.Text = nil, nil
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// String describes p in one line, such as
// "format dir; text: encoding auto, clean email, stem; prune: min-df 5, max-df 0.5".
func (p *Preprocessing) String() string {
	if p == nil {
		return "not recorded"
	}
	parts := []string{"format " + string(p.Format)}
	if p.Format == "" {
		parts[0] = "formats mixed"
	}
	if p.Text != nil {
		parts = append(parts, "text: "+describeText(*p.Text))
	}
	if p.Prune != nil {
		parts = append(parts, "prune: "+p.Prune.String())
	}
	if p.Saved != nil {
		parts = append(parts, "saved from ("+p.Saved.String()+")")
	}
	return strings.Join(parts, "; ")
}

// describeText lists the settings of o that differ from the defaults.
func describeText(o text.Options) string {
	enc := string(o.Encoding)
	if enc == "" {
		enc = string(text.EncodingAuto)
	}
	parts := []string{"encoding " + enc}
	for _, c := range o.Clean {
		parts = append(parts, "clean "+string(c))
	}
	add := func(on bool, s string) {
		if on {
			parts = append(parts, s)
		}
	}
	add(o.NoDefaultStopWords, "no default stop words")
	add(len(o.StopWords) > 0, fmt.Sprintf("%d extra stop words", len(o.StopWords)))
	add(o.Stem, "stem")
	add(o.MinLen != 0, fmt.Sprintf("min-length %d", o.MinLen))
	add(o.DropNumbers, "drop numbers")
	add(o.DropJunk, "drop junk")
	add(o.MaxTokenLen != 0, fmt.Sprintf("max-token-length %d", o.MaxTokenLen))
	if r, err := text.ParseRules(string(o.Rules)); err == nil && r != text.RulesBasic {
		add(true, "token rules "+string(r))
	}
	add(o.DropPossessive, "drop possessive")
	return strings.Join(parts, ", ")
}

// String describes o, such as "min-df 5, max-df 0.5" or "none".
func (o PruneOptions) String() string {
	var parts []string
	if len(o.StopWords) > 0 {
		parts = append(parts, fmt.Sprintf("%d stop words", len(o.StopWords)))
	}
	if o.MinDF != 0 {
		parts = append(parts, fmt.Sprintf("min-df %d", o.MinDF))
	}
	if o.MaxDF != 0 {
		parts = append(parts, fmt.Sprintf("max-df %g", o.MaxDF))
	}
	if o.MaxVocab != 0 {
		parts = append(parts, fmt.Sprintf("max-vocab %d", o.MaxVocab))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// RawTextPrune is the default pruning of a corpus of d documents that hull
// tokenized from raw text: words in fewer than 2 to 5 documents (d/1000,
// clamped) carry no topic but grow the vocabulary (and the model) several
// fold, and words in more than half of the documents (what a stop list
// misses: "subject", "writes", a newswire's "said") become every topic's
// top words. Below minPruneDocs documents document frequencies say too
// little, and nothing is pruned. A corpus already reduced to a vocabulary
// (numeric formats, JSON items) is not pruned by default.
func RawTextPrune(d int) PruneOptions {
	if d < minPruneDocs {
		return PruneOptions{}
	}
	return PruneOptions{MinDF: min(5, max(2, d/1000)), MaxDF: 0.5}
}

// minPruneDocs is the smallest corpus RawTextPrune prunes.
const minPruneDocs = 200

// ReadOptions returns read options that prepare raw text as p did: its
// text options, the format left to detection (new input may come in
// another format). With p nil or not tokenized it is the zero value.
func (p *Preprocessing) ReadOptions() ReadOptions {
	if !p.Tokenized() {
		return ReadOptions{}
	}
	return ReadOptions{Text: *p.Text}
}

// setFormat records that c was read in format f.
func setFormat(c *Corpus, f Format) {
	if c.Preprocessing == nil {
		c.Preprocessing = &Preprocessing{}
	}
	c.Preprocessing.Format = f
}

// withPrune returns a copy of p (nil: an empty record) with prune added.
func (p *Preprocessing) withPrune(prune PruneOptions) *Preprocessing {
	q := &Preprocessing{}
	if p != nil {
		*q = *p
	}
	q.Prune = &prune
	return q
}

// mergeRecords returns the record of the merge of corpora with records ps:
// the first text options (every input of a Read shares them), the format
// if all agree, the record they were saved from if all were saved alike.
func mergeRecords(ps []*Preprocessing) *Preprocessing {
	out := &Preprocessing{}
	for i, p := range ps {
		if p == nil {
			return nil
		}
		if i == 0 || p.Format != out.Format {
			out.Format = p.Format
			if i > 0 {
				out.Format = ""
			}
		}
		if out.Text == nil {
			out.Text = p.Text
		}
	}
	// The corpora saved alike keep their record; others have none.
	for i, p := range ps {
		if i == 0 {
			out.Saved = p.Saved
		} else if !p.Saved.Equivalent(out.Saved) {
			out.Saved = nil
		}
	}
	return out
}
