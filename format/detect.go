package format

import (
	"bytes"
	"io"
)

// Detection: which format a record is in, from its first line (see Reader).

// isComment reports whether text, whose first non-blank byte text[s] is
// '#', is a comment rather than the start of a 64x64 grid.
func (r *Reader) isComment(text []byte, s int) bool {
	if r.Format == JSON || r.Order != 0 && r.Order != 8 {
		return true
	}
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e < len(text) && !isSpace(text[e]) {
		return true
	}
	if len(bytes.Trim(text[s:e], "#")) == 0 {
		return true // a banner: no grid repeats one symbol in every cell
	}
	switch e - s {
	case 4096:
		return false // a line grid
	case 64:
		if skipSpace(text, e) == len(text) {
			// One word: the first row of a grid of symbols if the next
			// line is one word of 64 symbols too.
			next, err := r.peek(0)
			if err != nil {
				return true
			}
			ns, ne, ok := oneWord(next)
			return !ok || ne-ns != 64
		}
		return !isGroups(text, s, 64, 2)
	}
	return true
}

// auto detects the format of the record starting at the current line.
func (r *Reader) auto(text []byte, s int) (*Puzzle, error) {
	if p := r.line9(text, s); p != nil {
		return p, nil
	}
	// A word of more than 64 symbols is a line grid.
	e := s
	for e < len(text) && r.sym[text[e]] != 0 {
		e++
	}
	if e-s > 64 && (e == len(text) || isSpace(text[e])) {
		if _, _, ok := wikiWord(text[s:e]); ok {
			return r.wikiRecord(text, s)
		}
		if e-s == 729 && (r.Order == 0 || r.Order == 3) {
			return r.sukakuRecord(text, s)
		}
		return r.lineRecord(text, s, e)
	}
	e = wordEnd(text, e)
	n := e - s
	switch c := text[s]; {
	case c == '{':
		return r.jsonRecord(text, s)
	case c == ':' && isHoDoKuLine(text, s):
		return r.hodokuRecord(text, s)
	case c == '.' && e > s+1 && text[s+1] == '-':
		return r.pencil()
	case c == '[':
		return r.sdk()
	case c == '<' && isXMLStart(text[s:], false):
		return nil, r.xmlLine(text, s)
	case c == '+' || c == '|' || c == '*' || c == '-' || c == '=' || bytes.IndexByte(text[s:e], '|') >= 0 ||
		n <= 2 && bytes.IndexByte(text[e:], '|') >= 0:
		return r.boxed()
	}
	if n == 12 && isBankLine(text, s, e) {
		return r.bankRecord(text, s)
	}
	if (bytes.IndexByte(text[s:], ',') >= 0 || n <= 9 && skipSpace(text, e) == len(text)) && r.csvHeader(text) {
		return nil, nil // the rows follow
	}
	if isCSVNames(text) {
		// A header whose rows cannot be read: say so, not "5 cells, want 16".
		return nil, r.errAt(r.curLine, s+1, detailf(ErrSyntax, "a CSV header with no puzzle column: want one named puzzle, quizzes, grid, ..."))
	}
	if n > 64 {
		if _, _, ok := wikiWord(text[s:e]); ok || bytes.HasPrefix(text[s:e], []byte("http")) && bytes.Contains(text[s:e], []byte("bd=")) {
			return r.wikiRecord(text, s)
		}
		if n == 729 && (r.Order == 0 || r.Order == 3) {
			return r.sukakuRecord(text, s)
		}
		return r.lineRecord(text, s, e)
	}
	if n <= 9 && r.isSDX(text) {
		return r.sdx(r.curLine)
	}
	if isSide(n) && (n != 16 && isGroups(text, s, n, 2) || isGroups(text, s, n, n)) {
		return r.groupsRecord(text, s)
	}
	single := skipSpace(text, e) == len(text)
	if single {
		if n <= 9 && allDigits(text[s:e]) && !r.count.inside {
			if !isSide(n) {
				return r.countOrStray(text, s)
			}
			next, err := r.peek(0)
			if err != nil {
				return r.countOrStray(text, s)
			}
			if ns, ne, ok := oneWord(next); !ok || ne-ns != n {
				return r.countOrStray(text, s)
			}
		}
		if isSide(n) && (n != 16 || r.rows16(text[s:e])) {
			return r.rows(kindSymbols, SDK, r.curLine)
		}
		return r.lineRecord(text, s, e)
	}
	if n <= 2 {
		return r.rows(kindNumbers, Numbers, r.curLine)
	}
	return r.lineRecord(text, s, e)
}

// rows16 decides whether w, one word of 16 characters, is a row of a
// 16x16 grid rather than a 4x4 puzzle.
func (r *Reader) rows16(w []byte) bool {
	switch r.Order {
	case 2:
		return false
	case 4:
		return true
	}
	big := r.above4(w)
	for i := 0; i < 15; i++ {
		next, err := r.peek(i)
		if err != nil {
			return false
		}
		s, e, ok := oneWord(next)
		if !ok || e-s != 16 {
			return false
		}
		big = big || r.above4(next[s:e])
	}
	return big
}

// above4 reports whether w holds a symbol with a value above 4.
func (r *Reader) above4(w []byte) bool {
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
func (r *Reader) countOrStray(text []byte, s int) (*Puzzle, error) {
	p, err := r.countRecord(text, s)
	if err != nil || r.count.left == 0 || r.gridFollows() {
		return p, err
	}
	r.count.left = 0
	_, e, _ := oneWord(text)
	return nil, r.errAt(r.curLine, s+1, detailf(ErrCount, "stray number %s: a count line must be followed by its grids, one row per line", text[s:e]))
}

// gridFollows reports whether the next line that is not blank or a
// comment can start a grid of several lines (rows of numbers, rows of
// symbols, a boxed grid or a "[Puzzle]" section), or the input ends first.
func (r *Reader) gridFollows() bool {
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

// auto1 reads a record of a format it detects (Auto): see Reader.
func (r *Reader) auto1(text []byte, s int) (*Puzzle, error) {
	p, err := r.auto(text, s)
	if p != nil && p.Format == SS && p.Grid.Order() == 3 {
		if kind := r.ssFollows(false); kind != ssPlain {
			p, err = r.ssMarksRest(p, kind)
		}
	}
	return p, err
}
