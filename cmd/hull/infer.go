package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newInferCmd is a placeholder until the command is written.
func newInferCmd() *cobra.Command {
	return &cobra.Command{Use: "infer", Hidden: true, RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") }}
}
