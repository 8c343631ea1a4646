package variant

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Families are the names Generate knows, to be joined by commas
// ("killer,x", "jigsaw,windoku").
var families = []struct {
	name, doc string
}{
	{"killer", "cages with sums grown from the solution, no givens unless needed"},
	{"jigsaw", "random connected regions instead of boxes"},
	{"x", "both main diagonals hold each value once"},
	{"windoku", "the hyper windows hold each value once (square sides)"},
	{"disjoint", "the disjoint groups hold each value once (boxes)"},
	{"antiknight", "cells a knight's move apart differ"},
	{"antiking", "cells a king's move apart differ"},
	{"nonconsecutive", "orthogonal neighbours are not consecutive"},
}

// Families returns the names Generate knows, each with a short doc.
func Families() [][2]string {
	out := make([][2]string, len(families))
	for k, f := range families {
		out[k] = [2]string{f.name, f.doc}
	}
	return out
}

// Spec says what Generate makes: a set of families on a grid of side
// Size. Make one with ParseSpec.
type Spec struct {
	Size     int
	Families []string // sorted, without repeats
	// MaxGivens bounds a killer's givens, one-cell cages counted as givens:
	// AnyGivens (what ParseSpec sets) keeps those its cages need, 0 none.
	MaxGivens int
}

// AnyGivens is the Spec.MaxGivens that puts no bound on a killer's givens.
const AnyGivens = -1

func (s Spec) has(name string) bool { return slices.Contains(s.Families, name) }

// String names the spec as ParseSpec reads it, "killer,x".
func (s Spec) String() string { return strings.Join(s.Families, ",") }

// MaxGenerateSize is the largest side Generate makes.
const MaxGenerateSize = 16

// ParseSpec reads a comma-separated list of families ("killer,x") for a
// grid of side size (0 means 9) and checks that they go together: windoku
// needs a square side (4, 9, 16), disjoint needs boxes (not jigsaw, not a
// prime side), nonconsecutive needs a side of at least 6, and every side
// is 4 to MaxGenerateSize.
func ParseSpec(names string, size int) (Spec, error) {
	if size == 0 {
		size = 9
	}
	s := Spec{Size: size, MaxGivens: AnyGivens}
	switch {
	case size < MinSize:
		return s, fmt.Errorf("variant: cannot generate a %dx%d grid (sides %d to %d)", size, size, MinSize, MaxGenerateSize)
	case size > MaxGenerateSize:
		return s, fmt.Errorf("variant: cannot generate a %dx%d grid (sides %d to %d: a 16x16 takes seconds, and from 25x25 up the engine can take minutes to find a grid that keeps x, windoku or disjoint alone)", size, size, MinSize, MaxGenerateSize)
	}
	for _, name := range strings.Split(names, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" || name == "classic" {
			continue
		}
		if !slices.ContainsFunc(families, func(f struct{ name, doc string }) bool { return f.name == name }) {
			var known []string
			for _, f := range families {
				known = append(known, f.name)
			}
			return s, fmt.Errorf("variant: unknown variant %q (known: %s)", name, strings.Join(known, ", "))
		}
		if !s.has(name) {
			s.Families = append(s.Families, name)
		}
	}
	slices.Sort(s.Families)
	r, c := BoxShape(size)
	switch {
	case s.has("windoku") && windokuSide(size) == 0:
		return s, fmt.Errorf("variant: windoku needs a square side (4, 9, 16), not %d", size)
	case s.has("disjoint") && (s.has("jigsaw") || r == 1):
		return s, fmt.Errorf("variant: disjoint groups need boxes (not jigsaw, not side %d)", size)
	case s.has("nonconsecutive") && size < 6:
		return s, fmt.Errorf("variant: nonconsecutive needs a side of at least 6, not %d", size)
	}
	// A prime side has no boxes: a Latin square with rules, as a jigsaw's
	// grid is before its regions.
	latin := r == 1 || s.has("jigsaw")
	for _, ng := range noGrid {
		if ng.size != size || ng.boxes && latin || !s.hasAll(ng.families) {
			continue
		}
		which := fmt.Sprintf("no %dx%d grid", size, size)
		switch {
		case ng.boxes:
			which += fmt.Sprintf(" with %dx%d boxes", r, c)
		case r > 1:
			which += ", whatever its regions,"
		}
		which += " keeps " + andList(strings.Split(ng.families, ","))
		return s, fmt.Errorf("%w: %s (a complete search finds none)", ErrNoGrid, which)
	}
	return s, nil
}

