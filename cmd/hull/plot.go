package main

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/topicscore"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// newPlotCmd returns "hull plot", whose subcommands draw figures of models.
func newPlotCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "plot KIND MODEL -o FILE",
		Short: "Draw a figure of a saved model (PNG or SVG)",
		Long: `Draw a figure of a saved model into FILE, PNG or SVG by its extension, written
atomically. Kinds:

  simplex       the simplex of a Topic-SCORE model (hull fit --algo score)
  topics-grid   topics over image pixels as grayscale images, beside a truth (PNG)`,
		// Only reached without a known KIND.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return errors.New("plot needs a KIND: simplex or topics-grid")
			}
			return fmt.Errorf("unknown plot KIND %q (want simplex or topics-grid)", args[0])
		},
	}
	cmd.AddCommand(newPlotSimplexCmd())
	cmd.AddCommand(newPlotTopicsGridCmd())
	return cmd
}

// newPlotSimplexCmd returns "hull plot simplex".
func newPlotSimplexCmd() *cobra.Command {
	var out string
	var size float64
	cmd := &cobra.Command{
		Use:   "simplex MODEL -o FILE",
		Short: "Scatter the rows of Topic-SCORE's ratio matrix R with the estimated simplex",
		Long: `Draw the geometry of a Topic-SCORE model as the paper's Figure 3 (right) and
Figure 1 (bottom right): the first two columns of the ratio matrix R, one grey
point per word; the anchor-like words of each topic (the rows nearest to its
vertex) in red; the k-means centres of the vertex hunting in blue; the K
estimated vertices, labelled with their topic and nearest word, and every edge
of the simplex between them. With K > 3 the picture is the projection of the
simplex on R's first two coordinates.

The model holds all it needs ("hull fit --algo score" keeps the first two
columns of R for up to 2,000 words evenly spaced over the vocabulary, plus the
anchor-like words, the centres and the vertices): no corpus is read.`,
		Example: `  hull fit --algo score -k 3 ../shared/data/ap/ap.dat --max-vocab 5000 -o ap.json
  hull plot simplex ap.json -o ap-simplex.png`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
			switch {
			case out == "":
				return errors.New("-o FILE is required: the .png or .svg file to write")
			case format != "png" && format != "svg":
				return fmt.Errorf("-o %s: want a .png or .svg file", out)
			case !(size > 0):
				return fmt.Errorf("--size %v: want a positive number of inches", size)
			}
			m, err := model.Load(args[0])
			if err != nil {
				return err
			}
			p, err := simplexPlot(m)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			w, err := p.WriterTo(vg.Length(size)*vg.Inch, vg.Length(size)*vg.Inch, format)
			if err != nil {
				return err
			}
			if err := atomicfile.Write(out, func(f io.Writer) error { _, err := w.WriteTo(f); return err }); err != nil {
				return envError{err}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the figure to write: FILE.png or FILE.svg")
	cmd.Flags().Float64Var(&size, "size", 6, "width and height of the figure, in inches")
	return cmd
}

// simplexPlot draws the Topic-SCORE geometry recorded in m's Params.
func simplexPlot(m *model.Model) (*plot.Plot, error) {
	if m.Algorithm != topicscore.Algorithm {
		return nil, fmt.Errorf("a %q model: only Topic-SCORE models (hull fit --algo score) have a simplex to plot", m.Algorithm)
	}
	if m.K < 3 {
		return nil, fmt.Errorf("K = %d: the simplex of R lives in %d dimension; plotting needs K >= 3", m.K, m.K-1)
	}
	vertices, err1 := paramMatrix(m, "vertices", 2)
	sample, err2 := paramMatrix(m, "ratios_sample", 2)
	centres, err3 := paramMatrix(m, "centres", 2)
	words, err4 := paramInts(m, "ratios_sample_words")
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return nil, err
	}
	if len(vertices) != m.K || len(words) != len(sample) {
		return nil, fmt.Errorf("params: %d vertices for K = %d, %d sample words for %d rows", len(vertices), m.K, len(words), len(sample))
	}
	anchorSet := map[string]bool{}
	if names, ok := m.Params["anchor_words"].([]any); ok {
		for _, topic := range names {
			if list, ok := topic.([]any); ok {
				for _, w := range list {
					if s, ok := w.(string); ok {
						anchorSet[s] = true
					}
				}
			}
		}
	} else if names, ok := m.Params["anchor_words"].([][]string); ok {
		for _, list := range names {
			for _, s := range list {
				anchorSet[s] = true
			}
		}
	}
	var cloud, anchors plotter.XYs
	for i, r := range sample {
		xy := plotter.XY{X: r[0], Y: r[1]}
		if w := words[i]; w >= 0 && w < len(m.Vocab) && anchorSet[m.Vocab[w]] {
			anchors = append(anchors, xy)
		} else {
			cloud = append(cloud, xy)
		}
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Topic-SCORE: rows of R and the estimated simplex (K = %d)", m.K)
	p.X.Label.Text = "R[, 1]"
	p.Y.Label.Text = "R[, 2]"
	p.Legend.Top, p.Legend.Left = true, true
	add := func(label string, pts plotter.XYs, c color.Color, radius vg.Length, shape draw.GlyphDrawer) error {
		if len(pts) == 0 {
			return nil
		}
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: radius, Shape: shape}
		p.Add(s)
		p.Legend.Add(label, s)
		return nil
	}
	var vxy plotter.XYs
	var labels []string
	for k, v := range vertices {
		vxy = append(vxy, plotter.XY{X: v[0], Y: v[1]})
		label := fmt.Sprintf("%d", k+1)
		if len(m.Anchors) == m.K {
			label += " " + m.Vocab[m.Anchors[k]]
		}
		labels = append(labels, label)
	}
	for i := range vxy {
		for j := i + 1; j < len(vxy); j++ {
			l, err := plotter.NewLine(plotter.XYs{vxy[i], vxy[j]})
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
	for _, s := range []struct {
		label  string
		pts    plotter.XYs
		c      color.Color
		radius vg.Length
		shape  draw.GlyphDrawer
	}{
		{"words", cloud, grey, vg.Points(1), draw.CircleGlyph{}},
		{"anchor-like words", anchors, red, vg.Points(1.5), draw.CircleGlyph{}},
		{"k-means centres", plotter.XYs(xys(centres)), blue, vg.Points(2), draw.CircleGlyph{}},
		{"vertices", vxy, red, vg.Points(4), draw.TriangleGlyph{}},
	} {
		if err := add(s.label, s.pts, s.c, s.radius, s.shape); err != nil {
			return nil, err
		}
	}
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: vxy, Labels: labels})
	if err != nil {
		return nil, err
	}
	lab.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(3)}
	p.Add(lab)
	return p, nil
}

