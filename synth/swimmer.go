package synth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Swimmer geometry.
const (
	// SwimmerSize is the side of a swimmer image in pixels; the
	// vocabulary is its SwimmerSize^2 = 1024 pixels.
	SwimmerSize = 32
	// SwimmerTopics is the number of true topics: 4 limbs x 4 positions.
	SwimmerTopics = 16
	// SwimmerPoses is the number of distinct images, 4^4.
	SwimmerPoses = 256
	// swimmerLimbPixels is the length of every limb in pixels.
	swimmerLimbPixels = 8
)

// Swimmer generates the Swimmer image corpus (Donoho and Stodden 2004) as
// used by Ding et al. 2013 ("Topic discovery through data-dependent and
// random projections", section 6.3): each document is a 32 x 32 image of a
// stick figure, a torso and four limbs (left arm, right arm, left leg,
// right leg) each in one of 4 positions, so 256 distinct images. Pixels
// are the words, named "pRR_CC" (row, column, from 00 at the top left).
// Body pixels have intensity Body (default 10), the others Background
// (default 1), as in the paper (after Tan and Févotte); each image,
// normalised, is the word distribution from which its document's
// DocLength tokens are drawn.
//
// The figure is our own drawing: the torso is a vertical bar two pixels
// wide in the middle (rows 8-21, columns 15-16) with a pixel cluster at
// each shoulder and hip, 44 pixels in all. Each limb is a straight segment
// of 8 pixels leaving its shoulder or hip at one of 4 angles: arms from
// horizontal (position 1) through about 27 and 63 degrees up to vertical
// (position 4), legs from vertical down (position 1) to horizontal
// (position 4). The 16 segments are pairwise disjoint and disjoint from
// the torso.
//
// The truth. The image of a pose is I = Background + (Body-Background) *
// (torso + its 4 limbs), and can be written exactly as a sum of 4 limb
// topics, one per limb: topic (limb, position) is proportional to
// (Body-Background) * segment(limb, position) + C/4, where C = Background
// + (Body-Background) * torso is the part every image shares. So the 16
// true topics are the limb-position patterns, each carrying an equal
// quarter share of the shared torso and background, and every document is
// exactly the mixture of its 4 limb topics with weights proportional to
// their masses (all 1/4, the segments being of equal size). This makes
// the truth the model that generated the corpus, so l1 recovery is
// meaningful, rather than limb pixels only (which no 16-topic model of
// these documents can reach: they must put the background somewhere).
// Two caveats: the shared part dominates each topic (with the defaults the
// limb is 17% of its topic's mass, so two positions of one limb are at l1
// distance 0.34, and 16 copies of the mean image are at 0.32 from the
// truth), and the decomposition is not identifiable (the weights of each
// limb's 4 topics always sum to 1/4, so the shared part could be split
// differently; the equal split is the symmetric one). With Background 0
// (clean images) the limb pixels are anchor words and the truth records
// them as Anchors.
//
// SharedTopic gives the other exact decomposition: 17 topics, the 16 limb
// segments alone (uniform on their pixels, pairwise disjoint, so at l1
// distance 2 from each other) and topic 16, "torso-and-background",
// proportional to C. Every document mixes its 4 limbs and the shared
// topic with weights proportional to their masses. The topics are far
// apart, but the shared topic's weight is the same in every document, so
// the weights span only 13 dimensions and methods that need linearly
// independent anchor rows cannot recover it (Ding et al. make this point
// about Swimmer). Neither truth has anchor words for the limbs unless
// Background is 0: a limb pixel is background in the other poses, so
// some other topic must give it probability.
//
// Docs = 0 (the default) gives the 256 poses once each, in order (pose d
// has left arm position d%4+1, right arm d/4%4+1, left leg d/16%4+1, right
// leg d/64+1), as the paper does; Docs > 0 draws that many poses uniformly
// at random. NewSwimmer returns the defaults; otherwise zero means zero.
type Swimmer struct {
	// Docs is the number of random poses; 0 gives every pose once.
	Docs int
	// DocLength is the number of tokens of every document; with Poisson
	// the mean length. Default 200 (our choice: the paper's value did not
	// survive in the text we have).
	DocLength int
	// Poisson draws each document's length from Poisson(DocLength),
	// raised to 2 if below.
	Poisson bool
	// Body is the intensity of body pixels. Default 10.
	Body float64
	// Background is the intensity of the other pixels, below Body.
	// Default 1.
	Background float64
	// SharedTopic makes the truth 17 topics: the 16 bare limb segments and
	// the shared torso and background (see above).
	SharedTopic bool
}

