package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// names returns "pRR_CC" for a side x side image, row by row.
func names(side int) []string {
	var v []string
	for r := range side {
		for c := range side {
			v = append(v, fmt.Sprintf("p%02d_%02d", r, c))
		}
	}
	return v
}

// bar returns a topic over a side x side image: weight 3 on row r, 1
// elsewhere, normalised.
func bar(side, r int) []float64 {
	t := make([]float64, side*side)
	total := 0.0
	for i := range t {
		t[i] = 1
		if i/side == r {
			t[i] = 3
		}
		total += t[i]
	}
	for i := range t {
		t[i] /= total
	}
	return t
}

func topics(vocab []string, ts ...[]float64) *model.Model {
	return &model.Model{Algorithm: "test", K: len(ts), Vocab: vocab, Topics: ts}
}

func TestPixels(t *testing.T) {
	shuffled := []string{"p01_01", "p00_00", "p01_00", "p00_01"}
	for _, c := range []struct {
		name   string
		vocab  []string
		layout string
		want   string
		side   int
		pos    []int
		err    string
	}{
		{"names", names(2), LayoutAuto, LayoutNames, 2, []int{0, 1, 2, 3}, ""},
		{"names shuffled", shuffled, LayoutAuto, LayoutNames, 2, []int{3, 0, 2, 1}, ""},
		{"names forced to order", shuffled, LayoutOrder, LayoutOrder, 2, []int{0, 1, 2, 3}, ""},
		{"missing pixels", []string{"p00_00", "p02_01"}, LayoutAuto, LayoutNames, 3, []int{0, 7}, ""},
		{"plain words, square", []string{"a", "b", "c", "d"}, LayoutAuto, LayoutOrder, 2, []int{0, 1, 2, 3}, ""},
		{"plain words, not square", []string{"a", "b", "c"}, LayoutAuto, "", 0, nil, "not a pixel name"},
		{"plain words, names forced", []string{"a", "b", "c", "d"}, LayoutNames, "", 0, nil, `word 0 "a" is not a pixel name`},
		{"order, not square", names(2)[:3], LayoutOrder, "", 0, nil, "not a perfect square"},
		{"duplicate pixel", []string{"p00_00", "p0_0"}, LayoutNames, "", 0, nil, "same pixel"},
		{"half a name", []string{"p00_", "p01_x", "p_01", "q00_00"}, LayoutNames, "", 0, nil, "not a pixel name"},
		{"too large", []string{"p5000_00"}, LayoutNames, "", 0, nil, "beyond the limit"},
	} {
		layout, side, pos, err := pixels(c.vocab, c.layout)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || layout != c.want || side != c.side || !slices.Equal(pos, c.pos) {
			t.Errorf("%s: %q %d %v %v, want %q %d %v", c.name, layout, side, pos, err, c.want, c.side, c.pos)
		}
	}
}

// tileAt returns the top-left picture pixel of the image of the tile in
// row i, column j, for the given cell size.
func tileAt(i, j, cell int, truth bool) image.Point {
	y := pad + titleH + i*(labelH+cell+pad)
	if truth {
		y += (i / 2) * 2 * pad
	}
	return image.Pt(pad+j*(cell+pad), y+labelH)
}