// andList joins names as a sentence does: "x", "both x and antiknight",
// "x, antiknight and antiking".
func andList(names []string) string {
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return "both " + names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// hasAll reports whether s has every family of a comma-separated list.
func (s Spec) hasAll(names string) bool {
	for _, name := range strings.Split(names, ",") {
		if !s.has(name) {
			return false
		}
	}
	return true
}

// ErrNoGrid is wrapped by the error of ParseSpec for families that no grid
// of the side keeps (x and antiknight on 6x6, for one), and of Generate
// when its search proves that no grid keeps them.
var ErrNoGrid = errors.New("variant: impossible rules")

// noGrid lists, per side, the smallest sets of families (killer and jigsaw
// aside) that no grid keeps: with boxes, or (boxes false) in a Latin square,
// so whatever the regions. A complete search found no grid for each; none
// for the sets not listed, sides 4 to 8 (TestNoGrid does both again; the
// long searches behind -nogrid.long). Side 9 holds the sets that searches
// of 30 s proved (the searches of 13 other sets with boxes and 9 without
// ended unproven); larger sides none.
var noGrid = []struct {
	size     int
	boxes    bool
	families string // sorted, comma-separated
}{
	{4, true, "antiknight,disjoint"},
	{4, false, "antiknight,x"},
	{4, false, "antiking"},
	{5, false, "antiknight,x"},
	{5, false, "antiking,antiknight"},
	{6, true, "disjoint,x"},
	{6, true, "disjoint,nonconsecutive"},
	{6, true, "antiknight,nonconsecutive"},
	{6, false, "antiknight,x"},
	{6, false, "antiking,x"},
	{6, false, "antiking,antiknight"},
	{6, false, "nonconsecutive,x"},
	{6, false, "antiking,nonconsecutive"},
	{7, false, "antiknight,x"},
	{7, false, "antiking,antiknight"},
	{8, true, "antiking,antiknight,disjoint"},
	{8, true, "antiking,nonconsecutive"},
	{8, false, "antiking,antiknight,x"},
	{8, false, "antiknight,nonconsecutive,x"},
	{8, false, "antiking,nonconsecutive,x"},
	{8, false, "antiking,antiknight,nonconsecutive"},
	{9, true, "antiknight,nonconsecutive,windoku"},
	{9, true, "antiking,nonconsecutive,windoku"},
	{9, false, "antiking,antiknight,nonconsecutive,x"},
	{9, false, "antiking,antiknight,nonconsecutive,windoku"},
}

// Generated is a puzzle Generate made, with its solution.
type Generated struct {
	Puzzle   *Puzzle
	Solution []int
}

// ErrGiveUp is returned when Generate found no puzzle within its limits
// (a combination of rules with no solution on this side, for example).
var ErrGiveUp = errors.New("variant: generator gave up")

// Generate makes one puzzle of spec from seed: the same seed gives the
// same puzzle. Its solution is unique. Its givens are minimal: none can
// be removed without a second solution (a removal whose search needs more
// than 50,000 guesses counts as not possible, and from 10x10 up so do those
// left when such searches have spent 500,000 guesses in all). A killer is cages grown
// from a random solution, regrown smaller where a second solution differs,
// then 2*Size random merges of neighbouring cages are tried (each kept if
// the puzzle stays unique within 300 guesses); it has no givens unless a
// cell needs pinning, which a one-cell cage would do; with spec.MaxGivens
// 0 or more, such cells are first merged into neighbouring cages while the
// puzzle stays unique, until at most MaxGivens are left (or another
// solution is tried). ctx ends it early.
func Generate(ctx context.Context, spec Spec, seed uint64) (*Generated, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	n := spec.Size
	var ordered []int // the first grid in order, for a layout that is always the same
	orderedDone := spec.has("jigsaw")
	for try := 0; try < generateTries; try++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := &Puzzle{Size: n, Givens: make([]int, n*n)}
		if spec.has("jigsaw") {
			p.Regions = randomJigsaw(rng, n)
		} else if r, c := BoxShape(n); r > 1 {
			p.Regions = Boxes(n, r, c)
		}
		p.Rules = spec.gridRules()
		if err := p.Validate(); err != nil {
			return nil, err
		}
		e := compile(p)
		sol := randomSolution(ctx, e, p.Givens, rng, int64(4*n*n))
		if sol == nil && try >= 3 && !orderedDone {
			// Random searches keep getting lost (nonconsecutive): take the
			// first grid in order, once, and move it by a random symmetry
			// at each try. A complete search that finds none is the end.
			orderedDone = true
			sr := newSearch(e, p.Givens, 1, Options{MaxNodes: orderedNodes(n)})
			res, err := sr.run(ctx)
			switch {
			case err == nil && res.Count == 0:
				return nil, fmt.Errorf("%w: no %dx%d grid%s keeps %s (a complete search finds none)", ErrNoGrid, n, n, boxesOf(p), andList(spec.gridFamilies()))
			case err == nil:
				ordered = res.Solution
			case !errors.Is(err, sudoku.ErrLimit):
				return nil, err
			}
		}
		if sol == nil && ordered != nil {
			sol = shuffleSolution(ordered, n, p.Regions != nil, spec.has("nonconsecutive"), rng)
		}
		if sol == nil {
			continue // no solution found quickly: another layout
		}
		if spec.has("killer") {
			rules, err := killer(ctx, p, sol, rng, n)
			if err != nil {
				return nil, err
			}
			if rules == nil {
				continue
			}
			p.Rules = rules
			if spec.MaxGivens >= 0 {
				ok, err := absorbSingles(ctx, p, sol, rng, spec.MaxGivens)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
			}
			if err := mergeCages(ctx, p, sol, rng, 2*n); err != nil {
				return nil, err
			}
			pinSingles(p, sol)
			return &Generated{Puzzle: p, Solution: sol}, nil
		}
		if err := minimizeGivens(ctx, e, p, sol, rng); err != nil {
			return nil, err
		}
		return &Generated{Puzzle: p, Solution: sol}, nil
	}
	return nil, fmt.Errorf("%w: no %v puzzle of side %d in %d tries (the rules may fit no grid of this side)", ErrGiveUp, spec, n, generateTries)
}

