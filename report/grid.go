package report

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// Layouts: how the words of a vocabulary become pixels.
const (
	// LayoutAuto uses LayoutNames when every word is named "pRR_CC", else
	// LayoutOrder when V is a perfect square.
	LayoutAuto = "auto"
	// LayoutNames puts word "pRR_CC" at row RR, column CC.
	LayoutNames = "names"
	// LayoutOrder puts word i at row i / side, column i % side, side^2 = V.
	LayoutOrder = "order"
)

// Limits of TopicsGrid.
const (
	// MaxSide is the largest image side TopicsGrid accepts.
	MaxSide = 1024
	// MaxScale and MaxColumns bound GridOptions.Scale and Columns.
	MaxScale, MaxColumns = 64, 256
	// MaxPixels bounds the size of the picture TopicsGrid draws.
	MaxPixels = 64 << 20
)

// GridOptions are the options of TopicsGrid. The zero value draws the
// topics alone, laid out by LayoutAuto.
type GridOptions struct {
	// Truth, when not nil, is drawn above the learned topics, each learned
	// topic below the true topic it is matched to. The two models may have
	// different numbers of topics.
	Truth *model.Model
	// Layout is LayoutAuto (when ""), LayoutNames or LayoutOrder; it
	// applies to both models.
	Layout string
	// Scale is the side of an image pixel in picture pixels. Default: 128
	// / side, at least 1 (4 for 32 x 32 images).
	Scale int
	// Columns is the number of topics per row. Default 8; at most K, the
	// Truth's K with a Truth (a larger value draws K per row, not empty
	// columns).
	Columns int
	// Threshold is the cosine in (0, 1] from which a matched learned
	// topic counts as recovering its true topic (label in green). Default
	// (when 0) eval.DefaultRecoveredAt, 0.9.
	Threshold float64
	// Title replaces the default title (algorithm, K and, with a truth,
	// the number of true topics recovered).
	Title string
}

// Grid is the result of TopicsGrid.
type Grid struct {
	// Image is the picture, white background, grayscale tiles.
	Image *image.RGBA
	// Side is the side of each topic's image in image pixels.
	Side int
	// Layout is how words became pixels: LayoutNames or LayoutOrder.
	Layout string
	// Recovered is the matching to the truth and its count at Threshold;
	// nil without a truth.
	Recovered *eval.Recovered
}

// A ModelError is TopicsGrid's error for one of its two models, which
// fails Validate or whose words cannot be laid out as pixels: a caller
// that read the models from files names the file of the model (Truth
// false) or of the true model.
type ModelError struct {
	Truth bool
	Err   error
}

func (e *ModelError) Error() string {
	if e.Truth {
		return "report: true model: " + e.Err.Error()
	}
	return "report: model: " + e.Err.Error()
}

func (e *ModelError) Unwrap() error { return e.Err }

// A SizeError is TopicsGrid's error for a picture of Width x Height
// pixels, more than MaxPixels: the GridOptions' Scale or Columns (or K)
// make it too large.
type SizeError struct {
	Width, Height int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("report: a %d x %d picture is too large (more than %d pixels); lower Scale or Columns", e.Width, e.Height, MaxPixels)
}

// Drawing constants, in picture pixels (the canvas is at 72 dpi, so a
// point is a pixel).
const (
	pad       = 6
	labelH    = 14
	titleH    = 20
	fontSize  = 10
	titleSize = 12
)

var (
	green = color.RGBA{G: 120, A: 255}
	red   = color.RGBA{R: 190, A: 255}
	grey  = color.RGBA{R: 110, G: 110, B: 110, A: 255}
	empty = color.RGBA{R: 225, G: 225, B: 225, A: 255}
)

