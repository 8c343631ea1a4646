package format

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
)

// OpenSudoku: the OpenSudoku app's XML, read with encoding/xml's
// Decoder one token at a time, so that a document of any size is read one
// game at a time. The Reader's lines stop at the start of the document
// and go on after its root element ends.

// xmlState is the Reader's state for OpenSudoku documents.
type xmlState struct {
	doc  *xmlDoc // the document being read, or nil
	skip bool    // skip lines starting with '<' (after an XML error)
}

// maxXMLToken bounds the bytes of one XML token (a tag with its
// attributes, or the text between two tags), and maxXMLDepth the nesting
// of elements: together they bound the memory a document takes.
const (
	maxXMLToken = MaxLineLength
	maxXMLDepth = 16
)

// errXMLTooLong ends a token longer than maxXMLToken.
var errXMLTooLong = errors.New("XML token too long")

// isXMLStart reports whether b, the start of a line, starts an OpenSudoku
// document: "<?xml" or "<opensudoku", after blanks (and a UTF-8 byte
// order mark on the first line).
func isXMLStart(b []byte, first bool) bool {
	if first {
		b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	}
	b = b[skipSpace(b, 0):]
	return bytes.HasPrefix(b, []byte("<?xml")) || bytes.HasPrefix(b, []byte("<opensudoku"))
}

// xmlAhead reports whether the next line, not read yet, starts an
// OpenSudoku document that is to be read.
func (xs *xmlState) ahead(r *source) bool {
	return (r.Format == Auto || r.Format == OpenSudoku) && !xs.skip && isXMLStart(r.src.head(16), r.line == 0)
}

// xmlSource gives the decoder its bytes: first pending (the lines read
// before the document was found), then the rest of the input. It keeps
// the place of the next byte and of the last one, and the bytes read since
// the current token began.
type xmlSource struct {
	src       *lineScanner
	pending   []byte
	pos       int
	n         int64  // bytes given to the decoder
	line, col int    // the place of the next byte
	last      [3]int // line, column and value of the last byte
	cr        bool   // the last byte was '\r'
	eol       [2]int // line and column of the last line end
	srcErr    error  // an error of the underlying reader
	raw       []byte // the bytes read since the current token began
}

// ReadByte returns the next byte of the document.
func (x *xmlSource) ReadByte() (byte, error) {
	var c byte
	if x.pos < len(x.pending) {
		c = x.pending[x.pos]
		x.pos++
	} else {
		var err error
		if c, err = x.src.readByte(); err != nil {
			if err != io.EOF {
				x.srcErr = err
			}
			return 0, err
		}
	}
	if len(x.raw) >= maxXMLToken {
		return 0, errXMLTooLong
	}
	x.raw = append(x.raw, c)
	x.n++
	x.last = [3]int{x.line, x.col, int(c)}
	if c == '\r' || c == '\n' && !x.cr {
		x.eol = [2]int{x.line, x.col}
	}
	x.line, x.col = advance(x.line, x.col, c, x.cr)
	x.cr = c == '\r'
	return c, nil
}

// Read reads one byte into p; the decoder reads with ReadByte.
func (x *xmlSource) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c, err := x.ReadByte()
	if err != nil {
		return 0, err
	}
	p[0] = c
	return 1, nil
}

// place returns the place of the next byte for an error there: at the end
// of the input after a line end, the place of that line end.
func (x *xmlSource) place() (int, int) {
	if c := x.last[2]; x.n > 0 && (c == '\n' || c == '\r') {
		if _, err := x.peek(); err != nil {
			return x.eol[0], x.eol[1]
		}
	}
	return x.line, x.col
}

// peek returns the next byte without taking it.
func (x *xmlSource) peek() (byte, error) {
	if x.pos < len(x.pending) {
		return x.pending[x.pos], nil
	}
	return x.src.peekByte()
}

