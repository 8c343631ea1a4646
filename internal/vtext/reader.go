package vtext

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// Form names a text form of variant puzzles.
type Form int

// The forms. A Reader detects the form of each record unless one is set.
const (
	// FormDetect finds the form of each record: a line starting with '{' is
	// JSON (rules JSON when it has "rules" or a "grid" that is not an
	// array of rows, f-puzzles otherwise), a line holding an f-puzzles or
	// SudokuPad link (or the bare "N4Ig..." data) is a link, and a block
	// of equal rows is a killer when a line of sums ("A=10") follows it
	// and a jigsaw when it is twice as many rows as it is wide.
	FormDetect Form = iota
	// FormFPuzzles is f-puzzles JSON: one object per line, or one object over
	// several lines (a whole file).
	FormFPuzzles
	// FormLink is an f-puzzles or SudokuPad link, one per line.
	FormLink
	// FormRules is the toolkit's rules JSON, one object per line.
	FormRules
	// FormJigsaw is the jigsaw text form (see WriteJigsaw).
	FormJigsaw
	// FormKiller is the killer text form (see WriteKiller).
	FormKiller
)

var formNames = [...]string{"detect", "fpuzzles", "link", "rules", "jigsaw", "killer"}

// formReaders reads a whole record of each form whose record is a block
// of text (a link is read by ReadLink, which also gives the columns).
var formReaders = [...]func([]byte) (*variant.Puzzle, error){
	FormFPuzzles: ReadFPuzzles,
	FormRules:    ReadJSON,
	FormJigsaw:   ReadJigsaw,
	FormKiller:   ReadKiller,
}

