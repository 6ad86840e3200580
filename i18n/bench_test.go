package i18n

import "testing"

// What reading a message back costs, the first time (every template
// tried) and again (the printer's cache): the terminal table does it for the
// last event's refusal at each frame, the console for each log line.
func BenchmarkCore(b *testing.B) {
	es := For(Spanish)
	for _, bc := range []struct{ name, msg string }{
		{"matched", "not A-black's turn"},
		{"unmatched", "something no template of the catalogs has"},
		{"nested", "tandem check-config: x.toml: open x.toml: no such file or directory"},
	} {
		b.Run(bc.name+"/first", func(b *testing.B) {
			corePatterns()
			for b.Loop() {
				es.readLine(bc.msg, 0)
			}
		})
		b.Run(bc.name+"/again", func(b *testing.B) {
			for b.Loop() {
				es.Line(bc.msg)
			}
		})
	}
}