// advance returns the place after byte c at line, col: a line ends at
// '\n', at '\r', and at "\r\n" once (the caller passes the '\n' of
// "\r\n" with afterCR set).
func advance(line, col int, c byte, afterCR bool) (int, int) {
	switch {
	case c == '\n' && afterCR:
		return line, col
	case c == '\n' || c == '\r':
		return line + 1, 1
	}
	return line, col + 1
}

// xmlDoc is the OpenSudoku document being read.
type xmlDoc struct {
	x         xmlSource
	dec       *xml.Decoder
	line, col int // where the document starts
	depth     int
	rooted    bool   // the root element was opened
	rootLine  int    // its line
	name      []byte // the folder's name, or the text of a version 1 <name>
	inName    bool
}

// startXML starts reading an OpenSudoku document at line, column col,
// after the bytes in pending (lines read ahead, each with its "\n").
func (xs *xmlState) start(r *source, pending []byte, line, col int) {
	d := &xmlDoc{line: line, col: col}
	d.x = xmlSource{src: &r.src, pending: pending, line: line, col: col}
	if pending == nil && r.line == 0 {
		// A UTF-8 byte order mark before the declaration.
		if h := r.src.head(3); bytes.HasPrefix(h, []byte("\xef\xbb\xbf")) {
			for range 3 {
				r.src.readByte()
			}
		}
	}
	d.dec = xml.NewDecoder(&d.x)
	d.dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		// The line scanner has decoded UTF-16 already.
		if strings.EqualFold(label, "utf-16") || strings.EqualFold(label, "utf-16le") || strings.EqualFold(label, "utf-16be") {
			return in, nil
		}
		return nil, fmt.Errorf("encoding %q: only UTF-8 and UTF-16 are read", label)
	}
	xs.doc = d
	r.queue, r.qhead = r.queue[:0], 0
}

// xmlLine starts a document at the current line, text, whose first
// non-blank byte is text[s]; the lines read ahead come after it.
func (xs *xmlState) line(r *source, text []byte, s int) error {
	if !isXMLStart(text[s:], false) {
		return r.errAt(r.curLine, s+1, detailf(ErrSyntax, "want an OpenSudoku document (<?xml or <opensudoku>)"))
	}
	pending := append(append([]byte(nil), text[s:]...), '\n')
	for _, q := range r.queue[r.qhead:] {
		pending = append(append(pending, q.text...), '\n')
	}
	xs.start(r, pending, r.curLine, s+1)
	return nil
}

// xmlNext returns the next game of the document, or nil and no error
// when the document has ended.
func (xs *xmlState) next(r *source) (*Puzzle, error) {
	d := xs.doc
	for {
		// Where the next token starts: the decoder may hold the last byte
		// read (the '<' after a text) to read it again.
		line, col := d.x.line, d.x.col
		d.x.raw = d.x.raw[:0]
		if d.dec.InputOffset() < d.x.n {
			line, col = d.x.last[0], d.x.last[1]
			d.x.raw = append(d.x.raw, byte(d.x.last[2]))
		}
		tok, err := d.dec.Token()
		if err != nil {
			return nil, xs.fail(r, err, line, col)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			d.depth++
			name := t.Name.Local
			switch {
			case d.depth > maxXMLDepth:
				return nil, xs.abort(r, line, col, detailf(ErrSyntax, "XML nested deeper than %d elements", maxXMLDepth))
			case d.depth == 1:
				if name != "opensudoku" {
					return nil, xs.abort(r, line, col, detailf(ErrSyntax, "root element <%s>, want <opensudoku>", clip(name)))
				}
				d.rooted, d.rootLine = true, line
			case name == "folder":
				d.name = append(d.name[:0], xmlAttr(t, "name")...)
			case name == "name" && d.depth == 2:
				d.inName = true
				d.name = d.name[:0]
			case name == "game":
				return xs.game(r, t, line, col)
			}
		case xml.EndElement:
			d.depth--
			d.inName = false
			if d.depth == 0 {
				xs.end(r, false)
				return nil, nil
			}
		case xml.CharData:
			if d.inName && len(d.name) < 4096 {
				d.name = append(d.name, t...)
			}
		}
	}
}

