package main

import (
	"fmt"
	"io"
)

// runPerft runs tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME] (Reserves issue).
func runPerft(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem perft: not built yet")
	return 1
}
