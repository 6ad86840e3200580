// Package config reads tandem's configuration file: a TOML file that names
// a rule preset (rules.PresetNames), overrides any of its options, sets the
// time control (per seat for a handicap), the display and the mode
// (simulated or hardware). docs/config.md is the reference of every key.
//
// Parse and Load return the effective configuration, validated, or an
// *Error that gives the file, line and dotted key of the problem and says
// what is allowed; nothing is half-applied. Option values are read by
// (*rules.Options).Set and time controls by clock.Parse, so the file accepts
// exactly the text the rest of tandem reads (timelines, the console).
//
// Write prints a configuration back as TOML with every option explicit;
// Parse reads that output back to the same configuration. `tandem
// check-config FILE` is Load followed by Write.
//
// The sections [gpio], [console], [journal] and [hall] are reserved for
// features still to come: they are accepted as free-form tables, kept in
// Config.Reserved and reported by Notes.
package config
