// Package corpus holds bag-of-words corpora and reads, writes, merges,
// prunes and splits them.
//
// # The front door
//
// A corpus comes from tokens, from a stream or from a file, each in one
// call:
//
//	c := corpus.FromTokens(docs)                          // [][]string: ids "1".."D", vocabulary in first-seen order
//	q, rep := corpus.FromTokensOn(m.Vocab, newDocs)       // on a fixed vocabulary: unknown words dropped and counted
//	c, err := corpus.ReadFrom(os.Stdin, "stdin", opts)    // any format, gzip or not, from an io.Reader
//	c, err := corpus.ReadFile("docword.kos.txt.gz", opts) // a file or a directory
//
// [FromTokens] takes the tokens as they are (the caller has tokenized;
// see package text for a tokenizer) and keeps empty documents.
// [FromTokensOn] builds documents on a given vocabulary, typically a
// model's, to infer their topics; its [TokensReport] says how many
// tokens and which words the vocabulary lacked. Every file reader also
// reads from an [io.Reader] ([ReadFrom], [ReadVocab]): the same code
// serves both, and the name given to ReadFrom stands for the file in
// error messages.
//
// # The Corpus type
//
// A [Corpus] is a vocabulary (Vocab, word index -> word), one id per
// document (DocIDs, as read) and the document-term counts in compressed
// sparse row (CSR) form: the terms of document d are
// Words[Offsets[d]:Offsets[d+1]], strictly increasing int32 word indices,
// with their Counts (int32, each at least 1). Offsets are int64, so the
// number of nonzeros is not limited by int32; a vocabulary has at most
// 2^31-1 words and a count at most 2^31-1. [Corpus.Validate] checks
// these invariants. A corpus is treated as immutable once built and may
// be shared between goroutines. A corpus read from raw text with
// ReadOptions.Excerpt also keeps the start of each document's text
// (Excerpts), which the operations that drop, select or merge documents
// carry with them, for showing a document beside its topics.
//
// # Reading
//
// [ReadFile] reads one file or directory, [Read] several (merged with
// [Merge]), [ReadFrom] a stream (any format but dir). gzip-compressed input is recognized by its magic bytes
// (1f 8b), whatever the file name, and decompressed on the fly; a UTF-8
// byte order mark is skipped. Reading is a single streaming pass, O(nnz)
// time (plus sorting the terms of documents whose input is not in word
// order) and O(nnz) memory; the 1.3 million nonzeros of the
// gzip-compressed NIPS corpus read in under 0.2 s. The entry lines of uci,
// triplet and mm input are parsed in parallel: one goroutine reads (and
// decompresses) and cuts the input into chunks of whole lines, one per
// CPU parses them, and the chunks are merged in input order, so that the
// corpus and the first error are those of a sequential read. Entries
// sorted by document (as UCI files usually are) need no document index
// while reading, and a UCI header's NNZ, once the entries make it
// credible, sizes the arrays at once: reading then takes little more
// than the 8 bytes per nonzero of the corpus itself.
//
// The formats ([Format]):
//
// uci is the UCI bag-of-words format: three header lines D, W and NNZ,
// then one "docID wordID count" line per nonzero, with 1-based ids:
//
//	3430
//	6906
//	353160
//	1 61 2
//	1 76 1
//
// W must equal the vocabulary size and NNZ the number of entry lines.
// Entries may come in any order; a repeated (doc, word) pair is summed.
// Documents 1..D without entries are kept as empty documents. Document
// ids are "1".."D".
//
// ldac is Blei's LDA-C format, one document per line,
// "N id:count id:count ..." with N the number of pairs and 0-based word
// ids (in any order, repeats summed); "0" is an empty document:
//
//	3 0:2 17:1 4:1
//	0
//	1 5:3
//
// Document ids are the 1-based line numbers ("1".."D" when the file has
// no blank lines).
//
// triplet is "docID wordID count" lines without a header, 1-based, in any
// order (the SLA data is sorted by word). D is the largest document id;
// ids without entries are empty documents.
//
//	14 1 4
//	256 1 2
//
// mm is the Matrix Market coordinate format that [WriteMatrixMarket]
// writes (and scipy.io.mmwrite of a matrix of integers): the banner
// "%%MatrixMarket matrix coordinate integer general", comment lines
// starting with '%', a size line "D W NNZ" (rows are documents, columns
// words), then "docID wordID count" lines as in uci, with the same
// checks (comments come before the size line only, as the format has
// them). Document ids are "1".."D". A matrix of reals (R's
// Matrix::writeMM writes only those) is refused: its values need not be
// counts.
//
//	%%MatrixMarket matrix coordinate integer general
//	% rows: documents, columns: words; written by hull
//	3430 6906 353160
//	1 61 2
//
// The text formats are jsonl, JSON lines {"id": .., "items": ["token", ...]}
// or {"id": .., "text": ".."}; lines, raw text with one document per line;
// dir, a directory of raw-text files, one document per file; and sgml,
// files of records that hold many documents: <DOC>...</DOC> (TREC, as
// ../shared/data/ap/ap.txt.gz) or <REUTERS>...</REUTERS> (Reuters-21578's
// .sgm files). A record's id is its <DOCNO>, else its NEWID attribute,
// else its number; its text is that of its <TEXT> elements (with <HEAD>
// and <HEADLINE>), markup removed and entities decoded, so that metadata
// such as Reuters' <TOPICS> does not become words. A file of records
// inside a directory gives a document per record, with id "FILE#ID".
// Text is decoded, cleaned and tokenized as ReadOptions.Text says.
//
// # Raw text that is not UTF-8
//
// Each unit of raw input (a file of a directory, a line, a record) is
// decoded on its own by ReadOptions.Text.Encoding: by default valid UTF-8
// is kept and a unit that is not is read as Windows-1252 (Latin-1), so
// that one stray byte in one of ten thousand files neither stops the
// read nor spoils other files. The units that were not UTF-8 are counted
// and the first few named on ReadOptions.Log ("news: 44 of 11314 files
// not valid UTF-8, read as Windows-1252 (Latin-1); first: ..."). With
// ReadOptions.Strict such units are an error instead, an
// [*EncodingError] that names every one (the first 20) with the line and
// byte of its first invalid sequence.
//
// # The preprocessing record
//
// Every reader records on the corpus how it was made
// ([Corpus.Preprocessing]: the format, the text options with the stop
// words of files inline, and the pruning [Prune] added), so that a model
// can store it and new raw text be prepared the same way
// ([Preprocessing.ReadOptions]). [RawTextPrune] is the pruning hull
// applies by default to raw text.
//
// In the numeric formats (uci, ldac, triplet, mm) fields are separated by
// spaces or tabs, "\r\n" line ends are accepted and blank lines are
// skipped (they still count for line numbers). Every number must be a
// plain decimal integer in range: document ids at most 2^27, word ids
// within the vocabulary, counts in [1, 2^31-1] (also after summing
// repeats).
//
// # Format detection
//
// With [FormatAuto], a directory is read as dir. For a file, up to eight
// non-blank lines within the first 64 KiB (decompressed) vote. Each is
// JSON (starts with '{'), numeric (integers and id:count pairs, well
// formed or not: "10 20 30 40" fits no numeric format but is no text
// either) or text:
//
//	first line opens a <DOC> or <REUTERS> record,
//	  or is <!DOCTYPE lewis                         sgml
//	first line a Matrix Market banner
//	  (%%MatrixMarket)                              mm
//	first line, or most lines, JSON                 jsonl
//	no more numeric lines than other lines          lines
//	more LDA-C lines ("N id:count ...") than
//	  lines of integers                             ldac
//	first line one integer (UCI's D), or the
//	  second and third                              uci
//	otherwise                                       triplet
//
// A numeric file with a malformed line is therefore read in the format of
// its other lines, whose reader reports the bad line with its number,
// rather than passing for raw text. Every error about an input whose
// format was detected names the format it was read as; ReadOptions.Log
// hears it for every such input. An LDA-C file starting with empty
// documents ("0" lines) and no other lines among the first eight is
// taken for UCI, and a raw-text file whose first lines are mostly
// numbers for numeric data: set ReadOptions.Format in such cases. A
// vocabulary (ReadOptions.Vocab or VocabWords) with a text format, set
// or detected, is an error: the input is not what the caller thinks.
//
// # Vocabulary files
//
// The numeric formats need a vocabulary file: line i holds word i (word
// id i+1 in uci, triplet and mm, i in ldac). Surrounding whitespace and a
// "\r" are trimmed; invalid UTF-8, an empty line before the last word, a
// repeated word and a word with white space inside ("new york") are
// errors. A word is one token, as the tokenizer and JSON-lines items
// yield it and as WriteVocab and stop-word files take it: join a phrase
// ("new_york") to keep it a word. When
// ReadOptions.Vocab is empty the file is looked for next to the data
// file DIR/NAME (NAME without a ".gz" suffix), in this order, each
// candidate also with ".gz":
//
//	DIR/docword.X.txt  ->  DIR/vocab.X.txt
//	DIR/X.txt, X.dat   ->  DIR/X.vocab.txt
//	any                ->  DIR/vocab.txt
//
// If none exists, the error asks for a vocabulary file (ReadOptions.Vocab,
// command-line flag --vocab FILE). A stream read by ReadFrom has no
// neighbouring files: give it ReadOptions.Vocab or the words themselves,
// ReadOptions.VocabWords (for instance a model's Vocab, or [ReadVocab] of
// a vocabulary stream), which ReadFile also accepts instead of a file.
//
// # Errors
//
// Malformed input yields a [*ParseError] whose message is
// "file:line: what is wrong" (or "file: what is wrong" for the whole
// file, such as a header disagreeing with the data), file being the path
// or the name given to ReadFrom, e.g.
//
//	docword.kos.txt.gz:17: document id 3431 outside [1,3430]
//	vocab.txt:12: duplicate word "the" (also on line 3)
//
// A count that goes beyond 2^31-1 when the repeated entries of a word are
// summed is reported at the line of the entry that takes it beyond. A
// repeated JSON-lines id is an error at its second line: ids name the
// documents in outputs (doc-topics tables), so they must be unique within
// an input. [Read] of several inputs names a document whose id another
// input holds too "NAME#ID", NAME the shortest end of its path that tells
// the inputs apart ([Merge] itself keeps ids that repeat across inputs).
// A gzip stream
// that ends early is reported as truncated, naming the last line read,
// not as a malformed last line.
//
// A corpus with no documents, or with documents but no tokens, is an
// error. The readers never panic on any input.
//
// # Memory
//
// The memory of a corpus read from text, or of the nonzeros of numeric
// input, is that of the input. A numeric input can declare more: a UCI
// header D (or a Matrix Market size line) of 2^27 documents, or a
// triplet document id of 10^8, in a few bytes, each document (empty or
// not) costing up to 72 bytes while it is read. The readers check such sizes against ReadOptions.MaxMemory
// (default: half the RAM) where they are declared and refuse with a
// *learner.MemoryError before allocating; nothing is reserved from a
// declared size until the entries are read. An input read whole (an SGML
// file, a file of a directory) is refused, as a *ParseError, past 1 GiB
// once decompressed: a small gzip can inflate to any size.
//
// # Writing
//
// [WriteUCI], [WriteLDAC] and [WriteVocab] write the formats above,
// [WriteJSONL] JSON lines of items (ids kept), [WriteMatrixMarket] a
// Matrix Market coordinate matrix for scipy and R, [WriteDocIDs] the ids;
// [Write] writes any [OutputFormat]'s data, reporting the documents
// written to a progress function, as [SaveOptions].Progress does;
// [SaveUCI] and [SaveLDAC] write files atomically (temporary file, then
// rename), gzip-compressed when the name ends in ".gz", and [SaveDir]
// writes a prepared corpus into a directory in any [OutputFormat], with
// its vocabulary, ids and preprocessing record. Document ids are not
// stored by the uci and ldac formats. Words that a vocabulary file cannot hold
// (empty, containing whitespace, invalid UTF-8, repeated) are an error.
//
// # Pruning, merging, splitting
//
// [Prune] drops words by document frequency (MinDF, MaxDF as a fraction
// of the documents, then MaxVocab keeping the most frequent) and then the
// documents left empty, and reports what it did ([PruneReport]). [Merge]
// concatenates corpora over the union of their vocabularies. [Split]
// holds out a seeded random round(f*D) documents for testing.
package corpus
