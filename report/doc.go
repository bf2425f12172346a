// Package report renders models into answers a person looks at: figures
// of the papers' kind (TopicsGrid, Simplex) and an interactive HTML page
// to explore any model's topics (HTML).
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
// and the simplex itself, as a gonum plot to save as PNG, SVG or PDF
// (WritePlot draws and writes it, stopping when its context is done, as
// TopicsGrid stops between rows of tiles).
// Cost: O(K^2 + sample) plot elements.
//
// # The HTML report
//
// HTML writes one self-contained page to explore a model in a browser, as
// LDAvis (Sievert and Shirley 2014, "LDAvis: A method for visualizing and
// interpreting topics") does for R: its script, style sheet and data are
// inline, it fetches nothing and works from a file:// URL. Everything is
// computed in Go; the script only draws and re-ranks. The page shows:
//
//   - A map of the topics: TopicMap, the classical (Torgerson)
//     multidimensional scaling in two dimensions of the Jensen-Shannon
//     divergences between the topics' word distributions, as LDAvis after
//     Chuang, Ramage, Manning and Heer 2012 ("Interpretation and trust:
//     designing model-driven visualizations for text analysis"). A circle's
//     area is the topic's share of the tokens p(z): with documents,
//     TokenShares of their inferred weights; else the model's TopicWeights,
//     else its Alpha normalized, else equal. Hovering shows a topic's 10
//     most probable words (whatever Terms), clicking selects it, as do
//     Enter and Space on a circle reached by Tab (largest first, the
//     order they are drawn in, which selecting keeps: the selected topic
//     is outlined over the others, which stay under the pointer).
//   - The selected topic's Terms (30) words as bars against their
//     frequency, ranked by relevance (Relevance) with a slider for lambda
//     in steps of 0.01: lambda log p(w|z) + (1 - lambda) log(p(w|z) /
//     p(w)), p(w) = sum_z p(z) p(w|z) (Marginal). Sievert and Shirley's
//     users found about 0.6 best. The page does not carry the K x V
//     topics: for each topic it carries its 10 most probable words and
//     those among its Terms most relevant at some position of the slider,
//     found exactly (the
//     page's ranking is TopRelevant's over the whole vocabulary at every
//     position, by the same floating-point operations), with their log
//     p(w|z) and log p(w). With documents the grey bar is a word's count in
//     them and the red bar the part the topic accounts for, the count times
//     p(z|w); without, p(w) and p(w|z) p(z). With no topic selected the
//     bars are the Terms most frequent words: those of most tokens in the
//     documents (ties to the lower word; none without a token), else those
//     of highest p(w). A label longer than 20 characters, or wider than
//     its room, is shortened with an ellipsis; hovering the bar shows the
//     whole word.
//   - A word search. It covers the words among some topic's SearchTop (100)
//     most probable or among its relevance candidates (a few thousand
//     words for K = 20, up to K x (SearchTop + candidates) for any K), and
//     lists for a word the topics that hold it so, by p(w|z); the circles of
//     those topics are marked on the map.
//   - With documents (Docs and their weights DocTopics, from infer.Infer):
//     each topic's TopDocs (10) documents of highest weight, near-copies
//     of a document above passed over and counted beside it (NearCopy,
//     infer.TopicDocs), and the histogram of its weights over all
//     documents, in HistogramBins bins;
//     the number of documents it dominates. A document is shown by its id,
//     its most frequent words in the model's vocabulary and, when Docs was
//     read from raw text with excerpts (corpus.ReadOptions.Excerpt), the
//     start of its text: the page says so only when a document it shows
//     has some (JSON lines' items have none).
//   - The model's health figures (eval.TopicHealth: distinct top words,
//     near-duplicate pairs and, with documents, the largest and the rare
//     topics, below Health.RareShare (0.5%, 1/(2K) above K = 100), and the
//     incoherent ones, Health.AddCoherence; documents none of which has a
//     word of the model are said to be so, and fewer than 5 K documents
//     or 50 too few to judge, Health.TooFewDocs; collapse or
//     incoherence signs and advice) and its provenance: algorithm,
//     parameters, corpus digest, seed, threads, fit times, preprocessing,
//     the hull versions that fitted the model and wrote the page.
//
// A corpus is untrusted input: a word, a document id or text, or a label may hold
// "</script>" or "<img onerror=...>". The data is JSON in a <script
// type="application/json"> element (of id DataElementID) in which
// json.Marshal escapes <, > and & as \u003c, \u003e and \u0026, so that
// no text closes the element or opens a comment; the script inserts every
// text with textContent or as an attribute value, never as markup; and
// the page's Content-Security-Policy allows only its own script and style
// sheet, by their SHA-256 hashes. Texts are also escaped by
// internal/textsafe (control and bidirectional characters shown as \u
// escapes), so that a word cannot reverse the text around it; the
// backslashes of words, ids and labels are doubled, so that two of them
// never show alike (a document's text keeps its own). A text of
// thousands of characters without a break (a URL, a hash) wraps anywhere
// rather than widen the page.
//
// Cost: O(K V) for p(w) and the shares, O(K V log Terms) for the relevance
// candidates (11 rankings of each topic's words, then 101 of the few
// words left), O(K V log SearchTop) for the search, TopicMap's O(K^2
// min(V, MapBudget / K^2) + K^3) for the map (MapBudget bounds the
// divergence terms: above it the rarest words are merged), and O(D K) for
// the documents. For K = 20 topics over KOS (V = 6,906, D = 3,430) the page
// takes 40-80 ms to write and is 168 KiB; Chromium has drawn it 0.06-0.25
// s after it starts loading. For K = 200 over V = 100,000 with 5,000
// documents it takes 2.6 s to write on 2 cores, is 1.3 MiB and is drawn
// within 0.2-0.4 s (the README has the commands). The page does not
// depend on Threads.
package report
