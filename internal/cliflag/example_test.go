package cliflag_test

import (
	"fmt"
	"os"

	"tandem/internal/cliflag"
)

func ExampleCommand_Parse() {
	c := cliflag.New("tandem sim", &cliflag.Opts{
		Synopsis: "tandem sim [--config FILE]",
		About:    "Plays on a simulated table.",
		Stderr:   os.Stdout, // for the example's output
	})
	cfg := c.FS.String("config", "", "read the configuration from `FILE`")
	code, done := c.Parse([]string{"--config"})
	fmt.Println(code, done, *cfg == "")
	// Output:
	// tandem sim: flag needs an argument: --config
	//
	// Usage: tandem sim [--config FILE]
	//
	// Plays on a simulated table.
	//
	//   --config FILE
	//     	read the configuration from FILE
	// 2 true true
}
