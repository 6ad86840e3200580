package config

import "strings"

// fieldName writes a key path the way a TOML file would: dotted, with parts
// quoted when they are not bare keys, e.g. rules.stalemate or
// time.seats."A white".
func fieldName(path []string) string {
	parts := make([]string, len(path))
	for i, k := range path {
		if isBareKey(k) {
			parts[i] = k
		} else {
			parts[i] = quote(k)
		}
	}
	return strings.Join(parts, ".")
}

func isBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789ABCDEF"[r>>4])
			b.WriteByte("0123456789ABCDEF"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