// generateTries bounds the layouts and grids Generate tries.
const generateTries = 100

// orderedNodes bounds the search for the first grid in order of side n.
func orderedNodes(n int) int64 { return int64(2000 * n * n) }

// boxesOf names p's boxes, " with 3x3 boxes", or "" for none.
func boxesOf(p *Puzzle) string {
	if r, c, ok := p.BoxDims(); ok {
		return fmt.Sprintf(" with %dx%d boxes", r, c)
	}
	return ""
}

// gridFamilies returns the families of s but killer and jigsaw.
func (s Spec) gridFamilies() []string {
	var out []string
	for _, f := range s.Families {
		if f != "killer" && f != "jigsaw" {
			out = append(out, f)
		}
	}
	return out
}

// gridRules returns the rules of spec's families but killer and jigsaw.
func (s Spec) gridRules() []Rule {
	var rules []Rule
	if s.has("x") {
		rules = append(rules, Diagonal{}, Diagonal{Positive: true})
	}
	for _, f := range []struct {
		name string
		rule Rule
	}{{"windoku", Windoku{}}, {"disjoint", Disjoint{}}, {"antiknight", AntiKnight{}}, {"antiking", AntiKing{}}, {"nonconsecutive", NonConsecutive{}}} {
		if s.has(f.name) {
			rules = append(rules, f.rule)
		}
	}
	return rules
}

