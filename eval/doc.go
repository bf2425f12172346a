// Package eval measures topic models. So far it holds the recovery
// measures, which compare a learned model with the true model of a
// synthetic corpus (package synth):
//
//   - L1Recovery: learned topics are matched one to one to true topics by
//     the Hungarian algorithm on their pairwise l1 distances (the matching
//     of least total distance), and the mean and the maximum of the matched
//     distances are reported. The mean is the "l1 error" of Arora et al.
//     (2013, "A practical algorithm for topic modeling with provable
//     guarantees", section 5.1 and figures 2-4) and of Bansal et al.
//     (2014); the maximum is the worst-topic error reported by Ke (Topic
//     SCORE). Each distance is in [0, 2]: 0 for equal topics, 2 for topics
//     with disjoint support.
//   - CosineRecovery: learned topics are matched to true topics by the
//     maximum-weight matching on cosine similarity, and the mean (and the
//     minimum) of the matched similarities are reported (Wang et al.,
//     Projector, section 5.2). Each similarity is in [0, 1].
//
// The measures are defined in hull's working notes (shared/algorithms.md,
// "Measures"). Both compare words by their strings, not their indices, so
// the two models may have different vocabularies: a word missing from one
// model has probability 0 there. Both require the two models to have the
// same number of topics.
//
// Cost: aligning the vocabularies takes O(K V) time, the K x K distance
// matrix O(K^2 V), and the matching O(K^3), for K topics over a combined
// vocabulary of V words.
package eval
