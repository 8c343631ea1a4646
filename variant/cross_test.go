package variant

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

var crossN = flag.Int("cross", 60, "number of random puzzles TestCrossCheck tries per size")

// randomLayout returns boxes, a random jigsaw (half the time with two
// cells swapped between regions, which may leave them in several parts),
// or no regions.
func randomLayout(rng *rand.Rand, n int) []int {
	switch rng.IntN(4) {
	case 0:
		return nil
	case 1:
		reg := randomJigsaw(rng, n)
		if rng.IntN(2) == 0 {
			a, b := rng.IntN(n*n), rng.IntN(n*n)
			reg[a], reg[b] = reg[b], reg[a]
		}
		return reg
	}
	r, c := BoxShape(n)
	if r == 1 {
		return nil
	}
	if rng.IntN(2) == 0 {
		r, c = c, r
	}
	return Boxes(n, r, c)
}

// globalRules picks some of the whole-grid rules.
func globalRules(rng *rand.Rand, p *Puzzle) []Rule {
	var rs []Rule
	cands := []Rule{Diagonal{}, Diagonal{Positive: true}, AntiKnight{}, AntiKing{}, NonConsecutive{}, Windoku{}, Disjoint{}}
	for _, r := range cands {
		if rng.IntN(6) == 0 {
			q := *p
			q.Rules = []Rule{r}
			if r.validate(&q) == nil {
				rs = append(rs, r)
			}
		}
	}
	return rs
}

// randomPath walks from a random cell to touching (or orthogonal) cells
// not yet used, up to length k.
func randomPath(rng *rand.Rand, n, k int, ortho bool, used map[int]bool) []int {
	start := rng.IntN(n * n)
	if used[start] {
		return nil
	}
	path := []int{start}
	in := map[int]bool{start: true}
	for len(path) < k {
		last := path[len(path)-1]
		var opts []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr == 0 && dc == 0) || ortho && dr != 0 && dc != 0 {
					continue
				}
				r, c := last/n+dr, last%n+dc
				if r < 0 || r >= n || c < 0 || c >= n {
					continue
				}
				if j := r*n + c; !in[j] && !used[j] {
					opts = append(opts, j)
				}
			}
		}
		if len(opts) == 0 {
			break
		}
		j := opts[rng.IntN(len(opts))]
		path = append(path, j)
		in[j] = true
	}
	return path
}

func cellsOf(ix []int, n int) []Cell {
	cs := make([]Cell, len(ix))
	for k, i := range ix {
		cs[k] = CellAt(i, n)
	}
	return cs
}