// shuffleSolution moves a solution by a random symmetry that every rule
// Generate makes keeps: mirror images (and, with square boxes or none, a
// transposition), and a relabelling of the values (only reversal, v to
// n+1-v, when values must stay non-consecutive).
func shuffleSolution(sol []int, n int, boxes, consecutive bool, rng *rand.Rand) []int {
	r, c := BoxShape(n)
	out := make([]int, n*n)
	transpose := (!boxes || r == c) && rng.IntN(2) == 0
	flipR, flipC := rng.IntN(2) == 0, rng.IntN(2) == 0
	label := make([]int, n+1)
	if consecutive {
		rev := rng.IntN(2) == 0
		for v := 1; v <= n; v++ {
			label[v] = v
			if rev {
				label[v] = n + 1 - v
			}
		}
	} else {
		for k, v := range rng.Perm(n) {
			label[k+1] = v + 1
		}
	}
	for i, v := range sol {
		row, col := i/n, i%n
		if transpose {
			row, col = col, row
		}
		if flipR {
			row = n - 1 - row
		}
		if flipC {
			col = n - 1 - col
		}
		out[row*n+col] = label[v]
	}
	return out
}

// minimizeNodes bounds the search that judges the removal of a given.
const minimizeNodes = 1000

// minimizeBudget bounds the guesses of minimizeGivens' second pass from
// 10x10 up: on a 16x16 jigsaw that pass took 45 of 46 s (60 givens at up
// to 50,000 guesses each).
const minimizeBudget = 500_000

// minimizeGivens starts from the whole solution and removes givens in
// random order while the puzzle stays unique.
func minimizeGivens(ctx context.Context, e *engine, p *Puzzle, sol []int, rng *rand.Rand) error {
	copy(p.Givens, sol)
	// The given at i can go if no solution of the rest has another value
	// at i: a search for one with sol[i] excluded, which mostly fails fast.
	// A search that needs more than minimizeNodes guesses keeps the given
	// for a second pass with a larger limit; past that the given stays.
	sr := newSearch(e, p.Givens, 1, Options{CountOnly: true, MaxNodes: minimizeNodes})
	sr.exclude = make([]int, 2)
	var hard []int
	var spent int64 // guesses of the second pass
	try := func(i int) (bool, error) {
		p.Givens[i] = 0
		sr.exclude[0], sr.exclude[1] = i, sol[i]
		res, err := sr.run(ctx)
		spent += res.Guesses
		if err != nil && !errors.Is(err, sudoku.ErrLimit) {
			return false, err
		}
		if err != nil || res.Count != 0 {
			p.Givens[i] = sol[i]
		}
		return err != nil, nil
	}
	for _, i := range rng.Perm(len(sol)) {
		limited, err := try(i)
		if err != nil {
			return err
		}
		if limited {
			hard = append(hard, i)
		}
	}
	sr.opt.MaxNodes = 50 * minimizeNodes
	spent = 0
	for _, i := range hard {
		if p.Size > 9 && spent >= minimizeBudget {
			break // the rest keep their givens
		}
		if _, err := try(i); err != nil {
			return err
		}
	}
	return nil
}

// pinSingles turns one-cell cages into givens.
func pinSingles(p *Puzzle, sol []int) {
	rules := p.Rules[:0]
	for _, r := range p.Rules {
		if c, ok := r.(Cage); ok && len(c.Cells) == 1 {
			p.Givens[c.Cells[0].Index(p.Size)] = sol[c.Cells[0].Index(p.Size)]
			continue
		}
		rules = append(rules, r)
	}
	p.Rules = rules
}

// splitCages splits rules into the killer cages and the other rules.
func splitCages(rules []Rule) (cages []Cage, others []Rule) {
	for _, r := range rules {
		if c, ok := r.(Cage); ok {
			cages = append(cages, c)
		} else {
			others = append(others, r)
		}
	}
	return cages, others
}

