package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/internal/units"
	"github.com/gosudoku/sudoku/variant"
)

// The rules of a variant puzzle that are not houses or peers (cage sums,
// thermometers, arrows, dots, lines ...) give steps of their own: what the
// rule alone removes from the candidates as they stand, as package
// variant's engine propagates that one rule (Puzzle.Propagate, with a
// Listener that hears which rule removed what). A rule's step keeps the
// eliminations its propagation made before any row, column or region
// deduction joined in, so that the step rests on the rule alone.

// ruleProp is one rule of a variant puzzle with its own steps: the rule,
// its index in the puzzle's rules, its technique, and the puzzle of that
// rule alone on the grid's regions, which the engine propagates.
type ruleProp struct {
	k    int
	rule variant.Rule
	tech Technique
	pr   *variant.Propagator
}

// ruleTechnique is the technique of each rule kind's steps.
var ruleTechnique = map[string]Technique{
	"killer":          CageCombination,
	"parity":          RuleParity,
	"thermo":          RuleThermometer,
	"palindrome":      RulePalindrome,
	"kropki":          RuleKropki,
	"kropki-negative": RuleKropki,
	"xv":              RuleXV,
	"xv-negative":     RuleXV,
	"nonconsecutive":  RuleNonConsecutive,
	"whisper":         RuleWhisper,
	"arrow":           RuleArrow,
	"littlekiller":    RuleLittleKiller,
	"renban":          RuleRenban,
	"sandwich":        RuleSandwich,
}

// ruleRating is the rating of each rule technique's steps, in tenths (see
// the package documentation).
var ruleRating = map[Technique]int{
	RuleParity:         11,
	RuleThermometer:    16,
	RulePalindrome:     16,
	RuleKropki:         18,
	RuleXV:             18,
	RuleNonConsecutive: 18,
	RuleWhisper:        18,
	CageCombination:    20,
	RuleLittleKiller:   22,
	RuleArrow:          22,
	RuleRenban:         22,
	RuleSandwich:       25,
	RuleOther:          25,
}

// newRuleProp returns the ruleProp of rule k of p, or nil if the engine
// cannot propagate the rule alone (then the rule has no steps: a puzzle
// that needs them gets stuck, it is not explained wrongly).
func newRuleProp(p *variant.Puzzle, k int) *ruleProp {
	r := p.Rules[k]
	tech, ok := ruleTechnique[r.Kind()]
	if !ok {
		tech = RuleOther
	}
	q := &variant.Puzzle{Size: p.Size, Regions: p.Regions, Rules: []variant.Rule{r}}
	pr, err := variant.NewPropagator(q)
	if err != nil {
		return nil
	}
	return &ruleProp{k: k, rule: r, tech: tech, pr: pr}
}

// ruleListener keeps the eliminations of rule 0 until another rule (a
// row, column or region) makes one.
type ruleListener struct {
	elims   []uint64 // per cell, the values removed
	stopped bool
}

func (l *ruleListener) Eliminate(rule, cell int, values uint64) {
	if l.stopped {
		return
	}
	if rule != 0 {
		l.stopped = true
		return
	}
	l.elims[cell] |= values
}

// ruleStepFinder finds the steps of the variant rules of technique tech:
// for each such rule in the puzzle's order, the candidates it removes on
// its own.
func ruleStepFinder(tech Technique) finder {
	return func(e *env, g *Grid, yield func(*Step) bool) {
		hv := g.hv
		if hv == nil {
			return
		}
		for _, rp := range hv.props {
			if rp.tech != tech {
				continue
			}
			if e.stopped() {
				return
			}
			st := g.ruleStep(rp)
			if st != nil && !yield(st) {
				return
			}
		}
	}
}