// NewSwimmer returns a Swimmer generator with the defaults: every pose
// once, 200 tokens per document, Body 10 and Background 1.
func NewSwimmer() Swimmer { return Swimmer{DocLength: 200, Body: 10, Background: 1} }

// Generate draws the documents from rng and returns the corpus and the
// true model: the 16 limb topics (topic 4*limb + position-1, limbs in the
// order left arm, right arm, left leg, right leg, named in
// TopicLabels) and with SharedTopic the shared topic 16,
// TopicWeights (the mean document weights) and, with Background 0,
// Anchors (with SharedTopic, a torso pixel for the shared topic). It
// returns Validate's error if a field is invalid. Time O(V +
// Docs*DocLength) (V = 1024).
func (g Swimmer) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

func (g Swimmer) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	torso, limbs := swimmerFigure()
	topics, mass := g.topics(torso, limbs)
	docs := g.Docs
	if docs == 0 {
		docs = SwimmerPoses
	}
	var pose [4]int
	weights := func(rng *rand.Rand, d int, theta []float64) {
		if g.Docs == 0 {
			for l := range pose {
				pose[l] = d >> (2 * l) & 3
			}
		} else {
			for l := range pose {
				pose[l] = rng.IntN(4)
			}
		}
		clear(theta)
		for l, p := range pose {
			theta[4*l+p] = mass[4*l+p]
		}
		if g.SharedTopic {
			theta[SwimmerTopics] = mass[SwimmerTopics]
		}
		normalise(theta)
	}
	lda := LDA{Poisson: g.Poisson, DocLength: g.DocLength}
	c, drawn, err := drawDocuments(rng, pixelNames(), topics, docs, g.DocLength, lda.docLength, weights, draw)
	if err != nil {
		return nil, nil, err
	}
	m := truthModel(c, topics, drawn, nil, map[string]any{
		"generator": "swimmer", "docs": docs, "random_docs": g.Docs, "doc_length": g.DocLength,
		"poisson": g.Poisson, "body": g.Body, "background": g.Background, "shared_topic": g.SharedTopic,
		"torso_pixels": len(torso), "limb_pixels": swimmerLimbPixels,
	})
	m.TopicLabels = swimmerThemes(g.SharedTopic)
	if g.Background == 0 {
		m.Anchors = make([]int, len(topics))
		for k, seg := range limbs {
			m.Anchors[k] = seg[0]
		}
		if g.SharedTopic {
			m.Anchors[SwimmerTopics] = torso[0]
		}
	}
	return c, m, nil
}

// Validate returns an *OptionError for the first field out of range: Docs
// must not be negative, DocLength at least 2 (with Poisson, positive),
// Background at least 0 and Body above it.
func (g Swimmer) Validate() error {
	c := check{generator: "swimmer"}
	c.require(g.Docs >= 0, "Docs", g.Docs, "a number >= 0 (0: each of the 256 poses once)")
	c.docLength(g.DocLength, g.Poisson)
	c.positive("Body", g.Body, maxParameter)
	c.nonNegative("Background", g.Background, maxParameter)
	c.require(g.Body > g.Background, "Body", g.Body, "above the background intensity %v", g.Background)
	return c.err
}

