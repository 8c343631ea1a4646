package logic

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
)

var update = flag.Bool("update", false, "rewrite the step and text sections of testdata/techniques/*.txtar")

// TestTechniques checks one step per golden file in testdata/techniques.
// Each file holds:
//
//	-- puzzle --   the givens, one line (81 characters for 9x9)
//	-- marks --    optional: the candidates, one whitespace-separated field
//	               per cell in reading order; a field of one symbol is a
//	               placed value, more symbols (or "." and one symbol) are a
//	               blank cell's candidates
//	-- step --     "technique: ID" (the rule to run), then name, rating,
//	               placements ("place: r1c2=3 ...") and eliminations
//	               ("elim: r1c2-3 ...") of the first step it finds
//	-- text --     the step's sentence
//
// Run with -update to rewrite the step (all but its technique line) and
// text sections from what the finder returns.
func TestTechniques(t *testing.T) {
	files, _ := filepath.Glob("testdata/techniques/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sec := map[string]string{}
			for _, f := range ar.Files {
				sec[f.Name] = string(f.Data)
			}
			g, err := goldenGrid(sec["puzzle"], sec["marks"])
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(sec["step"], "\n")
			id, ok := strings.CutPrefix(first, "technique: ")
			if !ok {
				t.Fatalf("step section starts with %q, want \"technique: ID\"", first)
			}
			tech, err := ParseTechnique(strings.TrimSpace(id))
			if err != nil {
				t.Fatal(err)
			}
			st := firstStepOf(g, tech)
			if st == nil {
				t.Fatalf("%s finds no step", tech)
			}
			got := first + "\n" + describeStep(g, st)
			gotText := st.Text + "\n"
			if *update {
				for k := range ar.Files {
					switch ar.Files[k].Name {
					case "step":
						ar.Files[k].Data = []byte(got)
					case "text":
						ar.Files[k].Data = []byte(gotText)
					}
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != sec["step"] {
				t.Errorf("step:\n%s\nwant:\n%s", got, sec["step"])
			}
			if gotText != sec["text"] {
				t.Errorf("text:\n%s\nwant:\n%s", gotText, sec["text"])
			}
			checkSound(t, g, st)
			if st.Chain != nil {
				checkChain(t, g, st, st.Chain)
			}
		})
	}
}

// checkChain checks the chain data of step st found on g: every link is
// a candidate of g; the branches start as the kind says (the cell's
// candidates, the value's places in the unit); a loop ends where it
// starts; the step behind a link removes that link's candidate, and its
// own chain holds too.
func checkChain(t *testing.T, g *Grid, st *Step, ch *Chain) {
	t.Helper()
	if len(ch.Branches) == 0 {
		t.Fatalf("%s: a chain of no branches", st.Name)
	}
	for k, br := range ch.Branches {
		if len(br) == 0 {
			t.Fatalf("%s: branch %d is empty", st.Name, k)
		}
		switch a := br[0]; ch.Kind {
		case "cell":
			if a.Cell != ch.Cell || !a.On {
				t.Errorf("%s: branch %d starts at %v, not a candidate of %s", st.Name, k, a, g.cellName(ch.Cell))
			}
		case "region":
			if a.Value != ch.Value || !a.On || !slices.Contains(g.geo.Units[int(ch.Unit.Kind)*g.geo.Side+ch.Unit.Index], a.Cell) {
				t.Errorf("%s: branch %d starts at %v, not a place of %d in %s", st.Name, k, a, ch.Value, ch.Unit)
			}
		case "loop":
			if br[len(br)-1] != a || len(ch.Branches) != 1 {
				t.Errorf("%s: the loop does not end where it starts", st.Name)
			}
		case "contradiction", "double":
		default:
			t.Errorf("%s: chain kind %q", st.Name, ch.Kind)
		}
		for _, l := range br {
			if !g.Has(l.Cell, l.Value) {
				t.Errorf("%s: link %v is no candidate of the grid", st.Name, l)
			}
			if l.Again && l.By == nil {
				t.Errorf("%s: link %v used again, but by no step", st.Name, l)
			}
			if l.By == nil {
				continue
			}
			// (a basic rule at 16x16 is given by its name and unit only)
			gone := slices.Contains(l.By.Eliminations, sudoku.Candidate{Cell: l.Cell, Value: l.Value}) ||
				slices.ContainsFunc(l.By.Placements, func(c sudoku.Candidate) bool { return c.Cell == l.Cell && c.Value != l.Value })
			if l.On || !gone && (l.By.Chain != nil || g.geo.Side == 9) {
				t.Errorf("%s: link %v, by %s, which does not remove it: %s", st.Name, l, l.By.Name, l.By.Text)
			}
			if l.By.Chain != nil {
				checkChain(t, g, l.By, l.By.Chain)
			}
		}
	}
}

