package main

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

// maxText bounds, in bytes, a piece of text from the input (a comment, a
// message quoting the input, a file name) on one output line.
const maxText = 1024

// oneLine returns s fit for one line of output: control characters
// (line breaks among them), line separators and invalid UTF-8 are escaped
// as \n, \x1b, \u2028 and \xff, and text over maxText bytes is cut at a
// character boundary and marked with "...". Tabs stay.
func oneLine(s string) string {
	if len(s) <= maxText && plain(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if b.Len() >= maxText {
			b.WriteString("...")
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case r == '\t':
			b.WriteByte('\t')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u2028'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// plain reports whether s holds printable ASCII and tabs only.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' && c != '\t') || c > '~' {
			return false
		}
	}
	return true
}

// puzzleLine writes a puzzle as one line without a newline.
func puzzleLine(g *sudoku.Grid) string {
	return strings.TrimRight(format.Text(g, format.Line), "\n")
}
