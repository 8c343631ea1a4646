package mzn

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/generate"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

var (
	useMZN     = flag.Bool("minizinc", false, "cross-check variant.Count against MiniZinc with Gecode (skips when minizinc is absent)")
	crossN     = flag.Int("mzn.cross", 300, "random puzzles in the MiniZinc cross-check")
	sideBySide = flag.Int("mzn.sidebyside", 0, "time this many 9x9 killers with no givens against Gecode's solveTime")
	sideFile   = flag.String("mzn.file", "", "read the side-by-side puzzles from this file (rules JSON or f-puzzles lines) instead of making them")
	sideOut    = flag.String("mzn.out", "", "write the side-by-side puzzles made to this file (rules JSON lines)")
)

func TestModelText(t *testing.T) {
	p := variant.New(4)
	p.Givens[0] = 1
	p.Rules = []variant.Rule{
		variant.Cage{Cells: []variant.Cell{{Row: 1, Col: 2}, {Row: 2, Col: 2}}, Sum: 5},
		variant.Thermo{Cells: []variant.Cell{{Row: 3, Col: 1}, {Row: 4, Col: 1}}},
		variant.Sandwich{Column: true, Index: 4, Sum: 5},
	}
	got, err := Model(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"array[1..n,1..n] of var 1..n: x;",
		"constraint x[1,1] = 1;",
		"constraint all_different([x[1,2],x[2,2]]);",
		"constraint sum([x[1,2],x[2,2]]) = 5;",
		"constraint x[3,1] < x[4,1];",
		"constraint let { var 1..n: a; var 1..n: b; } in (x[a,4] = 1 /\\ x[b,4] = n /\\ sum(k in 1..n)(bool2int(k > min(a,b) /\\ k < max(a,b)) * x[k,4]) = 5);",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the model lacks %q:\n%s", want, got)
		}
	}
}

// run solves model with Gecode for up to 2 solutions and returns how many
// it found and Gecode's solveTime.
func run(t testing.TB, dir, model string) (int, time.Duration) {
	t.Helper()
	path := filepath.Join(dir, "p.mzn")
	if err := os.WriteFile(path, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("minizinc", "--solver", "gecode", "-n", "2", "--statistics", path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("minizinc: %v\n%s%s", err, out, stderr.Bytes())
	}
	count, solve := 0, time.Duration(-1)
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case line == "----------":
			count++
		case line == "=====UNSATISFIABLE=====" && solve < 0:
			solve = 0 // found while flattening, before Gecode ran
		case strings.HasPrefix(line, "%%%mzn-stat: solveTime="):
			sec, err := strconv.ParseFloat(strings.TrimPrefix(line, "%%%mzn-stat: solveTime="), 64)
			if err == nil {
				solve = time.Duration(sec * float64(time.Second))
			}
		}
	}
	if solve < 0 {
		t.Fatalf("no solveTime in the output of minizinc:\n%s", out)
	}
	return count, solve
}

func needMZN(t *testing.T) {
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed (apt-get install minizinc)")
	}
}

// randomPuzzle returns a small valid puzzle with random rules of every
// kind and a few givens, whose counts spread over 0, 1 and several.
func randomPuzzle(r *rand.Rand) *variant.Puzzle {
	for {
		n := []int{4, 6}[r.IntN(2)]
		data := randomRules(r, n)
		p, err := vtext.ReadJSON(data)
		if err != nil {
			continue
		}
		if r.IntN(4) == 0 {
			return p // random givens: often no solution
		}
		// Givens from a solution: one solution or more.
		q := p.Clone()
		q.Givens = make([]int, n*n)
		res, err := variant.Solve(context.Background(), q, variant.Options{MaxNodes: 100000})
		if err != nil || res.Count == 0 {
			continue
		}
		for _, i := range r.Perm(n * n)[:r.IntN(n*n/2)] {
			q.Givens[i] = res.Solution[i]
		}
		return q
	}
}