// goldenGrid builds the grid of a golden file.
func goldenGrid(puzzle, marks string) (*Grid, error) {
	p, err := sudoku.Parse(strings.TrimSpace(puzzle))
	if err != nil {
		return nil, err
	}
	g, err := NewGrid(p)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(marks) == "" {
		return g, nil
	}
	fields := strings.Fields(marks)
	if len(fields) != g.geo.NumCells {
		return nil, fmt.Errorf("marks: %d fields, want %d", len(fields), g.geo.NumCells)
	}
	for i, f := range fields {
		var s units.Set
		blank := strings.HasPrefix(f, ".")
		f = strings.TrimPrefix(f, ".")
		for k := 0; k < len(f); k++ {
			v, ok := sudoku.SymbolValue(f[k])
			if !ok || v > g.geo.Side {
				return nil, fmt.Errorf("marks: cell %d: bad symbol %q", i, f[k])
			}
			s |= 1 << (v - 1)
		}
		switch {
		case len(f) == 1 && !blank && g.values[i] == 0:
			g.Place(i, s.Min())
		case len(f) > 1 || blank:
			if g.values[i] != 0 {
				return nil, fmt.Errorf("marks: %s holds a given but has candidates %s", g.cellName(i), f)
			}
			g.cands[i] &= s
		}
	}
	return g, nil
}

// firstStepOf returns the first step the rule of tech finds on g, or nil.
func firstStepOf(g *Grid, tech Technique) *Step {
	e := &env{ctx: context.Background()}
	for _, r := range rules {
		if r.tech != tech && !(tech == FullHouse && r.tech == HiddenSingle) {
			continue
		}
		var found *Step
		r.find(e, g, func(st *Step) bool {
			if tech == FullHouse && st.Technique != FullHouse {
				return true
			}
			found = st
			return false
		})
		return found
	}
	return nil
}

// describeStep writes a step's name, rating, placements and eliminations.
func describeStep(g *Grid, st *Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\nrating: %s\n", st.Name, st.RatingString())
	if len(st.Placements) > 0 {
		b.WriteString("place:")
		for _, c := range st.Placements {
			fmt.Fprintf(&b, " %s=%c", g.cellName(c.Cell), sudoku.SymbolByte(c.Value))
		}
		b.WriteString("\n")
	}
	if len(st.Eliminations) > 0 {
		elims := slices.Clone(st.Eliminations)
		sortCandidates(elims)
		b.WriteString("elim:")
		for _, c := range elims {
			fmt.Fprintf(&b, " %s-%c", g.cellName(c.Cell), sudoku.SymbolByte(c.Value))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// checkSound fails if the step removes a value of the grid's solution or
// places a wrong one (the grid's givens must have one solution).
func checkSound(t *testing.T, g *Grid, st *Step) {
	t.Helper()
	p, _ := sudoku.New(g.geo.Order)
	for i, v := range g.values {
		if v != 0 {
			_ = p.SetCell(i, int(v))
		}
	}
	res, err := sudoku.Count(context.Background(), p, 2, sudoku.Options{})
	if err != nil || res.Count != 1 {
		return // not a unique grid: soundness is checked elsewhere
	}
	sol := res.Solution
	for _, c := range st.Eliminations {
		if sol.Cell(c.Cell) == c.Value {
			t.Errorf("%s removes %c from %s, the solution's value", st.Name, sudoku.SymbolByte(c.Value), g.cellName(c.Cell))
		}
	}
	for _, c := range st.Placements {
		if sol.Cell(c.Cell) != c.Value {
			t.Errorf("%s places %c in %s, the solution has %c", st.Name, sudoku.SymbolByte(c.Value), g.cellName(c.Cell), sudoku.SymbolByte(sol.Cell(c.Cell)))
		}
	}
}

// TestRuleOrder checks the rule order by order: each technique once, at
// its first rule; every technique at 9x9 but the chains of the big grids;
// at other orders only the rules that work there.
func TestRuleOrder(t *testing.T) {
	index := func(ts []Technique, x Technique) int { return slices.Index(ts, x) }
	bigOnly := TechniqueSet(0).With(XChain, XYChain, BigMultipleChain, BigDynamicChain, BigDynamicChainPlus, BigNestedChain)
	// the variant rules' own techniques run on variant grids only
	for x := CageCombination; x <= RuleForcingChain; x++ {
		bigOnly = bigOnly.With(x)
	}
	for _, order := range []int{2, 3, 4, 5, 8} {
		ts := RuleOrder(order)
		var seen TechniqueSet
		for _, x := range ts {
			if seen.Has(x) {
				t.Errorf("order %d: %v twice", order, x)
			}
			seen = seen.With(x)
		}
		if ts[0] != FullHouse || ts[1] != HiddenSingle {
			t.Errorf("order %d starts %v, %v", order, ts[0], ts[1])
		}
		if order == 3 {
			if want := AllTechniques() &^ bigOnly; seen != want {
				t.Errorf("9x9: %b, want %b", seen, want)
			}
			// The extra techniques sit where their rules are, not where
			// they are numbered.
			for _, pair := range [][2]Technique{{HiddenTriple, FinnedFish}, {XYZWing, WWing}, {UVWXYZWing, ALSXZ}} {
				if index(ts, pair[1]) != index(ts, pair[0])+1 {
					t.Errorf("9x9: %v not right after %v", pair[1], pair[0])
				}
			}
			continue
		}
		if seen.Has(FinnedFish) || seen.Has(ForcingChainCycle) || !seen.Has(XChain) || !seen.Has(ALSXZ) || !seen.Has(Jellyfish) {
			t.Errorf("order %d: %v", order, ts)
		}
		if index(ts, ALSXZ) > index(ts, XChain) {
			t.Errorf("order %d: ALS-XZ after the X-Chains: %v", order, ts)
		}
	}
}
