package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tandem/rules"
)

// runPresets prints every preset with its options (docs/rules.md:
// presets), each option the preset takes from a seed followed by the
// seed's sentence (or the article, or the seed's silence) behind its
// value.
func runPresets(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "tandem presets: takes no arguments\n")
		return 2
	}
	for _, p := range rules.Presets() {
		o := p.Options
		fmt.Fprintf(stdout, "%s  (%s)\n  %s\n", p.Name, p.Source, p.Summary)
		var b strings.Builder
		w := tabwriter.NewWriter(&b, 0, 0, 1, ' ', 0)
		fmt.Fprintf(w, "  time control\t%s\n", o.Control)
		for _, k := range rules.OptionKeys {
			v, err := o.Get(k)
			if err != nil {
				fmt.Fprintf(stderr, "tandem presets: %v\n", err)
				return 1
			}
			n := p.Notes[k]
			if n != "" {
				n = "# " + n
			}
			fmt.Fprintf(w, "  %s\t%s\t%s\n", k, v, n)
		}
		w.Flush()
		// A line without a note ends in the padding of its empty cell.
		for _, l := range strings.SplitAfter(b.String(), "\n") {
			io.WriteString(stdout, strings.TrimRight(l, " \n")+strings.Repeat("\n", strings.Count(l, "\n")))
		}
		fmt.Fprintln(stdout)
	}
	return 0
}
