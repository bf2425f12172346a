package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/report"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
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
		// Only reached without a known KIND; its flags (-o, --size) are
		// then the unknown KIND's, not an error of their own.
		Args:               cobra.ArbitraryArgs,
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
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
estimated vertices, labelled with their topic's number (no word need reach a
vertex: "hull topics" names each topic's vertex word), and every edge of the
simplex between them. With K > 3 the picture is the projection of the
simplex on R's first two coordinates.

The model holds all it needs ("hull fit --algo score" keeps the first two
columns of R for up to 2,000 words evenly spaced over the vocabulary, plus the
anchor-like words, the centres and the vertices): no corpus is read.`,
		Example: `  hull fit --algo score -k 3 ../shared/data/ap/ap.dat --max-vocab 5000 -o ap.json
  hull plot simplex ap.json -o ap-simplex.png`,
		Args: positional(1, 1, "one MODEL, whose simplex to draw"),
		RunE: func(cmd *cobra.Command, args []string) error {
			format := strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
			switch {
			case out == "":
				return errors.New("-o FILE is required: the .png or .svg file to write")
			case format != "png" && format != "svg":
				return fmt.Errorf("-o %s: want a .png or .svg file", out)
			case !(size*vgimg.DefaultDPI >= 1 && size <= maxPlotInches):
				return fmt.Errorf("--size %v: want inches from 1/%d (one pixel) to %d (a PNG of %d inches is %d pixels square)",
					size, vgimg.DefaultDPI, maxPlotInches, maxPlotInches, maxPlotInches*vgimg.DefaultDPI)
			}
			if err := checkOutput(out, args...); err != nil {
				return err
			}
			m, err := loadModel("", args[0])
			if err != nil {
				return err
			}
			p, err := report.Simplex(m)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			return writePicture(cmd.Context(), out, func(f io.Writer) error {
				return report.WritePlot(cmd.Context(), f, p, vg.Length(size)*vg.Inch, vg.Length(size)*vg.Inch, format)
			})
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the figure to write: FILE.png or FILE.svg")
	cmd.Flags().Float64Var(&size, "size", 6, fmt.Sprintf("width and height of the figure, in inches (at most %d)", maxPlotInches))
	return cmd
}

// writePicture writes the file out with write, atomically, unless ctx is
// done (Ctrl-C): write is given a writer that fails once ctx is done, so
// that an interrupted drawing or encoding leaves neither out nor a
// temporary file, and the error is ctx's (exit 130); another failure to
// write is the machine's (an envError).
func writePicture(ctx context.Context, out string, write func(io.Writer) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := atomicfile.WriteContext(ctx, out, write); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		return envError{err}
	}
	return nil
}

// maxPlotInches bounds --size: the PNG's RGBA image is (96 size)^2 x 4
// bytes, 88 MiB at 50 inches; above, gonum/plot panics or the process
// runs out of memory (and an infinite size writes an SVG of "+Inf").
const maxPlotInches = 50
