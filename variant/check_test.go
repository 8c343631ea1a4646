package variant

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestCheckMessages(t *testing.T) {
	tests := []struct {
		rule Rule
		set  map[Cell]int
		want string
	}{
		{Cage{Cells: []Cell{{1, 1}, {2, 1}}, Sum: 10}, map[Cell]int{{1, 1}: 3, {2, 1}: 8}, "cage r1c1-r2c1 (sum 10) holds 3+8 = 11"},
		{Cage{Cells: []Cell{{3, 3}, {3, 4}, {4, 4}}}, map[Cell]int{{3, 3}: 3, {4, 4}: 3}, "cage r3c3-r4c4: r3c3 and r4c4 both hold 3"},
		{Thermo{Cells: []Cell{{4, 4}, {4, 5}}}, map[Cell]int{{4, 4}: 5, {4, 5}: 3}, "thermometer from r4c4: r4c5 = 3 is not above r4c4 = 5"},
		{AntiKnight{}, map[Cell]int{{2, 3}: 7, {4, 4}: 7}, "r2c3 and r4c4 are a knight's move apart and both hold 7"},
		{AntiKing{}, map[Cell]int{{2, 3}: 7, {3, 4}: 7}, "r2c3 and r3c4 are a king's move apart and both hold 7"},
		{NonConsecutive{}, map[Cell]int{{2, 3}: 7, {2, 4}: 6}, "r2c3 and r2c4 are neighbours and hold consecutive values 7 and 6"},
		{Diagonal{}, map[Cell]int{{2, 2}: 4, {5, 5}: 4}, "negative diagonal: r2c2 and r5c5 both hold 4"},
		{Windoku{}, map[Cell]int{{2, 2}: 4, {4, 4}: 4}, "window 1: r2c2 and r4c4 both hold 4"},
		{Disjoint{}, map[Cell]int{{1, 1}: 4, {4, 4}: 4}, "disjoint group 1: r1c1 and r4c4 both hold 4"},
		{ExtraRegion{Cells: []Cell{{1, 1}, {5, 5}}}, map[Cell]int{{1, 1}: 4, {5, 5}: 4}, "extra region r1c1-r5c5: r1c1 and r5c5 both hold 4"},
		{Arrow{Circle: []Cell{{1, 1}}, Line: []Cell{{1, 2}, {1, 3}}}, map[Cell]int{{1, 1}: 8, {1, 2}: 3, {1, 3}: 4}, "arrow from r1c1: 3+4 = 7, not 8"},
		{Arrow{Circle: []Cell{{1, 1}, {1, 2}}, Line: []Cell{{2, 2}, {3, 2}, {4, 2}}}, map[Cell]int{{1, 1}: 1, {1, 2}: 2, {2, 2}: 3, {3, 2}: 4, {4, 2}: 6}, "arrow from r1c1+r1c2: 3+4+6 = 13, not 12"},
		{Kropki{Cells: [2]Cell{{1, 1}, {1, 2}}}, map[Cell]int{{1, 1}: 3, {1, 2}: 5}, "white dot r1c1-r1c2: 3 and 5 do not differ by 1"},
		{Kropki{Cells: [2]Cell{{1, 1}, {1, 2}}, Black: true}, map[Cell]int{{1, 1}: 3, {1, 2}: 5}, "black dot r1c1-r1c2: 3 and 5 are not in ratio 1:2"},
		{KropkiNegative{White: true}, map[Cell]int{{1, 1}: 3, {1, 2}: 4}, "r1c1 and r1c2 hold 3 and 4 with no dot between them (all white dots given)"},
		{XV{Cells: [2]Cell{{1, 1}, {2, 1}}, Sum: 10}, map[Cell]int{{1, 1}: 3, {2, 1}: 5}, "X r1c1-r2c1: 3+5 = 8, not 10"},
		{XVNegative{}, map[Cell]int{{1, 1}: 3, {2, 1}: 7}, "r1c1 and r2c1 hold 3+7 = 10 with no mark between them (all XV marks given)"},
		{Parity{Cell: Cell{3, 3}}, map[Cell]int{{3, 3}: 4}, "r3c3 = 4 is not odd"},
		{Whisper{Cells: []Cell{{1, 1}, {1, 2}}}, map[Cell]int{{1, 1}: 3, {1, 2}: 5}, "whisper r1c1-r1c2: r1c1 = 3 and r1c2 = 5 differ by 2, less than 5"},
		{Renban{Cells: []Cell{{1, 1}, {1, 2}, {1, 3}}}, map[Cell]int{{1, 1}: 3, {1, 3}: 6}, "renban r1c1-r1c3 holds 3,6: they are not part of 3 consecutive values"},
		{Palindrome{Cells: []Cell{{1, 1}, {1, 2}, {1, 3}}}, map[Cell]int{{1, 1}: 3, {1, 3}: 6}, "palindrome r1c1-r1c3: r1c1 = 3 but r1c3 = 6"},
		{LittleKiller{Cells: []Cell{{1, 2}, {2, 3}}, Sum: 5}, map[Cell]int{{1, 2}: 3, {2, 3}: 4}, "little killer r1c2-r2c3 (sum 5) holds 3+4 = 7"},
	}
	for _, tt := range tests {
		p := New(9)
		p.Rules = []Rule{tt.rule}
		v := make([]int, 81)
		for c, x := range tt.set {
			v[c.Index(9)] = x
		}
		err := p.Check(v)
		var ce *CheckError
		if !errors.As(err, &ce) {
			t.Errorf("%s: Check = %v, want a CheckError", tt.rule, err)
			continue
		}
		if got := ce.Violations[0].Text; got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.rule, got, tt.want)
		}
		if ce.Violations[0].Rule != 0 {
			t.Errorf("%s: violation names rule %d", tt.rule, ce.Violations[0].Rule)
		}
	}
}

