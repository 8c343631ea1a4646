package logic

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// TechniqueSet is a set of techniques: bit t holds Technique t.
type TechniqueSet uint64

// Has reports whether t is in the set.
func (s TechniqueSet) Has(t Technique) bool { return s&(1<<t) != 0 }

// With returns the set with t added.
func (s TechniqueSet) With(t ...Technique) TechniqueSet {
	for _, x := range t {
		s |= 1 << x
	}
	return s
}

// Without returns the set with t removed.
func (s TechniqueSet) Without(t ...Technique) TechniqueSet {
	for _, x := range t {
		s &^= 1 << x
	}
	return s
}

// DefaultTechniques is the set SukakuExplainer (v1.18) uses by default: SE
// 1.2.1's rules plus Turbot Fish, 3 and 4 strong-linked fishes and the
// WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wings.
func DefaultTechniques() TechniqueSet {
	return AllTechniques().Without(FinnedFish, WWing, ALSXZ)
}

// AllTechniques is every technique, SE's and the extra ones: finned and
// sashimi fish, W-Wings and ALS-XZ (rated near SE's fish and wings, but
// not used by SE, so not in the default set).
func AllTechniques() TechniqueSet {
	return TechniqueSet(1)<<numTechniques - 1
}

// SE121Techniques is exactly Sudoku Explainer 1.2.1's set of rules.
func SE121Techniques() TechniqueSet {
	return DefaultTechniques().Without(TurbotFish, ThreeStrongLinks, FourStrongLinks,
		WXYZWing, VWXYZWing, UVWXYZWing, TUVWXYZWing)
}

// ParseTechniqueSet reads a set by name: "default", "se121" or "all", or
// a comma-separated list of technique IDs (singles are always included).
func ParseTechniqueSet(s string) (TechniqueSet, error) {
	switch s {
	case "", "default", "sukaku":
		return DefaultTechniques(), nil
	case "se121":
		return SE121Techniques(), nil
	case "all":
		return AllTechniques(), nil
	}
	set := TechniqueSet(0).With(FullHouse, HiddenSingle, NakedSingle)
	for _, name := range strings.Split(s, ",") {
		t, err := ParseTechnique(strings.TrimSpace(name))
		if err != nil {
			return 0, err
		}
		set = set.With(t)
	}
	return set, nil
}

// Options choose the techniques and bound the work of a search for steps.
// The zero value uses DefaultTechniques without a step limit; the context
// still ends any search.
type Options struct {
	// Techniques are the techniques that may be used; 0 means
	// DefaultTechniques.
	Techniques TechniqueSet
	// MaxSteps stops a path after this many steps with ErrLimit; 0 means
	// no limit.
	MaxSteps int
	// AssumeUnique says that the puzzle is known to have exactly one
	// solution, so uniqueness techniques (unique rectangles, BUG) may be
	// used without checking. Otherwise the solutions are counted first
	// (see CheckUnique), and a grid without exactly one is refused.
	AssumeUnique bool
	// MaxGuesses bounds that count (see CheckUnique); 0 means
	// DefaultMaxGuesses.
	MaxGuesses int64
}

// ErrStuck is returned when no technique of the set applies and the grid
// is not solved (Sudoku Explainer's "beyond solver").
var ErrStuck = errors.New("logic: no technique applies")

// ErrLimit is returned when a path reaches Options.MaxSteps.
var ErrLimit = errors.New("logic: step limit reached")

// finder looks for steps of one rule in g and passes each to yield until
// yield returns false. Finders must not modify g.
type finder func(e *env, g *Grid, yield func(*Step) bool)

// rule is one of Sudoku Explainer's hint producers: a technique and the
// finder of its steps.
type rule struct {
	tech Technique
	find finder
	// minOrder is the smallest order (box width) the rule works for;
	// maxOrder the largest (0: any).
	minOrder, maxOrder int
	// big rules work at every order but 3, where SE's own rules run.
	big bool
	// variant rules work on variant grids only (their rules' steps).
	variant bool
}

