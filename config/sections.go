package config

// A section is a table of the file owned by one feature ([gpio], [console],
// [journal], [hall]). Each feature's file in this package registers its
// section in an init function, so the features' settings stay apart:
// gpio.go, console.go, journal.go.
type section struct {
	// parse reads the decoded table t (path []string{name}) into c. It
	// returns an *Error from p.errorf naming the file, line and key.
	parse func(p *parser, c *Config, t map[string]any) error
	// validate checks c's settings of the section for Config.Validate, or
	// is nil. It returns an *Error with the field and no file or line.
	validate func(c *Config) error
	// write appends the section, as Write prints it, or is nil (the
	// section is then not written).
	write func(c *Config, b *out) error
}

// sections maps a ReservedSections name to its owner's section.
var sections = map[string]section{}