func (f Form) String() string {
	if f >= 0 && int(f) < len(formNames) {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", int(f))
}

// LookupForm returns the form with the name f.String() gives.
func LookupForm(name string) (Form, bool) {
	for k, n := range formNames {
		if n == name {
			return Form(k), true
		}
	}
	return 0, false
}

// Record is one puzzle read from a stream.
type Record struct {
	Puzzle *variant.Puzzle
	Line   int  // 1-based line where the record starts
	Form   Form // the form it was read in
}

// ReadError is a record that cannot be read: Line and Column (1-based,
// the column in bytes; 0 when none applies) in the stream.
type ReadError struct {
	Line, Column int
	Err          error
}

func (e *ReadError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// maxRecordLines bounds a multi-line record (a JSON object over lines):
// 64x64 f-puzzles JSON pretty-printed is about 30,000 lines.
const maxRecordLines = 1 << 16

// Reader reads variant puzzles from a stream, one record at a time. Empty
// lines and lines starting with '#' between records are skipped. After an
// error, the next Read goes on with the next record.
type Reader struct {
	Form Form // the form to read; FormDetect (the zero value) finds it per record

	sc      *bufio.Scanner
	line    int
	pending []string // lines read ahead, not yet used
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	return &Reader{sc: sc}
}

// nextLine returns the next line and its number; ok is false at the end.
func (r *Reader) nextLine() (string, bool, error) {
	if len(r.pending) > 0 {
		s := r.pending[0]
		r.pending = r.pending[1:]
		r.line++
		return s, true, nil
	}
	if !r.sc.Scan() {
		return "", false, r.sc.Err()
	}
	r.line++
	return strings.TrimSuffix(r.sc.Text(), "\r"), true, nil
}

// peekLine returns the line k after the current one without using it.
func (r *Reader) peekLine(k int) (string, bool) {
	for len(r.pending) <= k {
		if !r.sc.Scan() {
			return "", false
		}
		r.pending = append(r.pending, strings.TrimSuffix(r.sc.Text(), "\r"))
	}
	return r.pending[k], true
}

// Read returns the next record, io.EOF at the end, or a *ReadError.
func (r *Reader) Read() (*Record, error) {
	for {
		s, ok, err := r.nextLine()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
		t := strings.TrimSpace(s)
		if t == "" || t[0] == '#' {
			continue
		}
		start := r.line
		form := r.Form
		if form == FormDetect {
			form = detect(readerLines{r}, t)
		}
		rec, err := record(readerLines{r}, form, s, start)
		if err != nil {
			return nil, err
		}
		rec.Line, rec.Form = start, form
		return rec, nil
	}
}

// Lines gives a record's lines after its first one: Next takes the next
// line (ok false at the end), Peek looks at the k-th line after the last
// one taken without taking it. A Reader reads its own; the format
// package's Reader gives its lines, so that a file mixes classic and
// variant records.
type Lines interface {
	Next() (line string, ok bool, err error)
	Peek(k int) (line string, ok bool)
}

// readerLines is a Reader's own Lines.
type readerLines struct{ r *Reader }

func (l readerLines) Next() (string, bool, error) { return l.r.nextLine() }
func (l readerLines) Peek(k int) (string, bool)   { return l.r.peekLine(k) }

// Detect finds the form of the record whose first line, trimmed, is t
// (neither empty nor a comment), looking at the lines after it in src
// without taking them; as a Reader with FormDetect does.
func Detect(src Lines, t string) Form { return detect(src, t) }

// ReadRecord reads the record of form (not FormDetect) whose first line,
// s, is line start of the text, taking the lines after it that the record
// holds from src; errors are *ReadError, as Read's.
func ReadRecord(src Lines, form Form, s string, start int) (*Record, error) {
	rec, err := record(src, form, s, start)
	if err != nil {
		return nil, err
	}
	rec.Line, rec.Form = start, form
	return rec, nil
}

// detect finds the form of the record starting with the line t.
func detect(src Lines, t string) Form {
	switch {
	case t[0] == '{':
		return jsonForm(t)
	case strings.Contains(t, "?load=") || strings.Contains(t, "/fpuzzles") || strings.HasPrefix(t, "N4Ig") || IsSudokuPad(t) || IsShortLink(t):
		return FormLink
	}
	n := len(t)
	for k := 0; k < 2*n+1; k++ {
		l, ok := src.Peek(k)
		if !ok {
			break
		}
		l = strings.TrimSpace(l)
		if strings.Contains(l, "=") {
			return FormKiller
		}
		if l == "" && k == n-1 {
			continue // the empty line between a jigsaw's two grids
		}
		if !nearLength(l, n) {
			break
		}
	}
	return FormJigsaw
}

// jsonForm tells the rules JSON from f-puzzles JSON by a quick look at
// the keys of the first line.
func jsonForm(t string) Form {
	var keys map[string]json.RawMessage
	if json.Unmarshal([]byte(t), &keys) == nil {
		if _, ok := keys["rules"]; ok {
			return FormRules
		}
		if g, ok := keys["grid"]; ok && len(g) > 0 && g[0] == '"' {
			return FormRules
		}
		return FormFPuzzles
	}
	if strings.Contains(t, `"rules"`) {
		return FormRules
	}
	return FormFPuzzles
}

// record reads the record of form starting with line s (line number start).
func record(src Lines, form Form, s string, start int) (*Record, error) {
	fail := func(err error) (*Record, error) {
		var pe *PlaceError
		if errors.As(err, &pe) {
			return nil, &ReadError{Line: start + pe.Line - 1, Column: pe.Column, Err: pe.Err}
		}
		return nil, &ReadError{Line: start, Err: err}
	}
	switch form {
	case FormFPuzzles, FormRules:
		data, err := jsonObject(src, s)
		if err != nil {
			return fail(err)
		}
		p, err := formReaders[form](data)
		if err != nil {
			return fail(err)
		}
		return &Record{Puzzle: p}, nil
	case FormLink:
		p, err := ReadLink(s)
		if err != nil {
			var pe *PlaceError
			if errors.As(err, &pe) {
				// A place in the JSON the link holds means nothing in
				// the file: name the line and the place in the JSON.
				return nil, &ReadError{Line: start, Err: fmt.Errorf("in the link's JSON: %w", err)}
			}
			return fail(err)
		}
		return &Record{Puzzle: p}, nil
	case FormJigsaw, FormKiller:
		block := []string{s}
		n := len(strings.TrimSpace(s))
		rows, sums := 1, strings.Contains(s, "=")
		for {
			l, ok := src.Peek(0)
			if !ok {
				break
			}
			t := strings.TrimSpace(l)
			if t != "" && t[0] == '#' || form == FormJigsaw && rows == 2*n || form == FormKiller && sums && !strings.Contains(t, "=") {
				break
			}
			if t == "" && (sums || form == FormJigsaw && rows != n) {
				break
			}
			src.Next()
			block = append(block, l)
			if t != "" {
				rows++
				sums = sums || strings.Contains(t, "=")
			}
		}
		p, err := formReaders[form]([]byte(strings.Join(block, "\n")))
		if err != nil {
			return fail(err)
		}
		return &Record{Puzzle: p}, nil
	}
	return nil, &ReadError{Line: start, Err: fmt.Errorf("no form %v", form)}
}

// jsonObject gathers the lines of one JSON object starting with s: the
// line alone when its braces balance, else the lines up to the one that
// closes it.
func jsonObject(src Lines, s string) ([]byte, error) {
	var b bytes.Buffer
	depth, inStr, esc := 0, false, false
	for lines := 1; ; lines++ {
		b.WriteString(s)
		b.WriteByte('\n')
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case esc:
				esc = false
			case inStr && c == '\\':
				esc = true
			case c == '"':
				inStr = !inStr
			case inStr:
			case c == '{' || c == '[':
				depth++
			case c == '}' || c == ']':
				depth--
			}
		}
		if depth <= 0 {
			return b.Bytes(), nil
		}
		if lines == maxRecordLines {
			return nil, fmt.Errorf("a JSON object of more than %d lines", maxRecordLines)
		}
		var ok bool
		var err error
		if s, ok, err = src.Next(); err != nil {
			return nil, err
		} else if !ok {
			return b.Bytes(), nil // the JSON reader names what is missing
		}
	}
}

