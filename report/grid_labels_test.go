package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// peaked returns k topics over the pixels of a side x side image, topic i
// with weight w on pixel (i + shift) mod side^2 and the rest spread
// evenly.
func peaked(side, k, shift int, w float64) *model.Model {
	var ts [][]float64
	n := side * side
	for i := range k {
		t := make([]float64, n)
		for j := range t {
			t[j] = (1 - w) / float64(n-1)
		}
		t[(i+shift)%n] = w
		ts = append(ts, t)
	}
	return topics(names(side), ts...)
}

// expectLabels fails t unless the label band of every row of tiles of g
// (cells cell pixels wide, with a truth or not) shows exactly the texts of
// want in their colours, as a canvas on which only they are drawn.
func expectLabels(t *testing.T, g *Grid, cell int, truth bool, want [][]string, colours [][]color.Color) {
	t.Helper()
	b := g.Image.Bounds()
	canvas := vgimg.NewWith(vgimg.UseWH(vg.Length(b.Dx()), vg.Length(b.Dy())), vgimg.UseDPI(72), vgimg.UseBackgroundColor(color.White))
	img := canvas.Image().(*image.RGBA)
	face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Length(fontSize))
	for i, row := range want {
		top := tileAt(i, 0, cell, truth).Y - labelH
		for j, s := range row {
			canvas.SetColor(colours[i][j])
			canvas.FillString(face, vg.Point{X: vg.Length(pad + j*(cell+pad)), Y: vg.Length(b.Dy() - (top + labelH - 3))}, s)
		}
		for y := top; y < top+labelH; y++ {
			if at := g.Image.PixOffset(0, y); !bytes.Equal(g.Image.Pix[at:at+g.Image.Stride], img.Pix[at:at+img.Stride]) {
				t.Errorf("row %d of tiles: the labels are not %q", i, row)
				break
			}
		}
	}
}

// A label that does not fit its tile takes a shorter form, never a cut
// into another number: "topic 10" in a tile of 32 pixels (Swimmer's
// 32 x 32 images at scale 1) was cut to "topic 1", and "topic 10  cos
// 0.898" at scale 2 to "topic 10  cos 0.".
func TestTopicsGridLabelsKeepTheirNumbers(t *testing.T) {
	face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Length(fontSize))
	const side, scale = 4, 8 // cells of 32 pixels
	m := peaked(side, 16, 0, 0.5)
	g, err := TopicsGrid(context.Background(), m, GridOptions{Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	var want [][]string
	var colours [][]color.Color
	for i := range 2 {
		var row []string
		for j := range 8 {
			n := strconv.Itoa(i*8 + j + 1)
			if s := "topic " + n; face.Width(s) <= side*scale {
				row = append(row, s)
			} else {
				row = append(row, n)
			}
		}
		want, colours = append(want, row), append(colours, []color.Color{color.Black, color.Black, color.Black, color.Black, color.Black, color.Black, color.Black, color.Black})
	}
	if want[1][1] != "10" {
		t.Fatalf("the test expects topic 10 to need its short form at %d pixels: %q", side*scale, want[1][1])
	}
	expectLabels(t, g, side*scale, false, want, colours)

	// With a truth, in cells of 64 pixels: the matched topics' labels
	// with their cosines, shortened whole.
	truth := peaked(side, 16, 0, 0.6)
	learned := peaked(side, 16, 0, 0.6)
	for k := range learned.Topics { // cosines apart, some below 0.9
		w := 0.3 + 0.02*float64(k)
		for j := range learned.Topics[k] {
			learned.Topics[k][j] = (1 - w) / 15
		}
		learned.Topics[k][k] = w
	}
	const big = 16 // cells of 64 pixels
	g, err = TopicsGrid(context.Background(), learned, GridOptions{Truth: truth, Scale: big})
	if err != nil {
		t.Fatal(err)
	}
	r := g.Recovered
	want, colours = nil, nil
	for k := 0; k < 16; k += 8 {
		var top, below []string
		var topC, belowC []color.Color
		for i := k; i < k+8; i++ {
			top, topC = append(top, first(face, side*big, "truth "+strconv.Itoa(i), "t"+strconv.Itoa(i))), append(topC, color.Black)
			j, cos := r.Match[i], fmt.Sprintf("%.3f", r.Cos[i])
			below = append(below, first(face, side*big, fmt.Sprintf("topic %d  cos %s", j+1, cos), fmt.Sprintf("%d  cos %s", j+1, cos),
				fmt.Sprintf("%d: %s", j+1, strings.TrimPrefix(cos, "0")), strconv.Itoa(j+1)))
			c := red
			if r.Cos[i] >= eval.DefaultRecoveredAt {
				c = green
			}
			belowC = append(belowC, c)
		}
		want, colours = append(want, top, below), append(colours, topC, belowC)
	}
	if !strings.Contains(want[3][1], "  cos 0.") || strings.HasPrefix(want[3][1], "topic") {
		t.Fatalf("the test expects topic 10 to need a shorter form at %d pixels: %q", side*big, want[3][1])
	}
	expectLabels(t, g, side*big, true, want, colours)
}

// first returns the first of forms that fits maxW pixels, as the grid
// picks a label.
func first(face font.Face, maxW int, forms ...string) string {
	for _, s := range forms {
		if face.Width(s) <= vg.Length(maxW) {
			return s
		}
	}
	return ""
}

// fitting keeps a text whole in one of its forms, or marks it cut.
func TestFitting(t *testing.T) {
	face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Length(fontSize))
	forms := []string{"topic 10  cos 0.898", "10  cos 0.898", "10: .898", "10"}
	for w := 0.0; w < 100; w += 0.5 {
		got := fitting(face, vg.Length(w), forms)
		whole := false
		for _, f := range forms {
			whole = whole || got == f
		}
		if face.Width(got) > vg.Length(w) || !whole && got != "" && !strings.HasSuffix(got, ellipsis) {
			t.Fatalf("width %v: %q", w, got)
		}
	}
}

