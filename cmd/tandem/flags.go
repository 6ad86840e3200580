package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// command is a subcommand's flag set with its usage text, spelled as the
// README writes flags (--config, not the flag package's -config).
type command struct {
	fs       *flag.FlagSet
	synopsis string // "tandem run [--config FILE] ..."
	about    string // what it does, one paragraph
	stderr   io.Writer
}

// newCommand returns a command named name ("tandem run") whose flag set
// prints nothing itself: parse reports errors and usage.
func newCommand(name, synopsis, about string, stderr io.Writer) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &command{fs: fs, synopsis: synopsis, about: about, stderr: stderr}
}

// usage prints the synopsis, the paragraph and the flags to stderr.
func (c *command) usage() {
	fmt.Fprintf(c.stderr, "%s\n\n%s\n\n", cli().T("cli.usage-of", "Synopsis", c.synopsis), c.about)
	printFlags(c.stderr, c.fs)
}

// fail prints "NAME: msg", a blank line and the usage, and returns 2 (bad
// usage).
func (c *command) fail(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "%s: %s\n\n", c.fs.Name(), fmt.Sprintf(format, args...))
	c.usage()
	return 2
}

// parse parses args, allowing no positional argument. When it returns
// done, the caller returns code: 0 after --help (usage printed), 2 after a
// bad flag or an unexpected argument (the error and the usage printed).
func (c *command) parse(args []string) (code int, done bool) {
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage()
			return 0, true
		}
		return c.fail("%s", doubleDash(err.Error())), true
	}
	if c.fs.NArg() > 0 {
		return c.fail("%s", cli().T("cli.unexpected-argument", "Arg", fmt.Sprintf("%q", c.fs.Arg(0)))), true
	}
	return 0, false
}