// topics returns the true topics and their masses before normalisation:
// the 16 limb topics (Body-Background)*segment + C/4, or with SharedTopic
// the 16 bare segments (Body-Background)*segment and C.
func (g Swimmer) topics(torso []int, limbs [][]int) ([][]float64, []float64) {
	const v = SwimmerSize * SwimmerSize
	shared := make([]float64, v) // C
	for i := range shared {
		shared[i] = g.Background
	}
	for _, i := range torso {
		shared[i] += g.Body - g.Background
	}
	var topics [][]float64
	for _, seg := range limbs {
		row := make([]float64, v)
		if !g.SharedTopic {
			for i, x := range shared {
				row[i] = x / 4
			}
		}
		for _, i := range seg {
			row[i] += g.Body - g.Background
		}
		topics = append(topics, row)
	}
	if g.SharedTopic {
		topics = append(topics, shared)
	}
	mass := make([]float64, len(topics))
	for k, row := range topics {
		mass[k] = sum(row)
		normalise(row)
	}
	return topics, mass
}

// sum returns the sum of x.
func sum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// swimmerThemes returns the names of the true topics.
func swimmerThemes(shared bool) []string {
	var names []string
	for _, limb := range []string{"left-arm", "right-arm", "left-leg", "right-leg"} {
		for p := 1; p <= 4; p++ {
			names = append(names, fmt.Sprintf("%s-%d", limb, p))
		}
	}
	if shared {
		names = append(names, "torso-and-background")
	}
	return names
}

// pixelNames returns "p00_00" ... "p31_31", row by row.
func pixelNames() []string {
	names := make([]string, 0, SwimmerSize*SwimmerSize)
	for r := range SwimmerSize {
		for c := range SwimmerSize {
			names = append(names, fmt.Sprintf("p%02d_%02d", r, c))
		}
	}
	return names
}

// Directions of the limb segments (row, column steps, largest 1), for the
// left limbs; the right limbs mirror the columns.
var (
	armDirections = [4][2]float64{{0, -1}, {-0.5, -1}, {-1, -0.5}, {-1, 0}} // out ... up
	legDirections = [4][2]float64{{1, 0}, {1, -0.5}, {0.5, -1}, {0, -1}}    // down ... out
)

// swimmerFigure returns the pixel indices of the torso and of the 16 limb
// segments (index 4*limb + position). A limb leaves its joint (a shoulder
// or hip pixel of the torso) along one of its 4 directions: the pixels at
// steps 2 ... 9 are the segment; the joint and the pixels at step 1 (where
// the 4 directions of a joint are not yet apart) are part of the torso.
func swimmerFigure() (torso []int, limbs [][]int) {
	const n = SwimmerSize
	inTorso := make([]bool, n*n)
	for r := 8; r <= 21; r++ {
		inTorso[r*n+15], inTorso[r*n+16] = true, true
	}
	joints := []struct {
		r, c   int
		mirror bool
		dirs   *[4][2]float64
	}{{9, 14, false, &armDirections}, {9, 17, true, &armDirections}, {21, 14, false, &legDirections}, {21, 17, true, &legDirections}}
	at := func(r, c int, d [2]float64, mirror bool, t int) int {
		dc := d[1]
		if mirror {
			dc = -dc
		}
		return (r+int(math.Round(float64(t)*d[0])))*n + c + int(math.Round(float64(t)*dc))
	}
	for _, j := range joints {
		inTorso[j.r*n+j.c] = true
		for _, d := range j.dirs {
			inTorso[at(j.r, j.c, d, j.mirror, 1)] = true
		}
		for _, d := range j.dirs {
			seg := make([]int, 0, swimmerLimbPixels)
			for t := 2; t < 2+swimmerLimbPixels; t++ {
				seg = append(seg, at(j.r, j.c, d, j.mirror, t))
			}
			limbs = append(limbs, seg)
		}
	}
	for i, in := range inTorso {
		if in {
			torso = append(torso, i)
		}
	}
	return torso, limbs
}
