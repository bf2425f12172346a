package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newEvalCmd is a placeholder until the command is written.
func newEvalCmd() *cobra.Command {
	return &cobra.Command{Use: "eval", Hidden: true, RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") }}
}
