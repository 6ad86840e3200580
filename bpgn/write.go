package bpgn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"tandem/clock"
)

// Write writes g as BPGN that Parse reads back to the same tags, moves
// (number, seat, SAN, stamp), comments and result: one tag a line, a
// blank line, then the movetext wrapped at about 80 columns. A stamp is
// written as the record wrote its kind: {118.585} for remaining time,
// {[ts=1.7]} for an instant (seconds, up to 9 decimals, trailing zeros
// cut). Comments before the first move come first; the game's other
// comments follow the last move, before the result. "}" inside a
// comment cannot be written (BPGN has no escape): Write refuses it.
// Errors are the writer's, or a comment with "}".
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	for _, t := range g.Tags {
		fmt.Fprintf(bw, "[%s %s]\n", t.Name, strconv.Quote(t.Value))
	}
	if len(g.Tags) > 0 {
		bw.WriteByte('\n')
	}
	lw := lineWriter{w: bw}
	comment := func(c Comment) error {
		if strings.ContainsRune(c.Text, '}') {
			return fmt.Errorf("bpgn: comment of line %d holds a '}', which BPGN cannot write inside {...}", c.Line)
		}
		lw.word("{" + c.Text + "}")
		return nil
	}
	before := min(g.before, len(g.Comments))
	for _, c := range g.Comments[:before] {
		if err := comment(c); err != nil {
			return err
		}
	}
	for i := range g.Moves {
		m := &g.Moves[i]
		label := m.Label() // "12A. Nf3"
		num, san, _ := strings.Cut(label, " ")
		lw.word(num)
		word := san
		switch m.StampKind {
		case Remaining:
			word += "{" + clock.FormatSeconds(m.Stamp) + "}"
		case Instant:
			word += "{[ts=" + clock.FormatSeconds(m.Stamp) + "]}"
		}
		lw.word(word)
		for _, c := range m.Comments {
			if err := comment(c); err != nil {
				return err
			}
		}
	}
	for _, c := range g.Comments[before:] {
		if err := comment(c); err != nil {
			return err
		}
	}
	if g.Result != "" {
		lw.word(g.Result)
	}
	lw.end()
	return bw.Flush()
}

// lineWriter joins words with spaces, starting a new line past 79 columns.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (l *lineWriter) word(s string) {
	if l.col > 0 && l.col+1+len(s) > 79 {
		l.w.WriteByte('\n')
		l.col = 0
	}
	if l.col > 0 {
		l.w.WriteByte(' ')
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}

func (l *lineWriter) end() {
	if l.col > 0 {
		l.w.WriteByte('\n')
	}
}
