package main

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/interrupt"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func TestPlotTopicsGrid(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := hull(t, "synth", "swimmer", "--doc-length", "20", "-o", dir); code != 0 {
		t.Fatalf("synth: exit %d: %s", code, errOut)
	}
	truth := filepath.Join(dir, "truth.json")
	out := filepath.Join(dir, "grid.png")
	code, _, errOut := hull(t, "plot", "topics-grid", truth, "--truth", truth, "-o", out)
	if code != 0 {
		t.Fatalf("plot: exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "by their names pRR_CC") || !strings.Contains(errOut, "16 of 16 true topics matched at cosine >= 0.9") {
		t.Errorf("stderr %q", errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 8*128 || b.Dy() < 4*128 {
		t.Errorf("picture %v too small for 2 bands of 8 truth and 8 learned tiles", b)
	}
	// The same command writes the same bytes.
	out2 := filepath.Join(dir, "grid2.png")
	if code, _, _ := hull(t, "plot", "topics-grid", truth, "--truth", truth, "-o", out2); code != 0 {
		t.Fatal("second plot failed")
	}
	if data2, _ := os.ReadFile(out2); !bytes.Equal(data, data2) {
		t.Error("same input, different PNG bytes")
	}

	// Words not named as pixels, V = 100 a perfect square: laid out in
	// order, and said so.
	_, square, err := synth.LDA{K: 3, V: 100, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	sq := filepath.Join(dir, "square.json")
	if err := model.Save(sq, square); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = hull(t, "plot", "topics-grid", sq, "-o", filepath.Join(dir, "sq.png"), "--columns", "2", "--scale", "3")
	if code != 0 || !strings.Contains(errOut, "3 topics as 10 x 10 images, words laid out in order, row by row (the words are not named pRR_CC)") {
		t.Errorf("square vocabulary: exit %d, stderr %q", code, errOut)
	}
	// Pixel names laid out in order as asked: the note gives that reason.
	code, _, errOut = hull(t, "plot", "topics-grid", truth, "-o", filepath.Join(dir, "order.png"), "--layout", "order")
	if code != 0 || !strings.Contains(errOut, "in order, row by row (--layout order)") {
		t.Errorf("--layout order: exit %d, stderr %q", code, errOut)
	}
	// Each of --scale and --columns in range, the picture too large: said
	// with the flags.
	code, _, errOut = hull(t, "plot", "topics-grid", truth, "-o", filepath.Join(dir, "huge.png"), "--scale", "64")
	if code != exitBadInput || !strings.Contains(errOut, "--scale 64, --columns 0: a ") || strings.Contains(errOut, "Scale") {
		t.Errorf("--scale 64: exit %d, stderr %q", code, errOut)
	}
}

func TestPlotTopicsGridBadInput(t *testing.T) {
	dir := t.TempDir()
	_, lda, err := synth.LDA{K: 3, V: 50, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(1, 3)))
	if err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "m.json")
	if err := model.Save(m, lda); err != nil {
		t.Fatal(err)
	}
	_, square, err := synth.LDA{K: 2, V: 4, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(1, 3)))
	if err != nil {
		t.Fatal(err)
	}
	sq := filepath.Join(dir, "sq.json")
	if err := model.Save(sq, square); err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(dir, "x.png")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{m}, "-o FILE.png is required"},
		{[]string{m, "-o", filepath.Join(dir, "x.svg")}, "want a .png file"},
		{[]string{m, "-o", png}, m + `: word 0 "w0" is not a pixel name pRR_CC, and V = 50 is not a perfect square`},
		{[]string{m, "-o", png, "--layout", "names"}, m + `: word 0 "w0" is not a pixel name`},
		{[]string{sq, "-o", png, "--truth", m}, m + `: word 0 "w0" is not a pixel name pRR_CC, and V = 50`},
		{[]string{m, "-o", png, "--layout", "rows"}, `--layout "rows": want auto, names or order`},
		{[]string{m, "-o", png, "--threshold", "0"}, "--threshold"},
		{[]string{m, "-o", png, "--scale", "2000"}, "--scale 2000: want 0 (128 / side) to 64"},
		{[]string{m, "-o", png, "--columns", "-1"}, "--columns -1: want 0 (8) to 256 topics per row"},
		{[]string{m, "-o", png, "--truth", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{filepath.Join(dir, "missing.json"), "-o", png}, "missing.json"},
	} {
		code, _, errOut := hull(t, append([]string{"plot", "topics-grid"}, tc.args...)...)
		if code != exitBadInput || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, exitBadInput, tc.want)
		}
	}
	if _, err := os.Stat(png); !os.IsNotExist(err) {
		t.Errorf("a failed plot left %s behind", png)
	}
}

