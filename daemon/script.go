package daemon

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"tandem/rules"
	"tandem/timeline"
)

// This file owns the scripted input: `tandem run --script
// FILE` plays a timeline on the real table in real time, so the fault
// harness (journal/faulttest) can cut the real binary at any instant.

// RunScript posts each event of s to the table at its real instant: TIME
// seconds after the call (the script's instant 0). It writes to out, one
// line each: "script: start wall=W instant=I" (W the wall time of instant
// 0 in Unix ns, I the table's instant then, ns), "script: done" after the
// last event (or at the end line's instant), and "final RESULT REASON
// at=NS" each time a decided result becomes final, i.e. on disk
// (table.Snapshot.Final; NS the decision instant on the table's epoch). It
// returns ctx.Err() when ctx ends first, else nil; the table goes on after
// it.
func (d *Daemon) RunScript(ctx context.Context, s *timeline.Script, out io.Writer) error {
	t := d.Table
	out = &lockedWriter{w: out}
	start := time.Now()
	fmt.Fprintf(out, "script: start wall=%d instant=%d\n", start.UnixNano(), int64(t.Since(start)))

	d.Go(func() {
		snaps, cancel := t.Subscribe()
		defer cancel()
		was := t.Snapshot().Final
		for {
			select {
			case <-ctx.Done():
				return
			case s, ok := <-snaps:
				if !ok {
					return
				}
				if s.Final && !was && s.Status == rules.Decided {
					fmt.Fprintf(out, "final %s %s at=%d\n", s.Result, s.Reason, int64(s.DecidedAt))
				}
				was = s.Final
			}
		}
	})

	wait := func(at time.Duration) error {
		timer := time.NewTimer(time.Until(start.Add(at)))
		defer timer.Stop()
		select {
		case <-timer.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for _, e := range s.Entries {
		if err := wait(e.Event.At); err != nil {
			return err
		}
		// Stamped with its scripted instant, as a GPIO edge is stamped
		// with the instant it happened.
		if !t.Post(e.Event, start.Add(e.Event.At)) {
			return ctx.Err()
		}
	}
	if s.EndLine > 0 {
		if err := wait(s.End); err != nil {
			return err
		}
	}
	fmt.Fprintln(out, "script: done")
	return nil
}

// lockedWriter serializes the script's and the finals' lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
