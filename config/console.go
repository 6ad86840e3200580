package config

// This file owns the [console] section: the web console: listen address and arbiter PIN (Console issue).
// It registers a section (sections.go) once [console] has settings.

// Console holds the [console] settings. Its zero value is the default.
type Console struct{}
