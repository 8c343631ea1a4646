package web

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/logic"
	"golang.org/x/tools/txtar"
)

var updateGuide = flag.Bool("update-guide", false, "TestGuideExamples: rewrite static/guide.json from logic's golden files")

// guideExample is one technique's example in static/guide.json: the grid
// just before a step of it (its order, 3 for 9x9; the givens, the values
// placed, the candidates of each cell as a bit set, bit v-1 for v) and
// that step as the API gives it.
type guideExample struct {
	Order  int             `json:"order"`
	Puzzle string          `json:"puzzle"`
	Grid   string          `json:"grid"`
	Cands  []uint64        `json:"cands"`
	Step   json.RawMessage `json:"step"`
}

// guideExamples makes the example of every technique that logic's golden
// files (../logic/testdata/techniques: the grid before the first step of
// the technique in a rated puzzle's path) have: the step our logic finds
// there with only that technique (at 16x16 for the chains of the orders
// other than 9x9).
func guideExamples(t *testing.T) map[string]guideExample {
	// The golden file of each technique: ID.txtar, else the first (by
	// name) whose step is of that technique.
	files, _ := filepath.Glob(filepath.Join("..", "logic", "testdata", "techniques", "*.txtar"))
	golden := make(map[string]map[string]string)
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sec := map[string]string{}
		for _, f := range ar.Files {
			sec[f.Name] = strings.TrimSpace(string(f.Data))
		}
		first, _, _ := strings.Cut(sec["step"], "\n")
		id := strings.TrimSpace(strings.TrimPrefix(first, "technique:"))
		sec["file"] = file
		if _, ok := golden[id]; !ok || filepath.Base(file) == id+".txtar" {
			golden[id] = sec
		}
	}
	out := make(map[string]guideExample)
	for _, tech := range logic.Techniques() {
		id := tech.ID()
		sec, ok := golden[id]
		if !ok {
			continue // no example of this one
		}
		file := sec["file"]
		p, err := sudoku.Parse(sec["puzzle"])
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		n := p.Side() * p.Side()
		fields := strings.Fields(sec["marks"])
		if len(fields) != n {
			t.Fatalf("%s: %d fields of marks, want %d", file, len(fields), n)
		}
		cur := p.Clone()
		cands := make([]uint64, n)
		for i, f := range fields {
			// A blank cell's field may start with '.' (a blank with one
			// candidate); one symbol otherwise is a placed value.
			blank := strings.HasPrefix(f, ".")
			f = strings.TrimPrefix(f, ".")
			for k := range len(f) {
				v, _ := sudoku.SymbolValue(f[k])
				cands[i] |= 1 << (v - 1)
			}
			if len(f) == 1 && !blank && p.Cell(i) == 0 {
				v, _ := sudoku.SymbolValue(f[0])
				if err := cur.SetCell(i, v); err != nil {
					t.Fatal(err)
				}
			}
		}
		withMarks := cur.Clone()
		for i, m := range cands {
			if cur.Cell(i) == 0 {
				if err := withMarks.SetMarks(i, m); err != nil {
					t.Fatal(err)
				}
			}
		}
		g, err := logic.NewGrid(withMarks)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		st, err := stepOf(g, tech)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		b, err := json.Marshal(stepJSON{st})
		if err != nil {
			t.Fatal(err)
		}
		out[id] = guideExample{Order: p.Order(), Puzzle: p.String(), Grid: cur.String(), Cands: cands, Step: b}
	}
	return out
}

// stepOf returns the first step of technique tech on g: as Next finds it
// with only that technique, else (a single or a direct technique that
// needs the others' rules) the first of that technique among the steps
// available with them all.
func stepOf(g *logic.Grid, tech logic.Technique) (*logic.Step, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := logic.Next(ctx, g, logic.Options{Techniques: logic.TechniqueSet(0).With(tech), AssumeUnique: true})
	if err == nil && st.Technique == tech {
		return st, nil
	}
	all, err := logic.Available(ctx, g, logic.Options{Techniques: logic.AllTechniques(), AssumeUnique: true}, 0)
	for _, st := range all {
		if st.Technique == tech {
			return st, nil
		}
	}
	return nil, fmt.Errorf("logic finds no %s step there (%v)", tech.ID(), err)
}

// TestGuideExamples checks static/guide.json, the technique guide's
// examples, against our logic (-update-guide rewrites it).
func TestGuideExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("finds a step of every technique, chains too")
	}
	ex := guideExamples(t)
	if len(ex) < 30 {
		t.Errorf("examples of %d techniques, want the 30 or more logic has golden files of", len(ex))
	}
	var buf bytes.Buffer
	buf.WriteString("{\n")
	n := 0
	for _, tech := range logic.Techniques() {
		e, ok := ex[tech.ID()]
		if !ok {
			continue
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			buf.WriteString(",\n")
		}
		fmt.Fprintf(&buf, "%q: %s", tech.ID(), b)
		n++
	}
	buf.WriteString("\n}\n")
	const file = "static/guide.json"
	if *updateGuide {
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(file)
	if err != nil || !bytes.Equal(old, buf.Bytes()) {
		t.Errorf("%s is not what our logic finds now (%v): go test ./web -run TestGuideExamples -update-guide", file, err)
	}
}
