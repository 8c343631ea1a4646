package format

import (
	"io"
	"strings"
	"testing"
	"unicode/utf16"
)

// readme9 is the README's 9x9 puzzle.
const readme9 = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

// utf16LE encodes s as UTF-16, little end first, with a byte order mark
// if bom is set.
func utf16LE(s string, bom bool) string {
	var b []byte
	if bom {
		b = append(b, 0xff, 0xfe)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// utf16BE is utf16LE with the big end first.
func utf16BE(s string, bom bool) string {
	le := []byte(utf16LE(s, bom))
	for i := 0; i+1 < len(le); i += 2 {
		le[i], le[i+1] = le[i+1], le[i]
	}
	return string(le)
}

// TestStrayLines checks that a line which is no record (a separator, a
// banner, a stray number, a bad character) is an error on its own line,
// or a comment, and never takes the records around it: they are read as
// they would be without it (issue 13, defect 7).
func TestStrayLines(t *testing.T) {
	P := readme9
	hashes := strings.Repeat("#", 64)
	tests := []struct {
		name, in string
		want     []string
	}{
		{"separator line", P + "\n-----\n" + P + "\n" + P + "\n",
			[]string{"1 line " + P, "error: line 2: box line without a grid", "3 line " + P, "4 line " + P}},
		{"separators of '=' and '+'", P + "\n==========\n+---+---+---+\n" + P + "\n",
			[]string{"1 line " + P, "error: line 2: box line without a grid", "4 line " + P}},
		{"separator before a 4x4 line", "+---+\n" + p4 + "\n",
			[]string{"error: line 1: box line without a grid", "2 line " + p4}},
		{"separator before groups", "-----\n000007020 712030690 080600050 200000100 050000060 008000009 040002080 063080274 020900000\n",
			[]string{"error: line 1: box line without a grid", "2 groups .....7.2.712.3.69..8.6...5.2.....1...5.....6...8.....9.4...2.8..63.8.274.2.9....."}},
		{"separator over a grid still reads it", "-----------------\n" + numbersOf(p9),
			[]string{"1 pretty " + p9}},
		{"two banner lines of 64 '#'", P + "\n" + hashes + "\n" + hashes + "\n" + P + "\n" + P + "\n",
			[]string{"1 line " + P, "4 line " + P, "5 line " + P}},
		{"banner with a title", "#### puzzles ####\n" + hashes + "\n" + hashes + "\n" + P + "\n",
			[]string{"4 line " + P}},
		{"banners of '*'", strings.Repeat("*", 64) + "\n" + strings.Repeat("*", 64) + "\n" + P + "\n",
			[]string{"error: line 1: grid has 2 rows, want 64: line 3 is not a row", "3 line " + P}},
		{"'#'-started 64x64 row is a grid", "#" + strings.Repeat(".", 63) + "\n" + strings.Repeat(strings.Repeat(".", 64)+"\n", 63) + P + "\n",
			[]string{"1 sdk #" + strings.Repeat(".", 4095), "65 line " + P}},
		{"'#'-started 64x64 line is a grid", "#" + strings.Repeat(".", 4095) + "\n" + P + "\n",
			[]string{"1 line #" + strings.Repeat(".", 4095), "2 line " + P}},
		{"rows end at a line puzzle", rowsOf(p9, "")[:50] + P + "\n",
			[]string{"error: line 1: grid has 5 rows, want 9: line 6 is not a row", "6 line " + P}},
		{"numbers end at a line puzzle", numbersOf(p9)[:90] + P + "\n",
			[]string{"error: line 1: grid has 5 rows, want 9: line 6 is not a row", "6 line " + P}},
		{"[Puzzle] before a line puzzle", "[Puzzle]\n" + P + "\n" + P + "\n",
			[]string{"error: line 1: [Puzzle] without a grid", "2 line " + P, "3 line " + P}},
		{"stray number", P + "\n7\n" + P + "\n" + P + "\n",
			[]string{"1 line " + P, "error: line 2, column 1: stray number 7: a count line must be followed by its grids, one row per line",
				"3 line " + P, "4 line " + P}},
		{"stray number before JSON", "12\n" + `{"grid":"` + p4 + `"}` + "\n",
			[]string{"error: line 1, column 1: stray number 12: a count line must be followed by its grids, one row per line", "2 json " + p4}},
		{"count line before rows still counts", "1\n" + rowsOf(p4, ""), []string{"2 counted " + p4}},
		{"lone CR ends lines", P + "\r" + P + "\r\r" + P + "\r",
			[]string{"1 line " + P, "2 line " + P, "4 line " + P}},
		{"lone CR in a grid of rows", strings.ReplaceAll(rowsOf(p9, ""), "\n", "\r") + P,
			[]string{"1 sdk " + p9, "10 line " + P}},
		{"CR LF and CR mixed", P + "\r\n" + P + "\r" + P + "\n",
			[]string{"1 line " + P, "2 line " + P, "3 line " + P}},
		{"UTF-16 with a byte order mark", utf16LE(P+"\n"+P+" c\n", true),
			[]string{"1 line " + P, "2 line " + P + " | c"}},
		{"UTF-16 big end first", utf16BE(P+"\r\n"+P+"\r\n", true),
			[]string{"1 line " + P, "2 line " + P}},
		{"UTF-16 without a byte order mark", utf16LE(P+"\n"+P+"\n", false),
			[]string{"1 line " + P, "2 line " + P}},
		{"UTF-16 odd length", utf16LE(P+"\n", true) + "x",
			[]string{"1 line " + P, "error: line 2, column 1: '\ufffd' (U+FFFD) is not a symbol"}},
		{"full-width digit", strings.Replace(P, "1", "１", 1) + "\n" + P + "\n",
			[]string{"error: line 1, column 22: full-width '１' (U+FF11) is not a symbol: write '1'", "2 line " + P}},
		{"full-width digits in rows", strings.Replace(rowsOf(p9, ""), "6..195...", "6..１95...", 1) + P + "\n",
			[]string{"error: line 2, column 4: full-width '１' (U+FF11) is not a symbol: write '1'", "10 line " + P}},
		{"full-width digit in a boxed row", strings.Replace(Text(MustParse(p9), Pretty), "1 9 5", "１ 9 5", 1) + P + "\n",
			[]string{"error: line 3, column 11: full-width '１' (U+FF11) is not a symbol: write '1'", "14 line " + P}},
		{"accented letter", strings.Replace(P, "1", "é", 1) + "\n",
			[]string{"error: line 1, column 22: 'é' (U+00E9) is not a symbol"}},
		{"zero byte", strings.Replace(P, "1", "\x00", 1) + "\n",
			[]string{"error: line 1, column 22: a zero byte is not a symbol (UTF-16 or binary input?)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := summary(t, NewReader(strings.NewReader(tt.in)))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestLineEndsAcrossReads checks line ends split over the reads of a
// slow stream: "\r" then "\n" in the next read is one line end.
func TestLineEndsAcrossReads(t *testing.T) {
	in := p4 + "\r\n" + p4 + "\r" + p4 + "\n"
	got := summary(t, NewReader(&oneByteReader{s: in}))
	want := []string{"1 line " + p4, "2 line " + p4, "3 line " + p4}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// oneByteReader reads s one byte at a time.
type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}
