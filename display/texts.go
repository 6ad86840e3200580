package display

import (
	"strings"

	"tandem/bughouse"
	"tandem/i18n"
	"tandem/rules"
)

// Texts are the words a clock face writes, in one language: the status
// words, the seats and the reasons of a result or a claim. They are made
// once (TextsFor) so that drawing a face allocates nothing. A nil *Texts
// is English.
type Texts struct {
	Ready, Paused, Claim, Drawn string
	// Seats are the seats' names, by bughouse.Seat ("A-white").
	Seats [4]string
	// Reasons are the reasons' words on a face, by rules.Reason: the
	// record's word in English ("illegal-move"), the catalog's words
	// otherwise.
	Reasons [32]string
	// NoRecord, Recovered, PIN and HallOffline are the daemon's notes
	// (RecordNote): "NO RECORD", "RECOVERED", "PIN", "HALL OFFLINE";
	// Code heads the console's one-time code ("CODE KQWXMTRBP") while
	// wrong PINs lock PIN logins.
	NoRecord, Recovered, PIN, HallOffline, Code string
	// MenuKeys is the bottom line of the OLED's menu screens: which clock
	// button does what, in at most 21 characters.
	MenuKeys string
}

var english = TextsFor(i18n.English)

// TextsFor returns the face's words in language l.
func TextsFor(l i18n.Lang) *Texts {
	p := i18n.For(l)
	t := &Texts{
		Ready: p.T("display.ready"), Paused: p.T("display.paused"), Claim: p.T("display.claim"), Drawn: p.T("display.drawn"),
		NoRecord: p.T("display.no-record"), Recovered: p.T("display.recovered"), PIN: p.T("display.pin"),
		HallOffline: p.T("display.hall-offline"), Code: p.T("display.code"), MenuKeys: p.T("display.menu-keys"),
	}
	for _, s := range bughouse.Seats {
		t.Seats[s] = p.Seat(s)
	}
	for r := rules.Flag; int(r) < len(t.Reasons) && !strings.HasPrefix(r.String(), "Reason("); r++ {
		t.Reasons[r] = p.ReasonWord(r)
	}
	return t
}

// or returns t, or the English texts when t is nil.
func (t *Texts) or() *Texts {
	if t == nil {
		return english
	}
	return t
}

// reason is r's word.
func (t *Texts) reason(r rules.Reason) string {
	if int(r) < len(t.Reasons) && t.Reasons[r] != "" {
		return t.Reasons[r]
	}
	return r.String()
}
