package format

import (
	"bytes"
	"io"
	"math/bits"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Formats with "#" header lines and sections: SDK (rows of symbols
// after an optional "[Puzzle]" line), SadMan (an SDK grid followed by
// [State] and [PencilMarks] sections: a game in progress) and SDX
// (SudoCue's candidate grid).

// sectionState is what the Reader keeps of the comment lines before a
// record.
type sectionState struct {
	meta    []byte // the text of the last "#C" line before a record
	headers []byte // the "#X" header lines before a record, each ending in '\n'
}

// maxHeaders bounds the header lines kept for the next record.
const maxHeaders = 64 << 10

// addHeader keeps line, a comment line that starts with '#', if it is a
// header: '#' and a letter ("#A author", "#CJust start").
func (st *sectionState) addHeader(line []byte) {
	if len(line) >= 2 && isLetters(line[1:2]) && len(st.headers)+len(line) < maxHeaders {
		st.headers = append(append(st.headers, bytes.TrimRight(line, " \t\r\v\f")...), '\n')
	}
}

// headerComment returns the comment that header lines h (each ending in
// '\n') make: the text of a lone "#C" line, or else every line as "#X
// text", separated by spaces.
func headerComment(h []byte) string {
	lines := bytes.Split(bytes.TrimSuffix(h, []byte("\n")), []byte("\n"))
	if len(h) == 0 {
		return ""
	}
	if len(lines) == 1 && lines[0][1] == 'C' {
		return string(bytes.TrimSpace(lines[0][2:]))
	}
	var b strings.Builder
	for _, l := range lines {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(l[:2])
		if t := bytes.TrimSpace(l[2:]); len(t) > 0 {
			b.WriteByte(' ')
			b.Write(t)
		}
	}
	return b.String()
}

// splitHeaders returns the header lines ("#X text") that a comment made
// by headerComment came from, or nil if comment is not such a list (it is
// then written as one "#C" line).
func splitHeaders(comment string) []string {
	if !isHeaderAt(comment, 0) {
		return nil
	}
	var out []string
	start := 0
	for i := 1; i < len(comment); i++ {
		if comment[i-1] == ' ' && isHeaderAt(comment, i) {
			out = append(out, strings.TrimSpace(comment[start:i]))
			start = i
		}
	}
	out = append(out, strings.TrimSpace(comment[start:]))
	var h []byte
	for _, l := range out {
		h = append(append(h, l...), '\n')
	}
	if headerComment(h) != comment {
		return nil
	}
	return out
}

// isHeaderAt reports whether s[i:] starts with '#', an upper-case letter
// and a space or the end.
func isHeaderAt(s string, i int) bool {
	return i+1 < len(s) && s[i] == '#' && s[i+1] >= 'A' && s[i+1] <= 'Z' && (i+2 == len(s) || s[i+2] == ' ')
}

// Sections of a SadMan file after [Puzzle].
type section int

const (
	noSection section = iota
	stateSection
	marksSection
	coloursSection
)

// sectionOf returns the section that line b starts, or noSection.
func sectionOf(b []byte) section {
	s, e, ok := oneWord(b)
	if !ok {
		return noSection
	}
	switch w := b[s:e]; {
	case bytes.EqualFold(w, []byte("[State]")):
		return stateSection
	case bytes.EqualFold(w, []byte("[PencilMarks]")):
		return marksSection
	case bytes.EqualFold(w, []byte("[Colours]")), bytes.EqualFold(w, []byte("[Colors]")):
		return coloursSection
	}
	return noSection
}

// sections reads the sections that follow the [Puzzle] grid of p, which
// started on line start: [State] places values, [PencilMarks] sets
// candidates, [Colours] is skipped. With any of them, or when SadMan
// is forced, p is a SadMan record with the header lines as its
// comment.
func (st *sectionState) sections(r *source, p *Puzzle) (*Puzzle, error) {
	g := p.Grid
	side, n := g.Side(), g.NumCells()
	var state *sudoku.Grid
	var marks []uint64
	var markAt []place // where each cell's marks start, for errors
	seen := map[section]bool{}
	for {
		next, err := r.peek(0)
		if err != nil && err != io.EOF && !isParseError(err) {
			return nil, err
		}
		sec := noSection
		if err == nil {
			sec = sectionOf(next)
		}
		if sec == noSection || seen[sec] {
			break
		}
		seen[sec] = true
		r.next()
		head := r.curLine
		name := string(bytes.TrimSpace(r.cur))
		for row := 0; row < side; row++ {
			next, err := r.peek(0)
			if err != nil && err != io.EOF && !isParseError(err) {
				return nil, err
			}
			if err != nil || skipSpace(next, 0) == len(next) || next[skipSpace(next, 0)] == '[' {
				skipRecord(r)
				return nil, r.errAt(head, 0, detailf(sudoku.ErrCellCount, "section %s has %d of its %d rows", name, row, side))
			}
			r.next()
			switch sec {
			case stateSection:
				if state == nil {
					state, _ = sudoku.New(g.Order())
				}
				if err := parseRow(r, kindSymbols, state, row, r.cur); err != nil {
					skipRecord(r)
					return nil, err
				}
				s := skipSpace(r.cur, 0)
				for c := 0; c < side; c++ {
					i := row*side + c
					if v := g.Cells()[i]; v != 0 && state.Cells()[i] != v {
						err := r.errAt(r.curLine, s+c+1, detailf(sudoku.ErrSymbol, "%s: [State] holds %s where [Puzzle] gives %c", sudoku.CellName(i, side), quoteByte(r.cur[s+c]), sudoku.SymbolByte(int(v))))
						skipRecord(r)
						return nil, err
					}
				}
			case marksSection:
				if marks == nil {
					marks, markAt = make([]uint64, n), make([]place, n)
				}
				if err := marksRow(r, marks[row*side:(row+1)*side], markAt[row*side:(row+1)*side], row, side); err != nil {
					skipRecord(r)
					return nil, err
				}
			}
		}
	}
	if len(seen) == 0 && r.Format != SadMan {
		return p, nil
	}
	// The marks of a given must hold it; those of a value placed later are
	// what the player noted before and are not kept.
	for i, m := range marks {
		if v := g.Cells()[i]; v != 0 && m != 0 && m&(1<<(v-1)) == 0 {
			return nil, r.errAt(markAt[i].line, markAt[i].col, detailf(sudoku.ErrSymbol, "%s holds the given %c, which its pencil marks %s leave out", sudoku.CellName(i, side), sudoku.SymbolByte(int(v)), markString(m)))
		}
	}
	if state != nil {
		// The values [State] adds to [Puzzle] were placed.
		for i, v := range state.Cells() {
			if g.Cells()[i] == 0 && v != 0 {
				g.Place(i, int(v))
			}
		}
	}
	g.SetNotes(marks)
	p.Format = SadMan
	p.Comment = headerComment(st.headers)
	return p, nil
}

// skipRecord skips the rest of a record after an error in it: the lines
// up to a blank one, a "[Puzzle]" line or the end.
func skipRecord(r *source) {
	for {
		next, err := r.peek(0)
		if err != nil {
			return
		}
		s, e, _ := oneWord(next)
		if s == len(next) || bytes.EqualFold(next[s:e], []byte("[Puzzle]")) {
			return
		}
		r.next()
	}
}

// marksRow reads the current line, row row of a [PencilMarks] section:
// side fields separated by ',', each the candidates of a cell (empty for
// none noted), into marks, and where each field starts into at.
func marksRow(r *source, marks []uint64, at []place, row, side int) error {
	text := r.cur
	k := 0
	lim := uint8(side + 1)
	for i := 0; i <= len(text); i++ {
		if k == side {
			return r.errAt(r.curLine, i+1, detailf(sudoku.ErrCellCount, "[PencilMarks] row %d has more than %d cells", row+1, side))
		}
		e := i + bytes.IndexByte(text[i:], ',')
		if e < i {
			e = len(text)
		}
		at[k] = place{r.curLine, i + 1}
		for j := i; j < e; j++ {
			c := text[j]
			if isSpace(c) {
				continue
			}
			v := r.sym[c]
			switch {
			case v == 0:
				return r.errAt(r.curLine, j+1, sudoku.SymbolError(text, j))
			case v > lim:
				return r.errAt(r.curLine, j+1, sudoku.ValueError(c, row, k, int(v-1), side))
			case v == 1:
				return r.errAt(r.curLine, j+1, detailf(sudoku.ErrSymbol, "%s: %s is not a candidate", sudoku.CellName(row*side+k, side), quoteByte(c)))
			}
			marks[k] |= 1 << (v - 2)
		}
		k++
		i = e
	}
	if k < side {
		return r.errAt(r.curLine, 0, detailf(sudoku.ErrCellCount, "[PencilMarks] row %d has %d %s, want %d", row+1, k, plural(k, "cell"), side))
	}
	return nil
}

// sdxWord reports whether w is a cell of an SDX row of the given
// side: "u" and a symbol (a placed value), or symbols of values 1 to side
// (a given, or candidates), or "." (no candidates). marked reports a word
// that no row of numbers holds: "u5", or more than one symbol.
func sdxWord(r *source, w []byte, side int) (ok, marked bool) {
	lim := uint8(side + 1)
	if len(w) == 2 && w[0] == 'u' && side < 56 {
		v := r.sym[w[1]]
		return v > 1 && v <= lim, true
	}
	if len(w) == 1 && (w[0] == '.' || w[0] == '0') {
		return true, false
	}
	var seen uint64
	for _, c := range w {
		v := r.sym[c]
		if v <= 1 || v > lim || seen&(1<<(v-2)) != 0 {
			return false, false
		}
		seen |= 1 << (v - 2)
	}
	return len(w) > 0, len(w) > 1
}

// ascending reports whether the symbols of w go up, as candidates are
// written: "679" but not "534678912", a row of a solved grid.
func ascending(r *source, w []byte) bool {
	for i := 1; i < len(w); i++ {
		if r.sym[w[i]] <= r.sym[w[i-1]] {
			return false
		}
	}
	return true
}

// sdxRow reports whether b is an SDX row of side cells, candidates
// in ascending order, and whether it holds a word that no row of numbers
// holds.
func sdxRow(r *source, b []byte, side int) (ok, marked bool) {
	n := 0
	for i := skipSpace(b, 0); i < len(b); i = skipSpace(b, i) {
		e := wordEnd(b, i)
		word := b[i:e]
		w, m := sdxWord(r, word, side)
		if !w || !(len(word) == 2 && word[0] == 'u') && !ascending(r, word) {
			return false, false
		}
		marked = marked || m
		n++
		i = e
	}
	return n == side, marked
}

// isSDX reports whether the current line, text, starts a 9x9 SDX
// grid: it is a row of 9 such cells, the 8 lines after it have 9 words,
// and one of these rows has a placed value or candidates.
func isSDX(r *source, text []byte) bool {
	if r.Order != 0 && r.Order != 3 {
		return false
	}
	ok, marked := sdxRow(r, text, 9)
	// A first row of 9 words with a bad one starts the grid when the 8
	// rows after it are good: one error names the word, not an error per
	// row read as another format.
	badFirst := !ok
	if badFirst && (len(bytes.Fields(text)) != 9 || bytes.IndexByte(text, '|') >= 0) {
		return false
	}
	for i := 0; i < 8; i++ {
		next, err := r.peek(i)
		if err != nil || bytes.IndexByte(next, '|') >= 0 {
			return false
		}
		// The next rows need 9 words: a bad cell among them is an error
		// of the grid.
		ok, m := sdxRow(r, next, 9)
		if !ok && (badFirst || rowSide(r, kindNumbers, next) != 9) {
			return false
		}
		marked = marked || ok && m
	}
	return marked
}

// sdx reads an SDX grid whose first row is the current line.
func (st *sectionState) sdx(r *source, start int) (*Puzzle, error) {
	side := rowSide(r, kindNumbers, r.cur)
	order, err := r.rowsOrder(side, start)
	if err != nil {
		skipSDX(r, side, 1)
		return nil, err
	}
	p := newPuzzle(order)
	g := p.Grid
	marks := make([]uint64, g.NumCells())
	has := false
	for row := 0; row < side; row++ {
		if row > 0 {
			next, err := r.peek(0)
			if err != nil && err != io.EOF && !isParseError(err) {
				return nil, err
			}
			if err != nil || skipSpace(next, 0) == len(next) {
				return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d", row, plural(row, "row"), side))
			}
			if c := next[skipSpace(next, 0)]; c == '#' || c == '[' || c == '{' || c == '<' {
				return nil, r.errAt(start, 0, detailf(sudoku.ErrCellCount, "grid has %d %s, want %d: line %d is not a row", row, plural(row, "row"), side, r.curLine+1))
			}
			r.next()
		}
		text, line := r.cur, r.curLine
		k := 0
		for i := skipSpace(text, 0); i < len(text); i = skipSpace(text, i) {
			e := wordEnd(text, i)
			w := text[i:e]
			if k == side {
				err := r.errAt(line, i+1, detailf(sudoku.ErrCellCount, "row %d has more than %d cells", row+1, side))
				skipSDX(r, side, row+1)
				return nil, err
			}
			cell := row*side + k
			if ok, _ := sdxWord(r, w, side); !ok {
				err := sdxError(r, text, i, e, line, row, k, side)
				skipSDX(r, side, row+1)
				return nil, err
			}
			switch {
			case len(w) == 2 && w[0] == 'u' && side < 56: // placed by the player
				g.Place(cell, int(r.sym[w[1]]-1))
			case len(w) == 1 && (w[0] == '.' || w[0] == '0'): // no candidates
				has = true
			case len(w) == 1: // a given, or a cell with one candidate
				g.Cells()[cell] = r.sym[w[0]] - 1
			default:
				for _, c := range w {
					marks[cell] |= 1 << (r.sym[c] - 2)
				}
				has = true
			}
			k++
			i = e
		}
		if k < side {
			skipSDX(r, side, row+1)
			return nil, r.errAt(line, 0, detailf(sudoku.ErrCellCount, "row %d has %d %s, want %d", row+1, k, plural(k, "cell"), side))
		}
	}
	if has {
		for i, v := range g.Cells() {
			if v != 0 {
				marks[i] = 1 << (v - 1)
			}
		}
		g.SetAllMarks(marks)
	}
	p.Line, p.Format = start, SDX
	p.Comment = headerComment(st.headers)
	return p, nil
}

// sdxError describes text[i:e], a word of an SDX row that is no cell.
func sdxError(r *source, text []byte, i, e, line, row, k, side int) error {
	w := text[i:e]
	lim := uint8(side + 1)
	if len(w) > 2 && w[0] == 'u' {
		return r.errAt(line, i+1, detailf(sudoku.ErrSymbol, "%s: %q: a value the player placed is \"u\" and one symbol", sudoku.CellName(row*side+k, side), w))
	}
	for j, c := range w {
		if j == 0 && c == 'u' && len(w) == 2 {
			continue
		}
		if v := r.sym[c]; v == 0 {
			return r.errAt(line, i+j+1, sudoku.SymbolError(text, i+j))
		} else if v > lim {
			return r.errAt(line, i+j+1, sudoku.ValueError(c, row, k, int(v-1), side))
		}
	}
	return r.errAt(line, i+1, detailf(sudoku.ErrSymbol, "%s: %q is neither a value nor candidates", sudoku.CellName(row*side+k, side), w))
}

// skipSDX skips the rest of an SDX grid after an error in it, when
// done rows have been read: the next lines of side words, up to its last
// row.
func skipSDX(r *source, side, done int) {
	for ; done < side; done++ {
		next, err := r.peek(0)
		if err != nil || rowSide(r, kindNumbers, next) != side {
			return
		}
		r.next()
	}
}

func writeSadMan(dst []byte, rec *record) ([]byte, error) {
	return appendSadMan(dst, rec.g, rec.comment), nil
}

func writeSDX(dst []byte, rec *record) ([]byte, error) {
	if err := singleCandidate(rec, SDX); err != nil {
		return dst, err
	}
	return appendSDX(dst, rec.g, rec.comment), nil
}

// Writing the formats of a game in progress: SadMan and SDX.
// The comment becomes the header lines it was read from ("#A ... #C ..."),
// or one "#C" line.

// appendHeaders appends the comment as header lines.
func appendHeaders(dst []byte, comment string) []byte {
	if comment == "" {
		return dst
	}
	if hs := splitHeaders(comment); hs != nil {
		for _, h := range hs {
			dst = append(append(dst, h...), '\n')
		}
		return dst
	}
	return append(append(append(dst, "#C "...), comment...), '\n')
}

// appendSadMan appends g as a SadMan file: [Puzzle] with its givens,
// [State] with its values, and [PencilMarks] if it has marks, a blank
// cell without candidates being written with every one.
func appendSadMan(dst []byte, g *sudoku.Grid, comment string) []byte {
	side := g.Side()
	dst = appendHeaders(dst, comment)
	dst = append(dst, "[Puzzle]\n"...)
	for i := range g.Cells() {
		c := byte('.')
		if g.Given(i) {
			c = sudoku.SymbolByte(int(g.Cells()[i]))
		}
		dst = append(dst, c)
		if (i+1)%side == 0 {
			dst = append(dst, '\n')
		}
	}
	dst = append(dst, "[State]\n"...)
	for r := 0; r < side; r++ {
		dst = append(appendSymbols(dst, g.Cells()[r*side:(r+1)*side]), '\n')
	}
	all := allMarks(side)
	notes := false // a [PencilMarks] section of no notes reads back as none
	for i, v := range g.Cells() {
		m := g.Marks(i)
		notes = notes || v == 0 && m != 0 && m != all
	}
	if !notes {
		return dst
	}
	dst = append(dst, "[PencilMarks]\n"...)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			if c > 0 {
				dst = append(dst, ',')
			}
			i := r*side + c
			if m := g.Marks(i); g.Cells()[i] == 0 && m != all {
				for ; m != 0; m &= m - 1 {
					dst = append(dst, sudoku.Symbols[bits.TrailingZeros64(m)])
				}
			}
		}
		dst = append(dst, '\n')
	}
	return dst
}

