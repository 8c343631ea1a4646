package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Step is one deduction: the technique and the variant found, its rating,
// what it places and eliminates, what it looks at, and a plain sentence.
type Step struct {
	Technique Technique
	// Name is the variant found, as Sudoku Explainer names it (for example
	// "Hidden Single", "Skyscraper", "Unique Rectangle type 2").
	Name string
	// Rating is the step's difficulty on Sudoku Explainer's scale in
	// tenths: 12 is 1.2, 119 is 11.9.
	Rating int
	// Placements are the values the step puts in cells.
	Placements []sudoku.Candidate
	// Eliminations are the candidates the step removes.
	Eliminations []sudoku.Candidate
	// Cells are the cells the reasoning looks at (to highlight), and
	// Candidates the candidates it uses.
	Cells      []int
	Candidates []sudoku.Candidate
	// Units are the rows, columns and boxes the reasoning looks at, the
	// first being the region a vague hint names.
	Units []sudoku.Unit
	// Text says in one sentence why the step holds and what it does, for
	// example "In box 5, 7 fits only r5c4, so r5c4 = 7".
	Text string
	// Side is the number of cells in a unit of the grid (9 for 9x9), for
	// naming cells.
	Side int
	// Chain is a chain step's reasoning link by link (nil for other
	// steps), for its text in other languages.
	Chain *Chain
	// Rules are the rules of a variant puzzle the step rests on (a
	// cage, a thermometer ...), by index into its rules; nil for steps
	// on houses alone.
	Rules []RuleRef

	// explain, if set, completes Text (see Step.finish).
	explain func()
}

// RatingString returns the step's rating as Sudoku Explainer prints it,
// for example "1.2".
func (s *Step) RatingString() string { return FormatRating(s.Rating) }

// FormatRating writes a rating in tenths as Sudoku Explainer prints it:
// 12 is "1.2".
func FormatRating(r int) string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Vague returns a nudge that names only the technique and the region, for
// example "Look for a Hidden Single in box 5".
func (s *Step) Vague() string {
	name := s.Name
	if name == "" {
		name = s.Technique.String()
	}
	art := article(name)
	if len(s.Units) > 0 {
		return fmt.Sprintf("Look for %s %s in %s", art, name, s.Units[0])
	}
	return fmt.Sprintf("Look for %s %s", art, name)
}

// String returns the step's name, rating and sentence on one line.
func (s *Step) String() string {
	return fmt.Sprintf("%s (%s): %s", s.Name, s.RatingString(), s.Text)
}

// Places reports whether the step puts a value in a cell.
func (s *Step) Places() bool { return len(s.Placements) > 0 }

// unitOf returns the unit of unit index u (rows, then columns, then
// boxes) in a grid with side cells per unit.
func unitOf(u, side int) sudoku.Unit { return sudoku.UnitAt(u, side) }

// cellName names cell i, for example "r5c4".
func (g *Grid) cellName(i int) string { return sudoku.CellName(i, g.geo.Side) }

// unitName names unit u, for example "box 5".
func (g *Grid) unitName(u int) string { return g.unit(u).String() }

// cellList names cells, for example "r1c2, r1c5 and r3c4".
func (g *Grid) cellList(cells []int) string {
	names := make([]string, len(cells))
	for k, i := range cells {
		names[k] = g.cellName(i)
	}
	return joinAnd(names)
}

// valueList names values, for example "3, 5 and 7" or "3/5/7" if slash.
func valueList(vs []int, sep string) string {
	names := make([]string, len(vs))
	for k, v := range vs {
		names[k] = string(sudoku.SymbolByte(v))
	}
	if sep != "" {
		return strings.Join(names, sep)
	}
	return joinAnd(names)
}

// joinAnd joins words as a list in prose: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// elimText describes eliminations, grouped by value, for example
// "7 goes from r1c2 and r1c3; 4 from r2c2".
func (g *Grid) elimText(elims []sudoku.Candidate) string {
	byValue := map[int][]int{}
	var values []int
	for _, c := range elims {
		if _, ok := byValue[c.Value]; !ok {
			values = append(values, c.Value)
		}
		byValue[c.Value] = append(byValue[c.Value], c.Cell)
	}
	slices.Sort(values)
	parts := make([]string, len(values))
	for k, v := range values {
		cells := byValue[v]
		slices.Sort(cells)
		if k == 0 {
			parts[k] = fmt.Sprintf("%c goes from %s", sudoku.SymbolByte(v), g.cellList(cells))
		} else {
			parts[k] = fmt.Sprintf("%c from %s", sudoku.SymbolByte(v), g.cellList(cells))
		}
	}
	return strings.Join(parts, "; ")
}

// sortCandidates orders candidates by cell, then value.
func sortCandidates(cs []sudoku.Candidate) {
	slices.SortFunc(cs, func(a, b sudoku.Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return a.Value - b.Value
	})
}

// article returns the indefinite article, "a" or "an", for a word said
// aloud in English: "an X-Wing" and "an ALS-XZ" (letters named one by
// one: "ex", "ay"), "a Unique Rectangle" and "a W-Wing" ("you",
// "double-u"), "an 8", "an 11", "an 18" and "a 3".
func article(word string) string {
	if word == "" {
		return "a"
	}
	if c := word[0]; c >= '0' && c <= '9' {
		n := len(word) - len(strings.TrimLeft(word, "0123456789"))
		num := word[:n]
		if c == '8' || num == "11" || num == "18" {
			return "an"
		}
		return "a"
	}
	first, _, _ := strings.Cut(word, " ")
	first, _, _ = strings.Cut(first, "-")
	if len(first) == 1 || first == strings.ToUpper(first) {
		// a symbol or letters said one by one (XY, ALS, BUG as letters
		// too: "bee" and "bug" take the same article)
		if strings.ContainsRune("AEFHILMNORSX", rune(first[0])) {
			return "an"
		}
		return "a"
	}
	lower := strings.ToLower(word)
	for _, p := range []string{"uni", "use", "usu", "one", "eu"} {
		if strings.HasPrefix(lower, p) {
			return "a"
		}
	}
	if strings.ContainsRune("aeiou", rune(lower[0])) {
		return "an"
	}
	return "a"
}
