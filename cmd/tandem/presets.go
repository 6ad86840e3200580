package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"tandem/rules"
)

// runPresets prints every preset with its options (docs/rules.md: presets).
func runPresets(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "tandem presets: takes no arguments\n")
		return 2
	}
	for _, p := range rules.Presets() {
		o := p.Options
		fmt.Fprintf(stdout, "%s  (%s)\n  %s\n", p.Name, p.Source, p.Summary)
		w := tabwriter.NewWriter(stdout, 0, 0, 1, ' ', 0)
		fmt.Fprintf(w, "  time control\t%s\n", o.Control)
		for _, k := range rules.OptionKeys {
			v, err := o.Get(k)
			if err != nil {
				fmt.Fprintf(stderr, "tandem presets: %v\n", err)
				return 1
			}
			fmt.Fprintf(w, "  %s\t%s\n", k, v)
		}
		w.Flush()
		fmt.Fprintln(stdout)
	}
	return 0
}
