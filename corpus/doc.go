// Package corpus holds bag-of-words corpora and reads, writes, merges,
// prunes and splits them.
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
// be shared between goroutines.
//
// # Reading
//
// [ReadFile] reads one file or directory, [Read] several (merged with
// [Merge]). gzip-compressed input is recognized by its magic bytes
// (1f 8b), whatever the file name, and decompressed on the fly; a UTF-8
// byte order mark is skipped. Reading is a single streaming pass, O(nnz)
// time (plus sorting the terms of documents whose input is not in word
// order) and O(nnz) memory; the 1.3 million nonzeros of the
// gzip-compressed NIPS corpus read in under 0.2 s.
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
// The text formats are jsonl, JSON lines {"id": .., "items": ["token", ...]}
// or {"id": .., "text": ".."}; lines, raw text with one document per line;
// and dir, a directory of raw-text files, one document per file. Text is
// tokenized as ReadOptions.Text says.
//
// In the numeric formats (uci, ldac, triplet) fields are separated by
// spaces or tabs, "\r\n" line ends are accepted and blank lines are
// skipped (they still count for line numbers). Every number must be a
// plain decimal integer in range: document ids at most 2^27, word ids
// within the vocabulary, counts in [1, 2^31-1] (also after summing
// repeats).
//
// # Format detection
//
// With [FormatAuto], a directory is read as dir. For a file, up to three
// non-blank lines within the first 64 KiB (decompressed) decide:
//
//	first line starts with '{'                     jsonl
//	first line is three integers                   triplet
//	first line is "N id:count ..."                 ldac
//	first line is one integer and the next lines
//	  contain "N id:count ..." (or "0") lines      ldac (empty first documents)
//	  are one or three integers                    uci
//	anything else                                  lines
//
// An LDA-C file starting with three empty documents ("0" lines) is
// therefore taken for UCI, and a raw-text file starting with three lines
// of three numbers for triplet data: set ReadOptions.Format in such cases.
//
// # Vocabulary files
//
// The numeric formats need a vocabulary file: line i holds word i (word
// id i+1 in uci and triplet, i in ldac). Surrounding whitespace and a
// "\r" are trimmed, inner spaces are kept; invalid UTF-8, an empty line
// before the last word and a repeated word are errors. When
// ReadOptions.Vocab is empty the file is looked for next to the data
// file DIR/NAME (NAME without a ".gz" suffix), in this order, each
// candidate also with ".gz":
//
//	DIR/docword.X.txt  ->  DIR/vocab.X.txt
//	DIR/X.txt, X.dat   ->  DIR/X.vocab.txt
//	any                ->  DIR/vocab.txt
//
// If none exists, the error asks for a vocabulary file (ReadOptions.Vocab,
// command-line flag --vocab FILE).
//
// # Errors
//
// Malformed input yields a [*ParseError] whose message is
// "file:line: what is wrong" (or "file: what is wrong" for the whole
// file, such as a header disagreeing with the data), e.g.
//
//	docword.kos.txt.gz:17: document id 3431 outside [1,3430]
//	vocab.txt:12: duplicate word "the" (also on line 3)
//
// A corpus with no documents, or with documents but no tokens, is an
// error. The readers never panic on any input.
//
// # Writing
//
// [WriteUCI], [WriteLDAC] and [WriteVocab] write the formats above;
// [SaveUCI] and [SaveLDAC] write files atomically (temporary file, then
// rename), gzip-compressed when the name ends in ".gz". Document ids are
// not stored by these formats. Words that a vocabulary file cannot hold
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
