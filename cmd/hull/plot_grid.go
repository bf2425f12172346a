package main

import (
	"errors"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/report"
	"github.com/spf13/cobra"
)

// newPlotTopicsGridCmd returns "hull plot topics-grid".
func newPlotTopicsGridCmd() *cobra.Command {
	var (
		out, truth, layout string
		o                  report.GridOptions
		quiet              bool
	)
	cmd := &cobra.Command{
		Use:   "topics-grid MODEL [--truth TRUTH] -o FILE.png",
		Short: "Draw each topic of an image-pixel vocabulary as a grayscale image, beside the truth",
		Long: `Draw each topic of MODEL as a side x side grayscale image (the topic's largest
weight white, 0 black), topics in a grid, into a PNG file written atomically: the
figures of Ding et al. 2013, section 6.3, for the Swimmer corpus ("hull synth
swimmer").

Words become pixels by their names "pRR_CC" (row, column), as hull synth swimmer
names them, or, when the words are not so named and V is a perfect square, by
their order (word i at row i / side, column i % side); --layout forces one. The
layout used is printed on stderr.

With --truth, each band of the picture holds true topics on top and below each
the learned topic matched to it (maximum-weight matching on cosine similarity,
as "hull eval --recovered-at"), labelled with its number and cosine, green when
the cosine reaches --threshold; learned topics left unmatched come last. The two
models may have different K.

A label too wide for its tile takes a shorter form ("topic 10  cos 0.898",
"10  cos 0.898", "10: .898", "10"); one that fits in none is cut and ends in
"…". A row holds at most K topics (the truth's K with --truth), whatever
--columns.`,
		Example: `  hull synth swimmer -o swim
  hull fit -k 16 swim/docword.txt -o swim/anchor.json
  hull plot topics-grid swim/anchor.json --truth swim/truth.json -o swim/anchor.png`,
		Args: positional(1, 1, "one MODEL, whose topics to draw"),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case out == "":
				return errors.New("-o FILE.png is required: the picture to write")
			case strings.ToLower(filepath.Ext(out)) != ".png":
				return fmt.Errorf("-o %s: want a .png file", out)
			case layout != report.LayoutAuto && layout != report.LayoutNames && layout != report.LayoutOrder:
				return fmt.Errorf("--layout %q: want %s, %s or %s", layout, report.LayoutAuto, report.LayoutNames, report.LayoutOrder)
			case !(o.Threshold > 0 && o.Threshold <= 1):
				return fmt.Errorf("--threshold %v: want a cosine in (0, 1]", o.Threshold)
			case o.Scale < 0 || o.Scale > report.MaxScale:
				return fmt.Errorf("--scale %d: want 0 (128 / side) to %d picture pixels per image pixel", o.Scale, report.MaxScale)
			case o.Columns < 0 || o.Columns > report.MaxColumns:
				return fmt.Errorf("--columns %d: want 0 (8) to %d topics per row (a row holds at most K)", o.Columns, report.MaxColumns)
			}
			if truth == "" {
				if err := unusedFlags(cmd.Flags(), "it colours the topics matched to --truth, and none is given", "threshold"); err != nil {
					return err
				}
			}
			if err := checkOutput(out, args[0], truth); err != nil {
				return err
			}
			m, err := loadModel("", args[0])
			if err != nil {
				return err
			}
			if truth != "" {
				if o.Truth, err = loadModel("--truth", truth); err != nil {
					return err
				}
			}
			o.Layout = layout
			g, err := report.TopicsGrid(cmd.Context(), m, o)
			if se, ok := errors.AsType[*report.SizeError](err); ok {
				return fmt.Errorf("--scale %d, --columns %d: a %d x %d picture is too large (more than %d pixels) for %d topics; lower --scale or --columns",
					o.Scale, o.Columns, se.Width, se.Height, report.MaxPixels, m.K)
			}
			if me, ok := errors.AsType[*report.ModelError](err); ok {
				if me.Truth {
					return fmt.Errorf("%s: %w", truth, me.Err)
				}
				return fmt.Errorf("%s: %w", args[0], me.Err)
			}
			if err != nil {
				return err
			}
			how := "by their names pRR_CC"
			switch {
			case g.Layout == report.LayoutOrder && layout == report.LayoutOrder:
				how = "in order, row by row (--layout order)"
			case g.Layout == report.LayoutOrder:
				how = "in order, row by row (the words are not named pRR_CC)"
			}
			msg := fmt.Sprintf("topics-grid: %d topics as %d x %d images, words laid out %s", m.K, g.Side, g.Side, how)
			if r := g.Recovered; r != nil {
				msg += fmt.Sprintf("; %d of %d true topics matched at cosine >= %g", r.Count, o.Truth.K, r.Threshold)
			}
			fmt.Fprintln(logWriter(cmd, quiet), msg)
			return writePicture(cmd.Context(), out, func(f io.Writer) error { return png.Encode(f, g.Image) })
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&out, "output", "o", "", "the PNG file to write")
	fs.StringVar(&truth, "truth", "", "true model whose topics go on top, the learned ones matched below")
	fs.StringVar(&layout, "layout", report.LayoutAuto, "how words become pixels: auto|names|order")
	fs.IntVar(&o.Scale, "scale", 0, "picture pixels per image pixel (0: 128 / side, at least 1)")
	fs.IntVar(&o.Columns, "columns", 0, "topics per row (0: 8), at most K (the truth's K with --truth)")
	fs.Float64Var(&o.Threshold, "threshold", 0.9, "cosine from which a matched topic counts as recovered (green label)")
	fs.StringVar(&o.Title, "title", "", "title of the picture (default: algorithm, K and the recovered count)")
	fs.BoolVarP(&quiet, "quiet", "q", false, "no summary on stderr")
	return cmd
}