// localRules adds rules that the solution sol satisfies (and, now and
// then, one it breaks).
func localRules(rng *rand.Rand, p *Puzzle, sol []int) []Rule {
	n := p.Size
	var rs []Rule
	cageUsed := map[int]bool{}
	free := map[int]bool{}
	for range rng.IntN(8) {
		switch rng.IntN(15) {
		case 0, 1: // cage, now and then overlapping others
			used := cageUsed
			if rng.IntN(4) == 0 {
				used = map[int]bool{}
			}
			path := randomPath(rng, n, 1+rng.IntN(min(n, 5)), true, used)
			if path == nil {
				continue
			}
			vals := map[int]bool{}
			var keep []int
			sum := 0
			for _, c := range path {
				if vals[sol[c]] {
					break
				}
				vals[sol[c]] = true
				keep = append(keep, c)
				sum += sol[c]
			}
			for _, c := range keep {
				cageUsed[c] = true
			}
			if rng.IntN(4) == 0 {
				sum = 0
			}
			rs = append(rs, Cage{Cells: cellsOf(keep, n), Sum: sum})
		case 2: // thermometer along increasing values
			path := randomPath(rng, n, 2+rng.IntN(4), false, free)
			if len(path) < 2 {
				continue
			}
			slices.SortFunc(path, func(a, b int) int { return sol[a] - sol[b] })
			if validPath(cellsOf(path, n), n, 2, "t") == nil && sol[path[0]] < sol[path[1]] {
				ok := true
				for k := 1; k < len(path); k++ {
					ok = ok && sol[path[k-1]] < sol[path[k]]
				}
				if ok {
					rs = append(rs, Thermo{Cells: cellsOf(path, n)})
				}
			}
		case 3: // arrow
			path := randomPath(rng, n, 2+rng.IntN(3), false, free)
			if len(path) < 2 {
				continue
			}
			s := 0
			for _, c := range path[1:] {
				s += sol[c]
			}
			if s <= n {
				// put a circle cell somewhere holding s? Only keep if it does.
				if sol[path[0]] == s {
					rs = append(rs, Arrow{Circle: cellsOf(path[:1], n), Line: cellsOf(path[1:], n)})
				}
			}
		case 4: // kropki
			a := rng.IntN(n * n)
			b := a + 1
			if a%n == n-1 {
				continue
			}
			x, y := sol[a], sol[b]
			switch {
			case x == 2*y || y == 2*x:
				rs = append(rs, Kropki{Cells: [2]Cell{CellAt(a, n), CellAt(b, n)}, Black: true})
			case consecutive(x, y):
				rs = append(rs, Kropki{Cells: [2]Cell{CellAt(a, n), CellAt(b, n)}})
			default:
				if rng.IntN(3) == 0 {
					rs = append(rs, Kropki{Cells: [2]Cell{CellAt(a, n), CellAt(b, n)}, Value: abs(x - y)})
				}
			}
		case 5: // xv
			a := rng.IntN(n * (n - 1))
			b := a + n
			rs = append(rs, XV{Cells: [2]Cell{CellAt(a, n), CellAt(b, n)}, Sum: sol[a] + sol[b]})
		case 6: // parity
			a := rng.IntN(n * n)
			rs = append(rs, Parity{Cell: CellAt(a, n), Even: sol[a]%2 == 0})
		case 7: // whisper: keep the longest prefix that whispers
			path := randomPath(rng, n, 2+rng.IntN(4), false, free)
			d := (n + 1) / 2
			k := 1
			for k < len(path) && abs(sol[path[k]]-sol[path[k-1]]) >= d {
				k++
			}
			if k >= 2 {
				rs = append(rs, Whisper{Cells: cellsOf(path[:k], n)})
			}
		case 8: // renban
			path := randomPath(rng, n, 2+rng.IntN(3), false, free)
			lo, hi, seen := n, 0, map[int]bool{}
			ok := len(path) >= 2
			for _, c := range path {
				lo, hi = min(lo, sol[c]), max(hi, sol[c])
				ok = ok && !seen[sol[c]]
				seen[sol[c]] = true
			}
			if ok && hi-lo == len(path)-1 {
				rs = append(rs, Renban{Cells: cellsOf(path, n)})
			}
		case 9: // palindrome of three cells
			path := randomPath(rng, n, 3, false, free)
			if len(path) == 3 && sol[path[0]] == sol[path[2]] {
				rs = append(rs, Palindrome{Cells: cellsOf(path, n)})
			} else if len(path) >= 2 && sol[path[0]] == sol[path[1]] {
				rs = append(rs, Palindrome{Cells: cellsOf(path[:2], n)})
			}
		case 10: // little killer
			r0, c0 := rng.IntN(n), 0
			var cells []int
			for r, c := r0, c0; r < n && c < n; r, c = r+1, c+1 {
				cells = append(cells, r*n+c)
			}
			s := 0
			for _, c := range cells {
				s += sol[c]
			}
			rs = append(rs, LittleKiller{Cells: cellsOf(cells, n), Sum: s})
		case 11: // sandwich
			col := rng.IntN(2) == 0
			idx := 1 + rng.IntN(n)
			sw := Sandwich{Column: col, Index: idx}
			sw.Sum, _ = sandwichSum(sw.cells(n), sol, n)
			rs = append(rs, sw)
		case 13, 14: // the line rules of round two (lines_test.go)
			if r := randomLineRule(rng, p, sol); r != nil {
				rs = append(rs, r)
			}
		case 12: // negative rules, when the solution allows them
			q := &Puzzle{Size: n, Rules: append(slices.Clone(rs), KropkiNegative{White: true, Black: rng.IntN(2) == 0})}
			if refOK(q, sol) {
				rs = q.Rules
			}
			q = &Puzzle{Size: n, Rules: append(slices.Clone(rs), XVNegative{})}
			if refOK(q, sol) {
				rs = q.Rules
			}
		}
	}
	rs = append(rs, moreRules(rng, p, sol)...)
	if rng.IntN(5) == 0 {
		// A rule drawn without looking at the solution: often no solution.
		path := randomPath(rng, n, 2+rng.IntN(3), false, map[int]bool{})
		switch rng.IntN(3) {
		case 0:
			rs = append(rs, Thermo{Cells: cellsOf(path, n)})
		case 1:
			if len(path) >= 2 && adjacent(CellAt(path[0], n), CellAt(path[1], n)) {
				rs = append(rs, XV{Cells: [2]Cell{CellAt(path[0], n), CellAt(path[1], n)}, Sum: 3 + rng.IntN(2*n-3)})
			}
		case 2:
			rs = append(rs, Whisper{Cells: cellsOf(path, n)})
		}
	}
	if rng.IntN(8) == 0 && len(rs) > 0 {
		// A rule the solution may break: a cage with a shifted sum.
		if c, ok := rs[0].(Cage); ok && c.Sum > 0 {
			c.Sum++
			q := *p
			q.Rules = []Rule{c}
			if c.validate(&q) == nil {
				rs[0] = c
			}
		}
	}
	return rs
}

