package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newSynthCmd is a placeholder until the command is written.
func newSynthCmd() *cobra.Command {
	return &cobra.Command{Use: "synth", Hidden: true, RunE: func(*cobra.Command, []string) error { return errors.New("not implemented yet") }}
}