// appendSDX appends g as a SudoCue candidate grid: a given as its
// symbol, a placed value as "u" and its symbol, a blank cell as its
// candidates ("." for none).
func appendSDX(dst []byte, g *sudoku.Grid, comment string) []byte {
	side := g.Side()
	dst = appendHeaders(dst, comment)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			if g.Placed(r*side+c) && side < 56 {
				dst = append(dst, 'u')
			}
			dst = pencilCell(dst, g, r*side+c)
		}
		dst = append(dst, '\n')
	}
	return dst
}

// sdk reads SDK: an optional "[Puzzle]" line, then rows of symbols.
func (st *sectionState) sdk(r *source) (*Puzzle, error) {
	start := r.curLine
	s, e, _ := oneWord(r.cur)
	if r.cur[s] == '[' {
		if !bytes.EqualFold(r.cur[s:e], []byte("[Puzzle]")) {
			if sectionOf(r.cur) != noSection {
				return nil, r.errAt(start, s+1, detailf(ErrSyntax, "section %s without a [Puzzle] section before it", r.cur[s:e]))
			}
			return nil, r.errAt(start, s+1, detailf(ErrSyntax, "unknown section %s, want [Puzzle]", r.cur[s:e]))
		}
		for {
			// Blank and '#' lines may come before the grid; a line that
			// cannot be its first row is left to the next record.
			next, err := r.peek(0)
			if err != nil && err != io.EOF && !isParseError(err) {
				return nil, err
			}
			if err != nil {
				return nil, r.errAt(start, 0, detailf(ErrSyntax, "[Puzzle] without a grid"))
			}
			if t := skipSpace(next, 0); t < len(next) && next[t] != '#' {
				if !looksLikeRow(kindSymbols, next) {
					return nil, r.errAt(start, 0, detailf(ErrSyntax, "[Puzzle] without a grid"))
				}
				r.next()
				break
			}
			r.next()
		}
	}
	p, err := rows(r, kindSymbols, SDK, start)
	if err != nil {
		return nil, err
	}
	return st.sections(r, p)
}

func writeSDK(dst []byte, rec *record) ([]byte, error) {
	if rec.comment != "" {
		dst = append(dst, "#C "...)
		dst = append(dst, rec.comment...)
		dst = append(dst, '\n')
	}
	side := rec.g.Side()
	for r := 0; r < side; r++ {
		dst = appendSymbols(dst, rec.g.Cells()[r*side:(r+1)*side])
		dst = append(dst, '\n')
	}
	return dst, nil
}