// xmlAttr returns the value of the attribute name of t, or "".
func xmlAttr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// xmlGame reads a <game> element, t, whose tag starts at line, col.
func (xs *xmlState) game(r *source, t xml.StartElement, line, col int) (*Puzzle, error) {
	d := xs.doc
	attr := "data"
	var data string
	found := false
	for _, a := range t.Attr {
		if a.Name.Local == "data" || a.Name.Local == "cells_data" {
			attr, data, found = a.Name.Local, a.Value, true
			break
		}
	}
	if !found {
		return nil, r.errAt(line, col, detailf(ErrSyntax, "<game> without its data attribute (data or cells_data)"))
	}
	if r.Order != 0 && r.Order != 3 {
		return nil, r.errAt(line, col, detailf(sudoku.ErrCellCount, "an OpenSudoku game is 9x9, want order %d", r.Order))
	}
	p := newPuzzle(3)
	if k, err := readOpenSudokuData(p.Grid, data); err != nil {
		el, ec := line, col
		if off := rawAttrOffset(d.x.raw, attr, k); off >= 0 {
			cr := false
			for _, c := range d.x.raw[:off] {
				el, ec = advance(el, ec, c, cr)
				cr = c == '\r'
			}
		}
		return nil, r.errAt(el, ec, err)
	}
	p.Line, p.Format = line, OpenSudoku
	p.Comment = oneLine(string(d.name))
	return p, nil
}

// rawAttrOffset returns the offset in raw, the text of a tag, of the k-th
// character of the value of attribute name, or -1. Entities ("&#10;")
// and "\r\n" count as one character, as the decoder reads them.
func rawAttrOffset(raw []byte, name string, k int) int {
	for i := 0; i < len(raw); {
		j := bytes.Index(raw[i:], []byte(name))
		if j < 0 {
			return -1
		}
		j += i
		i = j + len(name)
		if j == 0 || !isSpace(raw[j-1]) && raw[j-1] != '\n' {
			continue
		}
		e := i
		for e < len(raw) && (isSpace(raw[e]) || raw[e] == '\n') {
			e++
		}
		if e == len(raw) || raw[e] != '=' {
			continue
		}
		e++
		for e < len(raw) && (isSpace(raw[e]) || raw[e] == '\n') {
			e++
		}
		if e == len(raw) || raw[e] != '"' && raw[e] != '\'' {
			return -1
		}
		q := raw[e]
		v := e + 1
		for ; k > 0 && v < len(raw) && raw[v] != q; k-- {
			switch {
			case raw[v] == '&':
				if s := bytes.IndexByte(raw[v:], ';'); s > 0 {
					v += s + 1
					continue
				}
			case raw[v] == '\r' && v+1 < len(raw) && raw[v+1] == '\n':
				v++
			}
			v++
		}
		return v
	}
	return -1
}

// xmlError turns an error of the decoder into the Reader's, for a token
// that starts at line, col.
func (xs *xmlState) fail(r *source, err error, line, col int) error {
	d := xs.doc
	var se *xml.SyntaxError
	switch {
	case errors.Is(err, errXMLTooLong):
		return xs.abort(r, line, col, detailf(ErrLineTooLong, "XML tag or text longer than %d bytes", maxXMLToken))
	case err == io.EOF:
		xs.doc = nil
		if !d.rooted {
			return r.errAt(d.line, d.col, detailf(ErrSyntax, "XML document without an <opensudoku> element"))
		}
		return io.EOF
	case errors.As(err, &se):
		line, col := d.x.place()
		if se.Msg == "unexpected EOF" {
			xs.doc = nil
			if !d.rooted {
				return r.errAt(line, col, detailf(ErrSyntax, "XML ends inside a tag or declaration"))
			}
			return r.errAt(line, col, detailf(ErrSyntax, "XML ends before </opensudoku> (opened on line %d)", d.rootLine))
		}
		msg := se.Msg
		if len(msg) > 120 {
			msg = msg[:120] + "..."
		}
		return xs.abort(r, line, col, detailf(ErrSyntax, "XML: %s", msg))
	}
	if d.x.srcErr != nil {
		// An error of the underlying reader.
		xs.doc = nil
		return d.x.srcErr
	}
	// Other errors of the decoder: an unsupported version or encoding.
	msg := strings.TrimPrefix(err.Error(), "xml: ")
	if len(msg) > 120 {
		msg = msg[:120] + "..."
	}
	line, col = d.x.place()
	return xs.abort(r, line, col, detailf(ErrSyntax, "XML: %s", msg))
}

