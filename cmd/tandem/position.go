package main

import (
	"fmt"
	"io"
)

// runPosition runs tandem position FEN [--preset NAME] [--moves SAN ...] [--json] (Reserves issue).
func runPosition(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem position: not built yet")
	return 1
}