// randomPuzzle makes a puzzle of side n with random rules from a random
// solution, and givens with probability density; ok is false if no
// solution was found quickly.
func randomPuzzle(rng *rand.Rand, n int, density float64) (*Puzzle, bool) {
	p := &Puzzle{Size: n, Regions: randomLayout(rng, n)}
	p.Rules = globalRules(rng, p)
	// The solution only seeds the rules; the engine finds it quickly.
	sol := randomSolution(context.Background(), compile(p), make([]int, n*n), rng, 20000)
	if sol == nil {
		return nil, false
	}
	p.Rules = append(p.Rules, localRules(rng, p, sol)...)
	if p.Validate() != nil {
		return nil, false
	}
	p.Givens = make([]int, n*n)
	for i := range p.Givens {
		if rng.Float64() < density {
			p.Givens[i] = sol[i]
		}
	}
	return p, true
}

func TestCrossCheck(t *testing.T) {
	sizes := []struct {
		n       int
		density float64
		nodes   int
	}{{4, 0.1, 0}, {5, 0.25, 200000}, {6, 0.3, 200000}, {8, 0.55, 200000}, {9, 0.6, 200000}}
	ctx := context.Background()
	for _, sz := range sizes {
		rng := rand.New(rand.NewPCG(uint64(sz.n), 7))
		tried, compared, kinds, counts := 0, 0, map[string]int{}, [4]int{}
		for tried < *crossN {
			tried++
			p, ok := randomPuzzle(rng, sz.n, sz.density)
			if !ok {
				continue
			}
			want, wsol, done := refCount(p, 3, nil, sz.nodes)
			if !done {
				continue
			}
			compared++
			counts[want]++
			for _, r := range p.Rules {
				kinds[r.Kind()]++
			}
			res, err := Count(ctx, p, 3, Options{})
			if err != nil {
				if _, isCheck := err.(*CheckError); isCheck && want == 0 {
					continue
				}
				t.Fatalf("%dx%d %v: %v", sz.n, sz.n, p.Rules, err)
			}
			if res.Count != want {
				t.Fatalf("%dx%d rules %v regions %v givens %v: engine counts %d, reference %d", sz.n, sz.n, p.Rules, p.Regions, p.Givens, res.Count, want)
			}
			if want == 1 && !slices.Equal(res.Solution, wsol) {
				t.Fatalf("%dx%d %v: solutions differ", sz.n, sz.n, p.Rules)
			}
			if res.Count > 0 && !refOK(p, res.Solution) {
				t.Fatalf("%dx%d %v: engine's solution breaks a rule: %v", sz.n, sz.n, p.Rules, p.Check(res.Solution))
			}
		}
		t.Logf("%dx%d: %d puzzles compared (%d with no solution, %d unique, %d several); rules: %v", sz.n, sz.n, compared, counts[0], counts[1], counts[2]+counts[3], kinds)
		if compared < *crossN/4 {
			t.Errorf("%dx%d: only %d of %d puzzles compared", sz.n, sz.n, compared, tried)
		}
	}
}
