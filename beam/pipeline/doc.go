// Package pipeline computes hull's co-occurrence statistics on Apache Beam:
// the file "hull stats INPUT... -o FILE" writes (a cooc.Stats, the sums over
// the documents that the anchor learners need, held exactly), from inputs
// too large for one machine, for "hull fit --stats FILE" to learn from.
//
// The statistics are bit for bit those of "hull stats" on the same inputs
// with the same flags: every input is read by hull's own reader
// (corpus.ReadFile, so the formats, gzip, decoding, tokenizing and errors
// are hull's), the vocabulary is the one hull builds (each word numbered
// where it is first seen: inputs in the order given, the files of a
// pattern in byte order of their paths, then hull's default pruning of raw
// text or the pruning asked), and the statistics of the inputs are exact
// fixed-point sums (cooc.Stats), which merge in any order into bit for bit
// those of one pass over them all.
//
// The pipeline runs in two passes over the inputs:
//
//  1. Vocabulary. Each input is read; it gives each of its words' document
//     frequency and first position (the input's index, the word's index in
//     the input's vocabulary), and its number of documents, format and text
//     preparation. A combine per word (sum, min) and a global one give the
//     document frequencies over all inputs and the number of documents D,
//     which decides the pruning (corpus.RawTextPrune(D) by default for raw
//     text); the words kept, in the order of their first positions, are the
//     vocabulary.
//  2. Statistics. Each input is read again and its documents are mapped onto
//     the vocabulary (a side input) and added, word by word
//     (cooc.FromCorpus, with Options.Weighting), to one cooc.Stats per bundle (StartBundle,
//     FinishBundle), which it emits split into ranges of rows
//     (cooc.Stats.Split) keyed by the range, so that no element exceeds
//     about Options.RangeBytes; the ranges are grouped by key and merged
//     (cooc.Stats.Merge), and one last step joins them (cooc.Join) and
//     writes the file, atomically (a temporary file renamed).
//
// The partial statistics of the second pass (the ranges of each bundle,
// the merged ranges) are written to files of Options.PartialsDir, a
// directory every worker sees, and the elements the runner shuffles are
// their names; the last step removes the directory. Prism keeps every
// element in memory, several times over (about 5 copies in v2.77): with
// the statistics in the elements, four inputs of 10,000 documents at
// V = 5,000 (110 MB of statistics per bundle) took 6.2 GB of resident
// memory at the peak, with files 1.2 GB. Options.ShufflePartials puts the
// statistics in the elements all the same, for runners whose workers
// share no storage.
//
// An element is a whole input file: one worker reads it with hull's reader
// and holds its bag of words (about 8 bytes a distinct word of a document),
// so a large corpus should come as many files (shards), at least a few per
// worker; the lines of a document of uci or triplet input must be in one
// file, as for hull. A bundle holds one or more whole files, so the
// accumulators, 16 bytes per entry of the upper triangle of the V x V
// matrix (8 V^2 bytes: 200 MB for V = 5,000), are never made for a few
// documents. A worker process runs at most one bundle of the second pass
// per CPU at once, whatever the number the runner gives it (Prism starts
// up to 8), so it holds at most one accumulator per CPU.
package pipeline
