package config

// This file owns the [journal] section: the durable match record: file and checkpoint interval (Record issue).
// It registers a section (sections.go) once [journal] has settings.

// Journal holds the [journal] settings. Its zero value is the default.
type Journal struct{}
