// Package learner holds what joins hull's topic-model learners, so that
// "hull fit", "hull bench" and users' code treat every algorithm alike:
//
//   - Learner, the one interface: Fit(ctx, corpus, K) returns a model.
//   - Settings, the run settings every learner's Options embeds (seed,
//     threads, memory bound, progress, running log), with the one memory
//     check (CheckMemory, returning a *MemoryError before anything large is
//     allocated) and the one place provenance is filled in (Provenance).
//   - The registry: each learner package registers its names, summary and
//     own options with their defaults in an init function (Register);
//     Lookup, Names and New build any learner by name with options given
//     as strings by Go field or command-line name, so the command binds
//     every learner's flags from here. An option given where the others
//     switch it off (Option.Inert: vb's Kappa without Online) is refused.
//   - The errors callers test: *OptionError names the Go field of an option
//     out of range (the command maps it to its flag), *MemoryError,
//     ErrTooFewWords and ErrUnknownLearner.
//   - RunStages, the staged fit with timings and cancellation between
//     stages.
//   - The rules by which a learner judges its own topics before it keeps
//     them: TopicsNoisy (near-copies of one another), TopicsConcentrated
//     (the weights held by a few topics) and TopicsIncoherent (top words
//     that occur together less often than at random, by NPMI on the
//     training documents, in many topics or far below it in one);
//     anchor's rectification, the projection
//     learners' raised floor and the refinement of package refine use
//     them. Spread (SpreadOf) is how documents spread over the topics by
//     their dominant topics, and its rule of concentrated documents,
//     which the refinement and eval.TopicHealth share.
//   - Progress, the callback through which a fit reports each stage, and
//     LogProgress, which writes it as lines of a log.
//
// Complexity: the registry's operations are O(options) per call (a
// reflective set per option); TopicsNoisy and TopicsConcentrated are
// O(K V log NoisyTopWords) and O(K), TopicsIncoherent O(nnz) over at most
// IncoherentSampleDocs documents (3 ms on KOS for K = 20:
// BenchmarkTopicsIncoherent), SpreadOf O(D + K); see each learner's
// package for its fit.
package learner
