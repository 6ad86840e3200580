package bpgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/lineerr"
)

// Error is a malformed input: Line (1-based) says where, Msg what is
// wrong. The readers leave File empty; package replay fills it in.
type Error = lineerr.Error

func errorf(line int, format string, args ...any) *Error { return lineerr.New(line, format, args...) }

// Tag is one tag pair, e.g. [WhiteA "Alba"].
type Tag struct {
	Name, Value string
	Line        int
}

// Comment is one {...} or ; comment, with the line it starts on.
type Comment struct {
	Text string
	Line int
}

// StampKind says what a move's clock stamp means.
type StampKind uint8

const (
	// NoStamp: the move has no clock stamp.
	NoStamp StampKind = iota
	// Remaining: the stamp is the mover's remaining time right after the
	// move ({118.585}, {[%clk 0:01:58.585]}).
	Remaining
	// Instant: the stamp is the press instant since the match start
	// ({[ts=1.700]}).
	Instant
)

// String returns "none", "remaining" or "instant".
func (k StampKind) String() string {
	switch k {
	case Remaining:
		return "remaining"
	case Instant:
		return "instant"
	}
	return "none"
}

// Move is one move of one board.
type Move struct {
	// Number is the move number as written (1 for 1A. and 1a.).
	Number int
	// Seat is the mover: the board comes from the number's letter (A/a
	// board A, B/b board B), the color from its case (upper White).
	Seat bughouse.Seat
	// SAN is the move text exactly as written ("Nxf7", "P@e4", "O-O-O",
	// "B@g7#"); it is not validated.
	SAN string
	// Line is the line the move number is on.
	Line int
	// Stamp is the clock stamp (ns), meaningful when StampKind is not
	// NoStamp.
	Stamp     time.Duration
	StampKind StampKind
	// Comments are the move's other comments (not the stamp), e.g. the
	// final {Dario checkmated}.
	Comments []Comment
}

// Label returns the move as written in the record, e.g. "12A. Qxb7".
func (m *Move) Label() string {
	var buf [24]byte
	b := strconv.AppendInt(buf[:0], int64(m.Number), 10)
	letter := byte('A')
	if m.Seat.Board() == bughouse.BoardB {
		letter = 'B'
	}
	if m.Seat.Color() == bughouse.Black {
		letter += 'a' - 'A'
	}
	b = append(b, letter, '.', ' ')
	return string(b) + m.SAN
}

// Game is one parsed record.
type Game struct {
	// Tags in the order they appear.
	Tags []Tag
	// Comments are the comments not attached to a move (before the first
	// move or after the result token).
	Comments []Comment
	// Moves in the order of the record.
	Moves []Move
	// Result is the movetext's final token ("1-0", "0-1", "1/2-1/2", "*"),
	// or "" when the movetext has none; ResultLine is its line.
	Result     string
	ResultLine int
	// LastLine is the last line with anything on it but blanks and %
	// escape lines: the end of the record as written.
	LastLine int

	// before counts the Comments that come before the first move.
	before int
}

// Tag returns the tag called name (case-sensitive, as PGN), and whether
// the record has it.
func (g *Game) Tag(name string) (Tag, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t, true
		}
	}
	return Tag{}, false
}

// seatTags are the tags naming each seat's player, indexed by bughouse.Seat.
var seatTags = [4]string{"WhiteA", "BlackA", "WhiteB", "BlackB"}

// Player returns the name the WhiteA/BlackA/WhiteB/BlackB tag gives seat s,
// or "".
func (g *Game) Player(s bughouse.Seat) string {
	if s > bughouse.BBlack {
		return ""
	}
	t, _ := g.Tag(seatTags[s])
	return t.Value
}

// SeatsOf returns the seats whose player tag is name, in seat order. One
// person may play several seats (a crazyhouse record names both boards'
// players alike).
func (g *Game) SeatsOf(name string) []bughouse.Seat {
	var out []bughouse.Seat
	for _, s := range bughouse.Seats {
		if name != "" && g.Player(s) == name {
			out = append(out, s)
		}
	}
	return out
}

// MaxSize is the largest record Read accepts (bytes): far more than any
// real game, small enough that a wrong file is refused at once.
const MaxSize = 4 << 20

