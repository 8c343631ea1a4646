package format_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gosudoku/sudoku/format"
)

func ExampleReader() {
	in := `# two puzzles on a line each, one as rows of numbers
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 rated 2.3
1..4..1.2..1...x

1 0 0 4
0 0 1 0
2 0 0 1
0 0 0 2
`
	r := format.NewReader(strings.NewReader(in))
	r.File = "in.txt"
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(p.Line, p.Format, p.Grid.Givens(), p.Comment)
	}
	// Output:
	// 2 line 30 rated 2.3
	// in.txt:3:16: 'x' is not a symbol for 4x4 (1-4)
	// 5 numbers 6
}

func ExampleWriter() {
	g := format.MustParse("1..4..1.2..1...2")
	w := format.NewWriter(os.Stdout, format.Pretty)
	w.Write(g, "")
	w.Write(g, "")
	w.Flush()
	// Output:
	// +-----+-----+
	// | 1 . | . 4 |
	// | . . | 1 . |
	// +-----+-----+
	// | 2 . | . 1 |
	// | . . | . 2 |
	// +-----+-----+
	//
	// +-----+-----+
	// | 1 . | . 4 |
	// | . . | 1 . |
	// +-----+-----+
	// | 2 . | . 1 |
	// | . . | . 2 |
	// +-----+-----+
}

func ExampleWriter_json() {
	g := format.MustParse("1..4..1.2..1...2")
	w := format.NewWriter(os.Stdout, format.JSON)
	w.Write(g, "easy")
	w.Flush()
	// Output:
	// {"order":2,"grid":"1..4..1.2..1...2","comment":"easy"}
}

func ExampleParse() {
	g, err := format.Parse(`
+-----+-----+
| 1 . | . 4 |
| . . | 1 . |
+-----+-----+
| 2 . | . 1 |
| . . | . 2 |
+-----+-----+
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g)
	fmt.Print(format.Text(g, format.Numbers))
	// Output:
	// 1..4..1.2..1...2
	// 1 0 0 4
	// 0 0 1 0
	// 2 0 0 1
	// 0 0 0 2
}

func ExampleParse_error() {
	_, err := format.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7")
	fmt.Println(err)
	// Output:
	// line 1, column 1: 80 cells, want 81
}

func ExampleText() {
	g := format.MustParse("1..4..1.2..1...2")
	for _, f := range []format.Format{format.Line, format.Groups, format.Numbers, format.SDK, format.SS, format.JSON} {
		fmt.Printf("%s:\n%s", f, format.Text(g, f))
	}
	// Output:
	// line:
	// 1..4..1.2..1...2
	// groups:
	// 1..4 ..1. 2..1 ...2
	// numbers:
	// 1 0 0 4
	// 0 0 1 0
	// 2 0 0 1
	// 0 0 0 2
	// sdk:
	// 1..4
	// ..1.
	// 2..1
	// ...2
	// ss:
	// *-----*
	// |1.|.4|
	// |..|1.|
	// |--+--|
	// |2.|.1|
	// |..|.2|
	// *-----*
	// json:
	// {"order":2,"grid":"1..4..1.2..1...2"}
}

// A counted file, as the validator of seed 003 reads it: a count line, then
// that many grids of numbers. This one ends early.
func ExampleReader_counted() {
	in := "3\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 1 2\n"
	r := format.NewReader(strings.NewReader(in))
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(p.Line, p.Format, p.Grid)
	}
	// Output:
	// 2 counted 1234341221434321
	// 7 counted 1234341221434312
	// line 1: count says 3 grids, file ends after 2
}

func ExampleFormat_hoDoKu() {
	line := ":0002:1:74..+2+9..6+3+9.8..2..+28.3+7.+945.+2..651......+9+3.+2...328....63...7.9+2.+79+6.2...5+1+2+9+3+8+764:118 123 125 126 185::175:"
	p, err := format.NewReader(strings.NewReader(line)).Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	g := p.Grid
	fmt.Println(p.Format, p.Comment)
	fmt.Println(g.Cell(0), g.Given(0), g.Cell(4), g.Placed(4))
	fmt.Print("r1c8 candidates ")
	for v := 1; v <= 9; v++ {
		if g.Marks(7)&(1<<(v-1)) != 0 {
			fmt.Print(v)
		}
	}
	fmt.Println(" (1 deleted)")
	// Output:
	// hodoku 0002:1::175:
	// 7 true 2 true
	// r1c8 candidates 38 (1 deleted)
}
