// Package report renders models into answers a person looks at.
//
// TopicsGrid draws topics over a vocabulary of image pixels (such as the
// Swimmer corpus of package synth, whose words are named "pRR_CC") as
// small grayscale images, one per topic, in a grid: the picture of Ding,
// Rohban, Ishwar and Saligrama 2013 ("Topic discovery through
// data-dependent and random projections", section 6.3, figures 4 and 5),
// where the topics of each method are shown beside the 16 ground-truth
// limb positions. Each topic's V = side x side word weights are scaled by
// the topic's largest weight (white) down to 0 (black). With a true model,
// the true topics form the top row of each band and the learned topics
// matched to them (the maximum-weight cosine matching of
// eval.RecoveredAt) the row below, each labelled with its cosine, green
// when it reaches the recovery threshold (0.9 by default, the count the
// paper reports); learned topics left unmatched follow.
//
// Words become pixels by their names "pRR_CC" (row RR, column CC, from 0
// at the top left) when every word is so named, or else, when V is a
// perfect square, by their order (word i at row i / side, column i %
// side); the Grid says which. Anything else is an error.
//
// Cost: O(K V) to draw the tiles plus the matching of eval.RecoveredAt
// with a truth (O(K K' V + max(K, K')^3)); the image has about K (side *
// scale)^2 pixels (twice that with a truth). The output depends only on the
// models and options: same input, same PNG bytes.
//
// Simplex draws the geometry a simplex-finding learner records in
// model.Model.Simplex (Topic-SCORE: Ke, "A geometrical approach to topic
// model estimation", figures 1 and 3): a sample of the words' points, the
// words nearest each vertex, the centres the vertices were chosen among
// and the simplex itself, as a gonum plot to save as PNG, SVG or PDF.
// Cost: O(K^2 + sample) plot elements.
package report