func randomRules(r *rand.Rand, n int) []byte {
	cell := func() string { return fmt.Sprintf(`"r%dc%d"`, 1+r.IntN(n), 1+r.IntN(n)) }
	walk := func(k int) string {
		row, col := 1+r.IntN(n), 1+r.IntN(n)
		cells := []string{fmt.Sprintf(`"r%dc%d"`, row, col)}
		for len(cells) < k {
			row, col = min(max(row+r.IntN(3)-1, 1), n), min(max(col+r.IntN(3)-1, 1), n)
			cells = append(cells, fmt.Sprintf(`"r%dc%d"`, row, col))
		}
		return "[" + strings.Join(cells, ",") + "]"
	}
	pair := func() string {
		row, col := 1+r.IntN(n-1), 1+r.IntN(n-1)
		if r.IntN(2) == 0 {
			return fmt.Sprintf(`["r%dc%d","r%dc%d"]`, row, col, row, col+1)
		}
		return fmt.Sprintf(`["r%dc%d","r%dc%d"]`, row, col, row+1, col)
	}
	var rules []string
	for range 1 + r.IntN(4) {
		var s string
		switch r.IntN(20) {
		case 0:
			s = fmt.Sprintf(`{"kind":"diagonal","positive":%v}`, r.IntN(2) == 0)
		case 1:
			s = `{"kind":"windoku"}`
		case 2:
			s = `{"kind":"disjoint"}`
		case 3:
			s = `{"kind":"region","cells":` + walk(2+r.IntN(n-2)) + `}`
		case 4:
			s = `{"kind":"antiknight"}`
		case 5:
			s = `{"kind":"antiking"}`
		case 6:
			s = `{"kind":"nonconsecutive"}`
		case 7:
			k := 1 + r.IntN(4)
			s = fmt.Sprintf(`{"kind":"killer","cells":%s,"sum":%d}`, walk(k), k*(k+1)/2+r.IntN(k*(n-k)+1))
		case 8:
			row, col := 1+r.IntN(n), 1
			cells := []string{}
			for row <= n && col <= n {
				cells = append(cells, fmt.Sprintf(`"r%dc%d"`, row, col))
				row, col = row+1, col+1
			}
			k := len(cells)
			s = fmt.Sprintf(`{"kind":"littlekiller","cells":[%s],"sum":%d}`, strings.Join(cells, ","), k+r.IntN(k*(n-1)+1))
		case 9:
			s = `{"kind":"thermo","cells":` + walk(2+r.IntN(3)) + `}`
		case 10:
			s = `{"kind":"arrow","circle":[` + cell() + `],"line":` + walk(1+r.IntN(3)) + `}`
		case 11:
			s = fmt.Sprintf(`{"kind":"kropki","cells":%s,"black":%v}`, pair(), r.IntN(2) == 0)
		case 12:
			s = fmt.Sprintf(`{"kind":"kropki-negative","white":%v,"black":true}`, r.IntN(2) == 0)
		case 13:
			s = fmt.Sprintf(`{"kind":"xv","cells":%s,"sum":%d}`, pair(), 5+5*r.IntN(2))
		case 14:
			s = `{"kind":"xv-negative"}`
		case 15:
			s = fmt.Sprintf(`{"kind":"parity","cell":%s,"even":%v}`, cell(), r.IntN(2) == 0)
		case 16:
			s = `{"kind":"whisper","cells":` + walk(2+r.IntN(2)) + `}`
		case 17:
			s = `{"kind":"renban","cells":` + walk(2+r.IntN(2)) + `}`
		case 18:
			s = `{"kind":"palindrome","cells":` + walk(2+r.IntN(3)) + `}`
		default:
			s = fmt.Sprintf(`{"kind":"sandwich","column":%v,"index":%d,"sum":%d}`, r.IntN(2) == 0, 1+r.IntN(n), r.IntN(n*(n-1)/2))
		}
		rules = append(rules, s)
	}
	grid := make([]byte, n*n)
	for i := range grid {
		grid[i] = '.'
	}
	for range r.IntN(n) {
		grid[r.IntN(n*n)] = byte('1' + r.IntN(n))
	}
	return []byte(fmt.Sprintf(`{"size":%d,"grid":%q,"rules":[%s]}`, n, grid, strings.Join(rules, ",")))
}