// rules lists the rules in Sudoku Explainer's order: the first rule that
// finds a step gives the next step of a path. The order is SE 1.2.1's (and
// SukakuExplainer's default), which is not sorted by difficulty.
var rules = []rule{
	{tech: HiddenSingle, find: findHiddenSingles},
	{tech: DirectPointing, find: findDirectIntersections},
	{tech: DirectHiddenPair, find: hiddenSetFinder(2, true)},
	{tech: NakedSingle, find: findNakedSingles},
	{tech: RuleParity, find: ruleStepFinder(RuleParity), variant: true},
	{tech: RuleThermometer, find: ruleStepFinder(RuleThermometer), variant: true},
	{tech: RulePalindrome, find: ruleStepFinder(RulePalindrome), variant: true},
	{tech: RuleKropki, find: ruleStepFinder(RuleKropki), variant: true},
	{tech: RuleXV, find: ruleStepFinder(RuleXV), variant: true},
	{tech: RuleNonConsecutive, find: ruleStepFinder(RuleNonConsecutive), variant: true},
	{tech: RuleWhisper, find: ruleStepFinder(RuleWhisper), variant: true},
	{tech: CageCombination, find: ruleStepFinder(CageCombination), variant: true},
	{tech: RuleLittleKiller, find: ruleStepFinder(RuleLittleKiller), variant: true},
	{tech: RuleArrow, find: ruleStepFinder(RuleArrow), variant: true},
	{tech: RuleRenban, find: ruleStepFinder(RuleRenban), variant: true},
	{tech: RuleSandwich, find: ruleStepFinder(RuleSandwich), variant: true},
	{tech: RuleOther, find: ruleStepFinder(RuleOther), variant: true},
	{tech: DirectHiddenTriple, find: hiddenSetFinder(3, true)},
	{tech: Intersection, find: findIntersections},
	{tech: NakedPair, find: nakedSetFinder(2)},
	{tech: XWing, find: fishFinder(2)},
	{tech: HiddenPair, find: hiddenSetFinder(2, false)},
	{tech: NakedTriple, find: nakedSetFinder(3)},
	{tech: Swordfish, find: fishFinder(3)},
	{tech: HiddenTriple, find: hiddenSetFinder(3, false)},
	{tech: FinnedFish, find: findFinnedFish, minOrder: 3, maxOrder: 3},
	{tech: TurbotFish, find: findTurbotFish, minOrder: 3, maxOrder: 3},
	{tech: XYWing, find: findXYWing, minOrder: 3, maxOrder: 3},
	{tech: XYZWing, find: findXYZWing, minOrder: 3, maxOrder: 3},
	{tech: WWing, find: findWWing, minOrder: 3, maxOrder: 3},
	{tech: UniqueRectangle, find: findUniqueLoops, minOrder: 3, maxOrder: 3},
	{tech: NakedQuad, find: nakedSetFinder(4)},
	{tech: Jellyfish, find: fishFinder(4)},
	{tech: HiddenQuad, find: hiddenSetFinder(4, false)},
	{tech: ThreeStrongLinks, find: findThreeStrongLinks, minOrder: 3, maxOrder: 3},
	{tech: WXYZWing, find: findWXYZWing, minOrder: 3, maxOrder: 3},
	{tech: BUG, find: findBUG, minOrder: 3, maxOrder: 3},
	{tech: FourStrongLinks, find: findFourStrongLinks, minOrder: 3, maxOrder: 3},
	{tech: VWXYZWing, find: findVWXYZWing, minOrder: 3, maxOrder: 3},
	{tech: AlignedPairExclusion, find: findAlignedPairExclusion, minOrder: 3, maxOrder: 3},
	{tech: UVWXYZWing, find: findUVWXYZWing, minOrder: 3, maxOrder: 3},
	{tech: ALSXZ, find: findALSXZ},
	{tech: ForcingChainCycle, find: findChainsAndCycles, minOrder: 3, maxOrder: 3},
	{tech: XChain, find: findBigXChains, big: true},
	{tech: XYChain, find: findBigXYChains, big: true},
	{tech: TUVWXYZWing, find: findTUVWXYZWing, minOrder: 3, maxOrder: 3},
	{tech: ALSXZ, find: findBigALSXZ},
	{tech: AlignedTripletExclusion, find: findAlignedTripletExclusion, minOrder: 3, maxOrder: 3},
	{tech: NishioForcingChain, find: findNishio, minOrder: 3, maxOrder: 3},
	{tech: MultipleForcingChain, find: findMultipleForcingChains, minOrder: 3, maxOrder: 3},
	{tech: RuleForcingChain, find: findRuleForcingChains, variant: true},
	{tech: BigMultipleChain, find: findBigMultipleChains, big: true},
	{tech: DynamicForcingChain, find: findDynamicForcingChains, minOrder: 3, maxOrder: 3},
	{tech: BigDynamicChain, find: findBigDynamicChains, big: true},
	{tech: DynamicForcingChainPlus, find: findDynamicForcingChainsPlus, minOrder: 3, maxOrder: 3},
	{tech: BigDynamicChainPlus, find: findBigDynamicChainsPlus, big: true},
	{tech: NestedForcingChain, find: findNestedForcingChains, minOrder: 3, maxOrder: 3},
	{tech: BigNestedChain, find: findBigNestedChains, big: true},
}