// TopicsGrid draws the topics of m as side x side grayscale images in a
// grid (see the package documentation). Each tile is labelled with its
// topic's number (and with a truth its cosine) in the longest form that
// fits the tile ("topic 10  cos 0.898", "10  cos 0.898", "10: .898",
// "10"); a label or title that fits in no form is cut and ends in "…",
// never cut into another number ("topic 1" for "topic 10"). It returns an
// error if a model fails Validate or its words cannot be laid out as
// pixels (Layout), a *ModelError naming which, if the options are out of
// range, or, with a truth, if the two vocabularies share no word; a
// *SizeError for a picture above MaxPixels; ctx.Err() if ctx is done
// before the picture is drawn (it is checked before each row of tiles).
func TopicsGrid(ctx context.Context, m *model.Model, o GridOptions) (*Grid, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, &ModelError{Err: err}
	}
	switch o.Layout {
	case "":
		o.Layout = LayoutAuto
	case LayoutAuto, LayoutNames, LayoutOrder:
	default:
		return nil, fmt.Errorf("report: layout %q, want %s, %s or %s", o.Layout, LayoutAuto, LayoutNames, LayoutOrder)
	}
	if o.Scale < 0 || o.Scale > MaxScale || o.Columns < 0 || o.Columns > MaxColumns {
		return nil, fmt.Errorf("report: scale %d and columns %d: want 0 (default) to %d and %d", o.Scale, o.Columns, MaxScale, MaxColumns)
	}
	if o.Threshold < 0 || o.Threshold > 1 || math.IsNaN(o.Threshold) {
		return nil, fmt.Errorf("report: threshold %v: want a cosine in [0, 1]", o.Threshold)
	}
	if o.Threshold == 0 {
		o.Threshold = eval.DefaultRecoveredAt
	}
	layout, side, pos, err := pixels(m.Vocab, o.Layout)
	if err != nil {
		return nil, &ModelError{Err: err}
	}
	g := &Grid{Side: side, Layout: layout}
	var truthPos []int
	if o.Truth != nil {
		if err := o.Truth.Validate(); err != nil {
			return nil, &ModelError{Truth: true, Err: err}
		}
		l, s, p, err := pixels(o.Truth.Vocab, o.Layout)
		if err != nil {
			return nil, &ModelError{Truth: true, Err: err}
		}
		if l != layout {
			return nil, fmt.Errorf("report: the model's words are laid out by %s, the true model's by %s", layout, l)
		}
		g.Side, truthPos = max(side, s), p
		// Each model's positions are row*side+col of its own side: drawn
		// on the common side, the smaller picture's rows were sheared.
		pos, truthPos = onSide(pos, side, g.Side), onSide(truthPos, s, g.Side)
		r, err := eval.RecoveredAt(m, o.Truth, o.Threshold)
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		g.Recovered = &r
	}
	if o.Scale == 0 {
		o.Scale = max(1, 128/g.Side)
	}
	cell := g.Side * o.Scale

	// The tiles, in rows: each is a topic (or nothing) with its label,
	// in its forms from the longest.
	type tile struct {
		topic  []float64
		pos    []int
		labels []string
		color  color.Color
	}
	var rows [][]tile
	learned := func(k int) tile {
		n := strconv.Itoa(k + 1) // numbered from 1, as hull topics prints them
		return tile{topic: m.Topics[k], pos: pos, labels: []string{"topic " + n, n}, color: color.Black}
	}
	perRow := o.Columns
	if o.Truth == nil {
		if perRow == 0 {
			perRow = 8
		}
		perRow = min(perRow, m.K)
		for k := 0; k < m.K; k += perRow {
			var row []tile
			for j := k; j < min(k+perRow, m.K); j++ {
				row = append(row, learned(j))
			}
			rows = append(rows, row)
		}
	} else {
		t, r := o.Truth, g.Recovered
		if perRow == 0 {
			perRow = 8
		}
		perRow = min(perRow, t.K)
		names := themes(t)
		used := make([]bool, m.K)
		for k := 0; k < t.K; k += perRow {
			var top, below []tile
			for i := k; i < min(k+perRow, t.K); i++ {
				top = append(top, tile{topic: t.Topics[i], pos: truthPos, labels: names[i], color: color.Black})
				j := r.Match[i]
				if j < 0 {
					below = append(below, tile{labels: []string{"no match", "none", "-"}, color: grey})
					continue
				}
				used[j] = true
				lt := learned(j)
				cos := fmt.Sprintf("%.3f", r.Cos[i])
				lt.labels = []string{fmt.Sprintf("topic %d  cos %s", j+1, cos), fmt.Sprintf("%d  cos %s", j+1, cos),
					fmt.Sprintf("%d: %s", j+1, strings.TrimPrefix(cos, "0")), strconv.Itoa(j + 1)}
				lt.color = red
				if r.Cos[i] >= o.Threshold {
					lt.color = green
				}
				below = append(below, lt)
			}
			rows = append(rows, top, below)
		}
		var rest []tile
		for j, u := range used {
			if !u {
				lt := learned(j)
				lt.labels = []string{fmt.Sprintf("topic %d  unmatched", j+1), fmt.Sprintf("%d  unmatched", j+1), strconv.Itoa(j + 1)}
				lt.color = grey
				rest = append(rest, lt)
			}
		}
		for k := 0; k < len(rest); k += perRow {
			rows = append(rows, rest[k:min(k+perRow, len(rest))])
		}
	}

	// Geometry: a title band, then the rows; with a truth, a wider gap
	// after each pair of rows.
	tileW, tileH := cell+pad, labelH+cell+pad
	width := pad + perRow*tileW
	height := pad + titleH
	rowY := make([]int, len(rows))
	for i := range rows {
		rowY[i] = height
		height += tileH
		if o.Truth != nil && i%2 == 1 {
			height += pad * 2
		}
	}
	height += pad
	if width*height > MaxPixels {
		return nil, &SizeError{Width: width, Height: height}
	}
	canvas := vgimg.NewWith(vgimg.UseWH(vg.Length(width), vg.Length(height)), vgimg.UseDPI(72), vgimg.UseBackgroundColor(color.White))
	img, ok := canvas.Image().(*image.RGBA)
	if !ok {
		return nil, errors.New("report: the canvas is not an RGBA image")
	}
	b := img.Bounds()
	text := func(size float64, c color.Color, x, y, maxW int, forms []string) {
		face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Length(size))
		canvas.SetColor(c)
		// The canvas's y axis points up from the bottom edge.
		canvas.FillString(face, vg.Point{X: vg.Length(x), Y: vg.Length(b.Dy() - y)}, fitting(face, vg.Length(maxW), forms))
	}
	text(titleSize, color.Black, pad, pad+titleSize, width-2*pad, gridTitle(m, o, g.Recovered))
	for i, row := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j, t := range row {
			x, y := pad+j*tileW, rowY[i]
			text(fontSize, t.color, x, y+labelH-3, cell, t.labels)
			drawTile(img, image.Rect(x, y+labelH, x+cell, y+labelH+cell), g.Side, o.Scale, t.topic, t.pos)
		}
	}
	g.Image = img
	return g, nil
}

