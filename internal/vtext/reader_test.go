package vtext

import (
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

func readAll(t *testing.T, r *Reader) (recs []*Record, errs []error) {
	t.Helper()
	for range 1000 {
		rec, err := r.Read()
		if err == io.EOF {
			return recs, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		recs = append(recs, rec)
	}
	t.Fatal("Read does not end")
	return
}

func TestReaderMixed(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	jigsaw, _ := os.ReadFile("testdata/jigsaw.txt")
	p := variant.New(6)
	p.Givens[0] = 1
	p.Rules = []variant.Rule{variant.Diagonal{}, variant.AntiKing{}}
	rules, _ := WriteJSON(p)
	fpz, _ := WriteFPuzzles(p)
	link, _ := Link(p)
	pretty := strings.ReplaceAll(string(fpz), `],"`, "],\n  \"") // one object over several lines
	stream := strings.Join([]string{
		"# a comment",
		string(rules), // line 2
		"",
		string(fpz),    // line 4
		pretty,         // lines 5-7
		link,           // line 8
		string(killer), // lines 9-20 (the map, three lines of sums, then an empty line)
		string(killer), // lines 21-32
		string(jigsaw), // lines 33-51
		string(rules),  // line 52
	}, "\n")
	recs, errs := readAll(t, NewReader(strings.NewReader(stream)))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	wantLines := []int{2, 4, 5, 7, 8, 21, 34, 54}
	wantForms := []Form{FormRules, FormFPuzzles, FormFPuzzles, FormLink, FormKiller, FormKiller, FormJigsaw, FormRules}
	if len(recs) != len(wantLines) {
		t.Fatalf("%d records, want %d", len(recs), len(wantLines))
	}
	for k, rec := range recs {
		if rec.Line != wantLines[k] || rec.Form != wantForms[k] {
			t.Errorf("record %d: line %d form %v, want line %d form %v", k+1, rec.Line, rec.Form, wantLines[k], wantForms[k])
		}
	}
	for _, k := range []int{0, 1, 2, 3, 7} {
		if !reflect.DeepEqual(recs[k].Puzzle, p) {
			t.Errorf("record %d: %+v, want %+v", k+1, recs[k].Puzzle, p)
		}
	}
	if len(recs[4].Puzzle.Rules) != 37 || len(recs[5].Puzzle.Rules) != 37 || recs[6].Puzzle.Regions[20] != 3 {
		t.Errorf("the killers or the jigsaw are not read whole")
	}
}

func TestReaderErrors(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	stream := strings.Join([]string{
		`{"size":9,"grid":"5","rules":[]}`,                  // line 1: bad grid
		strings.Replace(string(killer), "A=5 ", "A=50 ", 1), // lines 2-13: cage sum, an empty line
		"https://www.f-puzzles.com/?load=N4Ig!!",            // line 15: not a link
		`{"size":4,"grid":"1...............","rules":[{"kind":"xv-negative"}]}`,
	}, "\n")
	recs, errs := readAll(t, NewReader(strings.NewReader(stream)))
	want := []string{
		"line 1, column 18: rules JSON: grid: 1 symbols for 81 cells",
		"line 11, column 1: rule 1 (cage r1c1-r1c2 (sum 50))",
		"line 15: not an f-puzzles or SudokuPad f-puzzles link",
	}
	if len(errs) != len(want) {
		t.Fatalf("errors %v, want %d", errs, len(want))
	}
	for k, err := range errs {
		var re *ReadError
		if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), want[k]) {
			t.Errorf("error %d: %v, want %s", k+1, err, want[k])
		}
	}
	if len(recs) != 1 || recs[0].Line != 16 {
		t.Errorf("after the errors: %+v", recs)
	}
}

func TestAppend(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	p, err := ReadKiller(killer)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for _, f := range []Form{FormFPuzzles, FormLink, FormRules, FormKiller} {
		if out, err = Append(out, p, f); err != nil {
			t.Fatal(f, err)
		}
	}
	if _, err := Append(nil, p, FormJigsaw); !errors.Is(err, ErrText) {
		t.Errorf("a killer as a jigsaw: %v", err)
	}
	recs, errs := readAll(t, NewReader(strings.NewReader(string(out))))
	if len(errs) > 0 || len(recs) != 4 {
		t.Fatalf("%d records, errors %v", len(recs), errs)
	}
	for _, rec := range recs {
		if !reflect.DeepEqual(canonical(rec.Puzzle), canonical(p)) {
			t.Errorf("%v record (line %d) differs", rec.Form, rec.Line)
		}
	}
}

func FuzzReader(f *testing.F) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	jigsaw, _ := os.ReadFile("testdata/jigsaw.txt")
	f.Add(string(killer) + string(jigsaw))
	f.Add("{\"size\":4,\n\"grid\":[[{},{},{},{}],[{},{},{},{}],\n[{},{},{},{}],[{},{},{},{}]]}\n")
	f.Fuzz(func(t *testing.T, s string) {
		r := NewReader(strings.NewReader(s))
		for range 10000 {
			rec, err := r.Read()
			if err == io.EOF {
				return
			}
			var re *ReadError
			if err != nil && (!errors.As(err, &re) || re.Line < 1) {
				t.Fatalf("error without a line: %v", err)
			}
			if rec != nil && rec.Puzzle.Validate() != nil {
				t.Fatalf("an invalid puzzle read")
			}
		}
		t.Fatal("Read does not end")
	})
}

