package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/internal/version"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "hull",
		Short: "Fast, provable, geometric topic models",
		Long: `hull learns topic models with provable geometric algorithms: topics are the
corners of a simplex hidden in a corpus. Same input and --seed, same model.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version.Version, // hull --version, as hull version
	}
	root.SetVersionTemplate("hull {{.Version}}\n")
	root.SetFlagErrorFunc(flagError) // the subcommands inherit it
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

// flagError says what a flag's value should be, as hull's own checks do
// ("-k/--topics abc: want an integer"), where pflag names Go's parser
// ("strconv.ParseInt: parsing ...: invalid syntax").
func flagError(_ *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	f, want := bad.GetFlag(), bad.Unwrap().Error()
	switch t := f.Value.Type(); {
	case t == "intSlice":
		want = "integers separated by commas"
	case strings.HasPrefix(t, "uint"):
		want = "a non-negative integer"
	case strings.HasPrefix(t, "int"):
		want = "an integer"
	case strings.HasPrefix(t, "float"):
		want = "a number"
	case t == "bool":
		want = "true or false"
	case t == "duration":
		want = "a duration such as 90s or 5m"
	}
	name := "--" + f.Name
	if f.Shorthand != "" {
		name = "-" + f.Shorthand + "/" + name
	}
	return fmt.Errorf("%s %s: want %s", name, bad.GetValue(), want)
}

// positional returns the check of a command's arguments: at least min, at
// most max (-1: any number more), want saying what they are ("MODEL and
// at least one INPUT"); its error names them, where cobra's counts them.
func positional(min, max int, want string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) >= min && (max < 0 || len(args) <= max) {
			return nil
		}
		got := "none"
		if len(args) > 0 {
			got = fmt.Sprintf("%s (%s)", documents(len(args), "argument"), textsafe.Escape(strings.Join(args, " ")))
		}
		return fmt.Errorf("want %s; got %s: see %q", want, got, cmd.CommandPath()+" --help")
	}
}