func TestCheckSandwich(t *testing.T) {
	p := New(9)
	p.Rules = []Rule{Sandwich{Index: 1, Sum: 10}}
	v := make([]int, 81)
	copy(v, []int{2, 1, 3, 4, 9, 5, 6, 7, 8})
	err := p.Check(v)
	if err == nil || err.Error() != "sandwich row 1 (sum 10): 3+4 = 7 between the 1 and the 9" {
		t.Errorf("Check = %v", err)
	}
	p.Rules = []Rule{Sandwich{Index: 1, Sum: 7}}
	if err := p.Check(v); err != nil {
		t.Errorf("Check = %v, want nil", err)
	}
}

func TestCheckStructure(t *testing.T) {
	p := New(6)
	v := make([]int, 36)
	v[0], v[7] = 2, 2 // r1c1 and r2c2: box 1
	v[30] = 2         // r6c1: column 1
	err := p.Check(v)
	want := []string{"column 1: r1c1 and r6c1 both hold 2", "box 1: r1c1 and r2c2 both hold 2"}
	var ce *CheckError
	if !errors.As(err, &ce) || len(ce.Violations) != 2 {
		t.Fatalf("Check = %v", err)
	}
	for k, w := range want {
		if ce.Violations[k].Text != w {
			t.Errorf("violation %d = %q, want %q", k, ce.Violations[k].Text, w)
		}
	}
	p.Givens = make([]int, 36)
	p.Givens[35] = 4
	v = make([]int, 36)
	v[35] = 5
	if err := p.Check(v); err == nil || err.Error() != "r6c6 holds 5 but its given is 4" {
		t.Errorf("Check = %v", err)
	}
}