// Append appends p in the form f to dst: the line forms (FormFPuzzles,
// FormLink, FormRules) as one line, the text forms as their lines; every
// record ends in a line break. FormDetect writes FormRules.
func Append(dst []byte, p *variant.Puzzle, f Form) ([]byte, error) {
	var data []byte
	var err error
	switch f {
	case FormFPuzzles:
		data, err = WriteFPuzzles(p)
	case FormLink:
		var s string
		s, err = Link(p)
		data = []byte(s)
	case FormDetect, FormRules:
		data, err = WriteJSON(p)
	case FormJigsaw:
		data, err = WriteJigsaw(p)
	case FormKiller:
		data, err = WriteKiller(p)
	default:
		return dst, fmt.Errorf("no form %v", f)
	}
	if err != nil {
		return dst, err
	}
	dst = append(dst, data...)
	if len(data) == 0 || data[len(data)-1] != '\n' {
		dst = append(dst, '\n')
	}
	return dst, nil
}

// BlockMark reports whether line could make a block of rows of side n a
// killer or jigsaw as Sniff reads them: it holds '=' (a line of cage sums)
// or a region letter beyond the side's symbols. Sniff says no to a block of
// rows none of whose lines has a mark, so a reader may skip it then.
func BlockMark(line []byte, n int) bool {
	// symbols is 1-9 then A-Z, regionLetters A-Z and a-z: an upper-case
	// letter is a symbol of side n when its place in symbols is below n.
	for _, c := range line {
		if c == '=' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' && int(c-'A')+9 >= n {
			return true
		}
	}
	return false
}

// Sniff reports whether the text a stream starts with (the first few
// kilobytes) holds variant puzzles, and in which form (FormDetect when the
// Reader has to look at each record): an object with "size" (f-puzzles
// and rules JSON; the classic JSON of package format has "order"), a
// link, a killer's cage map and sums, or a jigsaw's givens and region
// letters. A classic grid is none of these.
func Sniff(prefix []byte) (Form, bool) {
	lines := strings.Split(string(prefix), "\n")
	for k, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' {
			continue
		}
		switch {
		case t[0] == '{':
			i := strings.Index(string(prefix), `"size"`)
			return FormDetect, i >= 0 && !strings.Contains(string(prefix[:i]), `"order"`)
		case strings.Contains(t, "?load=") || strings.Contains(t, "/fpuzzles") || strings.HasPrefix(t, "N4Ig") || IsSudokuPad(t) || IsShortLink(t):
			return FormLink, true
		}
		n := len(t)
		if n < variant.MinSize || n > len(symbols) {
			return FormDetect, false
		}
		var block []string
		for _, b := range lines[k:] {
			b = strings.TrimSpace(b)
			if strings.Contains(b, "=") {
				// A row a cell short or long is still a killer's (its
				// reader names the row).
				m := commonLength(block)
				return FormKiller, m >= variant.MinSize && (len(block) == m || len(block) == 2*m)
			}
			if b == "" && len(block) == n {
				continue
			}
			if !nearLength(b, n) || len(block) == 2*n {
				break
			}
			block = append(block, b)
		}
		if len(block) != 2*n {
			return FormDetect, false
		}
		for _, b := range block {
			if len(b) != n {
				return FormDetect, false
			}
		}
		// Region letters beyond the symbols of the side: a jigsaw.
		for _, b := range block[n:] {
			for i := range len(b) {
				if k := strings.IndexByte(symbols, b[i]); k < 0 || k >= n {
					return FormJigsaw, strings.IndexByte(regionLetters, b[i]) >= 0
				}
			}
		}
		return FormDetect, false
	}
	return FormDetect, false
}

// nearLength reports whether line could be a row of side n, a cell short
// or long at most (a typo the form's reader then names).
func nearLength(line string, n int) bool {
	return len(line) >= n-1 && len(line) <= n+1 && len(line) > 0
}
