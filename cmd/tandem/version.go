package main

import (
	"runtime"
	"runtime/debug"
)

// version is the package's version, set when it is built
// (packaging/build-deb.sh: -ldflags "-X main.version=VERSION"); empty in
// a build from the work tree.
var version string

// versionString is what tandem version prints after "tandem ": the
// package's version, else the module's (go install tandem@v1.2.3), else
// "(devel)" with the source's commit when the build recorded one; and the
// Go toolchain.
func versionString() string {
	v := version
	bi, ok := debug.ReadBuildInfo()
	if v == "" && ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	if ok && v == "(devel)" {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += " " + s.Value[:12]
			}
		}
	}
	return v + " (" + runtime.Version() + ")"
}
