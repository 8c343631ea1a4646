package logic

import (
	"bufio"
	"context"
	"errors"
	"flag"
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
			t.Errorf("%s: stuck\n%s", puz, g.Marks())
			return chains
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range st.Eliminations {
			if sol.Cell(c.Cell) == c.Value || !g.Has(c.Cell, c.Value) {
				t.Fatalf("%s: %s removes %d from %s (solution %d)\n%s", puz, st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), g.Marks())
			}
		}
		for _, c := range st.Placements {
			if sol.Cell(c.Cell) != c.Value || g.Value(c.Cell) != 0 {
				t.Fatalf("%s: %s places %d in %s, the solution has %d\n%s", puz, st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), g.Marks())
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
	walkPaths(t, *calib, func(puzzle string, g *Grid, st *Step) bool {
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