func TestTopicsGridWithTruth(t *testing.T) {
	const side = 4
	v := names(side)
	truth := topics(v, bar(side, 0), bar(side, 1), bar(side, 2))
	truth.TopicLabels = []string{"top", "second", "third"}
	// Learned: the truth's topics 2 and 0, and a flat topic near nothing.
	flat := make([]float64, side*side)
	for i := range flat {
		flat[i] = 1.0 / float64(len(flat))
	}
	learned := topics(v, bar(side, 2), flat, bar(side, 0), bar(side, 3))
	g, err := TopicsGrid(context.Background(), learned, GridOptions{Truth: truth, Scale: 2, Columns: 2})
	if err != nil {
		t.Fatal(err)
	}
	if g.Side != side || g.Layout != LayoutNames || g.Recovered == nil {
		t.Fatalf("grid %+v", g)
	}
	r := g.Recovered
	if r.Match[0] != 2 || r.Match[2] != 0 || r.Count != 2 || !slices.Equal(r.Topics, []int{0, 2}) {
		t.Fatalf("recovered %+v", r)
	}
	cell := side * 2
	// Rows: truth 0-1, learned below, truth 2, learned below, then the
	// unmatched learned topic (3 or 1, whichever the matching left).
	wantW, wantH := pad+2*(cell+pad), pad+titleH+5*(labelH+cell+pad)+2*2*pad+pad
	if b := g.Image.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
		t.Fatalf("picture %v, want %d x %d", b, wantW, wantH)
	}
	// The learned tile under true topic 0 is learned topic 2 = true topic
	// 0: row 0 of its image white (255), row 1 at 1/3 (85).
	for _, rc := range [][2]int{{0, 0}, {1, 0}} {
		p := tileAt(rc[0], rc[1], cell, true)
		if got := g.Image.RGBAAt(p.X, p.Y); got.R != 255 || got.G != 255 {
			t.Errorf("tile %v, image row 0: %v, want white", rc, got)
		}
		if got := g.Image.RGBAAt(p.X+1, p.Y+2); got.R != 85 {
			t.Errorf("tile %v, image row 1: %v, want gray 85", rc, got)
		}
	}
	// The tile under true topic 2 (row 3, column 0) is learned topic 0:
	// bright on image row 2, whose pixels start at picture row 2*scale.
	p := tileAt(3, 0, cell, true)
	if got := g.Image.RGBAAt(p.X, p.Y+4); got.R != 255 {
		t.Errorf("matched tile of true topic 2: %v, want white on image row 2", got)
	}
	// Same input, same picture.
	g2, err := TopicsGrid(context.Background(), learned, GridOptions{Truth: truth, Scale: 2, Columns: 2})
	if err != nil || !bytes.Equal(g.Image.Pix, g2.Image.Pix) {
		t.Fatalf("second picture differs (%v)", err)
	}
}

func TestTopicsGridAlone(t *testing.T) {
	v := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}
	m := topics(v, bar(3, 0), bar(3, 1), bar(3, 2))
	g, err := TopicsGrid(context.Background(), m, GridOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Defaults: scale 128/3 = 42, all 3 topics in one row.
	cell := 3 * 42
	if g.Layout != LayoutOrder || g.Side != 3 || g.Recovered != nil {
		t.Fatalf("grid %+v", g)
	}
	if b := g.Image.Bounds(); b.Dx() != pad+3*(cell+pad) || b.Dy() != pad+titleH+labelH+cell+pad+pad {
		t.Fatalf("picture %v", b)
	}
	p := tileAt(0, 2, cell, false)
	if got := g.Image.RGBAAt(p.X, p.Y+2*42); got.R != 255 {
		t.Errorf("topic 2, image row 2: %v, want white", got)
	}
	if got := g.Image.RGBAAt(p.X, p.Y); got.R != 85 {
		t.Errorf("topic 2, image row 0: %v, want 85", got)
	}
}

func TestTopicsGridErrors(t *testing.T) {
	v := names(2)
	m := topics(v, bar(2, 0), bar(2, 1))
	other := topics([]string{"p05_05", "p05_06", "p06_05", "p06_06"}, bar(2, 0))
	plain := topics([]string{"a", "b", "c", "d"}, bar(2, 0))
	for name, c := range map[string]struct {
		m    *model.Model
		o    GridOptions
		want string
	}{
		"layout":         {m, GridOptions{Layout: "spiral"}, "layout"},
		"scale":          {m, GridOptions{Scale: -1}, "scale"},
		"huge scale":     {m, GridOptions{Scale: 1 << 40}, "scale"},
		"columns":        {m, GridOptions{Columns: 100000}, "columns"},
		"threshold":      {m, GridOptions{Threshold: 1.5}, "threshold"},
		"invalid model":  {topics(v, []float64{1, 1, 0, 0}), GridOptions{}, "sums to"},
		"invalid truth":  {m, GridOptions{Truth: &model.Model{K: 1}}, "true model"},
		"disjoint":       {m, GridOptions{Truth: other}, "no word in common"},
		"layouts differ": {m, GridOptions{Truth: plain}, "laid out"},
		"not pixels":     {topics([]string{"a", "b", "c"}, []float64{0.2, 0.3, 0.5}), GridOptions{}, "perfect square"},
	} {
		_, err := TopicsGrid(context.Background(), c.m, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, c.want)
		}
	}
	// Scale and Columns each in range, the picture too large: a
	// *SizeError, which a caller can name its own flags in.
	var rows [][]float64
	for r := range 16 {
		rows = append(rows, bar(32, r))
	}
	_, err := TopicsGrid(context.Background(), topics(names(32), rows...), GridOptions{Scale: MaxScale, Columns: 8})
	if se, ok := errors.AsType[*SizeError](err); !ok || se.Width*se.Height <= MaxPixels {
		t.Errorf("too large: error %v, want a *SizeError beyond %d pixels", err, MaxPixels)
	}
}

