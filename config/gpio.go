package config

// This file owns the [gpio] section: the wiring of the clock buttons and the pause switch (Hardware issue).
// It registers a section (sections.go) once [gpio] has settings.

// GPIO holds the [gpio] settings. Its zero value is the default.
type GPIO struct{}
