package tomlline

import "strconv"

// Kind names the TOML kind of a value as go-toml decodes it into an any
// ("a string", "an integer", "an array of tables", ...), in the words of
// the configuration's and the tournament file's messages (whose
// templates, i18n's msg-config catalog, translate them).
func Kind(v any) string {
	switch x := v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case map[string]any:
		return "a table"
	case []any:
		for _, e := range x {
			if _, ok := e.(map[string]any); !ok {
				return "an array"
			}
		}
		if len(x) > 0 {
			return "an array of tables"
		}
		return "an array"
	}
	return "a date or time"
}

// Describe names a value in an error: a string as it is written (quoted,
// escaped), anything else by its Kind.
func Describe(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return Kind(v)
}
