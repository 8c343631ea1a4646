package peer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

var update = flag.Bool("update", false, "rewrite testdata/examples.golden")

func c(r, col int) variant.Cell { return variant.Cell{Row: r, Col: col} }

func TestParseRules(t *testing.T) {
	tests := []struct {
		in    string
		rules []variant.Rule
	}{
		{".Thermo~R1C1~R1C2~R2C2", []variant.Rule{variant.Thermo{Cells: []variant.Cell{c(1, 1), c(1, 2), c(2, 2)}}}},
		{".Whisper~R1C1~R1C2", []variant.Rule{variant.Whisper{Cells: []variant.Cell{c(1, 1), c(1, 2)}, Diff: 5}}},
		{".Whisper~3~R1C1~R1C2", []variant.Rule{variant.Whisper{Cells: []variant.Cell{c(1, 1), c(1, 2)}, Diff: 3}}},
		// A line passing a cell twice is cut where it comes back.
		{".Whisper~R1C1~R1C2~R2C2~R2C1~R1C1~R1C2", []variant.Rule{
			variant.Whisper{Cells: []variant.Cell{c(1, 1), c(1, 2), c(2, 2), c(2, 1)}, Diff: 5},
			variant.Whisper{Cells: []variant.Cell{c(2, 1), c(1, 1), c(1, 2)}, Diff: 5}}},
		{".Renban~R1C1~R1C2.Palindrome~R2C1~R2C2~R2C3", []variant.Rule{
			variant.Renban{Cells: []variant.Cell{c(1, 1), c(1, 2)}},
			variant.Palindrome{Cells: []variant.Cell{c(2, 1), c(2, 2), c(2, 3)}}}},
		{".Cage~10~R1C1~R2C1.Cage~~R3C3~R3C4", []variant.Rule{
			variant.Cage{Cells: []variant.Cell{c(1, 1), c(2, 1)}, Sum: 10},
			variant.Cage{Cells: []variant.Cell{c(3, 3), c(3, 4)}}}},
		{".Arrow~R5C5~R5C6~R5C7", []variant.Rule{variant.Arrow{Circle: []variant.Cell{c(5, 5)}, Line: []variant.Cell{c(5, 6), c(5, 7)}}}},
		// The pill is read in reading order, whatever order it is given in.
		{".PillArrow~2~R1C2~R1C1~R2C2~R3C2", []variant.Rule{variant.Arrow{Circle: []variant.Cell{c(1, 1), c(1, 2)}, Line: []variant.Cell{c(2, 2), c(3, 2)}}}},
		// A dot on several cells is one dot between each two neighbours.
		{".WhiteDot~R1C1~R1C2~R2C2", []variant.Rule{
			variant.Kropki{Cells: [2]variant.Cell{c(1, 1), c(1, 2)}},
			variant.Kropki{Cells: [2]variant.Cell{c(1, 2), c(2, 2)}}}},
		{".BlackDot~R1C1~R2C1.X~R3C3~R3C4.V~R4C4~R5C4", []variant.Rule{
			variant.Kropki{Cells: [2]variant.Cell{c(1, 1), c(2, 1)}, Black: true},
			variant.XV{Cells: [2]variant.Cell{c(3, 3), c(3, 4)}, Sum: 10},
			variant.XV{Cells: [2]variant.Cell{c(4, 4), c(5, 4)}, Sum: 5}}},
		{".Diagonal~1.Diagonal~-1.Diagonal~1", []variant.Rule{variant.Diagonal{Positive: true}, variant.Diagonal{}}},
		{".AntiKnight.AntiKing.AntiConsecutive.Windoku.DisjointSets.AntiKnight", []variant.Rule{
			variant.AntiKnight{}, variant.AntiKing{}, variant.NonConsecutive{}, variant.Windoku{}, variant.Disjoint{}}},
		{".StrictKropki.StrictXV", []variant.Rule{variant.KropkiNegative{White: true, Black: true}, variant.XVNegative{}}},
		{".AllDifferent~R1C1~R5C5", []variant.Rule{variant.ExtraRegion{Cells: []variant.Cell{c(1, 1), c(5, 5)}}}},
		{".Sandwich~15~R3.Sandwich~0~C9", []variant.Rule{
			variant.Sandwich{Index: 3, Sum: 15}, variant.Sandwich{Column: true, Index: 9}}},
		// Little killers are named by their first cell: from the left edge
		// down-right, the right edge up-left, the top edge down-left, the
		// bottom edge up-right.
		{".LittleKiller~20~R7C1.LittleKiller~10~R2C9.LittleKiller~5~R1C2.LittleKiller~15~R9C8", []variant.Rule{
			variant.LittleKiller{Cells: []variant.Cell{c(7, 1), c(8, 2), c(9, 3)}, Sum: 20},
			variant.LittleKiller{Cells: []variant.Cell{c(2, 9), c(1, 8)}, Sum: 10},
			variant.LittleKiller{Cells: []variant.Cell{c(1, 2), c(2, 1)}, Sum: 5},
			variant.LittleKiller{Cells: []variant.Cell{c(9, 8), c(8, 9)}, Sum: 15}}},
		// Odd and even candidate sets are parity circles and squares,
		// other sets pencil marks.
		{".~R1C1_1_3_5_7_9~R1C2_2_4_6_8~R1C3_1_2", []variant.Rule{variant.Parity{Cell: c(1, 1)}, variant.Parity{Cell: c(1, 2), Even: true},
			variant.Marks{Cell: c(1, 3), Values: []int{1, 2}}}},
		{".RegionSumLine~R1C3~R1C4.Entropic~R2C1~R2C2~R2C3.Zipper~R3C1~R3C2~R3C3.Between~R4C1~R4C2~R4C3.DoubleArrow~R5C1~R5C2~R5C3", []variant.Rule{
			variant.RegionSum{Cells: []variant.Cell{c(1, 3), c(1, 4)}},
			variant.Entropic{Cells: []variant.Cell{c(2, 1), c(2, 2), c(2, 3)}},
			variant.Zipper{Cells: []variant.Cell{c(3, 1), c(3, 2), c(3, 3)}},
			variant.Between{Cells: []variant.Cell{c(4, 1), c(4, 2), c(4, 3)}},
			variant.DoubleArrow{Cells: []variant.Cell{c(5, 1), c(5, 2), c(5, 3)}}}},
		{".Modular~3~R1C1~R1C2~R1C3.Lockout~4~R2C1~R2C2~R2C3.SumLine~10~R3C1~R3C2~R3C3", []variant.Rule{
			variant.Modular{Cells: []variant.Cell{c(1, 1), c(1, 2), c(1, 3)}},
			variant.Lockout{Cells: []variant.Cell{c(2, 1), c(2, 2), c(2, 3)}},
			variant.TenLine{Cells: []variant.Cell{c(3, 1), c(3, 2), c(3, 3)}, Sum: 10}}},
		{".Quad~R2C3~1~5", []variant.Rule{variant.Quadruple{Cells: []variant.Cell{c(2, 3), c(2, 4), c(3, 3), c(3, 4)}, Values: []int{1, 5}}}},
		// An outside clue of a row or column: from the left (top), then
		// from the right (bottom).
		{".XSum~R2~10~.Skyscraper~C3~2~4", []variant.Rule{
			variant.XSum{Index: 2, Sum: 10},
			variant.Skyscraper{Column: true, Index: 3, Count: 2}, variant.Skyscraper{Column: true, Index: 3, Reverse: true, Count: 4}}},
		{".Indexing~C~R1C5.Indexing~R~R2C2", []variant.Rule{
			variant.Indexer{Cells: []variant.Cell{c(1, 5)}, Column: true}, variant.Indexer{Cells: []variant.Cell{c(2, 2)}}}},
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(p.Rules, tt.rules) {
			t.Errorf("Parse(%q) rules:\n got %v\nwant %v", tt.in, p.Rules, tt.rules)
		}
	}
}