func TestSniff(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	jigsaw, _ := os.ReadFile("testdata/jigsaw.txt")
	tests := []struct {
		in   string
		form Form
		ok   bool
	}{
		{"# killers\n" + string(killer), FormKiller, true},
		{string(jigsaw), FormJigsaw, true},
		{string(jigsaw) + string(killer), FormJigsaw, true},
		{`{"size":9,"grid":[[{}]]}`, FormDetect, true},
		{"{\n  \"size\": 9,\n", FormDetect, true},
		{`{"order":3,"grid":"1...","size":2}`, FormDetect, false},
		{"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1A", FormLink, true},
		{"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n", FormDetect, false},
		{"53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", FormDetect, false},
		{"", FormDetect, false},
		// A killer with a row a cell short is still a killer (issue 28):
		// its reader names the row, whether it comes from a file or stdin.
		{strings.Replace(string(killer), "IEFJJKLHM", "IEFJJKLH", 1), FormKiller, true},
		{strings.Replace(string(killer), "AABBBCCDD", "AABBBCCD", 1), FormKiller, true},
	}
	for _, tt := range tests {
		f, ok := Sniff([]byte(tt.in))
		if f != tt.form || ok != tt.ok {
			t.Errorf("Sniff(%.30q) = %v, %v; want %v, %v", tt.in, f, ok, tt.form, tt.ok)
		}
	}
}

// sliceLines is a Lines over lines held in memory, as the format
// package's Reader gives its own.
type sliceLines struct {
	lines []string
	next  int // index of the next line
}

func (l *sliceLines) Next() (string, bool, error) {
	if l.next == len(l.lines) {
		return "", false, nil
	}
	l.next++
	return l.lines[l.next-1], true, nil
}

func (l *sliceLines) Peek(k int) (string, bool) {
	if l.next+k >= len(l.lines) {
		return "", false
	}
	return l.lines[l.next+k], true
}

// TestReadRecordLines checks that Detect and ReadRecord over another
// reader's lines read what Reader reads: the same records, lines and
// forms, and the same errors.
func TestReadRecordLines(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	jigsaw, _ := os.ReadFile("testdata/jigsaw.txt")
	p := variant.New(6)
	p.Rules = []variant.Rule{variant.Diagonal{}}
	rules, _ := WriteJSON(p)
	link, _ := Link(p)
	stream := strings.Join([]string{"# c", string(rules), link, string(killer), string(jigsaw), `{"size": 6, "grid": 7}`, string(rules)}, "\n")
	want, wantErrs := readAll(t, NewReader(strings.NewReader(stream)))
	src := &sliceLines{lines: strings.Split(stream, "\n")}
	var got []*Record
	var gotErrs []error
	for {
		s, ok, _ := src.Next()
		if !ok {
			break
		}
		if tr := strings.TrimSpace(s); tr != "" && tr[0] != '#' {
			rec, err := ReadRecord(src, Detect(src, tr), s, src.next)
			if err != nil {
				gotErrs = append(gotErrs, err)
				continue
			}
			got = append(got, rec)
		}
	}
	if len(want) != 5 || len(wantErrs) != 1 {
		t.Fatalf("Reader: %d records and %v, want 5 and one error", len(want), wantErrs)
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErrs, wantErrs) {
		t.Errorf("over Lines: %d records %v, want %d %v", len(got), gotErrs, len(want), wantErrs)
	}
}

func TestBlockMark(t *testing.T) {
	for _, tc := range []struct {
		line string
		n    int
		want bool
	}{
		{".2..9.86.", 9, false},
		{"123456789", 9, false},
		{"", 9, false},
		{"AABBBCCCD", 9, true},     // region letters beyond 1-9
		{"aabbbcccd", 9, true},     // lower-case region letters
		{"3=12 7=9", 9, true},      // cage sums
		{"1234ABCDEFG", 16, false}, // A-G are symbols of a 16x16
		{"..G.......", 16, false},  // G too (16 symbols: 1-9, A-G)
		{"..H.......", 16, true},   // H is not
	} {
		if got := BlockMark([]byte(tc.line), tc.n); got != tc.want {
			t.Errorf("BlockMark(%q, %d) = %v, want %v", tc.line, tc.n, got, tc.want)
		}
	}
}

// TestReaderShortRow: a killer with one short row is read as a killer
// and the error names that row, first row or not (issue 28).
func TestReaderShortRow(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	for _, tt := range []struct{ row, short, want string }{
		{"IEFJJKLHM", "IEFJJKLH", "line 3, column 1: text form: 8 characters in a row of 9"},
		{"AABBBCCDD", "AABBBCCD", "line 1, column 1: text form: 8 characters in a row of 9"},
		{"Zeehfggij", "Zeehfggi", "line 9, column 1: text form: 8 characters in a row of 9"},
	} {
		r := NewReader(strings.NewReader(strings.Replace(string(killer), tt.row, tt.short, 1)))
		_, err := r.Read()
		if err == nil || err.Error() != tt.want {
			t.Errorf("short %s: %v, want %s", tt.row, err, tt.want)
		}
	}
}
