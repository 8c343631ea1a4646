package sudoku

import (
	"bufio"
	"io"
)

// Writer writes puzzles in one format.
type Writer struct {
	Format Format // FormatAuto writes FormatLine
	w      *bufio.Writer
}

// NewWriter returns a Writer that writes to w in format f.
func NewWriter(w io.Writer, f Format) *Writer {
	return &Writer{Format: f, w: bufio.NewWriter(w)}
}

// Write writes one grid, with comment after it where the format has room
// for one (FormatLine, FormatJSON).
func (w *Writer) Write(g *Grid, comment string) error {
	w.w.WriteString(g.String())
	if comment != "" {
		w.w.WriteByte(' ')
		w.w.WriteString(comment)
	}
	return w.w.WriteByte('\n')
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error { return w.w.Flush() }
