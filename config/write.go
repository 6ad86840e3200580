package config

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
	"github.com/pelletier/go-toml/v2"

	"tandem/bughouse"
	"tandem/rules"
)

// Write prints c as a TOML file that Parse reads back to the same
// configuration: every option explicit, the preset named, and a comment on
// each line saying whether the value is the preset's (or the default) or
// overridden, and what the preset has then. Reserved sections are written
// back as they were read, after a comment that they are not used yet.
// (The one thing not written is the DelayKind of a control that has no
// delay, which means nothing; Parse sets it to clock.Bronstein.)
//
// Write returns c.Validate's error without writing anything if c is not
// valid, else the error of w.
func (c *Config) Write(w io.Writer) error {
	return c.WriteComments(w, nil)
}

// WriteComments is Write with its comments in another language: comment
// is given each comment's English text, one line of it without the "# "
// ("preset", "default: simulated", `overridden; preset: "forbidden"`,
// "[time.seats] none: every seat plays control"), and returns the text
// to write after the "# " in its place; a nil comment writes them as
// Write does. Only the comments change: the keys, the values and the
// tables are Write's, and Parse reads the output back to the same
// configuration. The comments after values stay aligned in a column (by
// display width, whatever the values' or the comments' lengths); a line
// break or another control character in a returned text is written as a
// space (and bytes that are not UTF-8 as U+FFFD), so that the comment
// stays one TOML comment. The command line passes a printer's Line
// (package i18n), whose catalogs hold these comments' templates.
//
// It returns c.Validate's error without writing anything if c is not
// valid, else the error of w.
func (c *Config) WriteComments(w io.Writer, comment func(string) string) error {
	if err := c.Validate(); err != nil {
		return err
	}
	preset, _ := rules.LookupPreset(c.Preset) // Validate checked the name
	po := &preset.Options

	b := &out{comment: comment}
	if c.Source != "" {
		b.note("tandem configuration: the effective settings of " + strconv.Quote(c.Source) + ".")
	} else {
		b.note("tandem configuration: the effective settings.")
	}
	b.note(fmt.Sprintf("Every option is explicit. \"preset\" marks a value preset %q sets;", preset.Name))
	b.note("\"overridden\" marks one that differs from it.")
	b.WriteString("\n")

	var top block
	top.add("mode", quote(c.Mode.String()), pick(c.Mode == Simulated, "default", "default: "+Simulated.String()))
	top.add("preset", quote(c.Preset), preset.Source)
	if c.LanguageSet {
		top.add("language", quote(c.Language.String()), "en | es")
	}
	top.writeTo(b)
	b.note("available presets: " + strings.Join(rules.PresetNames(), ", "))

	b.WriteString("\n[time]\n")
	var tb block
	ctl := c.Rules.Control.String()
	tb.add("control", quote(ctl), fromPreset(quote(ctl), quote(po.Control.String())))
	ibfm := strconv.FormatBool(c.Rules.Control.IncrementBeforeFirstMove)
	tb.add(ibfmKey, ibfm, fromPreset(ibfm, strconv.FormatBool(po.Control.IncrementBeforeFirstMove)))
	tb.writeTo(b)

	var sb block
	for _, s := range bughouse.Seats {
		if sc := c.Rules.SeatControls[s]; sc != nil {
			sb.add(s.String(), quote(sc.String()), "handicap: replaces control for this seat")
		}
	}
	if len(sb.lines) > 0 {
		b.WriteString("\n[time.seats]\n")
		sb.writeTo(b)
	} else {
		b.note("[time.seats] none: every seat plays control")
	}

	b.WriteString("\n[rules]\n")
	var rb block
	for _, k := range ruleKeys {
		v, err := optionValue(&c.Rules, k)
		if err != nil {
			return err
		}
		pv, err := optionValue(po, k)
		if err != nil {
			return err
		}
		rb.add(k, v, fromPreset(v, pv))
	}
	rb.writeTo(b)

	if err := writeDisplay(c, b); err != nil {
		return err
	}

	for _, name := range ReservedSections {
		if sec, ok := sections[name]; ok {
			if sec.write != nil {
				if err := sec.write(c, b); err != nil {
					return err
				}
			}
			continue
		}
		t, ok := c.Reserved[name]
		if !ok {
			continue
		}
		out, err := toml.Marshal(map[string]any{name: t})
		if err != nil {
			return fmt.Errorf("config: writing [%s]: %w", name, err)
		}
		b.WriteString("\n")
		b.note("[" + name + "] is not used by this version yet; kept as written.")
		b.Write(out)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// out is the text Write builds, with the function that writes its
// comments (nil: as they are).
type out struct {
	bytes.Buffer
	comment func(string) string
}

// say returns comment text as the file gets it: comment's text, on one
// line and without the control characters TOML refuses in a comment
// (all but the tab), which become spaces, nor bytes that are not UTF-8.
func (b *out) say(text string) string {
	if b.comment == nil {
		return text
	}
	s := strings.ToValidUTF8(b.comment(text), "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", " "))
}

// note writes a line of comment text.
func (b *out) note(text string) {
	b.WriteString("# " + b.say(text) + "\n")
}

// block is a run of "key = value" lines whose comments are aligned.
type block struct{ lines [][2]string }

func (k *block) add(key, value, comment string) {
	k.lines = append(k.lines, [2]string{key + " = " + value, comment})
}

// writeTo writes the lines, their comments starting two columns after
// the widest "key = value" (its width on a terminal: a player's name
// with an accent or in CJK is one or two columns a character, not its
// bytes).
func (k *block) writeTo(b *out) {
	width := 0
	for _, l := range k.lines {
		width = max(width, runewidth.StringWidth(l[0]))
	}
	for _, l := range k.lines {
		b.WriteString(l[0])
		if l[1] != "" {
			b.WriteString(strings.Repeat(" ", width-runewidth.StringWidth(l[0])+2))
			b.WriteString("# " + b.say(l[1]))
		}
		b.WriteByte('\n')
	}
}

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// fromPreset is the comment for a value whose preset value is pv.
func fromPreset(v, pv string) string {
	if v == pv {
		return "preset"
	}
	return "overridden; preset: " + pv
}

// ranksText matches the text rules.Ranks.String writes, a valid TOML array.
var ranksText = regexp.MustCompile(`^\[[0-9]+, [0-9]+\]$`)

// optionValue returns option k of o as a TOML value: the text
// (*rules.Options).Get writes, which Set reads back, with switches, rank
// ranges and counts (move_limit) bare and everything else a string.
func optionValue(o *rules.Options, k string) (string, error) {
	v, err := o.Get(k)
	if err != nil {
		return "", fmt.Errorf("config: %w", err)
	}
	if v == "true" || v == "false" || ranksText.MatchString(v) || k == "move_limit" {
		return v, nil
	}
	return quote(v), nil
}
