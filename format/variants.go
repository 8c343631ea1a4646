package format

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// Variant formats: the text forms of variant puzzles (package variant),
// read and written by internal/vtext over the source's lines, so that a
// file mixes classic and variant records. format imports variant (and
// vtext), never the reverse: a Puzzle carries the variant puzzle itself,
// typed, rather than behind an interface each caller would have to
// assert.

// vforms maps each variant format to its vtext form.
var vforms = map[Format]vtext.Form{
	FPuzzles: vtext.FormFPuzzles, Link: vtext.FormLink, Rules: vtext.FormRules,
	Jigsaw: vtext.FormJigsaw, Killer: vtext.FormKiller,
}

// vformat returns the variant format of a vtext form.
func vformat(f vtext.Form) Format {
	for k, v := range vforms {
		if v == f {
			return k
		}
	}
	return Auto
}

// vlines gives the source's lines to vtext.
type vlines struct{ r *source }

func (l vlines) Next() (string, bool, error) {
	err := l.r.next()
	if err == io.EOF {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return string(l.r.cur), true, nil
}

func (l vlines) Peek(k int) (string, bool) {
	b, err := l.r.peek(k)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// readVariant reads the record of variant format f (Auto: detected) that
// starts at the current line.
func readVariant(r *source, f Format) (*Puzzle, error) {
	text := string(r.cur)
	form, ok := vforms[f]
	if !ok {
		form = vtext.Detect(vlines{r}, strings.TrimSpace(text))
	}
	rec, err := vtext.ReadRecord(vlines{r}, form, text, r.curLine)
	var re *vtext.ReadError
	if errors.As(err, &re) {
		line, col := re.Line, re.Column
		if line > r.line && r.line > 0 {
			line, col = r.line, 0 // the text ended first: name its last line
		}
		return nil, &sudoku.ParseError{File: r.File, Line: line, Column: col, Err: re.Err}
	}
	if err != nil {
		return nil, err
	}
	return &Puzzle{Variant: rec.Puzzle, Line: rec.Line, Format: vformat(rec.Form)}, nil
}

// isVariant reports whether the record that starts at the current line,
// text, whose first non-blank byte is text[s], is in a variant format, as
// vtext.Sniff tells them from the start of a file: a JSON object with
// "size" (the classic JSON has "order"), a link, or a block of rows of
// equal length followed by cage sums (killer) or holding region letters
// (jigsaw).
func isVariant(r *source, text []byte, s int) bool {
	prefix := text
	if text[s] == '{' && bytes.Count(text, []byte("{")) > bytes.Count(text, []byte("}")) {
		// An object over several lines: its keys are on the lines after.
		block := [][]byte{text}
		for k := 0; k < 16; k++ {
			b, err := r.peek(k)
			if err != nil {
				break
			}
			block = append(block, b)
		}
		prefix = bytes.Join(block, []byte("\n"))
	} else if w := bytes.TrimSpace(text); text[s] != '{' && len(w) >= variant.MinSize && len(w) <= 35 && bytes.IndexByte(w, ' ') < 0 {
		// A block of rows: give vtext the lines it looks at (2n rows, an
		// empty line and a line of sums at the most).
		mark, k := vtext.BlockMark(w, len(w)), 0
		for ; k < 2*len(w)+1 && !mark; k++ {
			b, err := r.peek(k)
			if err != nil {
				break
			}
			mark = vtext.BlockMark(b, len(w))
		}
		if !mark {
			return false // rows of digits and blanks: classic (the common case, kept cheap)
		}
		block := [][]byte{w}
		for k := 0; k < 2*len(w)+1; k++ {
			b, err := r.peek(k)
			if err != nil {
				break
			}
			block = append(block, b)
		}
		prefix = bytes.Join(block, []byte("\n"))
	}
	_, ok := vtext.Sniff(prefix)
	return ok
}

// variantWriter returns the write function of a variant format: the
// record's variant puzzle, or a classic grid's givens as a puzzle with no
// rules.
func variantWriter(f Format) func(dst []byte, rec *record) ([]byte, error) {
	return func(dst []byte, rec *record) ([]byte, error) {
		p := rec.v
		if p == nil {
			p = variant.New(rec.g.Side())
			p.Givens = rec.g.Values()
		}
		return vtext.Append(dst, p, vforms[f])
	}
}
