package logic

import (
	"fmt"
	"slices"
	"strings"
)

// The links of a dynamic chain that no plain single gives, shown with the
// step that justifies them, as Sudoku Explainer does: "so by a Naked Pair
// (in row 2, ...), r2c9 is not 8" (dynamic chains (+)), "so by a Forcing
// Chain (if r2c3 is 1, then ...), r1c3 is not 4" (nested chains). The
// chains' search keeps no such text (it finds thousands of hints a step):
// the justifying step is looked for again, once the chain's step is
// chosen, on the grid less the removals the link needs.

// subLink is a link that a basic rule or a nested chain gives.
type subLink struct {
	at        *Link   // the link in its step's Chain
	node      int16   // the candidate implied off
	nested    bool    // by a nested chain, else by a basic rule
	parents   []int16 // the chain's removals the rule needs ("off" nodes)
	ancestors []int16 // every removal the chain made before the link
}

// linkMark stands in a step's text for the justification of link k
// until explainLinks writes it.
func linkMark(k int) string { return fmt.Sprintf("\x1a%d\x1a", k) }

// offAncestors returns the "off" nodes that slot s of r follows from,
// directly or not.
func offAncestors(r *implic, s int) []int16 {
	seen := map[int16]bool{}
	var out []int16
	q := slices.Clone(r.parents(s))
	for len(q) > 0 {
		n := q[len(q)-1]
		q = q[:len(q)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if n&1 == 0 {
			out = append(out, n)
		}
		q = append(q, r.parents(int(n))...)
	}
	slices.Sort(out)
	return out
}

// finish completes a chain step's text (see explainLinks) before the step
// is given out.
func (s *Step) finish() {
	if f := s.explain; f != nil {
		s.explain = nil
		f()
	}
}

// explainLinks replaces the marks of st's text by the steps that justify
// its links (see subLink.justify), and sets them in st.Chain: "by a
// forcing chain" or "by pointing, claiming, a pair or an X-Wing" if none
// is found (the search was stopped).
func explainLinks(e *env, g *Grid, mode chainMode, st *Step, links []subLink) {
	pairs := make([]string, 0, 2*len(links))
	type mention struct {
		name string // what the first mention named
		by   *Step
	}
	done := map[string]mention{}
	for k, l := range links {
		key := fmt.Sprint(l.node, l.parents)
		m, again := done[key]
		text := "by the same " + m.name + anchor(m.by) + " as above, "
		if !again {
			m.by = l.justify(e, g, mode)
			m.name, text = linkText(m.by, l.nested)
			done[key] = m
		}
		l.at.By, l.at.Again = m.by, again && m.by != nil
		pairs = append(pairs, linkMark(k), text)
	}
	st.Text = strings.NewReplacer(pairs...).Replace(st.Text)
}

// justify returns the step that gives link l on g: a rule of mode's
// chains found on g less the removals l needs (its parents, else all the
// removals before it), or nil if none is found (the search was stopped).
func (l subLink) justify(e *env, g *Grid, mode chainMode) *Step {
	for _, removed := range [][]int16{l.parents, l.ancestors} {
		h := g.Clone()
		for _, n := range removed {
			p := int(n >> 1)
			h.Eliminate(p/9, p%9+1)
		}
		if st := justify(e, h, mode, l); st != nil {
			return st
		}
	}
	return nil
}

// linkText says what gives a link, step st: "by a Naked Pair (in row 2,
// ...), ", and returns the rule's name for a later mention ("Naked
// Pair"); "by a forcing chain, " if st is nil.
func linkText(st *Step, nested bool) (name, text string) {
	if st != nil {
		name = st.Name
		what := article(name) + " " + name
		switch {
		case name == "Pointing" || name == "Claiming":
			name = strings.ToLower(name)
			what = name
		case strings.HasSuffix(name, "Chains"):
			what = name
		}
		return name, fmt.Sprintf("by %s (%s%s), ", what, strings.ToLower(st.Text[:1]), st.Text[1:])
	}
	if nested {
		return "forcing chain", "by a forcing chain, "
	}
	return "rule", "by pointing, claiming, a pair or an X-Wing, "
}

// justify returns the first step of the rules that give the links of
// mode's chains (as chainer.advanced tries them) that removes l's
// candidate from h, or nil.
func justify(e *env, h *Grid, mode chainMode, l subLink) *Step {
	p := int(l.node >> 1)
	sub := &env{ctx: e.ctx, want: p + 1}
	var found *Step
	take := func(st *Step) bool {
		if removes(st, p) {
			found = st
			return false
		}
		return !sub.stopped()
	}
	if !l.nested {
		for _, f := range []finder{findIntersections, hiddenSetFinder(2, false), nakedSetFinder(2), fishFinder(2)} {
			if f(sub, h, take); found != nil || sub.stopped() {
				break
			}
		}
		return found
	}
	switch {
	case mode.level <= 3:
		findChainsAndCycles(sub, h, take)
		if found == nil && mode.level == 3 && !sub.stopped() {
			runMultiple(sub, h, chainMode{multiple: true}, MultipleForcingChain, take)
		}
	default:
		m := chainMode{multiple: true, dynamic: true, level: mode.nestLimit}
		tech := NestedForcingChain
		switch m.level {
		case 0:
			tech = DynamicForcingChain
		case 1:
			tech = DynamicForcingChainPlus
		}
		runMultiple(sub, h, m, tech, take)
	}
	return found
}

// removes reports whether st removes potential p (a 9x9 cell's
// candidate): an elimination, or a placement of another value in its cell.
func removes(st *Step, p int) bool {
	for _, c := range st.Eliminations {
		if c.Cell == p/9 && c.Value == p%9+1 {
			return true
		}
	}
	for _, c := range st.Placements {
		if c.Cell == p/9 && c.Value != p%9+1 {
			return true
		}
	}
	return false
}

// anchor tells which step a later mention means: " in box 4" (the
// region of a basic rule), " (the one from r4c2 is 1)" (the first
// assumption of a chain).
func anchor(st *Step) string {
	switch {
	case st == nil:
		return ""
	case st.Chain != nil:
		l := st.Chain.Branches[0][0]
		return " (the one from " + nodeText(nodeOf(l.Cell*9+l.Value-1, l.On)) + ")"
	case len(st.Units) > 0:
		return " in " + st.Units[0].String()
	}
	return ""
}
