package lineerr

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		file  string
		line  int
		field string
		want  string
	}{
		{"t.toml", 7, "rules.stalemate", "t.toml:7: rules.stalemate: bad"},
		{"t.toml", 0, "rules.stalemate", "t.toml: rules.stalemate: bad"},
		{"t.toml", 7, "", "t.toml:7: bad"},
		{"t.toml", 0, "", "t.toml: bad"},
		{"", 7, "team[2].name", "line 7: team[2].name: bad"},
		{"", 7, "", "line 7: bad"},
		{"", 0, "time.seats.\"A white\"", "time.seats.\"A white\": bad"},
		{"", 0, "", "bad"},
		{"", -1, "", "bad"},
	} {
		if got := Format(tc.file, tc.line, tc.field, "bad"); got != tc.want {
			t.Errorf("Format(%q, %d, %q) = %q, want %q", tc.file, tc.line, tc.field, got, tc.want)
		}
	}
}
