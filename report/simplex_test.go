package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
	"gonum.org/v1/plot/vg"
)

// simplexModel returns a K = 3 model with a simplex whose sample holds
// words 0..3, words 0 and 1 being near a vertex.
func simplexModel() *model.Model {
	return &model.Model{
		Algorithm: "score", K: 3, Vocab: []string{"a", "b", "c", "d"},
		Topics:     [][]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0.5, 0.5}},
		Anchors:    []int{0, 1, 2},
		TopicWords: [][]int{{0}, {1}, {}},
		Simplex: &model.Simplex{
			Vertices:    [][]float64{{0, 1, 7}, {-1, -1, 7}, {1, -1, 7}},
			Centres:     [][]float64{{0, 0.9, 7}, {0, 0, 7}},
			Sample:      [][]float64{{0, 0.95, 7}, {-0.95, -0.95, 7}, {0.1, 0.2, 7}, {0.5, -0.5, 7}},
			SampleWords: []int{0, 1, 2, 3},
		},
	}
}

func TestSimplex(t *testing.T) {
	p, err := Simplex(simplexModel())
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min != -1 || p.X.Max != 1 || p.Y.Min != -1 || p.Y.Max != 1 {
		t.Errorf("data range x [%v, %v], y [%v, %v]; want the first two coordinates", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	for _, format := range []string{"png", "svg"} {
		w, err := p.WriterTo(3*vg.Inch, 3*vg.Inch, format)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := w.WriteTo(&b); err != nil || b.Len() < 100 {
			t.Errorf("%s: %d bytes, %v", format, b.Len(), err)
		}
		if format != "svg" {
			continue
		}
		for _, text := range []string{">1 a<", ">2 b<", ">3 c<", ">words<", ">anchor-like words<", ">k-means centres<", ">vertices<"} {
			if !bytes.Contains(b.Bytes(), []byte(text)) {
				t.Errorf("the SVG lacks %s", text)
			}
		}
	}
}

// A vertex is labelled with its anchor word only where the model marks
// anchors (model.MarkAnchor), not with Topic-SCORE's vertex words.
func TestSimplexLabelsAnchorsOnly(t *testing.T) {
	m := simplexModel()
	m.Anchors = nil // marks vertex words (TopicWords) now
	if kind := m.MarkKind(); kind != model.MarkVertexWord {
		t.Fatalf("MarkKind() = %q, want %q", kind, model.MarkVertexWord)
	}
	b := simplexSVG(t, m)
	for _, text := range []string{">1<", ">2<", ">3<"} {
		if !bytes.Contains(b.Bytes(), []byte(text)) {
			t.Errorf("the SVG lacks %s", text)
		}
	}
	for _, text := range []string{">1 a<", ">2 b<"} {
		if bytes.Contains(b.Bytes(), []byte(text)) {
			t.Errorf("the SVG labels a vertex word: %s", text)
		}
	}
}

func TestSimplexErrors(t *testing.T) {
	none := simplexModel()
	none.Simplex, none.Algorithm = nil, "anchor"
	two := &model.Model{Algorithm: "score", K: 2, Vocab: []string{"a", "b"}, Topics: [][]float64{{1, 0}, {0, 1}},
		Simplex: &model.Simplex{Vertices: [][]float64{{0}, {1}}}}
	bad := simplexModel()
	bad.Simplex.SampleWords = bad.Simplex.SampleWords[:2]
	flat := simplexModel()
	flat.Simplex = &model.Simplex{Vertices: [][]float64{{0}, {1}, {2}}}
	// Rows of one coordinate pass Validate (a sample keeps at most the
	// vertices' coordinates); reading the second panicked.
	short := simplexModel()
	for i, r := range short.Simplex.Sample {
		short.Simplex.Sample[i] = r[:1]
	}
	// The axes' range overflowed and gonum/plot hung (hull plot simplex).
	wide := simplexModel()
	wide.Simplex.Vertices[0][1], wide.Simplex.Vertices[1][1] = 1e308, -1e308
	for want, m := range map[string]*model.Model{
		`(algorithm "anchor") has no simplex: only Topic-SCORE`: none,
		"K = 2":                         two,
		"sample words":                  bad,
		"fewer than 2 coordinates":      flat,
		"sample rows have 1 coordinate": short,
		"second coordinates run from -1e+308 to 1e+308": wide,
	} {
		if _, err := Simplex(m); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one with %q", err, want)
		}
	}
}

// Words with control and bidirectional characters (ESC [2J, BEL, NUL,
// U+202E, U+2066; invalid UTF-8 no model holds) and XML's specials are escaped in the SVG, which
// is well-formed XML.
func TestSimplexSVGEscapesWords(t *testing.T) {
	m := simplexModel()
	m.Vocab = []string{"a\x1b[2Jb", "be\al<&>", "nu\x00l\u202eo", "d\u2066"}
	b := simplexSVG(t, m)
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var texts []string
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
	for _, want := range []string{`1 a\x1b[2Jb`, `2 be\al<&>`, `3 nu\x00l\u202eo`} {
		if !slices.Contains(texts, want) {
			t.Errorf("the SVG's texts %q lack %q", texts, want)
		}
	}
}

// simplexSVG renders m's simplex plot as a 3 x 3 inch SVG.
func simplexSVG(t *testing.T, m *model.Model) *bytes.Buffer {
	t.Helper()
	p, err := Simplex(m)
	if err != nil {
		t.Fatal(err)
	}
	w, err := p.WriterTo(3*vg.Inch, 3*vg.Inch, "svg")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return &b
}
