package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gosudoku/sudoku"
)

// summary reads every record of r and describes each one on its own line:
// "line format grid | comment" for a puzzle, "error: message" for an
// error. It fails the test on an error that is not a well-formed
// *ParseError.
func summary(t *testing.T, r *Reader) []string {
	t.Helper()
	var out []string
	for i := 0; i < 10000; i++ {
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v (%T) is not a *ParseError with a line", err, err)
			}
			var re *sudoku.RangeError
			if !errors.Is(err, sudoku.ErrSymbol) && !errors.Is(err, sudoku.ErrCellCount) && !errors.Is(err, ErrCount) &&
				!errors.Is(err, ErrSyntax) && !errors.Is(err, ErrLineTooLong) && !errors.As(err, &re) {
				t.Errorf("error %v wraps no known error", err)
			}
			out = append(out, "error: "+err.Error())
			continue
		}
		s := fmt.Sprintf("%d %v %v", p.Line, p.Format, p.Grid)
		if p.Comment != "" {
			s += " | " + p.Comment
		}
		if p.Solution != nil {
			s += " = " + p.Solution.String()
		}
		out = append(out, s)
	}
	t.Fatal("reader does not end")
	return nil
}

const (
	p9   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	s9   = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	p4   = "1..4..1.2..1...2"
	p4b  = "12..34..21..4..3" // a different 4x4 puzzle, symbols 1-4 only
	sdk9 = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
	ss9  = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
)

// rowsOf returns the line grid g (side² symbols) as rows of symbols, one
// a line, with sep between cells.
func rowsOf(g string, sep string) string {
	side := 0
	for side*side < len(g) {
		side++
	}
	var b strings.Builder
	for r := 0; r < side; r++ {
		b.WriteString(strings.Join(strings.Split(g[r*side:(r+1)*side], ""), sep))
		b.WriteByte('\n')
	}
	return b.String()
}

