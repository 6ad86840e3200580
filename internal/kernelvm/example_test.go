package kernelvm_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"tandem/internal/kernelvm"
)

// A power-cut trial's match: a timeline the real binary plays (tandem run
// --script), with the instants of its declared results, where some cuts
// are aimed.
func ExampleScript() {
	src, results := kernelvm.Script(rand.New(rand.NewPCG(1, 15)))
	lines := strings.Split(src, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(len(results) > 0 || !strings.Contains(src, " result "))
	// Output:
	// control 1m
	// 0 start
	// true
}