// TestCrossCheck counts random puzzles of every rule kind with MiniZinc
// and with variant.Count: the counts up to 2 must agree.
func TestCrossCheck(t *testing.T) {
	if !*useMZN {
		t.Skip("the MiniZinc cross-check runs with -minizinc")
	}
	needMZN(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(19, 2026))
	kinds := map[string][3]int{}
	for range *crossN {
		p := randomPuzzle(r)
		model, err := Model(p)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := run(t, dir, model)
		res, err := variant.Count(context.Background(), p, 2, variant.Options{})
		var ce *variant.CheckError
		if errors.As(err, &ce) {
			res.Count, err = 0, nil // givens that break a rule: no solution
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != want {
			data, _ := vtext.WriteJSON(p)
			t.Errorf("%s\nvariant.Count = %d, MiniZinc = %d", data, res.Count, want)
		}
		for _, rule := range p.Rules {
			k := kinds[rule.Kind()]
			k[want]++
			kinds[rule.Kind()] = k
		}
	}
	for _, k := range variant.Kinds() {
		t.Logf("%-16s puzzles with 0 / 1 / 2+ solutions: %v", k.Name, kinds[k.Name])
	}
}

// killer returns a 9x9 killer with no givens and one solution: random
// cages of 1 to 5 cells grown over a random grid, a cage split where a
// second solution differs until none is left.
func killer(ctx context.Context, r *rand.Rand) (*variant.Puzzle, error) {
	g, err := generate.RandomGrid(ctx, 3, rand.NewPCG(r.Uint64(), r.Uint64()))
	if err != nil {
		return nil, err
	}
	sol := g.Values()
	n := 9
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	var cages [][]int
	for _, start := range r.Perm(n * n) {
		if cage[start] >= 0 {
			continue
		}
		want := []int{1, 2, 2, 3, 3, 3, 4, 4, 5}[r.IntN(9)]
		cells := []int{start}
		cage[start] = len(cages)
		for len(cells) < want {
			var next []int
			for _, c := range cells {
				for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					rr, cc := c/n+d[0], c%n+d[1]
					if rr < 0 || cc < 0 || rr >= n || cc >= n || cage[rr*n+cc] >= 0 {
						continue
					}
					dup := false
					for _, x := range cells {
						dup = dup || sol[x] == sol[rr*n+cc]
					}
					if !dup {
						next = append(next, rr*n+cc)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			c := next[r.IntN(len(next))]
			cage[c] = len(cages)
			cells = append(cells, c)
		}
		cages = append(cages, cells)
	}
	for {
		p := variant.New(n)
		p.Givens = nil
		for _, cells := range cages {
			cg := variant.Cage{}
			for _, c := range cells {
				cg.Cells = append(cg.Cells, variant.CellAt(c, n))
				cg.Sum += sol[c]
			}
			p.Rules = append(p.Rules, cg)
		}
		res, err := variant.Count(ctx, p, 2, variant.Options{})
		if err != nil {
			return nil, err
		}
		if res.Count == 1 {
			return p, nil
		}
		// Where the solution found differs from ours, that cell gets a
		// cage of its own; when it is ours, a random cell does.
		cell := -1
		for i := range sol {
			if res.Solution[i] != sol[i] && len(cages[cage[i]]) > 1 {
				cell = i
				break
			}
		}
		for cell < 0 {
			if i := r.IntN(n * n); len(cages[cage[i]]) > 1 {
				cell = i
			}
		}
		k := cage[cell]
		cages[k] = slices.DeleteFunc(cages[k], func(c int) bool { return c == cell })
		cage[cell] = len(cages)
		cages = append(cages, []int{cell})
		// A split may leave a cage in two pieces: that is still a cage
		// (different values with a sum), just not a connected one.
	}
}

// readPuzzles reads rules JSON or f-puzzles lines.
func readPuzzles(path string) ([]*variant.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var out []*variant.Puzzle
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		p, err := vtext.ReadJSON(b)
		if err != nil {
			if p, err = vtext.ReadFPuzzles(b); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// TestSideBySide times variant.Count to 2 against Gecode's own solveTime
// on the same 9x9 killers with no givens; run it pinned to one core:
//
//	taskset -c 1 go test ./internal/mzn -run SideBySide -mzn.sidebyside 1000 -timeout 3h -v
func TestSideBySide(t *testing.T) {
	if *sideBySide == 0 && *sideFile == "" {
		t.Skip("the side-by-side run needs -mzn.sidebyside N or -mzn.file")
	}
	needMZN(t)
	ctx := context.Background()
	var ps []*variant.Puzzle
	if *sideFile != "" {
		var err error
		if ps, err = readPuzzles(*sideFile); err != nil {
			t.Fatal(err)
		}
		if *sideBySide > 0 && len(ps) > *sideBySide {
			ps = ps[:*sideBySide]
		}
	} else {
		r := rand.New(rand.NewPCG(19, 30))
		var out bytes.Buffer
		for len(ps) < *sideBySide {
			p, err := killer(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
			data, _ := vtext.WriteJSON(p)
			out.Write(append(data, '\n'))
		}
		if *sideOut != "" {
			if err := os.WriteFile(*sideOut, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	var ours, theirs, ratios []float64
	for k, p := range ps {
		model, err := Model(p)
		if err != nil {
			t.Fatal(err)
		}
		count, solve := run(t, dir, model)
		// Ours: the best of 5 runs (the machine is shared and noisy;
		// Gecode's one run is not repeated, which favours it).
		best := time.Duration(1 << 62)
		var res variant.Result
		for range 5 {
			start := time.Now()
			res, err = variant.Count(ctx, p, 2, variant.Options{CountOnly: true})
			best = min(best, time.Since(start))
			if err != nil {
				t.Fatal(err)
			}
		}
		if res.Count != count {
			data, _ := vtext.WriteJSON(p)
			t.Errorf("puzzle %d: variant.Count = %d, MiniZinc = %d\n%s", k+1, res.Count, count, data)
		}
		ours = append(ours, float64(best.Microseconds()))
		theirs = append(theirs, float64(solve.Microseconds()))
		ratios = append(ratios, float64(solve)/float64(max(best, time.Nanosecond)))
	}
	med := func(xs []float64) float64 {
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[len(s)/2]
	}
	worst := slices.Min(ratios)
	t.Logf("%d puzzles: variant.Count to 2 median %.0f µs, Gecode solveTime median %.0f µs; ratio Gecode/ours per puzzle: median %.1fx, lowest %.2fx (%d puzzles under 1x, %d under 0.5x)",
		len(ps), med(ours), med(theirs), med(ratios), worst,
		countIf(ratios, func(x float64) bool { return x < 1 }), countIf(ratios, func(x float64) bool { return x < 0.5 }))
}

func countIf(xs []float64, f func(float64) bool) int {
	n := 0
	for _, x := range xs {
		if f(x) {
			n++
		}
	}
	return n
}
