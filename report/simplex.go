package report

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Simplex draws the simplex of a model that records one (m.Simplex, as
// Topic-SCORE does) in its first two coordinates, as figures 1 and 3 of
// the Topic-SCORE paper: the sample of points (one grey dot per word),
// those of the words in m.TopicWords (the words nearest each vertex) in
// red, the centres the vertices were chosen from in blue, and the K
// vertices as triangles, labelled with their topic number and, where m
// marks anchor words (m.MarkKind() is model.MarkAnchor), the anchor word
// m.MarkedWord(k) (escaped by textsafe.Data, so that an SVG of the plot
// is well-formed XML whatever the word), every pair joined by a dashed
// edge; Topic-SCORE's vertex words (model.MarkVertexWord) label no
// vertex. With K > 3 the picture is the projection of the simplex on its
// first two coordinates. Write the plot with WritePlot, which stops when
// its context is done (a PNG of 50 x 50 inches is 4,800 pixels square),
// or with its Save or WriterTo method.
//
// It returns an error if m has no Simplex, if K < 3 (the simplex of K = 2
// topics is a segment on a line) or if m fails Validate.
func Simplex(m *model.Model) (*plot.Plot, error) {
	if m == nil {
		return nil, errors.New("report: no model (nil)")
	}
	if m.Simplex == nil {
		return nil, fmt.Errorf("report: the model (algorithm %q) has no simplex: only Topic-SCORE models record one", m.Algorithm)
	}
	if m.K < 3 {
		return nil, fmt.Errorf("report: K = %d: the simplex lives in %d dimension; plotting needs K >= 3", m.K, m.K-1)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	s := m.Simplex
	if len(s.Vertices[0]) < 2 {
		return nil, errors.New("report: the simplex has fewer than 2 coordinates")
	}
	if len(s.Sample) > 0 && len(s.Sample[0]) < 2 {
		return nil, fmt.Errorf("report: the simplex's sample rows have %d coordinate, want 2 to plot them", len(s.Sample[0]))
	}
	if err := checkSpan(s.Vertices, s.Centres, s.Sample); err != nil {
		return nil, err
	}
	nearVertex := map[int]bool{}
	for _, words := range m.TopicWords {
		for _, w := range words {
			nearVertex[w] = true
		}
	}
	var cloud, near plotter.XYs
	for i, r := range s.Sample {
		if nearVertex[s.SampleWords[i]] {
			near = append(near, plotter.XY{X: r[0], Y: r[1]})
		} else {
			cloud = append(cloud, plotter.XY{X: r[0], Y: r[1]})
		}
	}
	vertices := xys(s.Vertices)
	labels := make([]string, m.K)
	for k := range labels {
		labels[k] = strconv.Itoa(k + 1)
		if m.MarkKind() == model.MarkAnchor {
			labels[k] += " " + textsafe.Data(m.Vocab[m.MarkedWord(k)])
		}
	}

	p := plot.New()
	p.Title.Text = fmt.Sprintf("Topic-SCORE: rows of R and the estimated simplex (K = %d)", m.K)
	p.X.Label.Text = "R[, 1]"
	p.Y.Label.Text = "R[, 2]"
	p.Legend.Top, p.Legend.Left = true, true
	for i := range vertices {
		for j := i + 1; j < len(vertices); j++ {
			l, err := plotter.NewLine(plotter.XYs{vertices[i], vertices[j]})
			if err != nil {
				return nil, err
			}
			l.LineStyle.Color = color.RGBA{R: 200, A: 255}
			l.LineStyle.Width = vg.Points(0.8)
			l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
			p.Add(l)
		}
	}
	grey, red, blue := color.Gray{Y: 150}, color.RGBA{R: 220, G: 20, B: 20, A: 255}, color.RGBA{G: 90, B: 220, A: 255}
	for _, g := range []struct {
		label  string
		pts    plotter.XYs
		c      color.Color
		radius vg.Length
		shape  draw.GlyphDrawer
	}{
		{"words", cloud, grey, vg.Points(1), draw.CircleGlyph{}},
		{"anchor-like words", near, red, vg.Points(1.5), draw.CircleGlyph{}},
		{"k-means centres", xys(s.Centres), blue, vg.Points(2), draw.CircleGlyph{}},
		{"vertices", vertices, red, vg.Points(4), draw.TriangleGlyph{}},
	} {
		if len(g.pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(g.pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: g.c, Radius: g.radius, Shape: g.shape}
		p.Add(sc)
		p.Legend.Add(g.label, sc)
	}
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: vertices, Labels: labels})
	if err != nil {
		return nil, err
	}
	lab.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(3)}
	p.Add(lab)
	return p, nil
}

// xys returns the first two coordinates of rows as points.
func xys(rows [][]float64) plotter.XYs {
	out := make(plotter.XYs, len(rows))
	for i, r := range rows {
		out[i] = plotter.XY{X: r[0], Y: r[1]}
	}
	return out
}

// checkSpan returns an error when the first two coordinates of the rows
// span more than a float64 holds (from -1e308 to 1e308, say): the axes'
// range is then +Inf, and gonum/plot looked for its ticks forever.
func checkSpan(sets ...[][]float64) error {
	for c, axis := range []string{"first", "second"} {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, rows := range sets {
			for _, r := range rows {
				if c < len(r) {
					lo, hi = min(lo, r[c]), max(hi, r[c])
				}
			}
		}
		if math.IsInf(hi-lo, 1) {
			return fmt.Errorf("report: the simplex's %s coordinates run from %g to %g, a span no axis can draw", axis, lo, hi)
		}
	}
	return nil
}

// WritePlot draws p on a width x height canvas of the given format (png,
// svg, pdf, eps, jpg, tiff: those of draw.NewFormattedCanvas) and writes
// it to w, stopping when ctx is done: the drawing then skips what is left
// of it and WritePlot returns ctx.Err() before writing, and a write to w
// once ctx is done fails with ctx's error (ctxio.Writer), so that a
// caller writing a file (atomicfile.Write) leaves none. It returns
// ctxio.ErrNilContext for a nil ctx, an error for an unknown format and
// w's errors.
func WritePlot(ctx context.Context, w io.Writer, p *plot.Plot, width, height vg.Length, format string) error {
	if err := ctxio.Err(ctx); err != nil {
		return err
	}
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	p.Draw(draw.New(stoppingCanvas{c, ctx}))
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err = c.WriteTo(ctxio.Writer(ctx, w))
	return err
}

// stoppingCanvas is a canvas that draws nothing once ctx is done.
type stoppingCanvas struct {
	vg.CanvasSizer
	ctx context.Context
}

func (c stoppingCanvas) Stroke(p vg.Path) {
	if c.ctx.Err() == nil {
		c.CanvasSizer.Stroke(p)
	}
}

func (c stoppingCanvas) Fill(p vg.Path) {
	if c.ctx.Err() == nil {
		c.CanvasSizer.Fill(p)
	}
}

func (c stoppingCanvas) FillString(f font.Face, pt vg.Point, text string) {
	if c.ctx.Err() == nil {
		c.CanvasSizer.FillString(f, pt, text)
	}
}

func (c stoppingCanvas) DrawImage(r vg.Rectangle, img image.Image) {
	if c.ctx.Err() == nil {
		c.CanvasSizer.DrawImage(r, img)
	}
}
