package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Opts are a Command's texts and where it writes. The zero value is a
// command without a synopsis or a paragraph, writing to os.Stderr.
type Opts struct {
	// Synopsis is the usage line without "Usage: ", e.g. "tandem run
	// [--config FILE] ...".
	Synopsis string
	// About is what the command does, one paragraph.
	About string
	// Stderr receives the errors and the usage; nil is os.Stderr.
	Stderr io.Writer
}

// Command is a command's flag set with its usage text. Define its flags
// on FS, then call Parse.
type Command struct {
	// FS is the flag set, named as the command ("tandem run"); it prints
	// nothing itself (Parse reports).
	FS     *flag.FlagSet
	opts   Opts
	stderr io.Writer
}

// New returns the command named name; opts may be nil (Opts' zero value).
func New(name string, opts *Opts) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	c := &Command{FS: fs, stderr: os.Stderr}
	if opts != nil {
		c.opts = *opts
		if opts.Stderr != nil {
			c.stderr = opts.Stderr
		}
	}
	return c
}

// Usage writes "Usage: SYNOPSIS", the paragraph and the flags (PrintFlags).
func (c *Command) Usage() {
	fmt.Fprintf(c.stderr, "Usage: %s\n\n%s\n\n", c.opts.Synopsis, c.opts.About)
	PrintFlags(c.stderr, c.FS)
}

// Fail writes "NAME: msg" (msg formatted as fmt.Sprintf does), a blank
// line and the usage, and returns 2, the exit status of bad usage.
func (c *Command) Fail(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "%s: %s\n\n", c.FS.Name(), fmt.Sprintf(format, args...))
	c.Usage()
	return 2
}

// Parse parses args, allowing no positional argument. When it returns
// done, the caller returns code: 0 after --help (the usage written), 2
// after a bad flag or an unexpected argument (the error and the usage
// written).
func (c *Command) Parse(args []string) (code int, done bool) {
	if err := c.FS.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.Usage()
			return 0, true
		}
		return c.Fail("%s", DoubleDash(err.Error())), true
	}
	if c.FS.NArg() > 0 {
		return c.Fail("unexpected argument %q", c.FS.Arg(0)), true
	}
	return 0, false
}

// PrintFlags lists fs's flags as the README writes them:
//
//	--config FILE
//	    	read the configuration from FILE (TOML); ...
func PrintFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, use := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s %s\n    \t%s\n", f.Name, name, use)
	})
}

// DoubleDash rewrites a flag package error to name flags with two
// dashes: "flag needs an argument: -config" becomes "... --config",
// "flag provided but not defined: -bogus" "... --bogus", "invalid value
// "x" for flag -preset: ..." "... flag --preset: ...". A message that
// quotes the argument as typed ("bad flag syntax: ---x") is left as it is.
func DoubleDash(msg string) string {
	if strings.HasPrefix(msg, "bad flag syntax") {
		return msg
	}
	for _, p := range []string{": -", "flag -", "for -"} {
		if i := strings.Index(msg, p); i >= 0 && !strings.HasPrefix(msg[i+len(p):], "-") {
			return msg[:i+len(p)] + "-" + msg[i+len(p):]
		}
	}
	return msg
}
