// Package hull is the root of hull, a toolkit that learns topic models with
// fast, provable, geometric algorithms: topics are the corners of a simplex
// hidden in a corpus, and each learner finds those corners its own way.
// The package holds no code; its example shows the library's path from a
// user's tokens to the topic mixture of a new document.
//
// Data flows one way through the packages:
//
//	corpus, text          documents in (files, readers, or [][]string tokens)
//	cooc                  co-occurrence statistics
//	refine                EM refinement of noisy topics, shared by the learners
//	anchor, tsvd, topicscore, projection, projector, lda
//	                      the learners, each registered by name with package learner
//	model                 the learned model, saved and loaded as JSON
//	infer, eval, report   topic mixtures, measures, pictures
//
// Any learner is built by name with learner.New(name, settings, options);
// learner.Names lists them, and importing a learner's package registers it
// (package learner/all registers every one).
//
// Complexity: see each package.
package hull
