package format

import (
	"bytes"
	"errors"
	"io"

	"github.com/gosudoku/sudoku"
)

// Detection: which format a record is in, from its first line (see
// Reader), and the decoders it hands the record to.

// decoders is what a Reader reads with: the lines of the input, shared by
// every format family, and the state of the families that keep one
// between records, each beside its format. The table of formats and
// detection call the families; no family calls another's decoder.
type decoders struct {
	in    source       // the lines, the settings, the symbols (source.go)
	count countState   // Counted (grids.go)
	sect  sectionState // SDK, SadMan and SDX (sections.go)
	pm    pencilState  // Pencil and SSMarks (cands.go)
	csv   csvState     // CSV (csv.go)
	xml   xmlState     // OpenSudoku (opensudoku.go)
}

// auto detects the format of the record starting at the current line.
func (d *decoders) auto(text []byte, s int) (*Puzzle, error) {
	r := &d.in
	if p := line9(r, text, s); p != nil {
		return p, nil
	}
	if r.Variants && isVariant(r, text, s) {
		return readVariant(r, Auto)
	}
	// A word of more than 64 symbols is a line grid.
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e-s > 64 && (e == len(text) || isSpace(text[e])) {
		if _, _, ok := wikiWord(text[s:e]); ok {
			return wikiRecord(r, text, s)
		}
		if e-s == 729 && (r.Order == 0 || r.Order == 3) {
			return sukakuRecord(r, text, s)
		}
		return lineRecord(r, text, s, e)
	}
	e = wordEnd(text, e)
	n := e - s
	switch c := text[s]; {
	case c == '{':
		return jsonRecord(r, text, s)
	case c == ':' && isHoDoKuLine(text, s):
		return hodokuRecord(r, text, s)
	case c == '.' && e > s+1 && text[s+1] == '-':
		return d.pm.read(r)
	case c == '[':
		return d.sect.sdk(r)
	case c == '<' && isXMLStart(text[s:], false):
		return nil, d.xml.line(r, text, s)
	case c == '+' || c == '|' || c == '*' || c == '-' || c == '=' || bytes.IndexByte(text[s:e], '|') >= 0 ||
		n <= 2 && bytes.IndexByte(text[e:], '|') >= 0:
		return boxed(r, &d.pm)
	}
	if n == 12 && isBankLine(text, s, e) {
		return bankRecord(r, text, s)
	}
	if (bytes.IndexByte(text[s:], ',') >= 0 || n <= 9 && skipSpace(text, e) == len(text)) && d.csv.header(text) {
		return nil, nil // the rows follow
	}
	if isCSVNames(text) {
		// A header whose rows cannot be read: say so, not "5 cells, want 16".
		return nil, r.errAt(r.curLine, s+1, detailf(ErrSyntax, "a CSV header with no puzzle column: want one named puzzle, quizzes, grid, ..."))
	}
	if n > 64 {
		if _, _, ok := wikiWord(text[s:e]); ok || bytes.HasPrefix(text[s:e], []byte("http")) && bytes.Contains(text[s:e], []byte("bd=")) {
			return wikiRecord(r, text, s)
		}
		if n == 729 && (r.Order == 0 || r.Order == 3) {
			return sukakuRecord(r, text, s)
		}
		return lineRecord(r, text, s, e)
	}
	if n <= 9 && isSDX(r, text) {
		return d.sect.sdx(r, r.curLine)
	}
	if isSide(n) && (n != 16 && isGroups(text, s, n, 2) || isGroups(text, s, n, n)) {
		return groupsRecord(r, text, s)
	}
	single := skipSpace(text, e) == len(text)
	if single {
		if n <= 9 && allDigits(text[s:e]) && !d.count.inside {
			if !isSide(n) {
				return d.countOrStray(text, s)
			}
			next, err := r.peek(0)
			if err != nil {
				return d.countOrStray(text, s)
			}
			if ns, ne, ok := oneWord(next); !ok || ne-ns != n {
				return d.countOrStray(text, s)
			}
		}
		if isSide(n) && (n != 16 || rows16(r, text[s:e])) {
			return rows(r, kindSymbols, SDK, r.curLine)
		}
		return lineRecord(r, text, s, e)
	}
	if n <= 2 {
		return rows(r, kindNumbers, Numbers, r.curLine)
	}
	return lineRecord(r, text, s, e)
}