// RuleOrder returns the techniques in the order a path tries their rules
// on a grid of the given order (box width: 3 for 9x9), leaving out those
// with no rule at that order: the first rule that finds a step gives the
// next step (see Path). Full houses come with hidden singles, from one
// rule; a technique with two rules (ALS-XZ: small sets, then big ones) is
// listed at its first. A prefix of the order, with singles, gives the
// same path as the whole order for as long as the path takes no step of a
// later technique: generators by technique rely on that.
func RuleOrder(order int) []Technique {
	var ts []Technique
	var seen TechniqueSet
	for _, r := range rules {
		if !r.worksAt(order) || seen.Has(r.tech) {
			continue
		}
		seen = seen.With(r.tech)
		if r.tech == HiddenSingle {
			ts = append(ts, FullHouse)
		}
		ts = append(ts, r.tech)
	}
	return ts
}

// worksAt reports whether r works on grids of the given order.
func (r rule) worksAt(order int) bool {
	return (r.minOrder == 0 || order >= r.minOrder) && (r.maxOrder == 0 || order <= r.maxOrder) && !(r.big && order == 3) && !r.variant
}

// runs reports whether rule r works on g: at g's order on a classic grid;
// on a variant's houses, the rules that read houses and peers alone
// (singles, intersections, subsets, fish on rows and columns, ALS-XZ and
// the chains of every order), not the 9x9 rules built on the fixed
// geometry of rows, columns and boxes, nor the uniqueness rules (see the
// package documentation).
func (g *Grid) runs(r rule) bool {
	if g.hv == nil {
		return r.worksAt(g.geo.Order)
	}
	return r.big || r.minOrder == 0 && r.maxOrder == 0
}

// env is what finders share during one search: the context and what the
// search asks. A search runs only on a puzzle known to have one solution
// (newSolver checks it unless Options.AssumeUnique), so every rule, the
// uniqueness ones too, may rely on that.
type env struct {
	ctx context.Context
	// err is set once the context is done; finders poll e.stopped().
	err error
	// all asks the chaining rules for every hint they find, not only the
	// best one (Available).
	all bool
	// want, if not 0, asks the chaining rules only for hints that remove
	// potential want-1 (cell*9 + value-1; 9x9), as explainLinks does.
	want int
}

