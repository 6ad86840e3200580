// Package pagecheck finds a web page's texts that have no translation:
// what the pages' tests (console, hall/dashboard) fail on. It is apart
// from package pagekit so that only tests link the HTML parser.
//
// The rules (docs/i18n.md, "The web pages"):
//   - In an HTML file, an element whose own text has a letter carries
//     data-i18n="ID" (the text is the message's), or data-i18n-skip (a
//     name that is no word of a language: "TANDEM"); so do the
//     attributes a person reads (placeholder, title, aria-label, alt),
//     named in data-i18n-attr="placeholder=ID,title=ID". <script> and
//     <style> are not text.
//   - Every message ID an HTML file or a script names (data-i18n,
//     data-i18n-attr, t("ID"...), tn("ID"...), T("ID")) is in the English
//     catalog; i18n.TestCatalogs_Complete fails for one without its
//     Spanish.
//
// Text a script builds from the view (a result, a log line) is checked in
// the browser: the pages' Spanish tests look for English words on the
// Spanish page.
package pagecheck

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"

	"tandem/i18n"
)

// readAttrs are the attributes a person reads.
var readAttrs = []string{"placeholder", "title", "aria-label", "alt"}

// scriptID finds the message IDs a script names.
var scriptID = regexp.MustCompile(`\b(?:t|tn|T)\(\s*"([a-z][a-z0-9.-]*[a-z0-9])"`)

// Problems returns, for the files of fsys (HTML by their .html name,
// scripts by .js), each text without a message and each message ID that
// no catalog has, as "FILE:LINE: what". It reads every .html and .js
// file at the top of fsys.
func Problems(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []string
	n := 0
	for _, e := range entries {
		name := e.Name()
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		switch path.Ext(name) {
		case ".html":
			n++
			ps, err := htmlProblems(name, data)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
		case ".js":
			n++
			out = append(out, scriptProblems(name, data)...)
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("pagecheck: no .html or .js file to check")
	}
	return out, nil
}

// IDs returns the message IDs the files of fsys name, each once.
func IDs(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var ids []string
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, e := range entries {
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		switch path.Ext(e.Name()) {
		case ".html":
			doc, err := html.Parse(bytes.NewReader(data))
			if err != nil {
				return nil, err
			}
			walk(doc, func(n *html.Node) {
				for _, id := range nodeIDs(n) {
					add(id)
				}
			})
		case ".js":
			for _, m := range scriptID.FindAllSubmatch(data, -1) {
				add(string(m[1]))
			}
		}
	}
	return ids, nil
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// nodeIDs lists the IDs element n names.
func nodeIDs(n *html.Node) []string {
	if n.Type != html.ElementNode {
		return nil
	}
	var ids []string
	if id, ok := attr(n, "data-i18n"); ok {
		ids = append(ids, id)
	}
	if v, ok := attr(n, "data-i18n-attr"); ok {
		for _, pair := range strings.Split(v, ",") {
			if _, id, ok := strings.Cut(pair, "="); ok {
				ids = append(ids, strings.TrimSpace(id))
			}
		}
	}
	return ids
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// lineOf returns the line of the first occurrence of s in data (0: not
// found), for the messages.
func lineOf(data []byte, s string) int {
	i := bytes.Index(data, []byte(s))
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}

func htmlProblems(name string, data []byte) ([]string, error) {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var out []string
	where := func(s string) string { return fmt.Sprintf("%s:%d", name, lineOf(data, s)) }
	var visit func(n *html.Node, skip bool)
	visit = func(n *html.Node, skip bool) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style":
				return
			}
			if _, ok := attr(n, "data-i18n-skip"); ok {
				skip = true
			}
			for _, id := range nodeIDs(n) {
				if !i18n.Has(i18n.English, id) {
					out = append(out, fmt.Sprintf("%s: message %q is in no catalog", where(id), id))
				}
			}
			_, keyed := attr(n, "data-i18n")
			covered, _ := attr(n, "data-i18n-attr")
			for _, a := range readAttrs {
				if v, ok := attr(n, a); ok && hasLetter(v) && !skip && !strings.Contains(covered, a+"=") {
					out = append(out, fmt.Sprintf("%s: <%s %s=%q> has no message (data-i18n-attr=\"%s=ID\")", where(v), n.Data, a, v, a))
				}
			}
			if !keyed && !skip {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.TextNode && hasLetter(c.Data) {
						txt := strings.TrimSpace(c.Data)
						out = append(out, fmt.Sprintf("%s: <%s> text %q has no message (data-i18n=\"ID\")", where(txt), n.Data, txt))
					}
				}
			}
			if keyed {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode {
						id, _ := attr(n, "data-i18n")
						out = append(out, fmt.Sprintf("%s: <%s data-i18n=%q> has a <%s> inside: the message replaces its whole text (key a <span> of its own)", where(`data-i18n="`+id+`"`), n.Data, id, c.Data))
						break
					}
				}
				// The message replaces the element's text: what is under it
				// is the English placeholder, not more text to check.
				skip = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c, skip)
		}
	}
	visit(doc, false)
	return out, nil
}

func scriptProblems(name string, data []byte) []string {
	var out []string
	for _, m := range scriptID.FindAllSubmatchIndex(data, -1) {
		id := string(data[m[2]:m[3]])
		if !i18n.Has(i18n.English, id) {
			line := bytes.Count(data[:m[0]], []byte("\n")) + 1
			out = append(out, fmt.Sprintf("%s:%d: message %q is in no catalog", name, line, id))
		}
	}
	return out
}
