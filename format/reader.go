package format

import (
	"bytes"
	"io"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Reader reads puzzles one at a time from a stream, like encoding/csv:
// only one record (and at most 16 lines ahead of it, 24 after a 9x9
// SS grid) is held in memory.
// Errors in the input are returned as *sudoku.ParseError with the line and, where
// it applies, the column; after one, the next Read goes on with the next
// record. A line longer than MaxLineLength is such an error.
//
// Its settings are the fields of the ReadOptions it embeds (r.Format,
// r.Order, r.File), set before the first Read.
//
// The package documentation gives the rules for lines, for detecting
// the format of a record and for going on after an error.
type Reader struct {
	d decoders // one per format family, over the lines of the input (first: d and d.in are at r)
	ReadOptions
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{}
	rd.d.in.ReadOptions = &rd.ReadOptions
	rd.d.in.src.rd = r
	rd.d.in.init()
	return rd
}

// Parse reads the first puzzle of s, in any format (see Reader), and
// returns its grid. Input without a puzzle gives sudoku.ErrNoPuzzle;
// sudoku.Parse reads a puzzle on one line alone.
func Parse(s string) (*sudoku.Grid, error) {
	p, err := NewReader(strings.NewReader(s)).Read()
	if err == io.EOF {
		return nil, sudoku.ErrNoPuzzle
	}
	if err != nil {
		return nil, err
	}
	return p.Grid, nil
}

// MustParse is like Parse but panics if s is not a puzzle. It is meant
// for examples and tests with known input.
func MustParse(s string) *sudoku.Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

// Read returns the next puzzle, or io.EOF at the end of the input.
// Input errors are *sudoku.ParseError; other errors come from the underlying
// reader.
func (r *Reader) Read() (*Puzzle, error) {
	d := &r.d
	for {
		if d.xml.doc != nil {
			p, err := d.xml.next(&d.in)
			if p != nil || err != nil {
				return p, err
			}
			continue
		}
		if d.count.left > 0 {
			return d.counted()
		}
		// A line that starts with a symbol starts no XML document.
		if s := &d.in.src; d.in.qhead == len(d.in.queue) && (s.r >= s.w || d.in.sym[s.buf[s.r]] == 0) && d.xml.ahead(&d.in) {
			d.xml.start(&d.in, nil, d.in.line+1, 1)
			d.csv.block = nil
			d.sect.meta = d.sect.meta[:0]
			continue
		}
		if err := d.in.next(); err != nil {
			return nil, err
		}
		text := d.in.cur
		s := skipSpace(text, 0)
		if d.xml.skip {
			if s == len(text) || text[s] == '<' {
				continue
			}
			d.xml.skip = false
		}
		if s == len(text) {
			d.sect.meta = d.sect.meta[:0]
			d.sect.headers = d.sect.headers[:0]
			continue
		}
		if text[s] == '#' && d.in.isComment(text, s) {
			if len(text) > s+1 && text[s+1] == 'C' {
				d.sect.meta = append(d.sect.meta[:0], bytes.TrimSpace(text[s+2:])...)
			}
			d.sect.addHeader(text[s:])
			continue
		}
		if d.csv.block != nil {
			// In a CSV block every line with a comma is a row, or the
			// header of the next block.
			if c := text[s]; !(c >= '0' && c <= '9' || c == '.') && d.csv.header(text) {
				continue
			}
			if p, ok, err := d.csv.row(&d.in, text); ok {
				return p, err
			}
			d.csv.block = nil
		}
		var p *Puzzle
		var err error
		if r.Format == Auto {
			p, err = d.auto1(text, s) // the common case, called directly: 6 instructions a record less (callgrind)
		} else {
			p, err = r.Format.spec().read(d, text, s)
		}
		if len(d.sect.meta) > 0 && p != nil && p.Format == SDK {
			p.Comment = string(d.sect.meta)
		}
		d.sect.meta = d.sect.meta[:0]
		d.sect.headers = d.sect.headers[:0]
		if p != nil || err != nil {
			return p, err
		}
		// A count line: go on with its grids.
	}
}