// A learned model on a smaller picture than the truth's (3 x 3 of its
// 4 x 4 pixels, by name) is drawn on the truth's side with its pixels in
// place: its rows were sheared, positions of 3 per row read as 4.
func TestTopicsGridSmallerModel(t *testing.T) {
	const scale = 2
	var crop []string
	for r := range 3 {
		for c := range 3 {
			crop = append(crop, fmt.Sprintf("p%02d_%02d", r, c))
		}
	}
	truth := topics(names(4), bar(4, 1))
	learned := topics(crop, bar(3, 1))
	g, err := TopicsGrid(context.Background(), learned, GridOptions{Truth: truth, Scale: scale, Columns: 1})
	if err != nil {
		t.Fatal(err)
	}
	if g.Side != 4 {
		t.Fatalf("side %d, want 4", g.Side)
	}
	p := tileAt(1, 0, 4*scale, true) // the learned tile, under the truth's
	for c := range 3 {
		if got := g.Image.RGBAAt(p.X+c*scale, p.Y+1*scale); got.R != 255 {
			t.Errorf("learned tile, pixel (1, %d): %v, want white", c, got)
		}
		if got := g.Image.RGBAAt(p.X+c*scale, p.Y); got.R != 85 {
			t.Errorf("learned tile, pixel (0, %d): %v, want gray 85", c, got)
		}
	}
}

// A label is cut to its tile's width in whole runes, without a final
// space, ending in "…", and a long one quickly: a rune at a time it took a
// minute at 8,000 runes.
func TestCut(t *testing.T) {
	face := font.DefaultCache.Lookup(plot.DefaultFont, vg.Length(fontSize))
	long := strings.Repeat("ab ", 20000) + "\xff"
	got := cut(face, long, 100)
	body, marked := strings.CutSuffix(got, ellipsis)
	if !marked || body == "" || face.Width(got) > 100 || strings.HasSuffix(body, " ") || !strings.HasPrefix(long, body) {
		t.Errorf("cut = %q (width %v)", got, face.Width(got))
	}
	if next := strings.TrimRight(long[:len(body)+2], " "); face.Width(next+ellipsis) <= 100 && len(next) > len(body) {
		t.Errorf("cut = %q stops short: %q fits", got, next+ellipsis)
	}
	if got := cut(face, "short", 100); got != "short" {
		t.Errorf("cut of a label that fits = %q", got)
	}
	if got := cut(face, "\xff\xfe", face.Width(ellipsis)); got != ellipsis {
		t.Errorf("cut to the ellipsis alone = %q", got)
	}
	if got := cut(face, "\xff\xfe", 0.1); got != "" {
		t.Errorf("cut to nothing = %q", got)
	}
}

// The default title holds the model's algorithm, which is data: escaped
// as the --title and the labels are.
func TestGridTitleEscapesTheModel(t *testing.T) {
	m := &model.Model{Algorithm: "x\x1b[2J\u202eevil", K: 3}
	want := textsafe.Escape(m.Algorithm) + ", K = 3"
	if got := gridTitle(m, GridOptions{}, nil); got[0] != want {
		t.Errorf("title %q, want %q", got, want)
	}
	if got := gridTitle(m, GridOptions{Title: "a\x00b"}, nil); !slices.Equal(got, []string{textsafe.Escape("a\x00b")}) {
		t.Errorf("title %q from GridOptions.Title", got)
	}
}
