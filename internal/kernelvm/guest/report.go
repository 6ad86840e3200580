package guest

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// Report writes the suite's lines.
type Report struct {
	w      io.Writer
	mu     sync.Mutex
	Failed int
}

// NewReport reports to w.
func NewReport(w io.Writer) *Report { return &Report{w: w} }

// Pass reports test name passed.
func (r *Report) Pass(name, format string, args ...any) {
	r.line("PASS %s %s", name, fmt.Sprintf(format, args...))
}

// Fail reports test name failed.
func (r *Report) Fail(name, format string, args ...any) {
	r.mu.Lock()
	r.Failed++
	r.mu.Unlock()
	r.line("FAIL %s: %s", name, fmt.Sprintf(format, args...))
}

// Figure reports a measurement.
func (r *Report) Figure(name, format string, args ...any) {
	r.line("FIGURE %s %s", name, fmt.Sprintf(format, args...))
}

func (r *Report) line(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.w, format+"\n", args...)
}

// Main runs the guest mode named by TANDEM_mode (set from the kernel's
// command line by the VM's init) and returns its exit status.
func Main(out io.Writer) int {
	switch mode := os.Getenv("TANDEM_mode"); mode {
	case "gpio":
		r := NewReport(out)
		GPIO(r, 200)
		fmt.Fprintln(out, "GUEST-DONE")
		return min(r.Failed, 1)
	case "cut":
		return Cut(out)
	default:
		fmt.Fprintf(out, "FAIL guest: unknown mode %q\n", mode)
		return 2
	}
}
