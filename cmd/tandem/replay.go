package main

import (
	"fmt"
	"io"
)

// runReplay is being written (placeholder replaced by its owner).
func runReplay(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem: this command is being built")
	return 1
}