// xmlAbort stops reading a document after an error in it, which it
// returns: the rest of its line is skipped, and so are the lines after it
// that start with '<'.
func (xs *xmlState) abort(r *source, line, col int, err error) error {
	xs.end(r, true)
	xs.skip = true
	return r.errAt(line, col, err)
}

// xmlEnd goes back to reading lines after a document: the rest of the
// line of its end (skipped when abort is set) and the lines read ahead
// become the next lines.
func (xs *xmlState) end(r *source, abort bool) {
	x := &xs.doc.x
	xs.doc = nil
	restLine := x.line
	var rest []byte
	for {
		c, err := x.peek()
		if err != nil {
			break
		}
		x.raw = x.raw[:0]
		x.ReadByte()
		if c == '\r' {
			if n, err := x.peek(); err == nil && n == '\n' {
				x.ReadByte()
			}
		}
		if c == '\n' || c == '\r' {
			break
		}
		if len(rest) < MaxLineLength {
			rest = append(rest, c)
		}
	}
	r.queue, r.qhead = r.queue[:0], 0
	if !abort && skipSpace(rest, 0) < len(rest) {
		r.queue = append(r.queue, qline{text: rest, num: restLine})
	}
	if x.pos < len(x.pending) {
		num := x.line
		for _, l := range bytes.SplitAfter(x.pending[x.pos:], []byte("\n")) {
			if len(l) > 0 {
				r.queue = append(r.queue, qline{text: bytes.Clone(bytes.TrimSuffix(l, []byte("\n"))), num: num})
				num++
			}
		}
		return
	}
	r.line = x.line - 1
}

