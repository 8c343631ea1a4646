package vtext

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

const bookSolution = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"

func TestKillerText(t *testing.T) {
	data, err := os.ReadFile("testdata/killer.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ReadKiller(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Rules) != 37 {
		t.Errorf("%d cages, want 37", len(p.Rules))
	}
	if c := p.Rules[0].(variant.Cage); c.Sum != 5 || !reflect.DeepEqual(c.Cells, []variant.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}}) {
		t.Errorf("cage A = %v", c)
	}
	// The sums were taken from this solution: it must pass every cage.
	sol := make([]int, 81)
	for i, ch := range bookSolution {
		sol[i] = int(ch - '0')
	}
	if err := p.Check(sol); err != nil {
		t.Errorf("the solution breaks a rule: %v", err)
	}
	res, err := variant.Count(context.Background(), p, 2, variant.Options{})
	if err != nil || res.Count != 1 || !slices.Equal(res.Solution, sol) {
		t.Errorf("count %d, %v", res.Count, err)
	}
	out, err := WriteKiller(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != strings.ReplaceAll(string(data), "\nO=", " O=") && !sameKiller(t, out, p) {
		t.Errorf("written back:\n%s", out)
	}
}

// sameKiller reads data back and compares its cages with p's, as sets.
func sameKiller(t *testing.T, data []byte, p *variant.Puzzle) bool {
	t.Helper()
	q, err := ReadKiller(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return reflect.DeepEqual(canonical(p), canonical(q))
}

// canonical sorts the cells of each cage and the cages, for comparison.
func canonical(p *variant.Puzzle) *variant.Puzzle {
	q := p.Clone()
	n := p.Size
	for k, r := range q.Rules {
		if c, ok := r.(variant.Cage); ok {
			c.Cells = slices.Clone(c.Cells)
			slices.SortFunc(c.Cells, func(a, b variant.Cell) int { return a.Index(n) - b.Index(n) })
			q.Rules[k] = c
		}
	}
	slices.SortStableFunc(q.Rules, func(a, b variant.Rule) int {
		ca, _ := a.(variant.Cage)
		cb, _ := b.(variant.Cage)
		if len(ca.Cells) == 0 || len(cb.Cells) == 0 {
			return 0
		}
		return ca.Cells[0].Index(n) - cb.Cells[0].Index(n)
	})
	if q.Givens != nil && !anyNonZero(q.Givens) {
		q.Givens = make([]int, n*n)
	}
	return q
}

func TestJigsawText(t *testing.T) {
	data, err := os.ReadFile("testdata/jigsaw.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ReadJigsaw(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Givens[0] != 1 || p.Givens[40] != 5 || p.Regions[20] != 3 || p.Regions[80] != 8 {
		t.Errorf("givens %v regions %v", p.Givens, p.Regions)
	}
	out, err := WriteJigsaw(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(string(data), "\n\n", "\n", 1); string(out) != want {
		t.Errorf("written back:\n%s\nwant\n%s", out, want)
	}
}

func TestTextErrors(t *testing.T) {
	killer, _ := os.ReadFile("testdata/killer.txt")
	jigsaw, _ := os.ReadFile("testdata/jigsaw.txt")
	tests := []struct {
		read func([]byte) (*variant.Puzzle, error)
		in   string
		want string
	}{
		{ReadKiller, "", "line 1, column 1: text form: no lines"},
		{ReadKiller, strings.Replace(string(killer), "AABBBCCDD", "AAB?BCCDD", 1), `line 1, column 4: text form: '?' is not a cage letter`},
		{ReadKiller, strings.Replace(string(killer), "A=5 ", "A=5 Q=3 ", 1), `line 11, column 11: text form: a second sum for cage "Q"`},
		{ReadKiller, strings.Replace(string(killer), "A=5 ", "A=x ", 1), `line 10, column 1: text form: "A=x" is not a sum like A=10`},
		{ReadKiller, strings.Replace(string(killer), "A=5 ", "A=5 l=3 ", 1), `line 10, column 5: text form: no cage "l" in the map`},
		{ReadKiller, strings.Replace(string(killer), "A=5 ", "A=50 ", 1), `line 10, column 1: rule 1 (cage r1c1-r1c2 (sum 50))`},
		{ReadKiller, strings.Replace(string(killer), "IEFJJKLHM\n", "", 1), "line 1, column 1: text form: 8 lines before the sums"},
		{ReadJigsaw, strings.Replace(string(jigsaw), "GGHHHHHII", "GGHHHHHIZ", 1), `line 19, column 9: text form: 10 region letters for a 9x9 grid: 'Z' (1 cell, first here) is one too many`},
		// The odd letter comes before the last region's first cell: blamed
		// all the same.
		{ReadJigsaw, strings.Replace(string(jigsaw), "AADEBBFCC", "AADEBBFCZ", 1), `line 13, column 9: text form: 10 region letters for a 9x9 grid: 'Z' (1 cell, first here) is one too many`},
		{ReadKiller, strings.Replace(string(killer), "IEFJJKLHM", "IEFJJKLH", 1), "line 3, column 1: text form: 8 characters in a row of 9"},
		{ReadKiller, strings.Replace(string(killer), "AABBBCCDD", "AABBBCCD", 1), "line 1, column 1: text form: 8 characters in a row of 9"},
		{ReadKiller, strings.Replace(string(killer), "Zeehfggij", "Zeehfggia", 1), "line 9, column 9: text form: cage letter 'a' is used in two separate areas (r7c3 and r9c9)"},
		{ReadKiller, strings.Replace(string(killer), "A=5 ", "A=-5 ", 1), `line 10, column 1: text form: "A=-5" is not a sum like A=10 (A=0: no sum)`},
		{ReadJigsaw, strings.Replace(string(jigsaw), "GGHHHHHII", "GGHHHHIII", 1), `line 11, column 1: regions: `},
		{ReadJigsaw, strings.Replace(string(jigsaw), "1........", "1......X.", 1), `line 1, column 8: text form: 'X' is not a symbol for 9x9`},
		{ReadJigsaw, strings.Replace(string(jigsaw), "..3......", "..3.....", 1), `line 3, column 1: text form: 8 characters in a row of 9`},
	}
	for _, tt := range tests {
		_, err := tt.read([]byte(tt.in))
		var pe *PlaceError
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("reading %.30q:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.AntiKnight{}}
	if _, err := WriteKiller(p); !errors.Is(err, ErrText) {
		t.Errorf("WriteKiller with anti-knight: %v", err)
	}
	if _, err := WriteJigsaw(p); !errors.Is(err, ErrText) {
		t.Errorf("WriteJigsaw with anti-knight: %v", err)
	}
}

// TestTextRoundTrip: random killers (cages of any shape, sums or none,
// some givens) and random jigsaws come back with the same rules.
func TestTextRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 19))
	for range 300 {
		n := []int{4, 6, 9, 12}[r.IntN(4)]
		p := variant.New(n)
		for range r.IntN(n) {
			p.Givens[r.IntN(n*n)] = 1 + r.IntN(n)
		}
		used := map[variant.Cell]bool{}
		for range r.IntN(min(40, n*n/2)) {
			cell := variant.Cell{Row: 1 + r.IntN(n), Col: 1 + r.IntN(n)}
			if used[cell] {
				continue
			}
			used[cell] = true
			cage := variant.Cage{Cells: []variant.Cell{cell}}
			if next := (variant.Cell{Row: cell.Row, Col: cell.Col + 1}); cell.Col < n && !used[next] && r.IntN(2) == 0 {
				used[next] = true
				cage.Cells = append(cage.Cells, next)
			}
			if r.IntN(3) > 0 {
				cage.Sum = len(cage.Cells) * (len(cage.Cells) + 1) / 2
			}
			p.Rules = append(p.Rules, cage)
		}
		data, err := WriteKiller(p)
		if err != nil {
			t.Fatal(err)
		}
		if !sameKiller(t, data, p) {
			t.Fatalf("killer round trip:\n%s", data)
		}
		// A jigsaw: the boxes with pairs of cells swapped (the regions may
		// be in several parts).
		j := variant.New(n)
		j.Givens = p.Givens
		for range 20 {
			a, b := r.IntN(n*n), r.IntN(n*n)
			j.Regions[a], j.Regions[b] = j.Regions[b], j.Regions[a]
			if j.Validate() != nil {
				j.Regions[a], j.Regions[b] = j.Regions[b], j.Regions[a]
			}
		}
		data, err = WriteJigsaw(j)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ReadJigsaw(data)
		if err != nil || !slices.Equal(q.Givens, j.Givens) || !sameLayout(q.Regions, j.Regions) {
			t.Fatalf("jigsaw round trip: %v\n%s", err, data)
		}
	}
}

// sameLayout reports whether two region layouts group the cells alike.
func sameLayout(a, b []int) bool {
	m := map[int]int{}
	for i := range a {
		if x, ok := m[a[i]]; ok && x != b[i] {
			return false
		}
		m[a[i]] = b[i]
	}
	return len(a) == len(b)
}

func FuzzReadKiller(f *testing.F) {
	data, _ := os.ReadFile("testdata/killer.txt")
	f.Add(data)
	f.Add([]byte("AB..\nAB..\n....\n....\nA=3 B=7\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadKiller(data)
		if err != nil {
			var pe *PlaceError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		out, err := WriteKiller(p)
		if err != nil {
			t.Fatal(err)
		}
		if !sameKiller(t, out, p) {
			t.Fatalf("round trip:\n%s", out)
		}
	})
}

func FuzzReadJigsaw(f *testing.F) {
	data, _ := os.ReadFile("testdata/jigsaw.txt")
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadJigsaw(data)
		if err != nil {
			var pe *PlaceError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		out, err := WriteJigsaw(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ReadJigsaw(out)
		if err != nil || !slices.Equal(q.Givens, p.Givens) || !sameLayout(q.Regions, p.Regions) {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
	})
}
