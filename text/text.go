package text

// Options configures a Tokenizer. The zero value means: the embedded
// English stop-word list, no stemming, minimum token length 2.
type Options struct {
	// StopWordFiles lists files of extra stop words (one per line, '#' comments).
	StopWordFiles []string
	// NoDefaultStopWords drops the embedded English list.
	NoDefaultStopWords bool
	// Stem applies the English Snowball stemmer to every kept token.
	Stem bool
	// MinLen is the minimum token length in runes; 0 means 2.
	MinLen int
}

// Tokenizer turns raw text into tokens. It is safe for concurrent use.
type Tokenizer struct{ opts Options }

// New returns a Tokenizer for opts (STUB: to be implemented).
func New(opts Options) (*Tokenizer, error) { return &Tokenizer{opts: opts}, nil }

// Tokens appends the tokens of s to dst and returns it (STUB).
func (t *Tokenizer) Tokens(dst []string, s string) []string { return dst }