// numbersOf returns the line grid g as rows of numbers, 0 blank.
func numbersOf(g string) string {
	gr := MustParse(g)
	side := gr.Side()
	var b strings.Builder
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, gr.At(r, c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// prettyNumbers returns the line grid g in a boxed form with numbers, as
// other programs print 16x16 grids: "| 1 12  . | ...".
func prettyNumbers(g string) string {
	gr := MustParse(g)
	side, order := gr.Side(), gr.Order()
	border := strings.Repeat("+"+strings.Repeat("-", 3*order+1), order) + "+\n"
	var b strings.Builder
	for r := 0; r < side; r++ {
		if r%order == 0 {
			b.WriteString(border)
		}
		for c := 0; c < side; c++ {
			if c%order == 0 {
				b.WriteString("| ")
			}
			if v := gr.At(r, c); v == 0 {
				b.WriteString(" . ")
			} else {
				fmt.Fprintf(&b, "%2d ", v)
			}
		}
		b.WriteString("|\n")
	}
	b.WriteString(border)
	return b.String()
}

// big16 is a 16x16 puzzle on one line (from ../shared/data/big).
const big16 = ".6..G....18C.BF.7..C.A5..9......E.......4B2.97.8.912.B....FA3......4..7.9...5.........D...CE.493B....3..F........1..9....D5B.E...4...G9E.8..7.A.......1.D..6...9C.A7...52...F.6........63..7.G2EA...C......3....G...ED.9....A.8F.B.DF..AE...G..46.9.5..1C..8E..."

func TestReadAuto(t *testing.T) {
	seed003, err := os.ReadFile("testdata/seed003.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"line", "# source\n\n" + p9 + "\n" + strings.ReplaceAll(p9, ".", "0") + "  rated 3.4 #hard \r\n",
			[]string{"3 line " + p9, "4 line " + p9 + " | rated 3.4 #hard"}},
		{"line no final newline", p9, []string{"1 line " + p9}},
		{"line 4x4", p4 + "\n" + p4b + "\n", []string{"1 line " + p4, "2 line " + p4b}},
		{"line 16x16", big16 + " x\n", []string{"1 line " + big16 + " | x"}},
		{"groups seed 001", "000007020 712030690 080600050 200000100 050000060 008000009 040002080 063080274 020900000\n",
			[]string{"1 groups .....7.2.712.3.69..8.6...5.2.....1...5.....6...8.....9.4...2.8..63.8.274.2.9....."}},
		{"groups 4x4 with comment", "1..4 ..1. 2..1 ...2 easy\n", []string{"1 groups " + p4 + " | easy"}},
		{"numbers", numbersOf(p9) + "\n" + numbersOf(p4), []string{"1 numbers " + p9, "11 numbers " + p4}},
		{"numbers 16x16", numbersOf(big16), []string{"1 numbers " + big16}},
		{"numbers with dots", rowsOf(p9, " "), []string{"1 numbers " + p9}},
		{"counted seed 003", string(seed003), []string{
			"2 counted 726493815315728946489651237852147693673985124941362758194836572567214389238579461",
			"11 counted 726493815315728946489651273852147693673985124941362758194836572567214389238579461",
			"20 counted 931476528486125739725893146574239861168754293392618457243987615819562374657341982"}},
		{"counted rows of symbols", "2\n" + rowsOf(p4, "") + rowsOf(p9, ""), []string{"2 counted " + p4, "6 counted " + p9}},
		{"counted 1234", "1234\n" + numbersOf(p4), []string{"2 counted " + p4, "error: line 1: count says 1234 grids, file ends after 1"}},
		{"counted ends early", "3\n" + numbersOf(p9) + numbersOf(p9), []string{
			"2 counted " + p9, "11 counted " + p9, "error: line 1: count says 3 grids, file ends after 2"}},
		{"count zero", "0\n" + p9 + "\n", []string{"2 line " + p9}},
		{"pretty", Text(MustParse(p9), Pretty) + "\n" + Text(MustParse(p4), Pretty),
			[]string{"1 pretty " + p9, "15 pretty " + p4}},
		{"pretty 16x16", Text(MustParse(big16), Pretty), []string{"1 pretty " + big16}},
		{"sdk", "#ARuud\n#DA random puzzle\n[Puzzle]\n" + rowsOf(sdk9, "") + "\n" + rowsOf(p9, ""),
			[]string{"3 sdk " + sdk9, "14 sdk " + p9}},
		{"rows 4x4 digits", "1234\n3412\n2143\n4321\n", []string{"1 sdk 1234341221434321"}},
		{"rows 16x16", rowsOf(big16, ""), []string{"1 sdk " + big16}},
		{"rows 16x16 small first rows", rowsOf("1..."+strings.Repeat(".", 28)+big16[32:], ""),
			[]string{"1 sdk 1..." + strings.Repeat(".", 28) + big16[32:]}},
		{"16 4x4 lines", strings.Repeat(p4+"\n", 16), []string{
			"1 line " + p4, "2 line " + p4, "3 line " + p4, "4 line " + p4, "5 line " + p4, "6 line " + p4, "7 line " + p4, "8 line " + p4,
			"9 line " + p4, "10 line " + p4, "11 line " + p4, "12 line " + p4, "13 line " + p4, "14 line " + p4, "15 line " + p4, "16 line " + p4}},
		{"ss", "*-----------*\n|.3.|4..|...|\n|9.2|8.6|3.1|\n|...|...|.2.|\n|---+---+---|\n|8..|.6.|7..|\n|.6.|2.5|.9.|\n|..3|.4.|..8|\n|---+---+---|\n|.7.|...|...|\n|4.8|9.2|5.6|\n|...|..8|.3.|\n*-----------*\n",
			[]string{"1 ss " + ss9}},
		{"ss no outer bars, X blanks", "X3X|4XX|XXX\n9X2|8X6|3X1\nXXX|XXX|X2X\n---+---+---\n8XX|X6X|7XX\nX6X|2X5|X9X\nXX3|X4X|XX8\n---+---+---\nX7X|XXX|XXX\n4X8|9X2|5X6\nXXX|XX8|X3X\n",
			[]string{"1 ss " + ss9}},
		{"pretty without outer lines", "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n",
			[]string{"1 pretty " + p9}},
		{"pretty 16x16 with numbers", prettyNumbers(big16), []string{"1 pretty " + big16}},
		{"ss 4x4 is not numbers", "|12|34|\n|34|12|\n|--+--|\n|21|43|\n|43|21|\n", []string{"1 ss 1234341221434321"}},
		{"json", `{"order":3,"grid":"` + p9 + `","solution":"` + s9 + `","comment":"hi"}` + "\n" + `{"grid":"` + p4 + `"}`,
			[]string{"1 json " + p9 + " | hi = " + s9, "2 json " + p4}},
		{"byte order mark", "\xef\xbb\xbf" + p9 + "\n", []string{"1 line " + p9}},
		{"sdk comment", "#CJust start\n#LEasy\n" + rowsOf(p4, "") + "#Cnot this one\n\n" + p9 + "\n",
			[]string{"3 sdk " + p4 + " | Just start", "9 line " + p9}},
		{"64x64 groups starting with #", "#" + strings.Repeat(".", 63) + strings.Repeat(" "+strings.Repeat(".", 64), 63) + " c\n",
			[]string{"1 groups #" + strings.Repeat(".", 4095) + " | c"}},
		{"64x64 rows starting with #", "#" + strings.Repeat(".", 63) + "\n" + strings.Repeat(strings.Repeat(".", 64)+"\n", 63),
			[]string{"1 sdk #" + strings.Repeat(".", 4095)}},
		{"banners are comments", strings.Repeat("#", 64) + "\n" + strings.Repeat("#", 4095) + "\n" + p9 + "\n", []string{"3 line " + p9}},
		{"json arrays", `{"grid":[[1,0,0,4],[0,0,1,0],[2,0,0,1],[0,0,0,2]],"solution":[1,3,2,4,4,2,1,3,2,4,3,1,3,1,4,2]}` + "\n",
			[]string{"1 json " + p4 + " = 1324421324313142"}},
		{"mixed", p9 + "\n" + numbersOf(p4) + p4 + "\n", []string{"1 line " + p9, "2 numbers " + p4, "6 line " + p4}},
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

func TestReadErrors(t *testing.T) {
	long := strings.Repeat(".", MaxLineLength+1)
	tests := []struct {
		name   string
		format Format
		order  int
		in     string
		want   []string
	}{
		{"short line", Auto, 0, p9[:80] + "\n" + p9 + "\n", []string{"error: line 1, column 1: 80 cells, want 81", "2 line " + p9}},
		{"long line", Auto, 0, "  " + p9 + "1\n", []string{"error: line 1, column 3: 82 cells, want 81"}},
		{"bad symbol", Auto, 0, "\n\n" + p9[:16] + "x" + p9[17:] + "\n", []string{"error: line 3, column 17: 'x' is not a symbol for 9x9 (1-9)"}},
		{"not a symbol", Auto, 0, p9[:5] + "?" + p9[6:] + "\n", []string{"error: line 1, column 6: '?' is not a symbol"}},
		{"4x4 out of range", Auto, 0, "125." + p4[4:] + "\n", []string{"error: line 1, column 3: r1c3 holds 5: out of range 1-4"}},
		{"numbers out of range", Auto, 0, strings.Replace(numbersOf(p9), "6 0 0 1 9 5", "6 10 0 1 9 5", 1),
			[]string{"error: line 2, column 3: r2c2 holds 10: out of range 1-9"}},
		{"numbers short row", Auto, 0, strings.Replace(numbersOf(p9), "6 0 0 1 9 5", "6 0 1 9 5", 1) + "\n" + p4 + "\n",
			[]string{"error: line 2: row 2 has 8 numbers, want 9", "11 line " + p4}},
		{"numbers long row", Auto, 0, strings.Replace(numbersOf(p9), "6 0 0 1 9 5", "6 0 0 0 1 9 5", 1),
			[]string{"error: line 2, column 19: row 2 has more than 9 numbers"}},
		{"numbers grid ends early", Auto, 0, strings.Join(strings.SplitAfter(numbersOf(p9), "\n")[:5], "") + "\n" + p9 + "\n",
			[]string{"error: line 1: grid has 5 rows, want 9", "7 line " + p9}},
		{"numbers bad row length", Auto, 0, "1 2 3\n4 5 6\n7 8 9\n\n" + p9 + "\n",
			[]string{"error: line 1: row of 3 numbers, want 4, 9, 16, 25, 36, 49 or 64", "5 line " + p9}},
		{"counted ends early", Auto, 0, "2\n" + numbersOf(p9), []string{"2 counted " + p9, "error: line 1: count says 2 grids, file ends after 1"}},
		{"counted bad grid", Auto, 0, "2\n" + strings.Replace(numbersOf(p9), "8 0 0 0 6", "8 0 0 0 x", 1) + numbersOf(p4),
			[]string{"error: line 5, column 9: 'x' is not a symbol for 9x9 (1-9)", "11 counted " + p4}},
		{"count inside count", Auto, 0, "2\n3\n" + numbersOf(p4),
			[]string{"error: line 2, column 1: count line inside a counted block (2 grids still due)", "3 counted " + p4}},
		{"groups short group auto", Auto, 0, "000007020 712030690 080600050 200000100 050000060 008000009 040002080 06308027 020900000\n",
			[]string{"error: line 1, column 71: group 8 has 8 symbols, want 9"}},
		{"numbers bad word", Auto, 0, "5 3 0 0 7 0 0 0 abc\n", []string{"error: line 1, column 17: \"abc\" is not a number"}},
		{"groups short group", Auto, 0, "000007020 712030690 080600050 200000100 050000060 008000009 040002080 063080274 02090000x\n",
			[]string{"error: line 1, column 89: 'x' is not a symbol for 9x9 (1-9)"}},
		{"forced groups short group", Groups, 0, "000007020 712030690 080600050 200000100 050000060 008000009 040002080 063080274 02090000\n",
			[]string{"error: line 1, column 81: group 9 has 8 symbols, want 9"}},
		{"forced groups too few", Groups, 0, "000007020 712030690 080600050 200000100 050000060 008000009 040002080 063080274\n",
			[]string{"error: line 1: 8 groups, want 9"}},
		{"line too long", Auto, 0, p9 + "\n" + long + "\n" + p4 + "\n",
			[]string{"1 line " + p9, "error: line 2: line longer than 1048576 bytes", "3 line " + p4}},
		{"line too long at end", Auto, 0, long,
			[]string{"error: line 1: line longer than 1048576 bytes"}},
		{"json syntax", Auto, 0, `{"grid":"` + p9 + "\n" + p4 + "\n",
			[]string{"error: line 1, column 90: unexpected end of JSON input", "2 line " + p4}},
		{"json bad grid", Auto, 0, `{"order":3, "grid":"` + p9[:80] + `"}` + "\n" + `{"grid":"` + p4[:3] + `5` + p4[4:] + `"}` + "\n",
			[]string{"error: line 1, column 21: grid: 80 cells, want 81", "error: line 2, column 13: grid: r1c4 holds 5: out of range 1-4"}},
		{"json bad arrays", Auto, 0, `{"grid":[[1,0,0,4],[0,0,1],[2,0,0,1],[0,0,0,2]]}` + "\n" +
			`{"grid":[[1,0,0,4],[0,0,1,0],[2,0,0,1],[0,0,5,2]]}` + "\n" + `{"grid":[1,2]}` + "\n" + `{"grid":{}}` + "\n" +
			`{"comment":"x"}` + "\n" + `{"order":9,"grid":"` + p4 + `"}` + "\n" + `{"order":3,"grid":[` + strings.Repeat("0,", 15) + `0]}` + "\n",
			[]string{
				"error: line 1, column 2: grid: row 2 has 3 values, want 4",
				"error: line 2, column 2: grid: r4c3 holds 5: out of range 1-4",
				"error: line 3, column 2: grid: 2 cells, want 16",
				"error: line 4, column 2: grid: want a string of symbols, an array of rows or an array of numbers",
				`error: line 5: no "grid" field`,
				"error: line 6: order 9 out of range 2-8",
				"error: line 7, column 12: grid: 16 cells, want 81"}},
		{"pretty bad row", Auto, 0, strings.Replace(Text(MustParse(p9), Pretty), "| 6 . . | 1 9 5 |", "| 6 . . | 1 9 5 5 |", 1) + "\n" + p4 + "\n",
			[]string{"error: line 3, column 25: row 2 has more than 9 cells", "15 line " + p4}},
		{"pretty missing rows", Auto, 0, strings.Join(strings.SplitAfter(Text(MustParse(p9), Pretty), "\n")[:6], "") + "\n" + p4 + "\n",
			[]string{"error: line 1: grid has 4 rows, want 9", "8 line " + p4}},
		{"border only", Auto, 0, "+---+---+\n\n" + p4 + "\n",
			[]string{"error: line 1: box line without a grid", "3 line " + p4}},
		{"sdk bad header", Auto, 0, "[Puzle]\n" + rowsOf(p9, ""), []string{"error: line 1, column 1: unknown section [Puzle], want [Puzzle]", "2 sdk " + p9}},
		{"sdk short row", Auto, 0, strings.Replace(rowsOf(p9, ""), "6..195...", "6..195..", 1),
			[]string{"error: line 2, column 1: row 2 has 8 cells, want 9"}},
		{"bad row skips only rows", Auto, 0, "1 2 3\n4 5 6\n" + p9 + "\n" + p4 + "\n",
			[]string{"error: line 1: row of 3 numbers, want 4, 9, 16, 25, 36, 49 or 64", "3 line " + p9, "4 line " + p4}},
		{"25x25 symbol", Auto, 0, "Q" + strings.Repeat(".", 624) + "\n", []string{"error: line 1, column 1: 'Q' is not a symbol for 25x25 (1-9, A-P)"}},
		{"49x49 symbol", Auto, 0, "z" + strings.Repeat(".", 2400) + "\n", []string{"error: line 1, column 1: 'z' is not a symbol for 49x49 (1-9, A-Z, a-n)"}},
		{"order 4 makes 16 symbols per row", Auto, 4, p4 + "\n", []string{"error: line 1: grid has 1 row, want 16"}},
		{"order 2 makes 16 symbols per line", Auto, 2, rowsOf(big16, "")[:34], []string{
			"error: line 1, column 2: r1c2 holds 6: out of range 1-4",
			"error: line 2, column 1: r1c1 holds 7: out of range 1-4"}},
		{"forced order", Auto, 3, p4 + "\n" + p9 + "\n", []string{"error: line 1, column 1: 16 cells, want 81", "2 line " + p9}},
		{"forced line", Line, 0, numbersOf(p4)[:8] + "\n" + p9 + "\n", []string{"error: line 1, column 1: 1 cell, want 16", "3 line " + p9}},
		{"forced counted", Counted, 0, p9 + "\n", []string{"error: line 1, column 1: want a count line (a number)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.Format, r.Order = tt.format, tt.order
			got := summary(t, r)
			if len(tt.want) == 0 {
				t.Logf("got\n\t%s", strings.Join(got, "\n\t"))
				return
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// benchFile returns the contents of a benchmark data file, or skips b.
func benchFile(b *testing.B, name string) []byte {
	data, err := os.ReadFile("../../shared/data/" + name) // beside the repository
	if err != nil {
		b.Skipf("benchmark data absent: %v", err)
	}
	return data
}

// benchRead reads every puzzle of data in each iteration.
func benchRead(b *testing.B, data []byte, f Format) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		r.Format = f
		n = 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(n)/float64(b.N), "ns/puzzle")
}

// BenchmarkReadLine reads the 100,000 puzzles of random_minimal_100k.
// The alloc case only allocates what Read returns for each puzzle, as a
// baseline: the difference is the cost of reading and parsing.
func BenchmarkReadLine(b *testing.B) {
	data := benchFile(b, "random_minimal_100k")
	b.Run("auto", func(b *testing.B) { benchRead(b, data, Auto) })
	b.Run("forced", func(b *testing.B) { benchRead(b, data, Line) })
	b.Run("alloc", func(b *testing.B) {
		n := bytes.Count(data, []byte("\n")) - 2 // two comment lines
		var keep *Puzzle
		for b.Loop() {
			for range n {
				keep = newPuzzle(3)
			}
		}
		_ = keep
		b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(n)/float64(b.N), "ns/puzzle")
	})
}

// BenchmarkReadFormats reads the 100k puzzles written in each format.
func BenchmarkReadFormats(b *testing.B) {
	data := benchFile(b, "random_minimal_100k")
	var grids []*sudoku.Grid
	r := NewReader(bytes.NewReader(data))
	for {
		p, err := r.Read()
		if err != nil {
			break
		}
		grids = append(grids, p.Grid)
	}
	for _, f := range writable {
		var buf bytes.Buffer
		w := NewWriter(&buf, f)
		for _, g := range grids[:10000] {
			w.Write(g, "")
		}
		w.Flush()
		b.Run(f.String(), func(b *testing.B) { benchRead(b, buf.Bytes(), Auto) })
	}
}

func TestReadForced(t *testing.T) {
	seed003, err := os.ReadFile("testdata/seed003.txt")
	if err != nil {
		t.Fatal(err)
	}
	pretty9 := Text(MustParse(p9), Pretty)
	tests := []struct {
		format Format
		in     string
		want   []string
	}{
		{Line, p4 + " # x\n1234 3412\n", []string{"1 line " + p4 + " | # x", "error: line 2, column 1: 4 cells, want 16"}},
		{Groups, "1..4 ..1. 2..1 ...2\n" + p4 + "\n", []string{"1 groups " + p4, "error: line 2: 1 group, want 16"}},
		{Numbers, rowsOf(p4, "") + "\n" + rowsOf(p4, " "), []string{
			"error: line 1: row of 1 number, want 4, 9, 16, 25, 36, 49 or 64", "error: line 2: row of 1 number, want 4, 9, 16, 25, 36, 49 or 64",
			"error: line 3: row of 1 number, want 4, 9, 16, 25, 36, 49 or 64", "error: line 4: row of 1 number, want 4, 9, 16, 25, 36, 49 or 64",
			"6 numbers " + p4}},
		{Counted, string(seed003), []string{
			"2 counted 726493815315728946489651237852147693673985124941362758194836572567214389238579461",
			"11 counted 726493815315728946489651273852147693673985124941362758194836572567214389238579461",
			"20 counted 931476528486125739725893146574239861168754293392618457243987615819562374657341982"}},
		{Pretty, pretty9 + "\n" + p4 + "\n", []string{"1 pretty " + p9, "error: line 15: grid has 1 row, want 16"}},
		{SS, pretty9, []string{"1 ss " + p9}},
		{SDK, "[Puzzle]\n" + rowsOf(p4, "") + numbersOf(p4), []string{"1 sdk " + p4,
			"error: line 6: row of 1 cell, want 4, 9, 16, 25, 36, 49 or 64", "error: line 7: row of 1 cell, want 4, 9, 16, 25, 36, 49 or 64",
			"error: line 8: row of 1 cell, want 4, 9, 16, 25, 36, 49 or 64", "error: line 9: row of 1 cell, want 4, 9, 16, 25, 36, 49 or 64"}},
		{JSON, p9 + "\n", []string{"error: line 1, column 4: invalid character '.' after decimal point in numeric literal"}},
	}
	for _, tt := range tests {
		t.Run(tt.format.String(), func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.Format = tt.format
			got := summary(t, r)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// TestLine9 checks the fast 9x9 path against the general one.
func TestLine9(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := "0123456789.AZaz@#$x- \t|"
	for i := 0; i < 20000; i++ {
		b := []byte(p9 + " c")
		for k := rng.IntN(3); k > 0; k-- {
			b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
		}
		r := &NewReader(nil).d.in
		r.curLine = 1
		fast := line9(r, b, 0)
		slow, err := lineRecord(r, b, 0, wordEnd(b, 0))
		if fast != nil && (err != nil || !fast.Grid.Equal(slow.Grid) || fast.Comment != slow.Comment || fast.Line != slow.Line) {
			t.Fatalf("%q: fast %v %q, slow %v %v", b, fast.Grid, fast.Comment, slow, err)
		}
		if fast == nil && err == nil && slow.Grid.Order() == 3 {
			t.Fatalf("%q: fast path missed a 9x9 grid", b)
		}
	}
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader(p9+"\n"+p4), iotest.ErrReader(boom)))
	p, err := r.Read()
	if err != nil || p.Grid.String() != p9 {
		t.Fatalf("first record: %v, %v", p, err)
	}
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Fatalf("second record: %v, want boom", err)
	}
	var pe *sudoku.ParseError
	if errors.As(err, &pe) {
		t.Errorf("an I/O error is a *ParseError")
	}
	// A long line cut by an I/O error.
	r = NewReader(io.MultiReader(strings.NewReader(strings.Repeat(".", 100000)), iotest.ErrReader(boom)))
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Fatalf("long line: %v, want boom", err)
	}
}

func TestParse(t *testing.T) {
	if _, err := Parse("\n# nothing\n"); !errors.Is(err, sudoku.ErrNoPuzzle) || err.Error() != "sudoku: no puzzle in input" {
		t.Errorf("Parse of no puzzle: %v", err)
	}
	if _, err := Parse(p9[:80] + "\x01"); err == nil || err.Error() != `line 1, column 81: "\x01" is not a symbol` {
		t.Errorf("Parse of a control character: %v", err)
	}
	if _, err := Parse(p9[:80] + "'"); err == nil || err.Error() != `line 1, column 81: "'" is not a symbol` {
		t.Errorf("Parse of a quote: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParse of a bad puzzle does not panic")
		}
	}()
	MustParse("x")
}

// TestLongLineMemory checks that a line far over MaxLineLength is skipped
// without being held in memory.
func TestLongLineMemory(t *testing.T) {
	huge := strings.Repeat("1", 8*MaxLineLength)
	r := NewReader(strings.NewReader(huge + "\n" + p9 + "\n"))
	_, err := r.Read()
	if !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("huge line: %v, want ErrLineTooLong", err)
	}
	if c := cap(r.d.in.cur); c > MaxLineLength+128<<10 {
		t.Errorf("line buffer holds %d bytes after a huge line", c)
	}
	if p, err := r.Read(); err != nil || p.Grid.String() != p9 || p.Line != 2 {
		t.Errorf("after the huge line: %v, %v", p, err)
	}
}
