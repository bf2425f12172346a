package main

import (
	"fmt"

	"github.com/hulltopics/hull/internal/version"
	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "hull",
		Short: "Fast, provable, geometric topic models",
		Long: `hull learns topic models with provable geometric algorithms: topics are the
corners of a simplex hidden in a corpus. Same input and --seed, same model.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newFitCmd(), newCorpusCmd(), newStatsCmd(), newTopicsCmd(), newSynthCmd(), newInferCmd(), newEvalCmd(), newBenchCmd(), newPlotCmd(), newDiagnoseCmd(), newReportCmd(), newExportCmd(), newVersionCmd())
	return root
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print hull's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintln(cmd.OutOrStdout(), "hull", version.Version)
			return nil
		},
	}
}
