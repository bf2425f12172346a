package corpus

// Format names an input format. The zero value asks Read to detect it.
type Format string

// The input formats hull reads.
const (
	FormatAuto    Format = ""        // detect from the path and the first lines
	FormatUCI     Format = "uci"     // UCI bag-of-words: D, W, NNZ header lines, then "doc word count" (1-based)
	FormatLDAC    Format = "ldac"    // LDA-C: "N id:count ..." per document (0-based ids)
	FormatTriplet Format = "triplet" // "doc word count" lines without header (1-based)
	FormatJSONL   Format = "jsonl"   // JSON lines: {"id":..,"items":[tokens]} or {"id":..,"text":".."}
	FormatLines   Format = "lines"   // raw text, one document per line
	FormatDir     Format = "dir"     // raw text, a directory of files, one document per file (recursive)
)