func TestParseGrid(t *testing.T) {
	classic := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	tests := []struct {
		name, in string
		size     int
		givens   map[variant.Cell]int // some of the givens
		nGivens  int
		jigsaw   bool // regions not boxes
		noRegion bool
		rules    int
	}{
		{"givens", ".~R1C1_5~R9C9_9.~R1C1_5_6", 9, map[variant.Cell]int{c(1, 1): 5, c(9, 9): 9}, 2, false, false, 0},
		{"6x6", ".Shape~6x6.~R6C6_6", 6, map[variant.Cell]int{c(6, 6): 6}, 1, false, false, 0},
		{"16x16 cells in base 17", ".Shape~16x16.~RgCa_16", 16, map[variant.Cell]int{c(16, 10): 16}, 1, false, false, 0},
		{"no boxes", ".NoBoxes.~R1C1_1", 9, map[variant.Cell]int{c(1, 1): 1}, 1, false, true, 0},
		{"plain grid", classic, 9, map[variant.Cell]int{c(1, 1): 5, c(9, 9): 9}, 30, false, false, 0},
		{"= grid", "=" + classic, 9, map[variant.Cell]int{c(1, 2): 3}, 30, false, false, 0},
		{"number grid", "1 . . .\n. . . 2\n. 3 . .\n. . . .", 4, map[variant.Cell]int{c(1, 1): 1, c(2, 4): 2, c(3, 2): 3}, 3, false, false, 0},
		{"jigsaw layout", "1112\n1222\n3334\n3444", 4, nil, 0, true, false, 0},
		{"parts and comments", "# a comment\n.~R1C1_4\n\n.Thermo~R2C1~R2C2", 9, map[variant.Cell]int{c(1, 1): 4}, 1, false, false, 1},
		{"compact killer", strings.Repeat("0<<<<<<<<", 9), 9, nil, 0, false, false, 9},
		{"long killer", "3x3:d:k:" + strings.Repeat("11521:", 9) + strings.Repeat("0:", 72), 9, nil, 0, false, false, 3},
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if p.Size != tt.size {
			t.Errorf("%s: size %d, want %d", tt.name, p.Size, tt.size)
		}
		n := 0
		for i, v := range p.Givens {
			if v != 0 {
				n++
			}
			if want, ok := tt.givens[variant.CellAt(i, p.Size)]; ok && v != want {
				t.Errorf("%s: %s = %d, want %d", tt.name, variant.CellAt(i, p.Size), v, want)
			}
		}
		if n != tt.nGivens {
			t.Errorf("%s: %d givens, want %d", tt.name, n, tt.nGivens)
		}
		boxes := variant.New(p.Size).Regions
		switch {
		case tt.noRegion && p.Regions != nil:
			t.Errorf("%s: regions %v, want none", tt.name, p.Regions)
		case tt.jigsaw && (p.Regions == nil || reflect.DeepEqual(p.Regions, boxes)):
			t.Errorf("%s: regions %v, want the jigsaw", tt.name, p.Regions)
		case !tt.jigsaw && !tt.noRegion && !reflect.DeepEqual(p.Regions, boxes):
			t.Errorf("%s: regions %v, want boxes", tt.name, p.Regions)
		}
		if len(p.Rules) != tt.rules {
			t.Errorf("%s: %d rules %v, want %d", tt.name, len(p.Rules), p.Rules, tt.rules)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want    string
		unsupported bool
	}{
		{".GreaterThan~R1C1~R1C2", "constraint GreaterThan is not supported", true},
		{".Sum~10~R1C1~R1C2", "constraint Sum is not supported", true},
		{".Or.~R1C1_1.End", "constraint Or is not supported", true},
		{".Shape~6x9", "constraint Shape 6x9 is not supported: only square grids", true},
		{".Shape~9x9~0-8", "constraint Shape 9x9~0-8 is not supported", true},
		{".Modular~4~R1C1~R1C2~R1C3", "constraint Modular is not supported: mod 4", true},
		{".Lockout~3~R1C1~R1C2~R1C3", "constraint Lockout is not supported: ends 3 apart", true},
		{".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP", "constraint SumLine is not supported: a line that closes on itself", true},
		{".Quad~R9C9~1", "no 2x2 square has its top left at R9C9", false},
		{".XSum~Z1~10", `"Z1" is not a row or column`, false},
		{".Thermo~R1C1~R1CX", `item 1 (.Thermo~R1C1~R1CX): "R1CX" is not a cell`, false},
		{".Shape~4x4.Thermo~R5C1~R4C1", `"R5C1" is not a cell of the 4x4 grid`, false},
		{".Cage~ten~R1C1", `sum "ten" is not an integer`, false},
		{".~R1C1_10", `value "10" is not 1-9`, false},
		{".~R1C1_1.~R1C1_2", "r1c1: the givens leave no value", false},
		{".thermo~R1C1", `unknown constraint type "thermo"`, false},
		{".LittleKiller~10~R5C5", "no little killer diagonal starts at R5C5", false},
		{".Sandwich~10~X3", `"X3" is not a row or column`, false},
		{".WhiteDot~R1C1~R3C3", "no two of its cells are neighbours", false},
		{".Cage~50~R1C1~R1C2", "no 2 different values 1-9 sum to 50", false},
		{"hello", "neither a grid form nor a constraint string", false},
		{"", "empty puzzle", false},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tt.in, err, tt.want)
			continue
		}
		var u *UnsupportedError
		if errors.As(err, &u) != tt.unsupported {
			t.Errorf("Parse(%q) = %v: unsupported %v, want %v", tt.in, err, !tt.unsupported, tt.unsupported)
		}
	}
}

