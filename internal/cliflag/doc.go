// Package cliflag is the flag handling of tandem's commands (tandem's
// subcommands and tandem-hall): a flag set that prints nothing itself,
// its usage spelled as the README writes flags (--config, not the flag
// package's -config), and errors that say which flag and show the usage.
//
// The messages are English; a command that speaks the user's language
// writes them through an i18n.Writer, whose catalogs read them back.
package cliflag
