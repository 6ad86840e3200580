package tui

import (
	"context"
	"errors"
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"tandem/table"
)

// Run shows table t full screen on the terminal out, reading keys from in,
// until the user quits (Esc or Ctrl-C, confirmed unless the match is ready:
// see the package documentation), an interrupt signal, or the
// end of ctx. t must be running (table.Run in another goroutine); Run does
// not stop it.
//
// The table is drawn on the terminal's alternate screen, and its last
// screen is empty (a quit), so the terminal is left as it was, even one
// without an alternate screen. When in is a terminal, Run puts it in raw
// mode and restores it before returning. It returns nil after a quit key or an interrupt, ctx.Err()
// when ctx ended, and otherwise the terminal's error.
func Run(ctx context.Context, t *table.Table, in io.Reader, out io.Writer, opts ...Option) error {
	opts = append([]Option{WithRenderer(lipgloss.NewRenderer(out))}, opts...)
	m := New(t, opts...)
	m.ctx = ctx
	defer m.Close()
	p := tea.NewProgram(m,
		tea.WithContext(ctx),
		tea.WithInput(in),
		tea.WithOutput(out),
		tea.WithAltScreen(),
	)
	_, err := p.Run()
	switch {
	case err == nil, errors.Is(err, tea.ErrInterrupted):
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return err
}