func TestValidate(t *testing.T) {
	jig := Boxes(4, 2, 2)
	tests := []struct {
		p    *Puzzle
		want string
	}{
		{&Puzzle{Size: 3}, "size: rule not well formed: size 3 is not in 4..64"},
		{&Puzzle{Size: 4, Regions: []int{0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}}, "regions: rule not well formed: region 1 has 5 cells, not 4"},
		{&Puzzle{Size: 9, Rules: []Rule{Cage{Cells: []Cell{{1, 1}, {2, 1}}, Sum: 50}}}, "rule 1 (cage r1c1-r2c1 (sum 50)): rule not well formed: no 2 different values 1-9 sum to 50 (only 3 to 17)"},
		{&Puzzle{Size: 9, Rules: []Rule{Thermo{Cells: []Cell{{4, 4}, {4, 5}, {5, 5}, {4, 5}}}}}, "rule 1 (thermometer from r4c4): rule not well formed: the thermometer crosses itself at r4c5"},
		{&Puzzle{Size: 9, Rules: []Rule{Thermo{Cells: []Cell{{4, 4}, {4, 6}}}}}, "rule 1 (thermometer from r4c4): rule not well formed: r4c4 and r4c6 are not neighbours"},
		{&Puzzle{Size: 9, Rules: []Rule{ExtraRegion{Cells: []Cell{{10, 1}}}}}, "rule 1 (extra region r10c1): rule not well formed: r10c1 is off the 9x9 grid"},
		{&Puzzle{Size: 6, Rules: []Rule{Windoku{}}}, "rule 1 (windoku windows): rule not well formed: windoku needs a square side (4, 9, 16 ...), not 6"},
		{&Puzzle{Size: 6, Regions: jig, Rules: []Rule{Disjoint{}}}, "regions: rule not well formed: 16 region entries for 36 cells"},
		{&Puzzle{Size: 9, Rules: []Rule{Kropki{Cells: [2]Cell{{1, 1}, {2, 2}}}}}, "rule 1 (white dot r1c1-r2c2): rule not well formed: r1c1 and r2c2 are not orthogonal neighbours"},
		{&Puzzle{Size: 9, Rules: []Rule{nil}}, "rule 1 (nil): rule not well formed: rule is nil"},
	}
	for _, tt := range tests {
		err := tt.p.Validate()
		if err == nil || err.Error() != tt.want {
			t.Errorf("Validate = %v\n want %s", err, tt.want)
		}
		if err != nil && !errors.Is(err, ErrRule) {
			t.Errorf("%v does not wrap ErrRule", err)
		}
	}
}

func TestKindsTable(t *testing.T) {
	rules := []Rule{Diagonal{}, Windoku{}, Disjoint{}, ExtraRegion{}, AntiKnight{}, AntiKing{}, NonConsecutive{},
		Cage{}, LittleKiller{}, Thermo{}, Arrow{}, Kropki{}, KropkiNegative{}, XV{}, XVNegative{}, Parity{},
		Whisper{}, Renban{}, Palindrome{}, Sandwich{}, Quadruple{}, XSum{}, Skyscraper{}, Extremum{},
		Clone{}, Indexer{}, Marks{}}
	rules = append(rules, lineKinds...)
	kinds := Kinds()
	if len(kinds) != len(rules) {
		t.Errorf("%d kinds for %d rule types", len(kinds), len(rules))
	}
	for _, r := range rules {
		k, ok := KindOf(r.Kind())
		if !ok || k.Doc == "" || strings.ContainsAny(k.Name, " ,") {
			t.Errorf("%T: kind %q not in the table", r, r.Kind())
		}
	}
}

// TestSeveralPartsAndOverlaps: regions in several parts and overlapping
// cages are puzzles, as in f-puzzles; the engine and the reference solver
// agree on them.
func TestSeveralPartsAndOverlaps(t *testing.T) {
	jig := Boxes(4, 2, 2)
	jig[1], jig[2] = jig[2], jig[1] // region 1 now r1c1, r1c3, r2c1, r2c2: two parts
	tests := []*Puzzle{
		{Size: 4, Regions: jig},
		{Size: 4, Regions: jig, Givens: []int{1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2}},
		// r1c1+r1c2 = 3 and r1c2+r2c2 = 5 overlap at r1c2.
		{Size: 4, Regions: Boxes(4, 2, 2), Rules: []Rule{
			Cage{Cells: []Cell{{1, 1}, {1, 2}}, Sum: 3}, Cage{Cells: []Cell{{1, 2}, {2, 2}}, Sum: 5},
			Cage{Cells: []Cell{{2, 2}, {2, 3}, {3, 3}}, Sum: 9}}},
		{Size: 6, Regions: Boxes(6, 2, 3), Rules: []Rule{
			Cage{Cells: []Cell{{1, 1}, {1, 2}, {1, 3}}, Sum: 6}, Cage{Cells: []Cell{{1, 3}, {1, 4}}, Sum: 11},
			Cage{Cells: []Cell{{1, 1}, {2, 1}}}}},
	}
	for _, p := range tests {
		if err := p.Validate(); err != nil {
			t.Errorf("Validate: %v", err)
			continue
		}
		want, _, _ := refCount(p, 3, nil, 0)
		res, err := Count(context.Background(), p, 3, Options{})
		if err != nil && want != 0 {
			t.Errorf("%v: %v", p.Rules, err)
			continue
		}
		if res.Count != want {
			t.Errorf("regions %v rules %v: engine counts %d, reference %d", p.Regions, p.Rules, res.Count, want)
		}
	}
}