// gridTitle returns the title of the grid in its forms from the longest:
// o.Title, else the model's algorithm and K, and with a truth how many of
// its topics are matched; escaped, as the model's text is data
// (textsafe.Escape).
func gridTitle(m *model.Model, o GridOptions, r *eval.Recovered) []string {
	if o.Title != "" {
		return []string{textsafe.Escape(o.Title)}
	}
	title := fmt.Sprintf("%s, K = %d", textsafe.Escape(m.Algorithm), m.K)
	if r == nil {
		return []string{title, fmt.Sprintf("K = %d", m.K)}
	}
	return []string{
		title + fmt.Sprintf(": %d of %d true topics (top rows) matched at cosine >= %g", r.Count, o.Truth.K, o.Threshold),
		title + fmt.Sprintf(": %d of %d matched", r.Count, o.Truth.K),
		fmt.Sprintf("K = %d: %d/%d matched", m.K, r.Count, o.Truth.K),
	}
}

// fitting returns the first of forms, a text from its longest form to its
// shortest, that face draws within maxW, else the last cut to fit (cut).
func fitting(face font.Face, maxW vg.Length, forms []string) string {
	for _, s := range forms {
		if face.Width(s) <= maxW {
			return s
		}
	}
	return cut(face, forms[len(forms)-1], maxW)
}

// onSide returns the pixel positions pos of a side x side picture as
// positions of a to x to picture, to >= side: row*side+col becomes
// row*to+col (pos itself when the sides are equal).
func onSide(pos []int, side, to int) []int {
	if side == to {
		return pos
	}
	out := make([]int, len(pos))
	for w, p := range pos {
		out[w] = p/side*to + p%side
	}
	return out
}

// ellipsis ends a text cut short.
const ellipsis = "…"

// cut returns s when face draws it within maxW, else the longest prefix
// of s, in whole runes and without a final space, that face draws within
// maxW followed by ellipsis, which marks it cut ("topic 10" cut bare read
// "topic 1", another topic), or "" when not even ellipsis fits. The
// prefix is found by bisection, for a label or title of untrusted length
// (cutting a rune at a time and measuring again took a minute for 8,000
// runes).
func cut(face font.Face, s string, maxW vg.Length) string {
	if face.Width(s) <= maxW {
		return s
	}
	ends := make([]int, 0, utf8.RuneCountInString(s)) // ends[i]: the byte end of rune i
	for i := range s {
		if i > 0 {
			ends = append(ends, i)
		}
	}
	ends = append(ends, len(s))
	// The prefix of n runes fits with the ellipsis, that of n+1 does not.
	n := sort.Search(len(ends), func(i int) bool { return face.Width(strings.TrimRight(s[:ends[i]], " ")+ellipsis) > maxW })
	if n == 0 {
		if face.Width(ellipsis) <= maxW {
			return ellipsis
		}
		return ""
	}
	return strings.TrimRight(s[:ends[n-1]], " ") + ellipsis
}

