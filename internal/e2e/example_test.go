package e2e_test

import (
	"fmt"

	"tandem/internal/e2e"
)

// A browser or process trial starts with e2e.Require(t, "browser test");
// it runs when the environment has this variable set to 1.
func ExampleOn() {
	fmt.Println(e2e.Env)
	// Output: TANDEM_E2E
}
