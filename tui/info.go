package tui

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// This file writes the note line's text about the table itself, and the
// console's line in the forms that keep its PIN and one-time code in
// sight on a narrow terminal.

// infoLine is the note line's text about the table itself: recording
// failed, the match was recovered, then the console's line (WithInfoFrom,
// WithInfo), joined by " · "; "" when there is nothing. Where it does not
// fit width w, the console's line is written shorter (consoleForms), and
// at the last put first: its PIN and code are what the arbiter needs to
// log in.
func (m *Model) infoLine(w int) string {
	var parts []string
	if e := m.snap.RecordErr; e != "" {
		// The daemon's RecordErr is already the whole sentence.
		if !strings.HasPrefix(strings.ToLower(e), "recording failed") {
			e = m.tr("tui.info.record-failed", "Why", m.p.Core(e))
		} else {
			e = m.p.Core(e)
		}
		parts = append(parts, m.st.err.Render(e))
	}
	if m.snap.Recovered {
		r := m.tr("tui.info.recovered")
		if !m.snap.RecoveredAt.IsZero() {
			r = m.tr("tui.info.recovered-at", "Time", m.snap.RecoveredAt.Local().Format("15:04:05"))
		}
		parts = append(parts, m.st.notice.Render(r))
	}
	if h := m.rec.Hall; h != "" {
		if m.rec.HallOnline {
			parts = append(parts, m.st.dim.Render(h))
		} else {
			parts = append(parts, m.st.notice.Render(h))
		}
	}
	line := m.info
	if m.rec.Line != "" {
		line = m.rec.Line
	}
	sep := m.st.dim.Render(" · ")
	if line == "" {
		return truncate(strings.Join(parts, sep), w)
	}
	forms := m.consoleForms(line)
	var tries []string
	for _, f := range forms {
		tries = append(tries, strings.Join(append(append([]string(nil), parts...), m.st.dim.Render(f)), sep))
	}
	if len(parts) > 0 {
		tries = append(tries, strings.Join(append([]string{m.st.dim.Render(forms[len(forms)-1])}, parts...), sep))
	}
	return fit(tries, w)
}

var (
	// codeWord is a one-time code as the daemon writes it: "KQW-XMT-RBP".
	codeWord = regexp.MustCompile(`^[A-Z0-9]{3,}(-[A-Z0-9]{3,})+$`)
	// pinWord is a PIN: digits only.
	pinWord = regexp.MustCompile(`^[0-9]{4,}$`)
)

// consoleForms returns the console's line ("browser console
// http://127.0.0.1:8080/ · arbiter PIN 482913 · code KQW-XMT-RBP", in the
// table's language) in the forms it has, longest first: as written; with
// the address as a phone's browser takes it ("127.0.0.1:8080"); and its
// values alone, in the table's words: "127.0.0.1:8080 · PIN 482913 · code
// KQW-XMT-RBP". A part it does not know stays as written.
func (m *Model) consoleForms(line string) []string {
	parts := strings.Split(line, " · ")
	addrs := make([]string, len(parts))
	short := make([]string, len(parts))
	for i, part := range parts {
		addrs[i], short[i] = part, part
		words := strings.Fields(part)
		for _, word := range words {
			switch {
			case strings.Contains(word, "://"):
				addr := strings.TrimSuffix(word[strings.Index(word, "://")+3:], "/")
				addrs[i], short[i] = strings.Replace(part, word, addr, 1), addr
			case codeWord.MatchString(word):
				short[i] = m.tr("tui.info.code", "Code", word)
			case pinWord.MatchString(word):
				short[i] = m.tr("tui.info.pin", "PIN", word)
			}
		}
		if short[i] == part && strings.Contains(strings.ToUpper(part), "PIN") {
			short[i] = m.tr("tui.info.pin-set")
		}
	}
	forms := []string{line}
	for _, f := range []string{strings.Join(addrs, " · "), strings.Join(short, " · ")} {
		if f != forms[len(forms)-1] {
			forms = append(forms, f)
		}
	}
	return forms
}

// splitWords splits parts, joined by " · ", at a word's end into a first
// line at most w wide and the rest: never inside a word (a URL, a code).
// A first word wider than w is the first line alone.
func splitWords(parts []string, w int) (first, rest string) {
	type word struct{ sep, text string }
	var words []word
	for i, p := range parts {
		for j, f := range strings.Fields(p) {
			sep := " "
			if j == 0 && i > 0 {
				sep = " · "
			}
			words = append(words, word{sep, f})
		}
	}
	n := 0
	for n < len(words) {
		next := first
		if n > 0 {
			next += words[n].sep
		}
		next += words[n].text
		if n > 0 && lipgloss.Width(next) > w {
			break
		}
		first, n = next, n+1
	}
	for i, wd := range words[n:] {
		if i > 0 {
			rest += wd.sep
		}
		rest += wd.text
	}
	if n < len(words) && words[n].sep == " · " {
		// Cut between two parts: the dot stays, at the first line's end
		// if it fits there.
		if lipgloss.Width(first+" ·") <= w {
			first += " ·"
		} else {
			rest = "· " + rest
		}
	}
	return first, rest
}
