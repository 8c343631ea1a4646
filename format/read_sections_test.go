package format

import (
	"os"
	"strings"
	"testing"
)

// The SadMan and SudoCue files in testdata, detected and forced.
func TestReadSectionsReal(t *testing.T) {
	const (
		sadmanState = "6.....387547893621381..25948....7.13....8.76576.3...48.782..136.5..3..722......59"
		sadmanHead  = "#A SadMan Software #D Straightforward enough #C watch for the naked pair #B 27/08/2009 #S SadMan Software Sudoku #L Mild #U http://www.sadmansoftware.com/sudoku/ #N 1 #H 27"
		sdxValues   = "2..1.5.93.54...71.91.2.3.8.6928173.4......1..1.53.98.6.2.7.1.6..81..624.7..4.2..1"
	)
	tests := []struct {
		file   string
		forced Format
		want   string
	}{
		{"sadman.sdk", SadMan, "10 sadman " + sadmanState + " | " + sadmanHead},
		{"sadman.sdk", SDK, "10 sadman " + sadmanState + " | " + sadmanHead},
		{"sudocue.sdx", SDX, "1 sdx " + sdxValues},
		{"sudocue.sdk", SDK, "8 sdk " + sdk9 + " | Just start plugging in the numbers"},
	}
	for _, tt := range tests {
		for _, f := range []Format{Auto, tt.forced} {
			b, err := os.ReadFile("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			got := summary(t, NewReader(strings.NewReader(string(b))))
			r := NewReader(strings.NewReader(string(b)))
			r.Format = f
			if got := strings.Join(summary(t, r), "\n"); got != tt.want {
				t.Errorf("%s (%v): got\n\t%s\nwant\n\t%s", tt.file, f, got, tt.want)
			}
			_ = got
		}
	}
	// The candidates: [PencilMarks] in the SadMan file, the candidate
	// strings in SudoCue's, and the placed values on top of the givens.
	b, _ := os.ReadFile("testdata/sadman.sdk")
	g := MustParse(string(b))
	for cell, want := range map[int]string{1: "29", 3: "145", 21: "67", 29: "2459", 36: "149", 63: "149"} {
		if got := markString(g.Marks(cell)); got != want {
			t.Errorf("sadman.sdk: r%dc%d has %s, want %s", cell/9+1, cell%9+1, got, want)
		}
	}
	if markString(g.Marks(40)) != "8" || markString(g.Marks(42)) != "7" {
		t.Errorf("sadman.sdk: the values of r5c5 and r5c7 are %v and %v", g.Cell(40), g.Cell(42))
	}
	// [State] adds 19 values to the 27 givens of [Puzzle].
	if n := g.GivensOnly().Givens(); n != 27 || g.Givens() != 46 || !g.Given(0) || !g.Placed(6) {
		t.Errorf("sadman.sdk: %d givens, %d values (r1c1 given %v, r1c7 placed %v); want 27 and 46", n, g.Givens(), g.Given(0), g.Placed(6))
	}
	b, _ = os.ReadFile("testdata/sudocue.sdx")
	g = MustParse(string(b))
	for cell, want := range map[int]string{1: "679", 4: "46789", 7: "9", 31: "1", 40: "2456", 80: "1"} {
		if got := markString(g.Marks(cell)); got != want {
			t.Errorf("sudocue.sdx: r%dc%d has %s, want %s", cell/9+1, cell%9+1, got, want)
		}
	}
	for i := range 81 {
		if g.Placed(i) != (i == 31 || i == 42) {
			t.Errorf("sudocue.sdx: r%dc%d placed %v; want the two u1 cells placed", i/9+1, i%9+1, g.Placed(i))
		}
	}
}

func TestReadSectionsErrors(t *testing.T) {
	sadman, err := os.ReadFile("testdata/sadman.sdk")
	if err != nil {
		t.Fatal(err)
	}
	sdx, err := os.ReadFile("testdata/sudocue.sdx")
	if err != nil {
		t.Fatal(err)
	}
	sm := string(sadman)
	rows := rowsOf(p9, "")
	tests := []struct {
		name, in string
		want     []string
	}{
		// r1c1 holds the given 6: its marks must hold it.
		{"marks exclude a given", strings.Replace(sm, "\n,29,29,145", "\n12,29,29,145", 1), []string{
			"error: x.sdk:31:1: r1c1 holds the given 6, which its pencil marks 12 leave out"}},
		{"marks hold a given", strings.Replace(sm, "\n,29,29,145", "\n16,29,29,145", 1), []string{
			"10 sadman 6.....387547893621381..25948....7.13....8.76576.3...48.782..136.5..3..722......59 | " +
				"#A SadMan Software #D Straightforward enough #C watch for the naked pair #B 27/08/2009 #S SadMan Software Sudoku #L Mild #U http://www.sadmansoftware.com/sudoku/ #N 1 #H 27"}},
		{"state without puzzle", "#C x\n[State]\n" + rows + "\n" + p4 + "\n", []string{
			"error: x.sdk:2:1: section [State] without a [Puzzle] section before it", "3 sdk " + p9, "13 line " + p4}},
		{"state changes a given", "[Puzzle]\n" + rows + "[State]\n" + strings.Replace(rows, "53", "63", 1) + "\n" + p4 + "\n",
			[]string{"error: x.sdk:12:1: r1c1: [State] holds '6' where [Puzzle] gives 5", "22 line " + p4}},
		{"short section", "[Puzzle]\n" + rows + "[PencilMarks]\n,,,,,,,,\n\n" + p4 + "\n",
			[]string{"error: x.sdk:11: section [PencilMarks] has 1 of its 9 rows", "14 line " + p4}},
		{"marks row of 8", "[Puzzle]\n" + rows + "[PencilMarks]\n" + strings.Repeat(",,,,,,,\n", 9) + "\n" + p4 + "\n",
			[]string{"error: x.sdk:12: [PencilMarks] row 1 has 8 cells, want 9", "22 line " + p4}},
		{"marks row of 10", "[Puzzle]\n" + rows + "[PencilMarks]\n" + strings.Repeat(",,,,,,,,,\n", 9),
			[]string{"error: x.sdk:12:10: [PencilMarks] row 1 has more than 9 cells"}},
		{"mark out of range", "[Puzzle]\n" + rows + "[PencilMarks]\n,,A\n",
			[]string{"error: x.sdk:12:3: 'A' is not a symbol for 9x9 (1-9)"}},
		{"sdx bad word", strings.Replace(string(sdx), "u1", "u0", 1) + p4 + "\n",
			[]string{"error: x.sdk:4:9: r4c5: \"u0\" is neither a value nor candidates", "10 line " + p4}},
		// A bad word in the first row: one error naming it, not one per
		// row read as another format (issue 21, class 6).
		{"sdx bad first row", "x" + string(sdx) + p4 + "\n",
			[]string{"error: x.sdk:1:1: 'x' is not a symbol for 9x9 (1-9)", "10 line " + p4}},
		{"sdx bad word in first row", strings.Replace(string(sdx), " ", " 2z", 1) + p4 + "\n",
			[]string{"error: x.sdk:1:4: 'z' is not a symbol for 9x9 (1-9)", "10 line " + p4}},
		{"sdx long placed word", strings.Replace(string(sdx), "u1", "u1x", 1) + p4 + "\n",
			[]string{"error: x.sdk:4:9: r4c5: \"u1x\": a value the player placed is \"u\" and one symbol", "10 line " + p4}},
		{"sdx short", "#C short\n" + strings.Join(strings.Split(string(sdx), "\n")[:3], "\n") + "\n\n" + p4 + "\n",
			[]string{"error: x.sdk:2: grid has 3 rows, want 9", "error: x.sdk:6: row of 1 cell, want 4, 9, 16, 25, 36, 49 or 64"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.File = "x.sdk"
			if strings.HasPrefix(tt.name, "sdx short") {
				r.Format = SDX
			}
			got := summary(t, r)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// Comments made of header lines go back to the same lines.
func TestHeaderComment(t *testing.T) {
	tests := []struct {
		headers, comment string
		lines            []string
	}{
		{"", "", nil},
		{"#CJust start\n", "Just start", nil},
		{"#ARuud\n#CJust start\n", "#A Ruud #C Just start", []string{"#A Ruud", "#C Just start"}},
		{"#N 1\n#H\n", "#N 1 #H", []string{"#N 1", "#H"}},
	}
	for _, tt := range tests {
		if got := headerComment([]byte(tt.headers)); got != tt.comment {
			t.Errorf("headerComment(%q) = %q, want %q", tt.headers, got, tt.comment)
		}
		if got := splitHeaders(tt.comment); strings.Join(got, "\n") != strings.Join(tt.lines, "\n") {
			t.Errorf("splitHeaders(%q) = %q, want %q", tt.comment, got, tt.lines)
		}
	}
	// A comment that merely looks like headers is kept as one "#C" line.
	for _, c := range []string{"#C x", "#A", "#Ab c", "#A x #C"} {
		text := Text(MustParse(p4), SadMan)
		var b strings.Builder
		w := NewWriter(&b, SadMan)
		w.Write(MustParse(p4), c)
		w.Close()
		r := NewReader(strings.NewReader(b.String()))
		p, err := r.Read()
		if err != nil || p.Comment != c {
			t.Errorf("comment %q: read back %q, %v\n%s", c, p.Comment, err, text)
		}
	}
}
