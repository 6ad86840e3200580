package display

import "time"

// RecordNote is the displays' note about the match record, for
// Noter.SetNote: "NO RECORD" when recording failed (recordFailed: the
// daemon's Info.RecordErr is not empty; a decided result then stays
// provisional, "0-1?", and the arbiter must write it down), otherwise
// "RECOVERED 14:03" when the match was restored from the record after a
// restart, with the wall-clock time of the last record before the cut
// (recoveredAt, written in its own location as hours and minutes: pass
// RecoveredAt.Local() for the hall's time), otherwise "". Both fit the
// face wherever the note goes (NoteWidth).
func RecordNote(recovered bool, recoveredAt time.Time, recordFailed bool) string {
	return RecordNoteIn(recovered, recoveredAt, recordFailed, nil)
}

// RecordNoteIn is RecordNote in the words of tx (nil: English; "SIN
// REGISTRO", "RECUPERADO 14:03" in Spanish).
func RecordNoteIn(recovered bool, recoveredAt time.Time, recordFailed bool, tx *Texts) string {
	tx = tx.or()
	switch {
	case recordFailed:
		return tx.NoRecord
	case recovered && recoveredAt.IsZero():
		return tx.Recovered
	case recovered:
		return tx.Recovered + " " + recoveredAt.Format("15:04")
	}
	return ""
}
