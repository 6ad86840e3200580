package main

import (
	"fmt"
	"io"
)

// runExport runs tandem export MATCH --format timeline|json|csv (Record issue).
func runExport(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem export: not built yet")
	return 1
}
