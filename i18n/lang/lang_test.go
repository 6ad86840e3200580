package lang

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{
		"": English, "en": English, "EN": English, "en_GB.UTF-8": English, "C": English, "POSIX": English,
		"es": Spanish, "es_ES.UTF-8": Spanish, "es-MX": Spanish, "español": Spanish, "Spanish": Spanish, "es_AR@euro": Spanish,
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"de", "fr_FR.UTF-8", "xx-yy", "english please"} {
		if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "allowed: en") {
			t.Errorf("Parse(%q): %v", bad, err)
		}
	}
}

func TestFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env  func(string) string
		want Lang
	}{
		{env(), English},
		{env("LANG", "es_ES.UTF-8"), Spanish},
		{env("LANG", "es_ES.UTF-8", "LC_MESSAGES", "en_US.UTF-8"), English},
		{env("LANG", "en_US.UTF-8", "LC_ALL", "es_MX.UTF-8"), Spanish},
		{env("LANG", "de_DE.UTF-8"), English},
		{env("LANG", "C.UTF-8"), English},
	} {
		if got := FromEnv(c.env); got != c.want {
			t.Errorf("FromEnv = %v, want %v", got, c.want)
		}
	}
}

func TestLang_String(t *testing.T) {
	if English.String() != "en" || Spanish.String() != "es" || Count.String() != "Lang(2)" {
		t.Errorf("%v %v %v", English, Spanish, Count)
	}
	for _, l := range Langs {
		if got, err := Parse(l.String()); err != nil || got != l {
			t.Errorf("Parse(%q) = %v, %v", l, got, err)
		}
	}
}
