package logic

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

func TestLengthTenths(t *testing.T) {
	// Sudoku Explainer adds 0.1 for each band of the chain's length (its
	// complexity less 2): up to 4 nothing, then 6, 8, 12, 16, 24, 32, 48.
	tests := []struct{ cplx, want int }{
		{1, 0}, {4, 0}, {6, 0}, {7, 1}, {8, 1}, {9, 2}, {10, 2}, {11, 3}, {14, 3},
		{15, 4}, {18, 4}, {19, 5}, {26, 5}, {27, 6}, {34, 6}, {35, 7}, {50, 7}, {51, 8}, {66, 8}, {67, 9},
	}
	for _, tt := range tests {
		if got := lengthTenths(tt.cplx); got != tt.want {
			t.Errorf("lengthTenths(%d) = %d, want %d", tt.cplx, got, tt.want)
		}
	}
}

func TestChainTables(t *testing.T) {
	for c := range 81 {
		seen := map[int8]bool{}
		for _, o := range chainTab.peers[c] {
			if int(o) == c || seen[o] {
				t.Fatalf("cell %d: peer %d twice or itself", c, o)
			}
			seen[o] = true
			if o/9 != int8(c/9) && o%9 != int8(c%9) && chainTab.cellReg[o][kindBlock] != chainTab.cellReg[c][kindBlock] {
				t.Fatalf("cell %d: %d is no peer", c, o)
			}
		}
		for kind := range 3 {
			r := chainTab.cellReg[c][kind]
			found := false
			for _, o := range chainTab.region[kind][r] {
				found = found || int(o) == c
			}
			if !found {
				t.Fatalf("cell %d not in its region of kind %d", c, kind)
			}
			if got := chainTab.region[kind][r][chainTab.regIdx[c][kind]]; int(got) != c {
				t.Fatalf("cell %d: its place in its region of kind %d holds %d", c, kind, got)
			}
		}
	}
	// Box 5 (index 4) holds r4c4..r6c6 in reading order.
	if got := chainTab.region[kindBlock][4]; got != [9]int8{30, 31, 32, 39, 40, 41, 48, 49, 50} {
		t.Errorf("box 5 cells %v", got)
	}
}

// TestChainsSound solves hard puzzles (rated 7.0 to 9.3 by Sudoku
// Explainer, and two of the forum's hardest, rated 11+, unless -short)
// and checks every step against the solution; none may get stuck.
func TestChainsSound(t *testing.T) {
	files := []string{"testdata/chains_sound.txt"}
	if !testing.Short() {
		files = append(files, "testdata/chains_nested.txt")
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		n, chains := 0, 0
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			n++
			if testing.Short() && n > 60 {
				break
			}
			chains += checkPath(t, line)
		}
		f.Close()
		t.Logf("%s: %d puzzles, %d chain steps", file, n, chains)
	}
}

// checkPath solves one puzzle step by step, checks each step against the
// solution and returns the number of chain steps.
func checkPath(t *testing.T, puz string) int {
	t.Helper()
	p, err := sudoku.Parse(puz)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sudoku.Count(context.Background(), p, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		t.Fatalf("%s: %d solutions (%v)", puz, res.Count, err)
	}
	sol := res.Solution
	g, err := NewGrid(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
	if err != nil {
		t.Fatal(err)
	}
	chains := 0
	for !g.Solved() {
		st, err := s.next(g)
		if errors.Is(err, ErrStuck) {
			t.Errorf("%s: stuck\n%s", puz, pencilText(g))
			return chains
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range st.Eliminations {
			if sol.Cell(c.Cell) == c.Value || !g.Has(c.Cell, c.Value) {
				t.Fatalf("%s: %s removes %d from %s (solution %d)\n%s", puz, st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), pencilText(g))
			}
		}
		for _, c := range st.Placements {
			if sol.Cell(c.Cell) != c.Value || g.Value(c.Cell) != 0 {
				t.Fatalf("%s: %s places %d in %s, the solution has %d\n%s", puz, st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), pencilText(g))
			}
		}
		if len(st.Eliminations)+len(st.Placements) == 0 || st.Text == "" || st.Name == "" {
			t.Fatalf("%s: empty step %+v", puz, st)
		}
		if isChainTechnique(st.Technique) {
			chains++
			if len(st.Cells) == 0 || len(st.Candidates) == 0 {
				t.Fatalf("%s: %s names no cells", puz, st)
			}
		}
		g.Apply(st)
	}
	return chains
}

var makeChainGolden = flag.Bool("makechaingolden", false, "with -calib FILE: write testdata/techniques/chain-NAME.txtar for each kind of chain step (by name) that has none yet, from the first path step of it in FILE")

