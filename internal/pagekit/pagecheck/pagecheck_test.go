package pagecheck

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// Every kind of text without its message is found, with its line; keyed
// texts, skipped names, markup and scripts are not.
func TestProblems(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html>
<html><head><title data-i18n="page.lang.en">English</title><style>b { color: red }</style></head>
<body>
<h1 data-i18n-skip>TANDEM</h1>
<button data-i18n="page.sound.off">sound off</button>
<p>Waiting for the table</p>
<input placeholder="type a move">
<input placeholder="x" data-i18n-attr="placeholder=page.sound.click">
<span data-i18n="console.no-such">x</span>
<label data-i18n="page.sound.click"><input type="checkbox"> a click</label>
<span>12:05 · –</span>
<script>const x = "not text";</script>
</body></html>`)},
		"app.js":    {Data: []byte("const a = t(\"page.sound.on\");\nconst b = tn(\"page.nothing\", 2);\nconst c = T('single quotes are not ids');\n")},
		"style.css": {Data: []byte("p { margin: 0 }")},
	}
	got, err := Problems(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`index.html:6: <p> text "Waiting for the table" has no message`,
		`index.html:7: <input placeholder="type a move"> has no message`,
		`index.html:9: message "console.no-such" is in no catalog`,
		`index.html:10: <label data-i18n="page.sound.click"> has a <input> inside`,
		`app.js:2: message "page.nothing" is in no catalog`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("missing %q in:\n%s", w, strings.Join(got, "\n"))
		}
	}
	ids, err := IDs(fsys)
	if err != nil || !slices.Contains(ids, "page.sound.on") || !slices.Contains(ids, "console.no-such") || !slices.Contains(ids, "page.sound.click") {
		t.Errorf("IDs: %v %v", ids, err)
	}
	if _, err := Problems(fstest.MapFS{"a.css": {}}); err == nil {
		t.Error("nothing to check and no error")
	}
}