// readOpenSudokuData fills g from the cell data of a game: 81 digits ('0'
// or '.' blank), or "version: N", a line end and then per cell its fields
// separated by '|' (empty fields are skipped, as the app reads them):
//
//	version 1: value|notes|editable|   notes "-" or "1,5,7,"
//	version 2, 3: value|notes|editable|   notes a bitset, 1 for 1, 2 for 2, 4 for 3, ...
//	version 4: value|notes|centre notes|editable|
//	version 5: value|notes|centre notes|colour|editable|
//
// The notes of a blank cell are its candidates (a blank cell without notes
// has every candidate, when some cell has notes); the notes of a filled
// cell, the centre notes and the colour are not kept. A value that is
// editable was placed by the player (see Grid.Placed). On an error
// it returns the index in data of the character at fault.
func readOpenSudokuData(g *sudoku.Grid, data string) (int, error) {
	if !strings.HasPrefix(data, "version:") {
		s := len(data) - len(strings.TrimLeft(data, " \t\r\n"))
		t := strings.TrimRight(data[s:], " \t\r\n")
		for i := 0; i < len(t); i++ {
			c := t[i]
			if i == 81 {
				return s + i, detailf(sudoku.ErrCellCount, "cell data longer than 81 digits")
			}
			switch {
			case c == '.':
			case c >= '0' && c <= '9':
				g.Cells()[i] = c - '0'
			default:
				return s + i, detailf(sudoku.ErrSymbol, "cell data: %s is not a digit", quoteRune(t, i))
			}
		}
		if len(t) < 81 {
			return s + len(t), detailf(sudoku.ErrCellCount, "cell data has %d %s, want 81", len(t), plural(len(t), "digit"))
		}
		return 0, nil
	}
	nl := strings.IndexByte(data, '\n')
	if nl < 0 {
		nl = len(data)
	}
	version := 0
	head := strings.TrimSpace(data[len("version:"):nl])
	for _, c := range []byte(head) {
		if c < '0' || c > '9' || version > 100 {
			version = -1
			break
		}
		version = version*10 + int(c-'0')
	}
	if version < 1 || version > 5 {
		return len(data[:nl]) - len(strings.TrimLeft(data[len("version:"):nl], " \t")), detailf(ErrSyntax, "cell data version %q, want 1 to 5", clip(head))
	}
	fields := [...]int{1: 3, 2: 3, 3: 3, 4: 4, 5: 5}[version]
	body := data[min(nl+1, len(data)):]
	if e := strings.IndexByte(body, '\n'); e >= 0 {
		body = body[:e] // the app reads one line
	}
	off := len(data) - len(data[min(nl+1, len(data)):])
	var marks [81]uint64
	cell, f := 0, 0
	for i := 0; i < len(body); {
		e := strings.IndexByte(body[i:], '|')
		if e < 0 {
			e = len(body)
		} else {
			e += i
		}
		tok := body[i:e]
		at := off + i
		i = e + 1
		if tok == "" {
			continue
		}
		if cell == 81 {
			return at, detailf(sudoku.ErrCellCount, "cell data has more than 81 cells")
		}
		switch {
		case f == 0: // the value
			if len(tok) != 1 || tok[0] < '0' || tok[0] > '9' {
				return at, detailf(sudoku.ErrSymbol, "%s: value %q, want a digit", sudoku.CellName(cell, 9), clip(tok))
			}
			g.Cells()[cell] = tok[0] - '0'
		case f == 1 && version == 1: // notes "1,5,7," or "-"
			if tok == "-" {
				break
			}
			for k := 0; k < len(tok); k++ {
				c := tok[k]
				switch {
				case c == ',':
				case c >= '1' && c <= '9':
					marks[cell] |= 1 << (c - '1')
				default:
					return at + k, detailf(sudoku.ErrSymbol, "%s: notes %q: %s is not a digit 1-9", sudoku.CellName(cell, 9), clip(tok), quoteRune(tok, k))
				}
			}
		case f < fields-1: // notes, centre notes, colour: a number
			n := 0
			for k := 0; k < len(tok); k++ {
				c := tok[k]
				if c < '0' || c > '9' || n > 511 {
					return at + k, detailf(sudoku.ErrSymbol, "%s: field %q is not a number up to 511", sudoku.CellName(cell, 9), clip(tok))
				}
				n = n*10 + int(c-'0')
			}
			if n > 511 && f < 3 {
				return at, detailf(sudoku.ErrSymbol, "%s: notes %d, want a set of 1-9 (0 to 511)", sudoku.CellName(cell, 9), n)
			}
			if f == 1 {
				marks[cell] = uint64(n)
			}
		default: // editable: a value placed by the player
			if tok != "0" && tok != "1" {
				return at, detailf(sudoku.ErrSymbol, "%s: editable %q, want 0 or 1", sudoku.CellName(cell, 9), clip(tok))
			}
			if v := g.Cell(cell); tok == "1" && v != 0 {
				g.Place(cell, v)
			}
		}
		if f++; f == fields {
			f = 0
			cell++
		}
	}
	if cell < 81 {
		return off + len(body), detailf(sudoku.ErrCellCount, "cell data has %d %s, want 81", cell, plural(cell, "cell"))
	}
	g.SetNotes(marks[:])
	return 0, nil
}

// quoteRune quotes the character at s[i] for a message.
func quoteRune(s string, i int) string {
	if s[i] < 0x80 {
		return quoteByte(s[i])
	}
	r := []rune(s[i:min(len(s), i+4)])
	return fmt.Sprintf("%q", r[0])
}

