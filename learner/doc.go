// Package learner holds the one interface that joins hull's topic-model
// learners, so that "hull fit", "hull bench" and users' code treat every
// algorithm alike.
//
// Complexity: the interface itself costs nothing; see each learner's package.
package learner
