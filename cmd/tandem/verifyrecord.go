package main

import (
	"fmt"
	"io"
)

// runVerifyRecord runs tandem verify-record FILE: the audit of a match record's hash chain (Record issue).
func runVerifyRecord(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem verify-record: not built yet")
	return 1
}