func writeOpenSudoku(dst []byte, rec *record) ([]byte, error) {
	if x, ok := rec.doc.(*xmlWriter); ok && x != nil {
		return x.appendGame(dst, rec.g, rec.comment), nil
	}
	var x xmlWriter
	return x.appendTail(x.appendGame(dst, rec.g, rec.comment)), nil
}

// Writing OpenSudoku: a version 2 document, one <folder> per run of
// records with the same comment, a <game> per record. Close writes the end
// of the document.

const (
	openSudokuHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n"
	openSudokuTail = "</opensudoku>\n"
)

// xmlWriter is the state of a document being written.
type xmlWriter struct {
	open     bool // the document has begun
	inFolder bool
	folder   string
}

// appendGame appends g as a <game> of the document, starting the document
// and a folder named comment first where needed. g is 9x9.
func (x *xmlWriter) appendGame(dst []byte, g *sudoku.Grid, comment string) []byte {
	if !x.open {
		dst = append(dst, openSudokuHead...)
		x.open = true
	}
	if !x.inFolder || comment != x.folder {
		if x.inFolder {
			dst = append(dst, "  </folder>\n"...)
		}
		dst = append(dst, `  <folder name="`...)
		dst = appendXMLText(dst, comment)
		dst = append(dst, "\">\n"...)
		x.inFolder, x.folder = true, comment
	}
	dst = append(dst, `    <game data="`...)
	dst = appendOpenSudokuData(dst, g)
	return append(dst, "\" />\n"...)
}

// appendNote appends text as a comment of the document, starting it
// first if need be: "--", which a comment cannot hold, as "- -", and what
// XML cannot hold (control characters, invalid UTF-8) as U+FFFD.
func (x *xmlWriter) appendNote(dst []byte, text string) []byte {
	if !x.open {
		dst = append(dst, openSudokuHead...)
		x.open = true
	}
	dst = append(dst, "  <!-- "...)
	prev := rune(0)
	for _, c := range text {
		switch {
		case c == '-' && prev == '-':
			dst = append(dst, ' ')
		case c < ' ' || c == 0xfffe || c == 0xffff:
			c = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, c)
		prev = c
	}
	return append(dst, " -->\n"...)
}

// appendTail appends the end of the document, if it has begun.
func (x *xmlWriter) appendTail(dst []byte) []byte {
	if x.inFolder {
		dst = append(dst, "  </folder>\n"...)
	}
	if x.open {
		dst = append(dst, openSudokuTail...)
	}
	*x = xmlWriter{}
	return dst
}

// appendXMLText appends s escaped for an attribute value.
func appendXMLText(dst []byte, s string) []byte {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return append(dst, b.String()...)
}

// appendOpenSudokuData appends the cell data of g: its 81 digits ('0'
// blank) if it has no marks and no placed values, or else version 1 data,
// per cell "value|notes|editable|" with the candidates of a blank cell as
// its notes ("1,5,7,", or "-" for every candidate, or none) and the givens
// not editable, escaped for an attribute.
func appendOpenSudokuData(dst []byte, g *sudoku.Grid) []byte {
	if !g.HasMarks() && !g.HasPlaced() {
		return appendZeros(dst, g.Cells())
	}
	dst = append(dst, "version: 1&#10;"...)
	all := allMarks(9)
	for i, v := range g.Cells() {
		dst = append(dst, '0'+v, '|')
		m := g.Marks(i)
		if v != 0 || m == 0 || m == all {
			dst = append(dst, '-')
		}
		for ; v == 0 && m != all && m != 0; m &= m - 1 {
			dst = append(dst, '1'+byte(bits.TrailingZeros64(m)), ',')
		}
		if g.Given(i) {
			dst = append(dst, "|0|"...)
		} else {
			dst = append(dst, "|1|"...)
		}
	}
	return dst
}
