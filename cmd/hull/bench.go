package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newBenchCmd is a placeholder until the command is written.
func newBenchCmd() *cobra.Command {
	return &cobra.Command{Use: "bench", Hidden: true, RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") }}
}