type example struct {
	Name     string `json:"name"`
	Input    string `json:"input"`
	Solution string `json:"solution"`
}

func readExamples(t *testing.T) []example {
	data, err := os.ReadFile("testdata/examples.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var e example
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// slowExamples are left out of the solving check, with the reason.
var slowExamples = map[string]string{
	"The Barbed Cross": "16-36 s and 2.0M guesses today (issue 28)",
}

// TestExamples reads every example puzzle of the peer's page: what it
// reads must match the golden conversion and be solved, uniquely, to the
// peer's solution; what it refuses must be refused for the golden reason.
func TestExamples(t *testing.T) {
	var golden bytes.Buffer
	read, solved := 0, 0
	for _, e := range readExamples(t) {
		p, err := Parse(e.Input)
		if err != nil {
			var u *UnsupportedError
			if !errors.As(err, &u) && !strings.Contains(err.Error(), "rule not well formed") {
				t.Errorf("%s: %v, want an unsupported constraint", e.Name, err)
			}
			fmt.Fprintf(&golden, "%s\tunread: %v\n", e.Name, err)
			continue
		}
		read++
		line, err := vtext.WriteJSON(p)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		fmt.Fprintf(&golden, "%s\t%s\n", e.Name, line)
		if why, ok := slowExamples[e.Name]; ok {
			t.Logf("%s: not solved here: %s", e.Name, why)
			continue
		}
		res, err := variant.Count(context.Background(), p, 2, variant.Options{})
		if err != nil || res.Count != 1 {
			t.Errorf("%s: %d solutions, %v; want 1", e.Name, res.Count, err)
			continue
		}
		if got := encodeSolution(res.Solution, p.Size); got != e.Solution {
			t.Errorf("%s: solved to\n%s, want\n%s", e.Name, got, e.Solution)
			continue
		}
		solved++
	}
	t.Logf("read %d examples, solved %d to their solution", read, solved)
	if *update {
		if err := os.WriteFile("testdata/examples.golden", golden.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/examples.golden")
	if err != nil {
		t.Fatal(err)
	}
	got := bufio.NewScanner(&golden)
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	for k := 0; got.Scan(); k++ {
		if k >= len(wantLines) || got.Text() != wantLines[k] {
			w := "(none)"
			if k < len(wantLines) {
				w = wantLines[k]
			}
			t.Errorf("example %d:\n got %s\nwant %s", k+1, got.Text(), w)
		}
	}
}

func encodeSolution(sol []int, n int) string {
	var b strings.Builder
	for _, v := range sol {
		if n < 10 {
			b.WriteByte(byte('0' + v))
		} else {
			b.WriteByte(byte('A' + v - 1))
		}
	}
	return b.String()
}

// FuzzParse checks that Parse never panics and that every puzzle it
// returns is valid and survives our rules JSON.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		".Thermo~R1C1~R1C2", ".Cage~10~R1C1~R2C1.~R5C5_3", ".Shape~6x6.Whisper~R1C1~R1C2~R1C1",
		".LittleKiller~12~R1C3", ".Sandwich~9~C4", ".PillArrow~3~R1C1~R1C2~R1C3~R2C3", ".Jigsaw~1112122233343444.Shape~4x4",
		"3x3::k:" + strings.Repeat("2817:", 81), "1 . . .\n. . . 2\n. 3 . .\n. . . .",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("Parse(%q) gave an invalid puzzle: %v", s, err)
		}
		line, err := vtext.WriteJSON(p)
		if err != nil {
			t.Fatalf("Parse(%q): WriteJSON: %v", s, err)
		}
		if _, err := vtext.ReadJSON(line); err != nil {
			t.Fatalf("Parse(%q): rules JSON %s does not read back: %v", s, line, err)
		}
	})
}