// ruleStep returns the step of one rule on g, or nil if it removes
// nothing.
func (g *Grid) ruleStep(rp *ruleProp) *Step {
	n := g.geo.Side
	cands := g.engineCands()
	before := slices.Clone(cands)
	l := &ruleListener{elims: make([]uint64, n*n)}
	rp.pr.Propagate(cands, l)
	st := &Step{Technique: rp.tech, Name: rp.tech.String(), Rating: ruleRating[rp.tech],
		Rules: []RuleRef{{Index: rp.k, Kind: rp.rule.Kind(), Text: rp.rule.String()}}}
	for i, m := range l.elims {
		m &= uint64(g.cands[i])
		if g.values[i] != 0 || m == 0 {
			continue
		}
		for v := 1; v <= n; v++ {
			if m&(1<<(v-1)) != 0 {
				st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: i, Value: v})
			}
		}
	}
	if len(st.Eliminations) == 0 {
		return nil
	}
	// A rule that leaves a cell no candidate: the grid has no solution
	// (a player's wrong marks); no step.
	for _, c := range st.Eliminations {
		if uint64(g.cands[c.Cell])&^l.elims[c.Cell] == 0 {
			return nil
		}
	}
	cells := ruleCells(rp.rule, n)
	for _, i := range cells {
		st.Cells = append(st.Cells, i)
		for v := 1; v <= n; v++ {
			if g.values[i] == 0 && before[i]&(1<<(v-1)) != 0 && l.elims[i]&(1<<(v-1)) == 0 {
				st.Candidates = append(st.Candidates, sudoku.Candidate{Cell: i, Value: v})
			}
		}
	}
	name, why := upperFirst(rp.rule.String()), ruleWhy(rp.rule)
	if c, ok := rp.rule.(variant.Cage); ok && c.Sum != 0 {
		// the combinations as the candidates stood before the step
		h := g.Clone()
		for i := range h.cands {
			if h.values[i] == 0 {
				h.cands[i] = units.Set(before[i])
			}
		}
		if combos := cageCombos(h, cellIndexes(c.Cells, n), c.Sum); len(combos) > 0 {
			name, _, _ = strings.Cut(name, " (sum")
			why = fmt.Sprintf(", %d in %d cells: %s", c.Sum, len(c.Cells), comboText(combos))
		}
	}
	st.Text = fmt.Sprintf("%s%s, so %s", name, why, g.elimText(st.Eliminations))
	if c, ok := rp.rule.(variant.Cage); ok {
		// Eliminations outside the cage: the values every combination
		// needs leave the houses around it.
		in := cellIndexes(c.Cells, n)
		var inside, outside []sudoku.Candidate
		var needed units.Set
		for _, e := range st.Eliminations {
			if slices.Contains(in, e.Cell) {
				inside = append(inside, e)
			} else {
				outside = append(outside, e)
				needed = needed.Add(e.Value)
			}
		}
		if len(outside) > 0 {
			text := fmt.Sprintf("%s%s, so ", name, why)
			if len(inside) > 0 {
				text += g.elimText(inside) + "; and "
			}
			text += fmt.Sprintf("the cage holds %s, so %s", valueList(setValues(needed), ""), g.elimText(outside))
			st.Text = text
		}
	}
	return st
}

// ruleWhy says what a rule demands, as its kind's doc does: ": values
// strictly increase from the bulb".
func ruleWhy(r variant.Rule) string {
	if info, ok := variant.KindOf(r.Kind()); ok && info.Doc != "" {
		return ": " + info.Doc
	}
	return ""
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// RuleRef names the rule of a variant puzzle that a step rests on: its
// index in the puzzle's rules (variant.Puzzle.Rules), its kind (as
// variant.Kinds names it) and its description.
type RuleRef struct {
	Index int    `json:"index"`
	Kind  string `json:"kind"`
	Text  string `json:"text"`
}

// ruleCells returns the cells a rule is about, for a step to show, or
// nil for a rule of the whole grid.
func ruleCells(r variant.Rule, n int) []int {
	var cs []variant.Cell
	switch r := r.(type) {
	case variant.Cage:
		cs = r.Cells
	case variant.Thermo:
		cs = r.Cells
	case variant.Arrow:
		cs = append(append(cs, r.Circle...), r.Line...)
	case variant.Kropki:
		cs = r.Cells[:]
	case variant.XV:
		cs = r.Cells[:]
	case variant.Parity:
		cs = []variant.Cell{r.Cell}
	case variant.Whisper:
		cs = r.Cells
	case variant.Renban:
		cs = r.Cells
	case variant.Palindrome:
		cs = r.Cells
	case variant.LittleKiller:
		cs = r.Cells
	case variant.Sandwich:
		for k := 1; k <= n; k++ {
			if r.Column {
				cs = append(cs, variant.Cell{Row: k, Col: r.Index})
			} else {
				cs = append(cs, variant.Cell{Row: r.Index, Col: k})
			}
		}
	}
	out := make([]int, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Index(n))
	}
	return out
}