// rows16 decides whether w, one word of 16 characters, is a row of a
// 16x16 grid rather than a 4x4 puzzle.
func rows16(r *source, w []byte) bool {
	switch r.Order {
	case 2:
		return false
	case 4:
		return true
	}
	big := above4(r, w)
	for i := 0; i < 15; i++ {
		next, err := r.peek(i)
		if err != nil {
			return false
		}
		s, e, ok := oneWord(next)
		if !ok || e-s != 16 {
			return false
		}
		big = big || above4(r, next[s:e])
	}
	return big
}

// above4 reports whether w holds a symbol with a value above 4.
func above4(r *source, w []byte) bool {
	for _, c := range w {
		if r.sym[c] > 5 {
			return true
		}
	}
	return false
}

// countOrStray reads a count line found by detection. A count above 0 that
// is not followed by a grid of several lines is a stray number, an error
// on its own line: the records after it are read as if it were not there.
func (d *decoders) countOrStray(text []byte, s int) (*Puzzle, error) {
	r := &d.in
	p, err := d.count.record(r, text, s)
	if err != nil || d.count.left == 0 || gridFollows(r) {
		return p, err
	}
	d.count.left = 0
	_, e, _ := oneWord(text)
	return nil, r.errAt(r.curLine, s+1, detailf(ErrCount, "stray number %s: a count line must be followed by its grids, one row per line", text[s:e]))
}

// gridFollows reports whether the next line that is not blank or a
// comment can start a grid of several lines (rows of numbers, rows of
// symbols, a boxed grid or a "[Puzzle]" section), or the input ends first.
func gridFollows(r *source) bool {
	for i := 0; i < 16; i++ {
		b, err := r.peek(i)
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		s := skipSpace(b, 0)
		if s == len(b) || b[s] == '#' {
			continue
		}
		e := wordEnd(b, s)
		switch {
		case bytes.IndexByte([]byte("+|*-=["), b[s]) >= 0:
			return true
		case skipSpace(b, e) == len(b):
			// A row of symbols, or a count line (an error the counted
			// block names).
			return isSide(e-s) || e-s <= 9 && allDigits(b[s:e])
		}
		return e-s <= 2 // several words: a row of numbers
	}
	return true
}

// auto1 reads a record of a format it detects (Auto): see Detection in
// the package documentation.
func (d *decoders) auto1(text []byte, s int) (*Puzzle, error) {
	r := &d.in
	p, err := d.auto(text, s)
	if p != nil && p.Format == SS && p.Grid.Order() == 3 {
		if kind := ssFollows(r, &d.pm, false); kind != ssPlain {
			p, err = ssMarksRest(r, &d.pm, p, kind)
		}
	}
	return p, err
}

// readCounted reads the next grid of a counted block.
func (d *decoders) counted() (*Puzzle, error) {
	r := &d.in
	for {
		err := r.next()
		if err == io.EOF {
			found := d.count.want - d.count.left
			d.count.left = 0
			return nil, r.errAt(d.count.line, 0, detailf(ErrCount, "count says %d grids, file ends after %d", d.count.want, found))
		}
		if err != nil {
			var pe *sudoku.ParseError
			if errors.As(err, &pe) {
				d.count.left--
			}
			return nil, err
		}
		text := r.cur
		s := skipSpace(text, 0)
		if s == len(text) || text[s] == '#' && r.isComment(text, s) {
			continue
		}
		d.count.left--
		d.count.inside = true
		var p *Puzzle
		if e := wordEnd(text, s); e-s <= 9 && allDigits(text[s:e]) && !isSide(e-s) && skipSpace(text, e) == len(text) {
			err = r.errAt(r.curLine, s+1, detailf(ErrCount, "count line inside a counted block (%d grids still due)", d.count.left+1))
		} else {
			p, err = d.auto(text, s)
		}
		d.count.inside = false
		if p != nil {
			p.Format = Counted
		}
		return p, err
	}
}
