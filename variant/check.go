package variant

import (
	"fmt"
	"strconv"
	"strings"
)

// Violation is one broken rule in a grid: Rule is the rule's index in
// Puzzle.Rules, or RuleRows, RuleColumns or RuleRegions; Cells are the cells
// at fault; Text says what is wrong in words, for example
// "cage r1c1-r2c1 (sum 10) holds 3+8 = 11".
type Violation struct {
	Rule  int
	Cells []int
	Text  string
}

// Rule indexes of the structural rules, in Violation and Listener.
const (
	RuleRows    = -1
	RuleColumns = -2
	RuleRegions = -3
	RuleGivens  = -4
	// RuleSums names eliminations of the 45 rule: the sum of whole units
	// less the cages inside them (innies) or sticking out (outies).
	RuleSums = -5
)

// CheckError lists the broken rules of a grid, in the order of the rules.
type CheckError struct {
	Violations []Violation
}

func (e *CheckError) Error() string {
	if len(e.Violations) == 0 {
		return "no violations"
	}
	s := e.Violations[0].Text
	if k := len(e.Violations) - 1; k > 0 {
		s += fmt.Sprintf(" (and %d more)", k)
	}
	return s
}

// Check judges vals (Size*Size values, 0 for a blank) by the puzzle's
// rules and returns a *CheckError listing every broken one, or nil. A
// blank cell breaks nothing: a rule is judged on the cells filled so far,
// as far as they decide it (a cage sum once the cage is full, two equal
// digits in a row at once). A complete grid that passes Check is a
// solution, provided it also agrees with the givens (Check reports a
// filled cell that differs from its given too). p must be valid (see
// Validate); Check returns that error otherwise.
func (p *Puzzle) Check(vals []int) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if len(vals) != p.Size*p.Size {
		return &RuleError{-1, "grid", ruleErr("%d values for %d cells", len(vals), p.Size*p.Size)}
	}
	ck := checker{p: p, n: p.Size, v: vals}
	ck.run()
	if len(ck.out) == 0 {
		return nil
	}
	return &CheckError{ck.out}
}

// checker collects violations; rules report through it.
type checker struct {
	p    *Puzzle
	n    int
	v    []int
	rule int
	out  []Violation
	stop bool // stop at the first violation (the reference solver)
}

func (ck *checker) run() {
	n, v := ck.n, ck.v
	for i, x := range v {
		if x < 0 || x > n {
			ck.rule = RuleGivens
			ck.add([]int{i}, "%s holds %d, not in 1..%d", CellName(i, n), x, n)
			return
		}
	}
	if ck.p.Givens != nil {
		ck.rule = RuleGivens
		for i, g := range ck.p.Givens {
			if g != 0 && v[i] != 0 && v[i] != g {
				ck.add([]int{i}, "%s holds %d but its given is %d", CellName(i, n), v[i], g)
			}
		}
	}
	cells := make([]int, n)
	ck.rule = RuleRows
	for r := range n {
		for c := range n {
			cells[c] = r*n + c
		}
		ck.distinct(cells, label{"row", r + 1})
	}
	ck.rule = RuleColumns
	for c := range n {
		for r := range n {
			cells[r] = r*n + c
		}
		ck.distinct(cells, label{"column", c + 1})
	}
	if reg := ck.p.Regions; reg != nil {
		ck.rule = RuleRegions
		word := "region"
		if _, _, ok := ck.p.BoxDims(); ok {
			word = "box"
		}
		for r := range n {
			cells = cells[:0]
			for i, x := range reg {
				if x == r {
					cells = append(cells, i)
				}
			}
			ck.distinct(cells, label{word, r + 1})
		}
	}
	for k, r := range ck.p.Rules {
		if ck.stop && len(ck.out) > 0 {
			return
		}
		ck.rule = k
		r.check(ck)
	}
}

// add reports a violation of the current rule.
func (ck *checker) add(cells []int, format string, args ...any) {
	ck.out = append(ck.out, Violation{Rule: ck.rule, Cells: append([]int(nil), cells...), Text: fmt.Sprintf(format, args...)})
}

// label names a numbered group, "row 3", only when a message needs it.
type label struct {
	word string
	k    int
}

func (l label) String() string { return l.word + " " + strconv.Itoa(l.k) }

// distinct reports two filled cells of one group holding the same value:
// "row 1: r1c1 and r1c3 both hold 5".
func (ck *checker) distinct(cells []int, name fmt.Stringer) {
	for a := range cells {
		va := ck.v[cells[a]]
		if va == 0 {
			continue
		}
		for b := a + 1; b < len(cells); b++ {
			if ck.v[cells[b]] == va {
				ck.add([]int{cells[a], cells[b]}, "%s: %s and %s both hold %d", name, CellName(cells[a], ck.n), CellName(cells[b], ck.n), va)
			}
		}
	}
}

// full reports whether every cell of cells is filled.
func (ck *checker) full(cells []int) bool {
	for _, c := range cells {
		if ck.v[c] == 0 {
			return false
		}
	}
	return true
}

// sumText writes the values of cells as "3+8" and returns it with the sum.
func (ck *checker) sumText(cells []int) (string, int) {
	var b strings.Builder
	s := 0
	for k, c := range cells {
		if k > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(ck.v[c]))
		s += ck.v[c]
	}
	return b.String(), s
}

// at names a cell with its value, "r4c5 = 3".
func (ck *checker) at(c int) string {
	return CellName(c, ck.n) + " = " + strconv.Itoa(ck.v[c])
}
