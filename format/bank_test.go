package format

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// TestReadBankReal reads lines of the Sudoku Exchange puzzle bank and
// writes them back byte for byte.
func TestReadBankReal(t *testing.T) {
	data := must(os.ReadFile("testdata/bank_grantm.txt"))
	for _, forced := range []Format{Auto, Bank} {
		r := NewReader(bytes.NewReader(data))
		r.Format = forced
		var buf bytes.Buffer
		w := NewWriter(&buf, Bank)
		n := 0
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("forced %v: %v", forced, err)
			}
			n++
			if p.Format != Bank {
				t.Errorf("forced %v: line %d read as %v", forced, p.Line, p.Format)
			}
			if res, err := sudoku.Count(context.Background(), p.Grid, 2, sudoku.Options{}); err != nil || res.Count != 1 {
				t.Errorf("line %d: %d solutions, %v", p.Line, res.Count, err)
			}
			if n == 1 && (p.Comment != "00015097c6c3 7.2" || p.Grid.String() != ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.") {
				t.Errorf("line 1: %v | %q", p.Grid, p.Comment)
			}
			if err := w.WritePuzzle(p); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		if n != 3 {
			t.Errorf("forced %v: %d records, want 3", forced, n)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Errorf("forced %v: written back:\n%s\nwant\n%s", forced, buf.Bytes(), data)
		}
	}
}

func TestBankRating(t *testing.T) {
	for _, tt := range []struct{ comment, want string }{
		{"00015097c6c3 7.2", "7.2"},
		{"11.5", "11.5"},
		{"ED=7.2/1.2/1.2", "7.2"},
		{"rated 3.4 #classic", "0.0"},
		{"", "0.0"},
		{"x 1.", "0.0"},
		{"x 1.2.3", "0.0"},
	} {
		if got := bankRating(tt.comment); got != tt.want {
			t.Errorf("bankRating(%q) = %q, want %q", tt.comment, got, tt.want)
		}
	}
	if got := Text(MustParse(p4), Bank); !strings.HasSuffix(got, " 1004001020010002  0.0\n") {
		t.Errorf("4x4 bank line %q", got)
	}
}

func TestReadBankErrors(t *testing.T) {
	line := "00015097c6c3 083020090000800100029300008000098700070000060006740000300006980002005000010030540  7.2"
	tests := []struct {
		in   string
		f    Format
		want string
	}{
		{line, Auto, "1 bank .83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54. | 00015097c6c3 7.2"},
		{line[:13] + line[14:], Bank, "error: line 1, column 14: 80 cells, want 81"},
		{line[:13] + line[14:], Auto, "error: line 1, column 1: 12 cells, want 16"},
		{line[:20] + "x" + line[21:], Auto, "error: line 1, column 21: 'x' is not a symbol for 9x9 (1-9)"},
		{"00015097c6cg" + line[12:], Bank, "error: line 1, column 1: want a puzzle-bank line: a hash of 12 hex digits, the puzzle and its rating"},
		{line[:12], Bank, "error: line 1, column 13: no puzzle after the hash"},
		{line[:95], Auto, "1 bank .83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54. | 00015097c6c3"},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.in))
		r.Format = tt.f
		got := summary(t, r)
		if strings.Join(got, "|") != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