// cageCombos returns the sets of different values (as bit sets) that fill
// the cells with the sum, each value in a cell that has it as a
// candidate (or holds it), at most 8 of them.
func cageCombos(g *Grid, cells []int, sum int) []uint64 {
	n := g.geo.Side
	var out []uint64
	seen := map[uint64]bool{}
	var rec func(k int, used uint64, left int)
	rec = func(k int, used uint64, left int) {
		if len(out) > 8 {
			return
		}
		if k == len(cells) {
			if left == 0 && !seen[used] {
				seen[used] = true
				out = append(out, used)
			}
			return
		}
		i := cells[k]
		c := uint64(g.cands[i])
		if g.values[i] != 0 {
			c = 1 << (g.values[i] - 1)
		}
		for v := 1; v <= n && v <= left; v++ {
			if c&(1<<(v-1)) != 0 && used&(1<<(v-1)) == 0 {
				rec(k+1, used|1<<(v-1), left-v)
			}
		}
	}
	rec(0, 0, sum)
	slices.Sort(out)
	return out
}

// comboText words cage combinations: "only 1+2+4", "1+2+6 or 1+3+5".
func comboText(combos []uint64) string {
	if len(combos) > 8 {
		return "more than 8 combinations"
	}
	words := make([]string, len(combos))
	for k, m := range combos {
		var vs []string
		for v := 1; m != 0; v++ {
			if m&1 != 0 {
				vs = append(vs, string(sudoku.SymbolByte(v)))
			}
			m >>= 1
		}
		words[k] = strings.Join(vs, "+")
	}
	if len(words) == 1 {
		return "only " + words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// engineCands returns g's candidates as package variant's engine takes
// them: a filled cell holds its value alone.
func (g *Grid) engineCands() []uint64 {
	cands := make([]uint64, len(g.values))
	for i, v := range g.values {
		if v != 0 {
			cands[i] = 1 << (v - 1)
		} else {
			cands[i] = uint64(g.cands[i])
		}
	}
	return cands
}

// contraListener follows a propagation: the rules that remove values,
// the events, and the first cell left with no candidate.
type contraListener struct {
	rem    []uint64
	events int
	rules  []int // rule indexes (>= 0) that removed values, in order
	basic  bool  // rows, columns or regions removed values
	empty  int   // the first cell emptied, or -1
}

func (l *contraListener) Eliminate(rule, cell int, values uint64) {
	l.events++
	if rule >= 0 {
		if !slices.Contains(l.rules, rule) {
			l.rules = append(l.rules, rule)
		}
	} else {
		l.basic = true
	}
	l.rem[cell] &^= values
	if l.rem[cell] == 0 && l.empty < 0 {
		l.empty = cell
	}
}

// findRuleForcingChains finds the candidates of a variant grid with
// rules of their own (cages, lines, dots) whose play through every rule
// of the puzzle (package variant's propagation: each rule's eliminations,
// singles in rows, columns and regions) leaves some cell no candidate:
// the candidate goes. Of all such, the one whose propagation took the
// fewest eliminations; with Available, every one.
func findRuleForcingChains(e *env, g *Grid, yield func(*Step) bool) {
	hv := g.hv
	if hv == nil || hv.all == nil {
		return
	}
	n := g.geo.Side
	base := g.engineCands()
	cands := make([]uint64, len(base))
	var best *Step
	bestEvents := -1
	for i, v0 := range g.values {
		if v0 != 0 {
			continue
		}
		if e.stopped() {
			return
		}
		for v := range g.cands[i].Values() {
			copy(cands, base)
			cands[i] = 1 << (v - 1)
			l := &contraListener{rem: slices.Clone(cands), empty: -1}
			if hv.all.Propagate(cands, l) {
				continue
			}
			if !e.all && bestEvents >= 0 && l.events >= bestEvents {
				continue
			}
			st := g.ruleContradiction(i, v, l)
			if e.all {
				if !yield(st) {
					return
				}
				continue
			}
			best, bestEvents = st, l.events
		}
	}
	if best != nil {
		yield(best)
		return
	}
	if e.all {
		return
	}
	// No candidate fails alone: a cell whose every candidate, played out,
	// removes the same value from some cell (or a house's every place for
	// a value does): that value goes.
	p := hv.p
	var union []uint64
	forcing := func(srcs []sudoku.Candidate, what string, unit int) bool {
		union = union[:0]
		union = append(union, make([]uint64, len(base))...)
		live := 0
		for _, c := range srcs {
			copy(cands, base)
			cands[c.Cell] = 1 << (c.Value - 1)
			if !hv.all.Propagate(cands, nil) {
				continue
			}
			live++
			for k, m := range cands {
				union[k] |= m
			}
		}
		if live == 0 {
			return false
		}
		st := &Step{Technique: RuleForcingChain, Name: RuleForcingChain.String() + " (" + what + ")", Rating: 85,
			Candidates: srcs}
		for k, m := range base {
			if g.values[k] != 0 {
				continue
			}
			for gone := m &^ union[k]; gone != 0; gone &= gone - 1 {
				v := bits.TrailingZeros64(gone) + 1
				st.Eliminations = append(st.Eliminations, sudoku.Candidate{Cell: k, Value: v})
			}
		}
		if len(st.Eliminations) == 0 {
			return false
		}
		var names []string
		for _, c := range srcs {
			names = append(names, fmt.Sprintf("%s=%c", g.cellName(c.Cell), sudoku.SymbolByte(c.Value)))
			if !slices.Contains(st.Cells, c.Cell) {
				st.Cells = append(st.Cells, c.Cell)
			}
		}
		if unit >= 0 {
			st.Units = []sudoku.Unit{g.unit(unit)}
		}
		for k := range p.Rules {
			if hv.isOther(k) {
				st.Rules = append(st.Rules, RuleRef{Index: k, Kind: p.Rules[k].Kind(), Text: p.Rules[k].String()})
			}
		}
		st.Text = fmt.Sprintf("Each of %s, played out through the rules, removes the same candidates, so %s",
			joinOr(names), g.elimText(st.Eliminations))
		return !yield(st)
	}
	for i, v0 := range g.values {
		if v0 != 0 || g.cands[i].Count() < 2 {
			continue
		}
		if e.stopped() {
			return
		}
		var srcs []sudoku.Candidate
		for v := range g.cands[i].Values() {
			srcs = append(srcs, sudoku.Candidate{Cell: i, Value: v})
		}
		if forcing(srcs, "cell", -1) {
			return
		}
	}
	for u, cells := range g.geo.Units {
		for v := 1; v <= n; v++ {
			if e.stopped() {
				return
			}
			var srcs []sudoku.Candidate
			for _, i := range cells {
				if g.values[i] == 0 && g.cands[i].Has(v) {
					srcs = append(srcs, sudoku.Candidate{Cell: i, Value: v})
				}
			}
			if len(srcs) >= 2 && forcing(srcs, "region", u) {
				return
			}
		}
	}
}

// joinOr joins words as alternatives: "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// ruleContradiction words the step: cell i is not v, as its play through
// the rules l followed empties a cell.
func (g *Grid) ruleContradiction(i, v int, l *contraListener) *Step {
	p := g.hv.p
	st := &Step{Technique: RuleForcingChain, Name: RuleForcingChain.String(), Rating: 80,
		Eliminations: []sudoku.Candidate{{Cell: i, Value: v}},
		Cells:        []int{i},
		Candidates:   []sudoku.Candidate{{Cell: i, Value: v}}}
	var names []string
	for _, k := range l.rules {
		st.Rules = append(st.Rules, RuleRef{Index: k, Kind: p.Rules[k].Kind(), Text: p.Rules[k].String()})
		if len(names) < 4 {
			names = append(names, p.Rules[k].String())
		}
	}
	if len(l.rules) > len(names) {
		names = append(names, fmt.Sprintf("%d more rules", len(l.rules)-len(names)))
	}
	if l.basic {
		names = append(names, "rows, columns and regions")
	}
	what := "a contradiction"
	if l.empty >= 0 {
		what = g.cellName(l.empty) + " with no candidate"
		st.Cells = append(st.Cells, l.empty)
	}
	sym := sudoku.SymbolByte(v)
	st.Text = fmt.Sprintf("If %s were %c, playing it out through %s leaves %s, so %s is not %c",
		g.cellName(i), sym, joinAnd(names), what, g.cellName(i), sym)
	return st
}
