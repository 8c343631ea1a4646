package logic

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gosudoku/sudoku"
)

var makeGolden = flag.String("makegolden", "", "with -calib FILE: write testdata/techniques/ID.txtar for each `technique` in this comma-separated list (or \"all\") that has none yet, from the first path step of it in FILE")

// TestMakeGolden writes golden files for techniques from the paths of the
// puzzles of a -calib file: the grid just before the first step of each
// technique. It runs only with -makegolden.
func TestMakeGolden(t *testing.T) {
	if *makeGolden == "" || *calib == "" {
		t.Skip("no -makegolden and -calib")
	}
	want := map[Technique]bool{}
	for _, id := range strings.Split(*makeGolden, ",") {
		if id == "all" {
			for _, tech := range Techniques() {
				want[tech] = true
			}
			continue
		}
		tech, err := ParseTechnique(id)
		if err != nil {
			t.Fatal(err)
		}
		want[tech] = true
	}
	for tech := range want {
		if _, err := os.Stat(goldenPath(tech)); err == nil {
			delete(want, tech)
		}
	}
	// Paths with the default set, or every technique for one not in it
	// (finned fish, W-Wing, ALS-XZ).
	set := DefaultTechniques()
	for tech := range want {
		if !set.Has(tech) {
			set = AllTechniques()
		}
	}
	walkPaths(t, *calib, set, func(puzzle string, g *Grid, st *Step) bool {
		if want[st.Technique] {
			delete(want, st.Technique)
			writeGoldenFile(t, goldenPath(st.Technique), puzzle, g, firstStepOf(g, st.Technique))
		}
		return len(want) > 0
	})
	for tech := range want {
		t.Logf("no step of %s found", tech)
	}
}

func goldenPath(tech Technique) string {
	return filepath.Join("testdata", "techniques", tech.ID()+".txtar")
}

// walkPaths solves each puzzle of a rated file (the puzzle is the field
// before the last on each line) as Sudoku Explainer does, with the
// techniques of set (0: the default set), and calls f with
// the puzzle, the grid and each step before the step is applied, until f
// returns false.
func walkPaths(t *testing.T, file string, set TechniqueSet, f func(puzzle string, g *Grid, st *Step) bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		puzzle := fields[len(fields)-2]
		p, err := sudoku.Parse(puzzle)
		if err != nil {
			continue
		}
		g, err := NewGrid(p)
		if err != nil {
			continue
		}
		s, err := newSolver(context.Background(), g, Options{Techniques: set, AssumeUnique: true})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Solved() {
			st, err := s.next(g)
			if err != nil {
				break
			}
			if !f(puzzle, g, st) {
				return
			}
			g.Apply(st)
		}
	}
}

// writeGoldenFile writes the golden file of step st found on g: the
// puzzle, the candidates (a blank cell with one candidate written "."
// and the value), the step and its text.
func writeGoldenFile(t *testing.T, path, puzzle string, g *Grid, st *Step) {
	var marks strings.Builder
	for r := range g.geo.Side {
		var row strings.Builder
		for c := range g.geo.Side {
			i := r*g.geo.Side + c
			f := ""
			if v := g.values[i]; v != 0 {
				f = string(sudoku.SymbolByte(int(v)))
			} else {
				if g.cands[i].Count() == 1 {
					f = "."
				}
				for v := range g.cands[i].Values() {
					f += string(sudoku.SymbolByte(v))
				}
			}
			fmt.Fprintf(&row, "%-*s", g.geo.Side+1, f)
		}
		marks.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
	ar := &txtar.Archive{
		Comment: []byte(fmt.Sprintf("%s: the grid before the first %s step of the puzzle's path.\n", st.Name, st.Name)),
		Files: []txtar.File{
			{Name: "puzzle", Data: []byte(puzzle + "\n")},
			{Name: "marks", Data: []byte(marks.String())},
			{Name: "step", Data: []byte("technique: " + st.Technique.ID() + "\n" + describeStep(g, st))},
			{Name: "text", Data: []byte(st.Text + "\n")},
		},
	}
	if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}