// Read parses one game from r. Errors are *Error with the line, or the
// reader's error.
func Read(r io.Reader) (*Game, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse parses one game from src. A second game in the same text is an
// error (tandem replays one game per file). Errors are *Error.
func Parse(src []byte) (*Game, error) {
	if len(src) > MaxSize {
		return nil, errorf(1, "the record is larger than %d bytes", MaxSize)
	}
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	p := parser{src: src, line: 1, g: &Game{}}
	// About one move per "{": enough room for most records at once.
	p.g.Moves = make([]Move, 0, bytes.Count(src, []byte("{"))+1)
	for b := range p.next {
		p.next[b] = 1 // move 1, White
	}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.g, nil
}

type parser struct {
	src  []byte
	pos  int
	line int
	g    *Game
	// pending is the move number just read, waiting for its SAN (valid
	// when hasPending).
	pending     Move
	hasPending  bool
	pendingText string
	// next[b] is the next expected move on board b, counted in plies from
	// 1 (odd White, even Black).
	next [2]int
	done bool // the result token was read
	// swallowed is the line of a comment whose text holds move numbers:
	// most likely a { that lost its }, so it swallowed moves.
	swallowed int
	// tagNames are the tags read, so that a repeat is found at once: a
	// search of g.Tags made 120 000 tags take 57 s.
	tagNames map[string]bool
}

// MaxTags is the most tags a record may have: a real one has a dozen
// (the Seven Tag Roster, the four players, the time control).
const MaxTags = 1000

// moveNumberRE finds a BPGN move number ("12A." or "3b.") in a comment.
var moveNumberRE = regexp.MustCompile(`(^|\s)\d+[AaBb]\.\s*\S`)

// truncated ends the message of an error found at the end of the text.
const truncated = "; the record ends here: it may be truncated"

// atEnd returns truncated when the parser has reached the end of the
// text (with nothing but blanks left), else "".
func (p *parser) atEnd() string {
	if len(bytes.TrimSpace(p.src[p.pos:])) == 0 {
		return truncated
	}
	return ""
}

// delim reports whether c ends a symbol token.
func delim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '{', '}', '[', ']', '(', ')', ';':
		return true
	}
	return false
}

func (p *parser) parse() error {
	atLineStart := true
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '\n':
			p.line++
			p.pos++
			atLineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.pos++
			continue
		case c == '%' && atLineStart:
			// PGN escape line: ignored to the end of the line.
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
			continue
		}
		atLineStart = false
		var err error
		switch c {
		case '[':
			err = p.tag()
		case '{':
			err = p.comment()
		case ';':
			start := p.pos + 1
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
			err = p.addComment(Comment{Text: strings.TrimSpace(string(p.src[start:p.pos])), Line: p.line})
		case '(':
			err = errorf(p.line, "variations in parentheses are not supported; remove them")
		case ')', ']', '}':
			err = errorf(p.line, "unexpected %q", c)
		default:
			err = p.symbol()
		}
		if err != nil {
			return err
		}
		p.g.LastLine = p.line
	}
	if p.hasPending {
		return errorf(p.pending.Line, "move number %s has no move after it%s", p.pendingText, truncated)
	}
	if len(p.g.Tags) == 0 && len(p.g.Moves) == 0 && p.g.Result == "" {
		return errorf(1, "no tags and no moves: not a BPGN record")
	}
	t, ok := p.g.Tag("Result")
	if ok && !isResult(t.Value) {
		return errorf(t.Line, "tag Result %q is not a result; write 1-0, 0-1, 1/2-1/2 or * (unfinished)", t.Value)
	}
	if ok && p.g.Result != "" && t.Value != p.g.Result {
		return errorf(p.g.ResultLine, "the movetext ends with %s but the Result tag (line %d) says %s", p.g.Result, t.Line, t.Value)
	}
	return nil
}

// isResult reports whether s is a PGN result: "1-0", "0-1", "1/2-1/2" or
// "*".
func isResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

func (p *parser) tag() error {
	line := p.line
	if p.done {
		return errorf(line, "a second game starts here; tandem replays one game per file")
	}
	if len(p.g.Moves) > 0 || p.hasPending {
		return errorf(line, "a tag after the moves; tags come before the movetext")
	}
	p.pos++ // [
	p.space()
	start := p.pos
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.pos++
	}
	name := string(p.src[start:p.pos])
	if name == "" {
		return errorf(line, "a tag needs a name: [Name \"value\"]")
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return errorf(line, "tag %s: the value must be in double quotes: [%s \"value\"]", name, name)
	}
	p.pos++
	var v strings.Builder
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
			return errorf(line, "tag %s: the value's closing quote is missing%s", name, p.atEnd())
		}
		c := p.src[p.pos]
		p.pos++
		if c == '"' {
			break
		}
		if c == '\\' && p.pos < len(p.src) && (p.src[p.pos] == '"' || p.src[p.pos] == '\\') {
			c = p.src[p.pos]
			p.pos++
		}
		v.WriteByte(c)
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != ']' {
		return errorf(line, "tag %s: the closing ] is missing%s", name, p.atEnd())
	}
	p.pos++
	if p.tagNames[name] {
		return errorf(line, "tag %s appears twice", name)
	}
	if len(p.g.Tags) >= MaxTags {
		return errorf(line, "more than %d tags", MaxTags)
	}
	if p.tagNames == nil {
		p.tagNames = map[string]bool{}
	}
	p.tagNames[name] = true
	p.g.Tags = append(p.g.Tags, Tag{Name: name, Value: v.String(), Line: line})
	return nil
}

func isNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// space skips blanks within one line.
func (p *parser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\r') {
		p.pos++
	}
}

func (p *parser) comment() error {
	line := p.line
	p.pos++ // {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] != '}' {
		if p.src[p.pos] == '\n' {
			p.line++
		}
		p.pos++
	}
	if p.pos >= len(p.src) {
		return errorf(line, "comment { is never closed with }%s", truncated)
	}
	text := strings.TrimSpace(string(p.src[start:p.pos]))
	if moveNumberRE.MatchString(text) {
		p.swallowed = line
	}
	p.pos++ // }
	return p.addComment(Comment{Text: text, Line: line})
}

// addComment attaches c to the last move (as its stamp when it is one) or
// to the game.
func (p *parser) addComment(c Comment) error {
	if p.hasPending {
		return errorf(c.Line, "a comment between move number %s and its move", p.pendingText)
	}
	n := len(p.g.Moves)
	if n == 0 || p.done {
		p.g.Comments = append(p.g.Comments, c)
		if n == 0 {
			p.g.before++
		}
		return nil
	}
	m := &p.g.Moves[n-1]
	kind, d, isStamp, err := parseStamp(c.Text, m.StampKind == NoStamp)
	if err != nil {
		example := "write the remaining seconds, e.g. {118.585}"
		if p.g.Moves[0].StampKind == Instant {
			example = "write the instant in seconds from the start, e.g. {[ts=1.700]}"
		}
		var bad badStamp
		if errors.As(err, &bad) {
			if bad != "" {
				example = string(bad)
			}
			return errorf(c.Line, "move %s: clock stamp {%s} is not a time: %s", m.Label(), c.Text, example)
		}
		return errorf(c.Line, "move %s: clock stamp {%s}: %v", m.Label(), c.Text, err)
	}
	if !isStamp {
		m.Comments = append(m.Comments, c)
		return nil
	}
	if m.StampKind != NoStamp {
		return errorf(c.Line, "move %s has two clock stamps", m.Label())
	}
	m.Stamp, m.StampKind = d, kind
	return nil
}

// badStamp is the error of a comment that is meant as a clock stamp but
// is not a time; its text, when not empty, says how to write it.
type badStamp string

func (b badStamp) Error() string { return "not a time" }

// parseStamp recognizes a clock stamp comment. isStamp is false for an
// ordinary comment; err is set for a stamp that cannot be read (a
// badStamp when it is not a time at all). A comment of one word is taken
// as a stamp when it starts like a number ({-5}, {1.2.3}) or, when the
// move has no stamp yet (first), whatever it is ({abc}); comments of
// several words ({C: ...}, {Dario checkmated}) are ordinary comments.
func parseStamp(text string, first bool) (kind StampKind, d time.Duration, isStamp bool, err error) {
	if v, ok := commandArg(text, "[%clk "); ok {
		if d, err = parseHMS(v); err != nil {
			err = badStamp("write H:MM:SS, e.g. {[%clk 0:01:58.585]}")
		}
		return Remaining, d, true, err
	}
	if v, ok := commandArg(text, "[ts="); ok {
		if d, err = clock.ParseSeconds(v); err != nil && !isDecimal(v) {
			err = badStamp("write the instant in seconds from the start, e.g. {[ts=1.700]}")
		}
		return Instant, d, true, err
	}
	if text == "" || strings.ContainsAny(text, " \t\r\n\f\v") {
		return NoStamp, 0, false, nil
	}
	if isDecimal(text) {
		d, err = clock.ParseSeconds(text)
		return Remaining, d, true, err
	}
	if c := text[0]; first || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' {
		return Remaining, 0, true, badStamp("")
	}
	return NoStamp, 0, false, nil
}

// isDecimal reports whether s is digits with at most one decimal point
// ("118.585", "179", ".5"): a number of seconds, perhaps too precise or
// too large for clock.ParseSeconds.
func isDecimal(s string) bool {
	return s != "" && s != "." && strings.Trim(s, "0123456789.") == "" && strings.Count(s, ".") <= 1
}

