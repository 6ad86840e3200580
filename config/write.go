package config

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

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
	if err := c.Validate(); err != nil {
		return err
	}
	preset, _ := rules.LookupPreset(c.Preset) // Validate checked the name
	po := &preset.Options

	var b bytes.Buffer
	if c.Source != "" {
		fmt.Fprintf(&b, "# tandem configuration: the effective settings of %s.\n", strconv.Quote(c.Source))
	} else {
		b.WriteString("# tandem configuration: the effective settings.\n")
	}
	fmt.Fprintf(&b, "# Every option is explicit. \"preset\" marks a value preset %q sets;\n", preset.Name)
	b.WriteString("# \"overridden\" marks one that differs from it.\n\n")

	var top block
	top.add("mode", quote(c.Mode.String()), pick(c.Mode == Simulated, "default", "default: "+Simulated.String()))
	top.add("preset", quote(c.Preset), preset.Source)
	if c.LanguageSet {
		top.add("language", quote(c.Language.String()), "en | es")
	}
	top.writeTo(&b)
	fmt.Fprintf(&b, "# presets: %s\n", strings.Join(rules.PresetNames(), ", "))

	b.WriteString("\n[time]\n")
	var tb block
	ctl := c.Rules.Control.String()
	tb.add("control", quote(ctl), fromPreset(quote(ctl), quote(po.Control.String())))
	ibfm := strconv.FormatBool(c.Rules.Control.IncrementBeforeFirstMove)
	tb.add(ibfmKey, ibfm, fromPreset(ibfm, strconv.FormatBool(po.Control.IncrementBeforeFirstMove)))
	tb.writeTo(&b)

	var sb block
	for _, s := range bughouse.Seats {
		if sc := c.Rules.SeatControls[s]; sc != nil {
			sb.add(s.String(), quote(sc.String()), "handicap: replaces control for this seat")
		}
	}
	if len(sb.lines) > 0 {
		b.WriteString("\n[time.seats]\n")
		sb.writeTo(&b)
	} else {
		b.WriteString("# [time.seats] none: every seat plays control\n")
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
	rb.writeTo(&b)

	if err := writeDisplay(c, &b); err != nil {
		return err
	}

	for _, name := range ReservedSections {
		if sec, ok := sections[name]; ok {
			if sec.write != nil {
				if err := sec.write(c, &b); err != nil {
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
		fmt.Fprintf(&b, "\n# [%s] is not used by this version yet; kept as written.\n", name)
		b.Write(out)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// block is a run of "key = value" lines whose comments are aligned.
type block struct{ lines [][2]string }

func (k *block) add(key, value, comment string) {
	k.lines = append(k.lines, [2]string{key + " = " + value, comment})
}

func (k *block) writeTo(b *bytes.Buffer) {
	width := 0
	for _, l := range k.lines {
		width = max(width, len(l[0]))
	}
	for _, l := range k.lines {
		b.WriteString(l[0])
		if l[1] != "" {
			b.WriteString(strings.Repeat(" ", width-len(l[0])+2))
			b.WriteString("# " + l[1])
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