// TestMakeChainGolden writes one golden file per kind of chain step.
func TestMakeChainGolden(t *testing.T) {
	if !*makeChainGolden || *calib == "" {
		t.Skip("no -makechaingolden and -calib")
	}
	done := map[string]bool{}
	walkPaths(t, *calib, 0, func(puzzle string, g *Grid, st *Step) bool {
		if isChainTechnique(st.Technique) {
			slug := strings.ToLower(strings.NewReplacer(" ", "-", "(", "", ")", "", "+", "plus", "&", "and").Replace(st.Name))
			path := filepath.Join("testdata", "techniques", "chain-"+slug+".txtar")
			if _, err := os.Stat(path); err != nil && !done[path] {
				done[path] = true
				writeGoldenFile(t, path, puzzle, g, st)
			}
		}
		return true
	})
}

func isChainTechnique(t Technique) bool {
	switch t {
	case ForcingChainCycle, NishioForcingChain, MultipleForcingChain, DynamicForcingChain, DynamicForcingChainPlus, NestedForcingChain:
		return true
	}
	return false
}

// TestAvailableChains checks that Available lists every hint of a chaining
// rule, as Sudoku Explainer sorts them: the first is the step Next takes,
// the ratings never decrease, no two remove the same candidates, and each
// is sound. It looks at the first chain step of hard puzzles whose paths
// use each kind of chain (static, Nishio, multiple, dynamic).
func TestAvailableChains(t *testing.T) {
	data, err := os.ReadFile("testdata/chains_sound.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(data))
	ctx := context.Background()
	done := map[Technique]bool{}
	several := 0
	// Lines whose paths have a forcing chain (ER 7.0), Nishio chains
	// (7.7), region and cell forcing chains (8.2, 8.3), dynamic ones (8.7).
	for _, n := range []int{0, 60, 102, 112, 152} {
		p, err := sudoku.Parse(lines[n])
		if err != nil {
			t.Fatal(err)
		}
		res, err := sudoku.Count(ctx, p, 2, sudoku.Options{})
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: %d solutions (%v)", p, res.Count, err)
		}
		g, err := NewGrid(p)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Solved() {
			st, err := Next(ctx, g, Options{AssumeUnique: true})
			if err != nil {
				t.Fatal(err)
			}
			if isChainTechnique(st.Technique) && !done[st.Technique] {
				done[st.Technique] = true
				set := TechniqueSet(0).With(FullHouse, HiddenSingle, NakedSingle, st.Technique)
				all, err := Available(ctx, g, Options{AssumeUnique: true, Techniques: set}, 0)
				if err != nil {
					t.Fatal(err)
				}
				checkAvailable(t, g, res.Solution, st, all)
				if len(all) > 1 {
					several++
				}
				break
			}
			g.Apply(st)
		}
	}
	if len(done) < 4 || several < 3 {
		t.Errorf("covered %d kinds of chains, %d with several hints; want 4 and 3", len(done), several)
	}
}

// checkAvailable checks the steps Available gave for the rule of st.
func checkAvailable(t *testing.T, g *Grid, sol *sudoku.Grid, st *Step, all []*Step) {
	t.Helper()
	if len(all) == 0 {
		t.Fatalf("%s: Available gives nothing, Next gives %s", st.Technique, st)
	}
	if got, want := describeStep(g, all[0])+all[0].Text, describeStep(g, st)+st.Text; got != want {
		t.Errorf("%s: Available's first step\n%s\nNext's\n%s", st.Technique, got, want)
	}
	seen := map[string]bool{}
	for k, a := range all {
		if a.Technique != st.Technique {
			t.Errorf("%s: step %d is a %s", st.Technique, k, a.Technique)
		}
		if k > 0 && a.Rating < all[k-1].Rating {
			t.Errorf("%s: step %d rated %d after %d", st.Technique, k, a.Rating, all[k-1].Rating)
		}
		id := fmt.Sprint(a.Placements, a.Eliminations)
		if seen[id] {
			t.Errorf("%s: step %d does what an earlier one does: %s", st.Technique, k, id)
		}
		seen[id] = true
		for _, c := range a.Eliminations {
			if sol.Cell(c.Cell) == c.Value || !g.Has(c.Cell, c.Value) {
				t.Fatalf("%s removes %d from %s (solution %d)", a, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell))
			}
		}
		for _, c := range a.Placements {
			if sol.Cell(c.Cell) != c.Value {
				t.Fatalf("%s places %d in %s (solution %d)", a, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell))
			}
		}
	}
	t.Logf("%s: %d hints, rated %s to %s", st.Technique, len(all), all[0].RatingString(), all[len(all)-1].RatingString())
}
