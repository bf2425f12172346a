// Package model holds hull's topic model: K topics, each a probability
// distribution over a vocabulary, with what is known of how they were
// made (algorithm, scalar parameters, alpha or p(z), topic-topic matrix,
// provenance) and the learner's typed results (anchor words,
// characteristic words per topic, each training document's dominant
// topic, a simplex's geometry), and saves and loads it as JSON.
//
// Every learner returns a *Model and every evaluation reads one, so the
// format is the contract between them. Every field keeps its Go type
// across Save and Load; Params holds scalars only (numbers come back as
// float64: read them with Param). Save writes atomically (a temporary file
// renamed into place) and gzips when the name ends in ".gz"; Load detects
// gzip from the content, says at which byte a malformed file goes wrong,
// migrates files of format version 1 and validates the model.
// CheckVocab is the one check that a corpus is on a model's vocabulary
// (ErrVocabMismatch). MarkedWord and MarkKind give the one word a learner
// singles out for each topic (its anchor word, catchword or vertex word)
// and what to call it, the same for every display and export of a model.
//
// Complexity: Save, Load and Validate are O(K V + D) for D training
// documents; TopWords is O(V log n) for n words (O(V) in practice); MarkedWord and MarkKind are O(1).
package model
