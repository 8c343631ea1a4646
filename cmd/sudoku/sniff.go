package main

// Sniffing: whether a file holds variant puzzles (internal/vtext forms),
// decided from its start, so that the filters hand it to the right reader.

import (
	"bufio"
	"strings"

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// sniffInput decides from the start of a file whether it holds variant
// puzzles. A regular file is judged on its first 64 KiB (vtext.Sniff);
// a pipe or a terminal without waiting for more than its first line: it
// decides for JSON and links; a first line of 4 to 35 characters may start
// a killer's cage map or a jigsaw's givens, which the lines after it tell
// apart from a classic grid's rows when they are already read (a file
// is, a pipe may not be). Without them, a first row of classic symbols is
// a classic grid (-f jigsaw reads a jigsaw from a slow pipe) and a row
// with letters a variant record.
func sniffInput(br *bufio.Reader, mayBlock bool) (vtext.Form, bool) {
	if !mayBlock {
		// A regular file: its first 64 KiB are there to read.
		b, _ := br.Peek(br.Size())
		return vtext.Sniff(b)
	}
	if _, err := br.Peek(1); err != nil {
		return vtext.FormDetect, false
	}
	for {
		b, _ := br.Peek(br.Buffered())
		first, rest, complete := firstLine(b)
		if !complete {
			if _, err := br.Peek(br.Buffered() + 1); err == nil {
				continue // wait for the rest of the first line
			}
			b, _ = br.Peek(br.Buffered()) // the whole input, or a full buffer
			first, rest, _ = firstLine(b)
		}
		if first == "" || first[0] == '{' || strings.Contains(first, "://") || strings.HasPrefix(first, "N4Ig") {
			return vtext.Sniff(b)
		}
		n := len(first)
		switch {
		case n < variant.MinSize || n > 35:
			return vtext.FormDetect, false
		case strings.Count(rest, "\n") >= 2*n-1 || !complete:
			return vtext.Sniff(b)
		case classicRow(first) || !mapRow(first):
			return vtext.FormDetect, false
		}
		return vtext.FormDetect, true // cage letters: the reader looks at each record
	}
}

// firstLine returns the first line of b that is neither empty nor a
// comment, trimmed, the text after it, and whether that line is complete.
func firstLine(b []byte) (string, string, bool) {
	s := string(b)
	for {
		l, rest, ok := strings.Cut(s, "\n")
		if t := strings.TrimSpace(l); t != "" && t[0] != '#' {
			return t, rest, ok
		}
		if !ok {
			return "", "", false
		}
		s = rest
	}
}

// mapRow reports whether s could be a row of a cage or region map: letters,
// digits and '.' only.
func mapRow(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.') {
			return false
		}
	}
	return true
}

// classicRow reports whether s could be a row or line of a classic grid:
// only blanks and the symbols of a grid of side len(s) (or of 81 cells).
func classicRow(s string) bool {
	const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	n := len(s)
	for i := range n {
		c := s[i]
		if c == '.' || c == '0' {
			continue
		}
		if k := strings.IndexByte(symbols, c); k < 0 || k >= n {
			return false
		}
	}
	return true
}
