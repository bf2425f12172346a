// Package model holds hull's topic model: K topics, each a probability
// distribution over a vocabulary, with what is known of how they were
// made (algorithm, parameters, alpha or p(z), anchor words, topic-topic
// matrix, provenance), and saves and loads it as JSON.
//
// Every learner returns a *Model and every evaluation reads one, so the
// format is the contract between them. Save writes atomically (a
// temporary file renamed into place) and gzips when the name ends in
// ".gz"; Load detects gzip from the content. Loading validates the model.
//
// Complexity: Save, Load and Validate are O(K V); TopWords is O(V log V).
package model