// commandArg returns the text between prefix and the next "]" in text.
func commandArg(text, prefix string) (string, bool) {
	i := strings.Index(text, prefix)
	if i < 0 {
		return "", false
	}
	rest := text[i+len(prefix):]
	j := strings.IndexByte(rest, ']')
	if j < 0 {
		return "", false
	}
	return strings.TrimSpace(rest[:j]), true
}

// parseHMS reads H:MM:SS(.fff) or MM:SS(.fff) exactly; minutes and
// seconds below an hour or minute field are less than 60.
func parseHMS(s string) (time.Duration, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, fmt.Errorf("%q is not H:MM:SS", s)
	}
	sec, err := clock.ParseSeconds(parts[len(parts)-1])
	if err != nil || sec >= time.Minute {
		return 0, fmt.Errorf("%q is not H:MM:SS", s)
	}
	d := sec
	unit := time.Minute
	for i := len(parts) - 2; i >= 0; i-- {
		n, err := strconv.Atoi(parts[i])
		if err != nil || parts[i] == "" || strings.Trim(parts[i], "0123456789") != "" || n > 1000 || (i > 0 && n >= 60) {
			return 0, fmt.Errorf("%q is not H:MM:SS", s)
		}
		d += time.Duration(n) * unit
		unit = time.Hour
	}
	return d, nil
}

func (p *parser) symbol() error {
	line := p.line
	start := p.pos
	for p.pos < len(p.src) && !delim(p.src[p.pos]) {
		p.pos++
	}
	tok := string(p.src[start:p.pos])
	if p.done {
		return errorf(line, "%q after the result %s; the record must end with the result", tok, p.g.Result)
	}
	if isResult(tok) {
		if p.hasPending {
			return errorf(p.pending.Line, "move number %s has no move after it", p.pendingText)
		}
		p.g.Result, p.g.ResultLine, p.done = tok, line, true
		return nil
	}
	if p.hasPending {
		if isMoveNumber(tok) {
			return errorf(p.pending.Line, "move number %s has no move after it", p.pendingText)
		}
		return p.finishMove(tok)
	}
	if tok[0] == '$' && len(tok) > 1 && strings.Trim(tok[1:], "0123456789") == "" {
		// A numeric annotation glyph ($1 = good move): kept nowhere.
		if len(p.g.Moves) == 0 {
			return errorf(line, "annotation %s before the first move", tok)
		}
		return nil
	}
	if !isMoveNumber(tok) {
		if tok[0] >= '0' && tok[0] <= '9' {
			return errorf(line, "%q is not a BPGN move number; write 1A. (White A), 1a. (Black A), 1B. or 1b.%s", tok, p.atEnd())
		}
		return errorf(line, "move %q has no move number before it; BPGN numbers every move: 1A. e4 1a. e5", tok)
	}
	i := 0
	for tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(tok[:i])
	if err != nil || n < 1 || n > 100000 {
		return errorf(line, "move number %q is out of range", tok[:i])
	}
	letter := tok[i]
	j := i + 1
	for j < len(tok) && tok[j] == '.' {
		j++
	}
	board := bughouse.BoardA
	if letter == 'B' || letter == 'b' {
		board = bughouse.BoardB
	}
	color := bughouse.White
	if letter == 'a' || letter == 'b' {
		color = bughouse.Black
	}
	ply := 2*n - 1 + int(color)
	if want := p.next[board]; ply != want {
		hint := ""
		if p.swallowed > 0 {
			hint = fmt.Sprintf(" (the comment opened on line %d holds moves: is a } missing there?)", p.swallowed)
		}
		return errorf(line, "move number %s out of sequence on board %s: expected %s%s", tok[:j], board, plyLabel(board, want), hint)
	}
	p.next[board]++
	p.pending, p.hasPending = Move{Number: n, Seat: bughouse.SeatOf(board, color), Line: line}, true
	p.pendingText = tok[:j]
	if j < len(tok) {
		// "1A.e4": the move is glued to its number.
		return p.finishMove(tok[j:])
	}
	return nil
}

func plyLabel(b bughouse.Board, ply int) string {
	n := (ply + 1) / 2
	l := b.String()
	if ply%2 == 0 {
		l = strings.ToLower(l)
	}
	return fmt.Sprintf("%d%s.", n, l)
}

func (p *parser) finishMove(san string) error {
	m := p.pending
	m.SAN = san
	p.hasPending, p.pendingText = false, ""
	p.g.Moves = append(p.g.Moves, m)
	return nil
}

// isMoveNumber reports whether tok starts like "12A." or "3b.".
func isMoveNumber(tok string) bool {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i+1 >= len(tok) {
		return false
	}
	switch tok[i] {
	case 'A', 'a', 'B', 'b':
	default:
		return false
	}
	return tok[i+1] == '.'
}