// absorbSingles merges one-cell cages into a neighbouring cage (or two
// such cages into one) while the puzzle stays unique, proven by a complete
// search of at most 200*Size*Size guesses, until at most maxGivens are
// left. It reports whether it got there.
func absorbSingles(ctx context.Context, p *Puzzle, sol []int, rng *rand.Rand, maxGivens int) (bool, error) {
	n := p.Size
	cages, others := splitCages(p.Rules)
	owner := make([]int, n*n)
	for k, c := range cages {
		for _, cell := range c.Cells {
			owner[cell.Index(n)] = k
		}
	}
	singles := 0
	for _, c := range cages {
		if len(c.Cells) == 1 {
			singles++
		}
	}
	for _, k := range rng.Perm(len(cages)) {
		if singles <= maxGivens {
			break
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if k >= len(cages) || len(cages[k].Cells) != 1 {
			continue
		}
		single := cages[k]
		i := single.Cells[0].Index(n)
		nb := orthogonal(i, n)
		rng.Shuffle(len(nb), func(a, b int) { nb[a], nb[b] = nb[b], nb[a] })
		for _, j := range nb {
			if j < 0 {
				continue
			}
			o := owner[j]
			other := cages[o]
			if len(other.Cells) >= n || !disjointValues(single, other, sol, n) {
				continue
			}
			merged := Cage{Cells: append(append([]Cell(nil), other.Cells...), single.Cells...), Sum: other.Sum + single.Sum}
			trial := append([]Rule(nil), others...)
			for x, c := range cages {
				switch x {
				case o:
					trial = append(trial, merged)
				case k:
				default:
					if len(c.Cells) > 0 {
						trial = append(trial, c)
					}
				}
			}
			q := &Puzzle{Size: n, Regions: p.Regions, Givens: p.Givens, Rules: trial}
			res, err := newSearch(compile(q), p.Givens, 2, Options{CountOnly: true, MaxNodes: int64(200 * n * n)}).run(ctx)
			if err != nil && !errors.Is(err, sudoku.ErrLimit) {
				return false, err
			}
			if err != nil || res.Count != 1 {
				continue
			}
			singles--
			if len(other.Cells) == 1 {
				singles--
			}
			cages[o] = merged
			cages[k] = Cage{} // left out below; keeps the indexes of the walk
			owner[i] = o
			break
		}
	}
	p.Rules = others
	for _, c := range cages {
		if len(c.Cells) > 0 {
			p.Rules = append(p.Rules, c)
		}
	}
	return singles <= maxGivens, nil
}

// mergeNodes bounds the search that judges a merge of two cages.
const mergeNodes = 300

// mergeCages merges neighbouring cages (whose values differ) in random
// order while the puzzle stays unique, until no merge keeps it unique.
func mergeCages(ctx context.Context, p *Puzzle, sol []int, rng *rand.Rand, budget int) error {
	n := p.Size
	cages, others := splitCages(p.Rules)
	owner := make([]int, n*n)
	setOwners := func() {
		for k, c := range cages {
			for _, cell := range c.Cells {
				owner[cell.Index(n)] = k
			}
		}
	}
	setOwners()
	tried := map[[2]int]bool{} // pairs of cages (by first cell) that failed
	key := func(a, b Cage) [2]int {
		x, y := a.Cells[0].Index(n), b.Cells[0].Index(n)
		return [2]int{min(x, y), max(x, y)}
	}
	for {
		var pairs [][2]int
		for i := range n * n {
			for _, j := range orthogonal(i, n) {
				if j > i && owner[j] != owner[i] {
					a, b := cages[owner[i]], cages[owner[j]]
					if len(a.Cells)+len(b.Cells) <= n && !tried[key(a, b)] && disjointValues(a, b, sol, n) {
						pairs = append(pairs, [2]int{owner[i], owner[j]})
					}
				}
			}
		}
		if len(pairs) == 0 || budget <= 0 {
			break
		}
		budget--
		pr := pairs[rng.IntN(len(pairs))]
		a, b := cages[pr[0]], cages[pr[1]]
		merged := Cage{Cells: append(append([]Cell(nil), a.Cells...), b.Cells...), Sum: a.Sum + b.Sum}
		trial := make([]Rule, 0, len(others)+len(cages))
		trial = append(trial, others...)
		for k, c := range cages {
			switch k {
			case pr[0]:
				trial = append(trial, merged)
			case pr[1]:
			default:
				trial = append(trial, c)
			}
		}
		q := &Puzzle{Size: n, Regions: p.Regions, Givens: p.Givens, Rules: trial}
		// A merge that needs a long search is not kept: the puzzle stays
		// quick to solve and the generator quick.
		res, err := newSearch(compile(q), p.Givens, 2, Options{CountOnly: true, MaxNodes: mergeNodes}).run(ctx)
		if err != nil && !errors.Is(err, sudoku.ErrLimit) {
			return err
		}
		if err != nil || res.Count != 1 {
			tried[key(a, b)] = true
			continue
		}
		cages[pr[0]] = merged
		cages = slices.Delete(cages, pr[1], pr[1]+1)
		setOwners()
	}
	p.Rules = others
	for _, c := range cages {
		p.Rules = append(p.Rules, c)
	}
	return nil
}

func disjointValues(a, b Cage, sol []int, n int) bool {
	var m uint64
	for _, c := range a.Cells {
		m |= 1 << sol[c.Index(n)]
	}
	for _, c := range b.Cells {
		if m&(1<<sol[c.Index(n)]) != 0 {
			return false
		}
	}
	return true
}

// randomJigsaw returns a random partition into n connected regions of n
// cells: from boxes (or rows, for a prime side) it moves cells between
// neighbouring regions, two at a time, while both stay connected.
func randomJigsaw(rng *rand.Rand, n int) []int {
	reg := Boxes(n, BoxShapeRows(n), n/BoxShapeRows(n))
	moves := 0
	for attempt := 0; moves < 6*n*n/4 && attempt < 200*n*n; attempt++ {
		a := rng.IntN(n * n)
		nb := orthogonal(a, n)
		b := nb[rng.IntN(4)]
		if b < 0 || reg[b] == reg[a] {
			continue
		}
		ra, rb := reg[a], reg[b]
		// a goes to rb; some cell c of rb next to ra goes to ra.
		var cs []int
		for c := range reg {
			if reg[c] != rb || c == b {
				continue
			}
			for _, d := range orthogonal(c, n) {
				if d >= 0 && d != a && reg[d] == ra {
					cs = append(cs, c)
					break
				}
			}
		}
		if len(cs) == 0 {
			continue
		}
		c := cs[rng.IntN(len(cs))]
		reg[a], reg[c] = rb, ra
		if connected(reg, n, ra) && connected(reg, n, rb) {
			moves++
		} else {
			reg[a], reg[c] = ra, rb
		}
	}
	return reg
}

// BoxShapeRows returns the box height for a side n: BoxShape's r, or 1
// (rows as regions) for a prime side.
func BoxShapeRows(n int) int {
	r, _ := BoxShape(n)
	return r
}

// connected reports whether region r of reg is connected.
func connected(reg []int, n, r int) bool {
	start, size := -1, 0
	for i, x := range reg {
		if x == r {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	count, _ := reach(reg, n, start, make([]bool, n*n), nil)
	return count == size
}

// randomSolution fills the grid with a random solution of e's rules
// (givens kept): the search tries values in random order. It returns nil
// if there is none or the search hit maxNodes.
func randomSolution(ctx context.Context, e *engine, givens []int, rng *rand.Rand, maxNodes int64) []int {
	sr := newSearch(e, givens, 1, Options{MaxNodes: maxNodes})
	sr.rng = rng
	res, err := sr.run(ctx)
	if err != nil || res.Count == 0 {
		return nil
	}
	return res.Solution
}

// pick returns a random value of m (a candidate set) as a one-bit mask.
func pick(rng *rand.Rand, m uint64) uint64 {
	k := rng.IntN(bits.OnesCount64(m))
	for ; k > 0; k-- {
		m &= m - 1
	}
	return m & -m
}

// growCages partitions cells (the others keep their cage in cageOf) into
// cages of different values of sol, grown from random cells to random
// sizes up to maxSize; next is the first free cage id, and the next free
// one is returned.
func growCages(rng *rand.Rand, n int, sol []int, cageOf []int, cells []int, maxSize int, next int) int {
	for _, c := range cells {
		cageOf[c] = -1
	}
	order := append([]int(nil), cells...)
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	var members, frontier []int
	for _, start := range order {
		if cageOf[start] >= 0 {
			continue
		}
		target := cageSize(rng, maxSize)
		id := next
		next++
		cageOf[start] = id
		members = append(members[:0], start)
		used := uint64(1) << (sol[start] - 1)
		for len(members) < target {
			frontier = frontier[:0]
			for _, m := range members {
				for _, j := range orthogonal(m, n) {
					if j >= 0 && cageOf[j] == -1 && used&(1<<(sol[j]-1)) == 0 {
						frontier = append(frontier, j)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			j := frontier[rng.IntN(len(frontier))]
			cageOf[j] = id
			used |= 1 << (sol[j] - 1)
			members = append(members, j)
		}
	}
	return next
}

// cageSize draws a cage size: mostly 2 to 4 cells.
func cageSize(rng *rand.Rand, maxSize int) int {
	sizes := [...]int{2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6}
	return min(sizes[rng.IntN(len(sizes))], maxSize)
}

// cagesOf turns a cage map into Cage rules with the sums of sol.
func cagesOf(n int, sol, cageOf []int) []Rule {
	byID := map[int][]int{}
	var ids []int
	for i, id := range cageOf {
		if _, ok := byID[id]; !ok {
			ids = append(ids, id)
		}
		byID[id] = append(byID[id], i)
	}
	rules := make([]Rule, 0, len(ids))
	for _, id := range ids {
		cells := byID[id]
		sum := 0
		for _, c := range cells {
			sum += sol[c]
		}
		rules = append(rules, Cage{Cells: cellsAt(cells, n), Sum: sum})
	}
	return rules
}

func cellsAt(ix []int, n int) []Cell {
	cs := make([]Cell, len(ix))
	for k, i := range ix {
		cs[k] = CellAt(i, n)
	}
	return cs
}

// killer grows the cages of a killer puzzle over p's layout and rules
// from the solution sol, then regrows smaller the cages holding cells
// where two solutions differ until the puzzle is unique. It returns p's
// rules plus the cages, or nil if it gave up.
func killer(ctx context.Context, p *Puzzle, sol []int, rng *rand.Rand, maxSize int) ([]Rule, error) {
	n := p.Size
	cageOf := make([]int, n*n)
	all := make([]int, n*n)
	for i := range all {
		all[i] = i
	}
	next := growCages(rng, n, sol, cageOf, all, maxSize, 0)
	for round := 0; round < 4*n; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q := &Puzzle{Size: n, Regions: p.Regions, Rules: append(slices.Clip(p.Rules), cagesOf(n, sol, cageOf)...)}
		sr := newSearch(compile(q), make([]int, n*n), 2, Options{MaxNodes: int64(200 * n * n)})
		sr.keep2 = true
		res, err := sr.run(ctx)
		if err != nil && !errors.Is(err, sudoku.ErrLimit) {
			return nil, err
		}
		if err == nil && res.Count == 1 {
			return q.Rules, nil
		}
		// Regrow, smaller, the cages where two solutions differ (or, if the
		// search gave up, the largest cages).
		redoCage := map[int]bool{}
		if err == nil {
			for i := range sol {
				if sr.sol[i] != sr.sol2[i] {
					redoCage[cageOf[i]] = true
				}
			}
		} else {
			size := map[int]int{}
			for _, id := range cageOf {
				size[id]++
			}
			for id, s := range size {
				if s >= 4 {
					redoCage[id] = true
				}
			}
		}
		var redo []int
		for i := range sol {
			if redoCage[cageOf[i]] {
				redo = append(redo, i)
			}
		}
		if len(redo) == 0 {
			return nil, nil
		}
		next = growCages(rng, n, sol, cageOf, redo, max(1, maxSize-1-round/4), next)
	}
	return nil, nil
}