// Columns above K draw K topics per row, not empty columns: 16 topics
// with 40 columns made a picture 40 tiles wide.
func TestTopicsGridColumnsAtMostK(t *testing.T) {
	m := peaked(4, 5, 0, 0.5)
	for _, tc := range []struct {
		o    GridOptions
		cols int
	}{
		{GridOptions{Columns: 40}, 5},
		{GridOptions{Columns: 5}, 5},
		{GridOptions{Columns: 3}, 3},
		{GridOptions{}, 5},
		{GridOptions{Truth: peaked(4, 3, 1, 0.5), Columns: 40}, 3}, // the truth's K
		{GridOptions{Truth: peaked(4, 3, 1, 0.5)}, 3},
	} {
		tc.o.Scale = 2
		g, err := TopicsGrid(context.Background(), m, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if want := pad + tc.cols*(4*2+pad); g.Image.Bounds().Dx() != want {
			t.Errorf("columns %d, truth %v: width %d, want %d (%d columns)", tc.o.Columns, tc.o.Truth != nil, g.Image.Bounds().Dx(), want, tc.cols)
		}
	}
}

// A done context stops TopicsGrid: at once, or between rows of tiles.
func TestTopicsGridStops(t *testing.T) {
	m := peaked(4, 16, 0, 0.5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g, err := TopicsGrid(ctx, m, GridOptions{}); !errors.Is(err, context.Canceled) || g != nil {
		t.Errorf("done context: %v, %v", g, err)
	}
	// Done after the first row's check: the second row's stops it.
	stop := &countdown{Context: context.Background(), left: 1}
	if _, err := TopicsGrid(stop, m, GridOptions{Columns: 4}); !errors.Is(err, context.Canceled) || stop.left > 0 {
		t.Errorf("context done while drawing: %v", err)
	}
	var none context.Context
	if _, err := TopicsGrid(none, m, GridOptions{}); err == nil {
		t.Error("nil context accepted")
	}
}

// countdown is a context whose Err is nil for its first left calls after
// the entry's, then context.Canceled.
type countdown struct {
	context.Context
	left  int
	entry bool
}

func (c *countdown) Err() error {
	if !c.entry {
		c.entry = true
		return nil
	}
	if c.left > 0 {
		c.left--
		return nil
	}
	return context.Canceled
}

// WritePlot stops when its context is done: nothing is written, the
// context's error returned; before, the figure was drawn and written
// whatever the context.
func TestWritePlotStops(t *testing.T) {
	p, err := Simplex(simplexModel())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WritePlot(context.Background(), &b, p, 2*vg.Inch, 2*vg.Inch, "png"); err != nil || b.Len() == 0 {
		t.Fatalf("png: %v, %d bytes", err, b.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b.Reset()
	if err := WritePlot(ctx, &b, p, 2*vg.Inch, 2*vg.Inch, "png"); !errors.Is(err, context.Canceled) || b.Len() != 0 {
		t.Errorf("done context: %v, %d bytes written", err, b.Len())
	}
	// Done while drawing: the drawing stops, nothing is written.
	b.Reset()
	stop := &countdown{Context: context.Background(), left: 3}
	if err := WritePlot(stop, &b, p, 2*vg.Inch, 2*vg.Inch, "svg"); !errors.Is(err, context.Canceled) || b.Len() != 0 {
		t.Errorf("context done while drawing: %v, %d bytes written", err, b.Len())
	}
	if err := WritePlot(context.Background(), &b, p, 2*vg.Inch, 2*vg.Inch, "bmp"); err == nil {
		t.Error("unknown format accepted")
	}
}