// stopped reports whether the search must end (the context is done).
func (e *env) stopped() bool {
	if e.err != nil {
		return true
	}
	if err := e.ctx.Err(); err != nil {
		e.err = err
		return true
	}
	return false
}

// solver holds the rules of one search.
type solver struct {
	e     env
	rules []rule
}

func newSolver(ctx context.Context, g *Grid, opt Options) (*solver, error) {
	set := opt.Techniques
	if set == 0 {
		set = DefaultTechniques()
	}
	s := &solver{e: env{ctx: ctx}}
	if !opt.AssumeUnique {
		check := func() error { return CheckUnique(ctx, g.Puzzle(), opt.MaxGuesses) }
		if g.hv != nil {
			check = func() error { return checkVariantUnique(ctx, g, opt.MaxGuesses) }
		}
		if err := check(); err != nil {
			return nil, err
		}
	}
	for _, r := range rules {
		if !set.Has(r.tech) && !(r.tech == HiddenSingle && set.Has(FullHouse)) {
			continue
		}
		if !g.runs(r) {
			continue
		}
		s.rules = append(s.rules, r)
	}
	return s, nil
}

// next returns the first step of the first rule that finds one.
func (s *solver) next(g *Grid) (*Step, error) {
	for _, r := range s.rules {
		if s.e.stopped() {
			return nil, s.e.err
		}
		var found *Step
		r.find(&s.e, g, func(st *Step) bool {
			found = st
			return false
		})
		if s.e.err != nil {
			return nil, s.e.err
		}
		if found != nil {
			found.Side = g.geo.Side
			return found, nil
		}
	}
	return nil, ErrStuck
}

// Next returns the next step Sudoku Explainer would take on g: the first
// step found by the first rule, in rule order, that finds one. It returns
// ErrStuck if no technique of the set applies, and the context's error if
// it ends first. Unless Options.AssumeUnique, a grid without exactly one
// solution is an error (see CheckUnique) and no step is looked for.
func Next(ctx context.Context, g *Grid, opt Options) (*Step, error) {
	if g.Solved() {
		return nil, errors.New("logic: the grid is solved")
	}
	s, err := newSolver(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	return s.next(g)
}

// Available returns every step that applies to g now, rule by rule in rule
// order (at most max steps; max <= 0 means no limit). A chaining rule
// gives every hint it finds, as Sudoku Explainer lists them: by rating,
// then the chain's length, then its kind, each set of eliminations once;
// the nested chains give those of the first level that finds any.
func Available(ctx context.Context, g *Grid, opt Options, max int) ([]*Step, error) {
	s, err := newSolver(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	s.e.all = true
	var steps []*Step
	for _, r := range s.rules {
		r.find(&s.e, g, func(st *Step) bool {
			st.Side = g.geo.Side
			steps = append(steps, st)
			return max <= 0 || len(steps) < max
		})
		if s.e.err != nil {
			return steps, s.e.err
		}
		if max > 0 && len(steps) >= max {
			break
		}
	}
	return steps, nil
}

// Path solves p step by step as Sudoku Explainer does and returns the
// steps. The grid g (from NewGrid) is solved in place. On an error the
// steps so far are returned with it.
func Path(ctx context.Context, g *Grid, opt Options) ([]*Step, error) {
	s, err := newSolver(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	var steps []*Step
	for !g.Solved() {
		if opt.MaxSteps > 0 && len(steps) >= opt.MaxSteps {
			return steps, ErrLimit
		}
		st, err := s.next(g)
		if err != nil {
			return steps, err
		}
		g.Apply(st)
		if !g.consistent() {
			return steps, fmt.Errorf("logic: step %d (%s) left a contradiction: %w", len(steps)+1, st.Name, errUnsound)
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// errUnsound marks a step that broke the grid: a bug, or a puzzle without
// a solution.
var errUnsound = errors.New("no solution, or an unsound step")
