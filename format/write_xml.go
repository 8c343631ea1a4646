package format

import (
	"encoding/xml"
	"fmt"
	"math/bits"
	"strings"

	"github.com/gosudoku/sudoku"
)

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
// and a folder named comment first where needed.
func (x *xmlWriter) appendGame(dst []byte, g *sudoku.Grid, comment string) ([]byte, error) {
	if g.Order() != 3 {
		return dst, fmt.Errorf("sudoku: an OpenSudoku game is 9x9, not %dx%d", g.Side(), g.Side())
	}
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
	return append(dst, "\" />\n"...), nil
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
