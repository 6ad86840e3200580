package eboard

import (
	"fmt"
	"sync"
)

// Fields turns one board's messages into reports: it keeps the board's
// fields (from the last board dump and the field updates since) and the
// orientation, found from the start position when not given. Conn uses
// one per board; a recorded session's replay another. Safe for
// concurrent use.
type Fields struct {
	mu     sync.Mutex
	fields [64]byte
	synced bool // a board dump was read
	orient Orientation
	fixed  bool
}

// NewFields returns the translator of a board standing o (Unknown: found
// from the start position).
func NewFields(o Orientation) *Fields { return &Fields{orient: o, fixed: o != Unknown} }

// Orientation returns the orientation in force (Unknown until found).
func (f *Fields) Orientation() Orientation {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.orient
}

// SetOrientation sets the orientation when it is not known yet.
func (f *Fields) SetOrientation(o Orientation) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.orient == Unknown {
		f.orient = o
	}
}

// Lost forgets the board: field updates count again only after the next
// board dump (the board may have changed while it was away).
func (f *Fields) Lost() {
	f.mu.Lock()
	f.synced = false
	f.mu.Unlock()
}

// Message translates m: a board dump is a BoardDump report, a field
// update (after a dump) an Update; when the orientation is found from
// the board now (the start position, in a dump or set up piece by
// piece), a BoardDump follows in it. Serial-number, version and other
// messages make no report (Conn reads those itself). Reports have no At:
// the caller stamps them. An error says what is wrong with a message of
// a known kind (a field or piece code out of range).
func (f *Fields) Message(m Message) ([]Report, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch m.ID {
	case MsgBoardDump:
		d, err := Dump(m)
		if err != nil {
			return nil, err
		}
		for i, code := range d {
			if code > 12 {
				return nil, fmt.Errorf("eboard: board dump: field %d has piece code %d (0-12)", i, code)
			}
		}
		f.fields, f.synced = d, true
		f.detect()
		return []Report{f.dump()}, nil
	case MsgFieldUpdate:
		field, code, err := FieldUpdate(m)
		if err != nil {
			return nil, err
		}
		pc, ok := Piece(code)
		if field >= 64 || !ok {
			return nil, fmt.Errorf("eboard: field update: field %d, piece code %d (fields 0-63, codes 0-12)", field, code)
		}
		if !f.synced {
			return nil, nil
		}
		f.fields[field] = code
		out := []Report{{Kind: Update, Square: f.orient.Square(field), Piece: pc, Field: field, Code: code, Orientation: f.orient}}
		if f.detect() {
			out = append(out, f.dump())
		}
		return out, nil
	}
	return nil, nil
}

// detect finds the orientation from the start position, unless it is
// given or known; it reports whether it found it now.
func (f *Fields) detect() bool {
	if f.fixed || f.orient != Unknown {
		return false
	}
	if o := Detect(&f.fields); o != Unknown {
		f.orient = o
		return true
	}
	return false
}

func (f *Fields) dump() Report {
	s, _ := Squares(&f.fields, f.orient)
	return Report{Kind: BoardDump, Squares: s, Orientation: f.orient}
}
