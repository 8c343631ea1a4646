package logic

import (
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/variant"
)

// TestRuleSteps: each rule's own step on an empty grid, its sentence
// built from the rule and the candidates, and its data naming the rule.
func TestRuleSteps(t *testing.T) {
	c := variant.C
	for _, tc := range []struct {
		rule variant.Rule
		tech Technique
		text string
	}{
		{variant.Cage{Cells: []variant.Cell{c(1, 1), c(1, 2), c(1, 3)}, Sum: 7}, CageCombination,
			"Cage r1c1-r1c3, 7 in 3 cells: only 1+2+4, so 3 goes from r1c1, r1c2 and r1c3; 5 from r1c1, r1c2 and r1c3; 6 from r1c1, r1c2 and r1c3; 7 from r1c1, r1c2 and r1c3; 8 from r1c1, r1c2 and r1c3; 9 from r1c1, r1c2 and r1c3; and the cage holds 1, 2 and 4, so 1 goes from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, r2c2, r2c3, r3c1, r3c2 and r3c3; 2 from"},
		{variant.Cage{Cells: []variant.Cell{c(2, 1), c(2, 2)}, Sum: 4}, CageCombination,
			"Cage r2c1-r2c2, 4 in 2 cells: only 1+3, so 2 goes from r2c1 and r2c2; 4 from r2c1 and r2c2;"},
		{variant.Thermo{Cells: []variant.Cell{c(4, 4), c(4, 5), c(4, 6)}}, RuleThermometer,
			"Thermometer from r4c4: values strictly increase from the bulb, so 1 goes from r4c5 and r4c6; 2 from r4c6; 8 from r4c4; 9 from r4c4 and r4c5"},
		{variant.Parity{Cell: c(5, 5), Even: true}, RuleParity,
			"Even r5c5: the cell holds an odd (or even) value, so 1 goes from r5c5; 3 from r5c5; 5 from r5c5; 7 from r5c5; 9 from r5c5"},
		{variant.XV{Cells: [2]variant.Cell{c(9, 1), c(9, 2)}, Sum: 5}, RuleXV,
			"V r9c1-r9c2: X: the two values sum to 10; V: to 5, so 5 goes from r9c1 and r9c2;"},
	} {
		p := variant.New(9)
		p.Rules = []variant.Rule{variant.Diagonal{}, tc.rule}
		g, err := NewVariantGrid(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.hv.props) != 1 || g.hv.props[0].tech != tc.tech {
			t.Fatalf("%v: props %v", tc.rule, g.hv.props)
		}
		st := g.ruleStep(g.hv.props[0])
		if st == nil {
			t.Fatalf("%v: no step", tc.rule)
		}
		if !strings.HasPrefix(st.Text, tc.text) {
			t.Errorf("%v:\n got %s\nwant %s...", tc.rule, st.Text, tc.text)
		}
		if len(st.Rules) != 1 || st.Rules[0].Index != 1 || st.Rules[0].Kind != tc.rule.Kind() || st.Technique != tc.tech || st.Rating != ruleRating[tc.tech] {
			t.Errorf("%v: %+v", tc.rule, st)
		}
		// Applied, the rule has nothing more to say at once.
		g.Apply(st)
		if again := g.ruleStep(g.hv.props[0]); again != nil {
			t.Errorf("%v: a second step %s", tc.rule, again)
		}
	}
}