// xys returns the first two columns of rows as points.
func xys(rows [][]float64) plotter.XYs {
	out := make(plotter.XYs, len(rows))
	for i, r := range rows {
		out[i] = plotter.XY{X: r[0], Y: r[1]}
	}
	return out
}

// paramMatrix returns m.Params[key] as rows of at least minCols numbers,
// whether it holds [][]float64 (a model just fitted) or decoded JSON.
func paramMatrix(m *model.Model, key string, minCols int) ([][]float64, error) {
	v, ok := m.Params[key]
	if !ok {
		return nil, fmt.Errorf("params: no %q", key)
	}
	var out [][]float64
	switch v := v.(type) {
	case [][]float64:
		out = v
	case []any:
		for _, r := range v {
			row, ok := r.([]any)
			if !ok {
				return nil, fmt.Errorf("params: %q is not a matrix", key)
			}
			nums := make([]float64, len(row))
			for j, x := range row {
				if nums[j], ok = x.(float64); !ok {
					return nil, fmt.Errorf("params: %q holds %v, not a number", key, x)
				}
			}
			out = append(out, nums)
		}
	default:
		return nil, fmt.Errorf("params: %q is not a matrix", key)
	}
	for _, r := range out {
		if len(r) < minCols {
			return nil, fmt.Errorf("params: %q has a row of %d numbers, want at least %d", key, len(r), minCols)
		}
	}
	return out, nil
}

// paramInts returns m.Params[key] as integers ([]int or decoded JSON).
func paramInts(m *model.Model, key string) ([]int, error) {
	switch v := m.Params[key].(type) {
	case []int:
		return v, nil
	case []any:
		out := make([]int, len(v))
		for i, x := range v {
			f, ok := x.(float64)
			if !ok || f != float64(int(f)) {
				return nil, fmt.Errorf("params: %q holds %v, not an integer", key, x)
			}
			out[i] = int(f)
		}
		return out, nil
	}
	return nil, fmt.Errorf("params: no list of integers %q", key)
}
