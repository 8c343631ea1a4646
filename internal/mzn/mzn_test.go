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

	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

var (
	useMZN     = flag.Bool("minizinc", false, "cross-check variant.Count against MiniZinc with Gecode (skips when minizinc is absent)")
	crossN     = flag.Int("mzn.cross", 300, "random puzzles in the MiniZinc cross-check")
	sideBySide = flag.Int("mzn.sidebyside", 0, "time this many 9x9 killers with no givens against Gecode's solveTime")
	sideFile   = flag.String("mzn.file", "", "read the side-by-side puzzles from this file (rules JSON or f-puzzles lines) instead of making them")
	sideOut    = flag.String("mzn.out", "", "write the side-by-side puzzles made to this file (rules JSON lines)")
	sideLimit  = flag.Duration("mzn.limit", 0, "stop each MiniZinc run after this long (0: no limit); a stopped run counts as taking the limit")
	sideGivens = flag.Int("mzn.givens", variant.AnyGivens, "the side-by-side killers keep at most this many givens (0: none; default: as the generator's)")
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
	return runLimit(t, dir, model, 0)
}

// runLimit is run with a time limit (0: none); count is -1 and the time
// the limit when it was hit.
func runLimit(t testing.TB, dir, model string, limit time.Duration) (int, time.Duration) {
	t.Helper()
	path := filepath.Join(dir, "p.mzn")
	if err := os.WriteFile(path, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--solver", "gecode", "-n", "2", "--statistics", path}
	if limit > 0 {
		args = append(args, "--time-limit", strconv.FormatInt(limit.Milliseconds(), 10))
	}
	cmd := exec.Command("minizinc", args...)
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
	complete := strings.Contains(string(out), "==========") || strings.Contains(string(out), "=====UNSATISFIABLE=====") || count >= 2
	if limit > 0 && !complete {
		return -1, limit
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
// on the same 9x9 killers with no givens (variant.Generate's, seeds 1 to
// N, or those of -mzn.file); run it pinned to one core:
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
		// The killers of variant.Generate, seeds 1 to N.
		spec, err := variant.ParseSpec("killer", 9)
		if err != nil {
			t.Fatal(err)
		}
		spec.MaxGivens = *sideGivens
		var out bytes.Buffer
		for seed := uint64(1); len(ps) < *sideBySide; seed++ {
			g, err := variant.Generate(ctx, spec, seed)
			if err != nil {
				t.Fatal(err)
			}
			p := g.Puzzle
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
	stopped := 0
	for k, p := range ps {
		model, err := Model(p)
		if err != nil {
			t.Fatal(err)
		}
		count, solve := runLimit(t, dir, model, *sideLimit)
		if count < 0 {
			stopped++
		}
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
		if count >= 0 && res.Count != count {
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
	t.Logf("%d puzzles: variant.Count to 2 median %.0f µs, Gecode solveTime median %.0f µs (%d runs stopped at -mzn.limit, counted as the limit); ratio Gecode/ours per puzzle: median %.1fx, lowest %.2fx (%d puzzles under 1x, %d under 0.5x)",
		len(ps), med(ours), med(theirs), stopped, med(ratios), worst,
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