// A KIND that is not one says so, whatever flags follow it; before, "-o"
// was reported as an unknown flag of "hull plot".
func TestPlotUnknownKind(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plot", "banana", "-o", "x.svg", "--size", "3"}, `unknown plot KIND "banana" (want simplex or topics-grid)`},
		{[]string{"plot", "-o", "x.svg"}, "plot needs a KIND: simplex or topics-grid"},
		{[]string{"plot", "simplex", "m.json", "-o", "x.svg", "--bogus"}, "unknown flag: --bogus"},
	} {
		if code, _, errOut := hull(t, tc.args...); code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("hull %v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// SIGINT stops plot simplex and plot topics-grid as it stops the other
// commands: exit 130, no picture and no temporary file. They ignored the
// signal, drew and wrote the picture and exited 0 (or, past the grace
// period, were killed and left a temporary file).
func TestPlotInterrupted(t *testing.T) {
	dir := synthCorpus(t, "swimmer", "--doc-length", "20")
	truth := filepath.Join(dir, "truth.json")
	simplex := filepath.Join(dir, "score.json")
	if err := model.Save(simplex, &model.Model{
		Algorithm: "score", K: 3, Vocab: []string{"a", "b", "c", "d"},
		Topics:  [][]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0.5, 0.5}},
		Anchors: []int{0, 1, 2}, TopicWords: [][]int{{0}, {1}, {}},
		Simplex: &model.Simplex{Vertices: [][]float64{{0, 1}, {-1, -1}, {1, -1}}, Centres: [][]float64{{0, 0.9}, {-0.9, -0.9}, {0.9, -0.9}},
			VertexCentres: []int{0, 1, 2}, Sample: [][]float64{{0, 0.95}, {0.1, 0.2}}, SampleWords: []int{0, 2}},
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupt.Signal{Sig: os.Interrupt})
	for _, args := range [][]string{
		{"plot", "simplex", simplex, "-o", filepath.Join(dir, "simplex.png")},
		{"plot", "simplex", simplex, "-o", filepath.Join(dir, "simplex.svg")},
		{"plot", "topics-grid", truth, "--truth", truth, "-o", filepath.Join(dir, "grid.png")},
	} {
		var out, errOut bytes.Buffer
		code := run(ctx, args, &out, &errOut)
		if code != exitInterrupted || !strings.Contains(errOut.String(), "hull: interrupted by signal: interrupt") {
			t.Errorf("%s: exit %d, stderr %q; want 130 and the interruption", args[1], code, errOut.String())
		}
		if _, err := os.Stat(args[len(args)-1]); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a picture was written: %v", args[1], err)
		}
	}
	noTemps(t, dir)
	// Not interrupted, the same commands write their pictures.
	for _, args := range [][]string{
		{"plot", "simplex", simplex, "-o", filepath.Join(dir, "simplex.png")},
		{"plot", "topics-grid", "-q", truth, "--truth", truth, "-o", filepath.Join(dir, "grid.png")},
	} {
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Errorf("%s: exit %d: %s", args[1], code, errOut)
		}
	}
}

// Interrupted while the picture is written (encoding a large PNG takes
// seconds), the write fails with the context's error: no picture, no
// temporary file, exit 130.
func TestWritePictureInterrupted(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.png")
	ctx, cancel := context.WithCancel(context.Background())
	err := writePicture(ctx, out, func(w io.Writer) error {
		if _, err := w.Write(make([]byte, 1<<16)); err != nil {
			return err
		}
		cancel() // Ctrl-C
		_, err := w.Write(make([]byte, 1<<16))
		return err
	})
	if !errors.Is(err, context.Canceled) || exitStatus(err) != exitInterrupted {
		t.Errorf("error %v (exit %d), want the interruption", err, exitStatus(err))
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a picture was written: %v", err)
	}
	noTemps(t, dir)
	if err := writePicture(context.Background(), out, func(w io.Writer) error { _, err := io.WriteString(w, "png"); return err }); err != nil {
		t.Errorf("not interrupted: %v", err)
	}
}