// drawTile paints topic into r of img: pixel pos[w] of a side x side image
// gets gray level 255 * topic[w] / max(topic), each image pixel a scale x
// scale block; a nil topic paints an empty (light) tile.
func drawTile(img *image.RGBA, r image.Rectangle, side, scale int, topic []float64, pos []int) {
	level := make([]uint8, side*side)
	c := empty
	if topic != nil {
		c = color.RGBA{A: 255}
		top := 0.0
		for _, p := range topic {
			top = max(top, p)
		}
		for w, p := range topic {
			if pos[w] >= 0 && top > 0 {
				level[pos[w]] = uint8(math.Round(255 * p / top))
			}
		}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if topic == nil {
				img.SetRGBA(x, y, c)
				continue
			}
			v := level[(y-r.Min.Y)/scale*side+(x-r.Min.X)/scale]
			img.SetRGBA(x, y, color.RGBA{R: v, G: v, B: v, A: 255})
		}
	}
}

// themes returns the labels of the true topics, each in its forms from
// the longest: TopicLabels when it holds K names (escaped by
// textsafe.Data), else "truth 0" or "t0", "truth 1" or "t1", ....
func themes(t *model.Model) [][]string {
	names := make([][]string, t.K)
	for k := range names {
		if len(t.TopicLabels) == t.K {
			names[k] = []string{textsafe.Data(t.TopicLabels[k])}
		} else {
			names[k] = []string{"truth " + strconv.Itoa(k), "t" + strconv.Itoa(k)}
		}
	}
	return names
}

// pixels lays out vocab as a square image by the given layout and returns
// the layout used, the side and each word's pixel (row*side + column).
func pixels(vocab []string, layout string) (string, int, []int, error) {
	if layout != LayoutOrder {
		side, pos, err := byName(vocab)
		if err == nil {
			return LayoutNames, side, pos, nil
		}
		if layout == LayoutNames {
			return "", 0, nil, err
		}
		side = int(math.Round(math.Sqrt(float64(len(vocab)))))
		if side*side != len(vocab) {
			return "", 0, nil, fmt.Errorf("%w, and V = %d is not a perfect square for laying words out in order", err, len(vocab))
		}
	}
	side := int(math.Round(math.Sqrt(float64(len(vocab)))))
	if side*side != len(vocab) {
		return "", 0, nil, fmt.Errorf("V = %d is not a perfect square: words in order do not fill a square image", len(vocab))
	}
	if side > MaxSide {
		return "", 0, nil, fmt.Errorf("images of %d x %d pixels are beyond the limit of %d", side, side, MaxSide)
	}
	pos := make([]int, len(vocab))
	for i := range pos {
		pos[i] = i
	}
	return LayoutOrder, side, pos, nil
}

// byName lays out words named "pRR_CC"; the side is one more than the
// largest row or column. Two words on one pixel are an error.
func byName(vocab []string) (int, []int, error) {
	rc := make([][2]int, len(vocab))
	side := 0
	for i, w := range vocab {
		r, c, ok := pixelName(w)
		if !ok {
			return 0, nil, fmt.Errorf("word %d %q is not a pixel name pRR_CC", i, w)
		}
		if r >= MaxSide || c >= MaxSide {
			return 0, nil, fmt.Errorf("pixel %q is beyond the limit of %d x %d images", w, MaxSide, MaxSide)
		}
		rc[i] = [2]int{r, c}
		side = max(side, r+1, c+1)
	}
	pos := make([]int, len(vocab))
	seen := make(map[int]int, len(vocab))
	for i, p := range rc {
		pos[i] = p[0]*side + p[1]
		if j, dup := seen[pos[i]]; dup {
			return 0, nil, fmt.Errorf("words %q and %q name the same pixel", vocab[j], vocab[i])
		}
		seen[pos[i]] = i
	}
	return side, pos, nil
}

// pixelName parses "pRR_CC" (decimal digits, any number of them).
func pixelName(w string) (row, col int, ok bool) {
	rest, found := strings.CutPrefix(w, "p")
	if !found {
		return 0, 0, false
	}
	rs, cs, found := strings.Cut(rest, "_")
	if !found {
		return 0, 0, false
	}
	row, ok1 := digits(rs)
	col, ok2 := digits(cs)
	return row, col, ok1 && ok2
}

// digits parses a non-empty string of at most 6 decimal digits.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
