// Package export writes a model, and the topic weights of documents under
// it, as the files other tools read: MALLET's topic keys and document
// topics, the inputs of pyLDAvis.prepare as JSON, CSV tables for pandas
// and R, and the top words of each topic as JSON (hull topics --json).
// Package report renders models for a person to look at;
// this package hands them to other programs, so every file is exact data
// (words verbatim, numbers with every digit needed to read them back)
// rather than display text.
//
// # MALLET (format Mallet)
//
// WriteMalletTopicKeys writes the file of "mallet train-topics
// --output-topic-keys" as MALLET 2.0.8 and later write it
// (ParallelTopicModel.displayTopWords with usingNewLines false): per topic
// a line "k<TAB>alpha_k<TAB>w1 w2 ... wn \n", topics numbered from 0,
// every word followed by one space (so the line ends in a space), alpha_k
// formatted as Java's NumberFormat.getInstance() with at most 5 fraction
// digits in an English locale (rounded half to even, trailing zeros
// dropped, thousands grouped with commas: "0.1", "5", "1,234.5"; as
// Temurin 25 writes every alpha below 2^53, see scripts/java-formats.sh),
// and the words those of positive weight, most probable first (MALLET
// lists only words with tokens in the topic). alpha_k is the model's Dirichlet
// parameter where it estimates one (LDA by Gibbs sampling or variational
// EM), else the prior of infer.AlphaFor(m, 0) under which hull infers
// document weights.
//
// WriteMalletDocTopics writes the file of "--output-doc-topics" in the
// dense form that MALLET 2.0.8 and later write by default
// (TopicTrainer calls ParallelTopicModel.printDenseDocumentTopics when
// --doc-topics-threshold is 0, its default): per document a line
// "d<TAB>name<TAB>p_0<TAB>...<TAB>p_{K-1}", documents numbered from 0, no
// header, each weight as Java's Double.toString prints it (the shortest
// decimal that reads back to the same double, "0.25", "1.0", and below
// 0.001 in scientific notation, "1.5E-4"). The name is the document's id
// as it is ("no-name" when empty, as MALLET writes for a nameless
// instance). Versions before 2.0.8 wrote a
// sparse form ("#doc name topic proportion ..." then topic-weight pairs
// by decreasing weight); it is not written.
//
// MALLET's files separate words by spaces and fields by tabs, and no
// escape exists in them: a word holding whitespace (a space, tab, line
// break or any Unicode space) cannot be written, and the writers refuse it
// with an error wrapping ErrWhitespace rather than change it. Models fitted
// on hull's tokenizer never hold one; a vocabulary file of phrases may.
// Likewise a document id holding a tab or a line break (JSON lines may
// give one) is refused with an error wrapping ErrFieldBreak (CheckDocIDs
// finds it before any work): replaced by a space, "a\tb" was written as
// the name of document "a b" too.
//
// # pyLDAvis (format PyLDAvis)
//
// WritePyLDAvis writes one JSON object whose keys are the parameters of
// pyLDAvis.prepare(topic_term_dists, doc_topic_dists, doc_lengths, vocab,
// term_frequency), in that order and nothing else, so that
//
//	import json, pyLDAvis
//	d = json.load(open('vis.json'))
//	vis = pyLDAvis.prepare(**d)
//
// prepares the visualisation: topic_term_dists the model's K topics (rows
// of V probabilities summing to 1), doc_topic_dists the D documents'
// topic weights (rows of K summing to 1), doc_lengths their numbers of
// tokens on the model's vocabulary, vocab the V words and term_frequency
// each word's count in the documents. pyLDAvis takes logarithms of both
// topic_term_dists and term_frequency / sum: give it the corpus the model
// was fitted on, where every word of the vocabulary occurs (a word absent
// from the documents has frequency 0 and an infinite lift).
//
// # CSV (format CSV)
//
// WriteCSVTopicWords writes the long table "topic,rank,word,weight": per
// topic its most probable words of positive weight, topics and ranks
// numbered from 1 (as "hull topics" prints them), weights as the shortest
// decimal that reads back to the same double. WriteCSVDocTopics writes
// the wide table "doc_id,topic_1,...,topic_K", one row per document.
// Fields are quoted as RFC 4180 says (encoding/csv: a field holding a
// comma, a quote or a line break is quoted, quotes doubled), and words and
// ids are otherwise written as they are: a spreadsheet runs a cell that
// starts with '=', '+', '-' or '@' as a formula (text's tokens never
// start so; a vocabulary file, JSON items or ids may): import the files
// into one as text. So
//
//	import pandas as pd
//	words = pd.read_csv('out/topic_words.csv', keep_default_na=False)
//	theta = pd.read_csv('out/doc_topics.csv', keep_default_na=False)
//
// and in R
//
//	words <- read.csv("out/topic_words.csv", na.strings = character(0), encoding = "UTF-8")
//	theta <- read.csv("out/doc_topics.csv", na.strings = character(0), encoding = "UTF-8")
//	words[words$topic == 1, ]
//
// load them (keep_default_na=False and na.strings keep the words "NA" and
// "null" as words). A "\r\n" inside a word reads back as "\n" with
// encoding/csv, whose reader normalises line breaks in quoted fields.
//
// # Topics as JSON
//
// WriteTopicsJSON writes what "hull topics --json" prints, the top words
// of each topic for a program to read: one object, indented by two
// spaces and followed by a line break,
//
//	{"k": K, "vocab_size": V, "characteristic_kind": KIND, "refined": true,
//	 "topics": [{"id": 0, "share": p, "words": [...], "weights": [...],
//	             "anchor": WORD, "characteristic": WORD}, ...]}
//
// Topics are numbered from 0 (hull topics prints them from 1). share is
// the topic's p(z) (model.Model.TopicWeights), null where the model does
// not know it; words are the topic's top words, most probable first (or,
// with TopicEvidence.Words, the words given, e.g. the most relevant at the
// top-level "lambda": "hull topics --lambda"), and
// weights their probabilities in the topic, each the shortest decimal
// that reads back to the same double. A topic's marked word
// (model.Model.MarkedWord) is "anchor" where the learner finds anchor
// words (model.MarkAnchor); otherwise it is "characteristic", and the
// top-level "characteristic_kind" (model.Model.MarkKind: "catchword",
// "vertex word", "characteristic word") says what it is. These three keys
// are left out where there is no such word. "refined" is true where the
// topics were refined after their learner found them
// (model.Model.Refined): the marked words are then the words the topics
// started from, and the key is left out otherwise. WriteTopicsEvidenceJSON
// adds to each topic "docs": [{"id": ID, "weight": w, "text": TEXT,
// "near_copies": n}, ...], its most representative documents
// (infer.TopicDocs), "text" where the corpus kept the start of it,
// "near_copies" where near-copies of it were passed over (among the
// documents ranked above the topic's last one), and "labels": {"docs": n, "labels":
// [{"label": L, "docs": n}, ...]}, the labels of the labelled documents
// it dominates (eval.LabelsOfTopics), and at the top level "by_label":
// [{"label": L, "docs": n, "shares": [K weights]}, ...], the mean topic
// weights of each label's documents (eval.TopicsOfLabels) ("hull topics
// MODEL INPUT --json"). Words are JSON strings of the
// words verbatim; besides the escapes of encoding/json, the control and
// bidirectional characters it leaves raw (DEL, the C1 controls, U+202E)
// are written as \u escapes (package internal/textsafe), so that the
// output is safe to print on a terminal and decodes to the same words,
// but for bytes that are not UTF-8, which JSON cannot hold: encoding/json
// writes U+FFFD for them (words of raw text never hold them).
// It is not a Format of Save: it describes one model's topics on a stream
// (a pipe, a program's standard output) rather than files for another
// tool.
//
// # Files
//
// Save writes a format's files at once: for Mallet and CSV into a
// directory (topic-keys.txt and doc-topics.txt; topic_words.csv and
// doc_topics.csv), the document files only when documents are given; for
// PyLDAvis one file, which needs documents. Each file is written whole to
// a temporary file first and the files are renamed into place only when
// all are complete (package internal/atomicfile), so a failure leaves the
// old files as they were. Paths lists the files before any work, to check
// that they can be written; Check refuses a model or request the format
// cannot hold.
//
// Complexity: O(K V log top) to rank the words of every topic (the topic
// keys, the CSV topic words and the topics JSON), O(K V + D K + nnz) for
// the pyLDAvis JSON.
package export
