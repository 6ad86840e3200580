package main

import (
	"io"

	"tandem/internal/cliflag"
)

// command is a command's flag set and usage (package cliflag).
type command = cliflag.Command

// newCommand returns the command named name ("tandem run") with its
// synopsis and paragraph, writing errors and usage to stderr.
func newCommand(name, synopsis, about string, stderr io.Writer) *command {
	return cliflag.New(name, &cliflag.Opts{Synopsis: synopsis, About: about, Stderr: stderr})
}
