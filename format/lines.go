package format

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Formats of one line per puzzle: Line, Groups and Bank.

// groupsRecord reads Groups.
func groupsRecord(r *source, text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	side := wordEnd(text, s) - s
	order := sudoku.OrderForSide(side)
	if order == 0 {
		return nil, r.errAt(line, s+1, detailf(sudoku.ErrCellCount, "group of %d symbols, want 4, 9, 16, 25, 36, 49 or 64", side))
	}
	if err := r.checkOrder(order, line, s+1, "groups of", side); err != nil {
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	i := s
	for k := 0; k < side; k++ {
		i = skipSpace(text, i)
		if i == len(text) {
			return nil, r.errAt(line, 0, detailf(sudoku.ErrCellCount, "%d %s, want %d", k, plural(k, "group"), side))
		}
		e := wordEnd(text, i)
		if e-i != side {
			if k := notASCII(text[i:e]); k >= 0 {
				return nil, r.errAt(line, i+k+1, sudoku.SymbolError(text, i+k))
			}
			return nil, r.errAt(line, i+1, detailf(sudoku.ErrCellCount, "group %d has %d symbols, want %d", k+1, e-i, side))
		}
		if err := r.fill(g, k*side, text[i:e], line, i+1); err != nil {
			return nil, err
		}
		i = e
	}
	p.Line, p.Format = line, Groups
	if c := bytes.TrimSpace(text[i:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// Bank: the Sudoku Exchange puzzle bank, "<hash> <puzzle> <rating>".

// isHex reports whether w holds only hex digits.
func isHex(w []byte) bool {
	for _, c := range w {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return len(w) > 0
}

// isBankLine reports whether text, whose first word is text[s:e], is a
// Bank line: a word of 12 hex digits and then a line grid.
func isBankLine(text []byte, s, e int) bool {
	if e-s != 12 || !isHex(text[s:e]) {
		return false
	}
	ps := skipSpace(text, e)
	pe := wordEnd(text, ps)
	return ps > e && sudoku.OrderForCells(pe-ps) != 0
}

// bankRecord reads Bank: the hash, the puzzle and the rest of the
// line (the rating), the hash and rating kept as the comment.
func bankRecord(r *source, text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	e := wordEnd(text, s)
	if e-s != 12 || !isHex(text[s:e]) {
		return nil, r.errAt(line, s+1, detailf(ErrSyntax, "want a puzzle-bank line: a hash of 12 hex digits, the puzzle and its rating"))
	}
	ps := skipSpace(text, e)
	if ps == len(text) {
		return nil, r.errAt(line, ps+1, detailf(sudoku.ErrCellCount, "no puzzle after the hash"))
	}
	pe := wordEnd(text, ps)
	p, err := lineRecord(r, text[:pe], ps, pe)
	if err != nil {
		return nil, err
	}
	p.Format = Bank
	c := append([]byte(nil), text[s:e]...)
	if rest := bytes.TrimSpace(text[pe:]); len(rest) > 0 {
		c = append(append(c, ' '), rest...)
	}
	p.Comment = string(c)
	return p, nil
}

// lineOrFast reads Line, a valid 9x9 line at once.
func lineOrFast(r *source, text []byte, s int) (*Puzzle, error) {
	if p := line9(r, text, s); p != nil {
		return p, nil
	}
	return lineRecord(r, text, s, wordEnd(text, s))
}

func writeLine(dst []byte, rec *record) ([]byte, error) {
	return appendComment(appendSymbols(dst, rec.g.Cells()), rec.comment), nil
}

func writeGroups(dst []byte, rec *record) ([]byte, error) {
	side := rec.g.Side()
	for r := 0; r < side; r++ {
		if r > 0 {
			dst = append(dst, ' ')
		}
		dst = appendSymbols(dst, rec.g.Cells()[r*side:(r+1)*side])
	}
	return appendComment(dst, rec.comment), nil
}

func writeBank(dst []byte, rec *record) ([]byte, error) {
	return appendBank(dst, rec.g, rec.comment), nil
}

// appendBank appends g as a puzzle-bank line: the hash of its digits, the
// digits ('0' blank) and the rating that comment ends with (see
// Bank), right-aligned in 4 characters.
func appendBank(dst []byte, g *sudoku.Grid, comment string) []byte {
	n := len(dst)
	dst = append(dst, "000000000000 "...)
	dst = appendZeros(dst, g.Cells())
	sum := sha1.Sum(dst[n+13:])
	hex.Encode(dst[n:n+12], sum[:6])
	rating := bankRating(comment)
	dst = append(dst, ' ')
	dst = appendRepeat(dst, ' ', 4-len(rating))
	dst = append(dst, rating...)
	return append(dst, '\n')
}

// bankRating returns the rating at the end of comment: its last word if
// that is a decimal number, or the ER of serate's "ED=ER/EP/ED"; "0.0" if
// neither.
func bankRating(comment string) string {
	w := comment[strings.LastIndexAny(comment, " \t")+1:]
	if r, ok := strings.CutPrefix(w, "ED="); ok {
		w, _, _ = strings.Cut(r, "/")
	}
	if w == "" || len(w) > 16 || strings.Trim(w, "0123456789.") != "" || strings.Count(w, ".") > 1 || w[0] == '.' || w[len(w)-1] == '.' {
		return "0.0"
	}
	return w
}

// lineRecord reads Line: text[s:e] is the grid, the rest the comment.
func lineRecord(r *source, text []byte, s, e int) (*Puzzle, error) {
	n := e - s
	order := sudoku.OrderForCells(n)
	if order == 0 || r.Order != 0 && order != r.Order {
		if k := notASCII(text[s:e]); k >= 0 {
			return nil, r.errAt(r.curLine, s+k+1, sudoku.SymbolError(text, s+k))
		}
		return nil, r.errAt(r.curLine, s+1, r.cellCountError(n))
	}
	p := newPuzzle(order)
	if err := r.fill(p.Grid, 0, text[s:e], r.curLine, s+1); err != nil {
		return nil, err
	}
	p.Line, p.Format = r.curLine, Line
	if c := bytes.TrimSpace(text[e:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p, nil
}

// line9 reads the common case fast: a valid 9x9 grid in Line that
// starts at text[s]. It returns nil if that is not what text holds, and
// lineRecord gives the answer or the error.
func line9(r *source, text []byte, s int) *Puzzle {
	w := text[s:]
	if len(w) < 81 || len(w) > 81 && !isSpace(w[81]) || r.Order != 0 && r.Order != 3 {
		return nil
	}
	p := newPuzzle(3)
	if !r.fill9(p.Grid.Cells(), w[:81]) {
		return nil
	}
	p.Line, p.Format = r.curLine, Line
	if c := bytes.TrimSpace(w[81:]); len(c) > 0 {
		p.Comment = string(c)
	}
	return p
}
