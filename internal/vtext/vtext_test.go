package vtext

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/variant"
)

func TestRuleTypes(t *testing.T) {
	for _, k := range variant.Kinds() {
		if _, ok := ruleTypes[k.Name]; !ok {
			t.Errorf("kind %q has no row in ruleTypes", k.Name)
		}
	}
	if len(ruleTypes) != len(variant.Kinds()) {
		t.Errorf("%d rule types for %d kinds", len(ruleTypes), len(variant.Kinds()))
	}
}

// fp returns a 9x9 f-puzzles object with the extra keys.
func fp(extra string) string {
	row := "[" + strings.Repeat("{},", 8) + "{}]"
	s := `{"size":9,"grid":[` + strings.Repeat(row+",", 8) + row + `]`
	if extra != "" {
		s += "," + extra
	}
	return s + "}"
}

func c(r, col int) variant.Cell { return variant.Cell{Row: r, Col: col} }

func TestReadFPuzzlesRules(t *testing.T) {
	tests := []struct {
		extra string
		want  []variant.Rule
	}{
		{`"diagonal+":true,"diagonal-":true`, []variant.Rule{variant.Diagonal{Positive: true}, variant.Diagonal{}}},
		{`"antiknight":true,"antiking":true,"disjointgroups":true`, []variant.Rule{variant.Disjoint{}, variant.AntiKnight{}, variant.AntiKing{}}},
		{`"nonconsecutive":true`, []variant.Rule{variant.NonConsecutive{}}},
		{`"nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}]`, []variant.Rule{
			variant.Kropki{Cells: [2]variant.Cell{c(1, 1), c(1, 2)}}, variant.KropkiNegative{White: true}}},
		{`"negative":["ratio","xv"],"ratio":[{"cells":["R1C1","R2C1"],"value":"3"}],"xv":[{"cells":["R5C5","R5C6"],"value":"V"}]`, []variant.Rule{
			variant.Kropki{Cells: [2]variant.Cell{c(1, 1), c(2, 1)}, Black: true, Value: 3}, variant.KropkiNegative{Black: true},
			variant.XV{Cells: [2]variant.Cell{c(5, 5), c(5, 6)}, Sum: 5}, variant.XVNegative{}}},
		{`"killercage":[{"cells":["R1C1","R2C1"],"value":"10"},{"cells":["R9C9","R9C8"]}]`, []variant.Rule{
			variant.Cage{Cells: []variant.Cell{c(1, 1), c(2, 1)}, Sum: 10}, variant.Cage{Cells: []variant.Cell{c(9, 9), c(9, 8)}}}},
		{`"littlekillersum":[{"cell":"R0C7","direction":"DR","value":"12"},{"cell":"R10C1","direction":"UR","value":""}]`, []variant.Rule{
			variant.LittleKiller{Cells: []variant.Cell{c(1, 8), c(2, 9)}, Sum: 12}}},
		{`"thermometer":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]]}]`, []variant.Rule{
			variant.Thermo{Cells: []variant.Cell{c(1, 1), c(1, 2), c(1, 3)}}, variant.Thermo{Cells: []variant.Cell{c(1, 1), c(2, 1)}}}},
		{`"arrow":[{"cells":["R5C5"],"lines":[["R5C5","R4C4","R3C3"]]}]`, []variant.Rule{
			variant.Arrow{Circle: []variant.Cell{c(5, 5)}, Line: []variant.Cell{c(4, 4), c(3, 3)}}}},
		{`"odd":[{"cell":"R1C1"}],"even":[{"cell":"R2C2"}]`, []variant.Rule{
			variant.Parity{Cell: c(1, 1)}, variant.Parity{Cell: c(2, 2), Even: true}}},
		{`"whispers":[{"lines":[["R1C1","R2C2"]]}],"renban":[{"lines":[["R3C1","R3C2"]]}],"palindrome":[{"lines":[["R5C1","R5C2"]]}]`, []variant.Rule{
			variant.Whisper{Cells: []variant.Cell{c(1, 1), c(2, 2)}}, variant.Renban{Cells: []variant.Cell{c(3, 1), c(3, 2)}},
			variant.Palindrome{Cells: []variant.Cell{c(5, 1), c(5, 2)}}}},
		{`"sandwichsum":[{"cell":"R0C3","value":"15"},{"cell":"R4C0","value":"0"}]`, []variant.Rule{
			variant.Sandwich{Column: true, Index: 3, Sum: 15}, variant.Sandwich{Index: 4}}},
		{`"extraregion":[{"cells":["R1C1","R5C5","R9C9"]}]`, []variant.Rule{variant.ExtraRegion{Cells: []variant.Cell{c(1, 1), c(5, 5), c(9, 9)}}}},
	}
	for _, tt := range tests {
		p, err := ReadFPuzzles([]byte(fp(tt.extra)))
		if err != nil {
			t.Errorf("%s: %v", tt.extra, err)
			continue
		}
		if !reflect.DeepEqual(p.Rules, tt.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", tt.extra, p.Rules, tt.want)
		}
		roundTrips(t, p)
	}
}

func TestReadFPuzzlesGrid(t *testing.T) {
	s := fp("")
	s = strings.Replace(s, "{}", `{"value":5,"given":true}`, 1)
	p, err := ReadFPuzzles([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if p.Givens[0] != 5 || !reflect.DeepEqual(p.Regions, variant.New(9).Regions) {
		t.Errorf("givens %v regions %v", p.Givens[:9], p.Regions[:9])
	}
	// Values without "given" are givens when no cell says "given".
	p, err = ReadFPuzzles([]byte(strings.Replace(fp(""), "{}", `{"value":5}`, 1)))
	if err != nil || p.Givens[0] != 5 {
		t.Errorf("a hand-written value: %v", err)
	}
	// A player's value beside givens is an error, not lost.
	s = strings.Replace(strings.Replace(fp(""), "{}", `{"value":5,"given":true}`, 1), "{}", `{"value":6}`, 1)
	if _, err := ReadFPuzzles([]byte(s)); err == nil || !strings.Contains(err.Error(), "R1C2 holds 6 entered by a player") {
		t.Errorf("a player's value: %v", err)
	}
}

func TestReadFPuzzlesErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{fp(`"killercage":[{"cells":["R1C1","R2C1"],"value":"50"}]`), `line 1, column 295: rule 1 (cage r1c1-r2c1 (sum 50)):`},
		{fp(`"killercage":[{"cells":["R1C1","R2C1"]},` + "\n" + `{"cells":["R2C1","R3C1"],"value":"50"}]`), `line 2, column 1: rule 2 (cage r2c1-r3c1 (sum 50)): `},
		{fp(`"tripleline":[{"lines":[["R1C1","R1C2","R2C1","R2C2"]]}]`), `tripleline: the f-puzzles rule "tripleline" is not supported`},
		{strings.Replace(fp(""), "{}", `{"region":1}`, 1), `line 1, column 11: regions: `},
	}
	for _, tt := range tests {
		_, err := ReadFPuzzles([]byte(tt.in))
		var pe *PlaceError
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadFPuzzles(%.60s...) = %v, want %q", tt.in, err, tt.want)
		}
	}
	if _, err := ReadFPuzzles([]byte(fp(`"tripleline":[{"lines":[["R1C1","R1C2"]]}]`))); !errors.Is(err, fpuzzles.ErrUnsupported) {
		t.Errorf("tripleline: %v, want ErrUnsupported", err)
	}
}

func TestWriteFPuzzles(t *testing.T) {
	p := variant.New(9)
	p.Givens[40] = 7
	p.Rules = []variant.Rule{
		variant.Windoku{},
		variant.Cage{Cells: []variant.Cell{c(1, 1), c(1, 2)}, Sum: 3},
		variant.LittleKiller{Cells: []variant.Cell{c(9, 1)}, Sum: 4},
		variant.LittleKiller{Cells: []variant.Cell{c(3, 9), c(2, 8), c(1, 7)}, Sum: 12},
		variant.Sandwich{Index: 2, Sum: 5},
	}
	data, err := WriteFPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ReadFPuzzles(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	// Windoku comes back as its four windows.
	if len(q.Rules) != 8 {
		t.Fatalf("%d rules back: %v", len(q.Rules), q.Rules)
	}
	for _, r := range q.Rules[:4] {
		if x, ok := r.(variant.ExtraRegion); !ok || len(x.Cells) != 9 {
			t.Errorf("window %v", r)
		}
	}
	if !reflect.DeepEqual(q.Rules[4:], p.Rules[1:]) || q.Givens[40] != 7 {
		t.Errorf("rules back %v, want %v", q.Rules[4:], p.Rules[1:])
	}
	// What f-puzzles cannot say is an error, never a silent change.
	p.Rules = []variant.Rule{variant.XV{Cells: [2]variant.Cell{c(1, 1), c(1, 2)}, Sum: 7}}
	if _, err := WriteFPuzzles(p); !errors.Is(err, ErrNoFPuzzles) {
		t.Errorf("XV of 7: %v", err)
	}
	p.Rules = []variant.Rule{variant.NonConsecutive{}, variant.Kropki{Cells: [2]variant.Cell{c(1, 1), c(1, 2)}}}
	if _, err := WriteFPuzzles(p); !errors.Is(err, ErrNoFPuzzles) {
		t.Errorf("non-consecutive with a white dot: %v", err)
	}
}

func TestLink(t *testing.T) {
	p := variant.New(6)
	p.Givens[0] = 1
	p.Rules = []variant.Rule{variant.Diagonal{}, variant.AntiKing{}} // in f-puzzles' order
	link, err := Link(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, "https://www.f-puzzles.com/?load=N4Ig") {
		t.Errorf("link %s", link)
	}
	data := link[strings.Index(link, "=")+1:]
	for _, s := range []string{
		link,
		"https://sudokupad.app/fpuzzles" + data,
		data,
		"https://www.f-puzzles.com/?load=" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(data) + "&solve=1",
	} {
		q, err := ReadLink(s)
		if err != nil {
			t.Errorf("ReadLink(%s): %v", s, err)
			continue
		}
		if !reflect.DeepEqual(q, p) {
			t.Errorf("ReadLink(%s) = %+v, want %+v", s, q, p)
		}
	}
	for _, s := range []string{"https://example.com/x", "N4Ig!!", "Q==="} {
		if _, err := ReadLink(s); !errors.Is(err, ErrNotLink) {
			t.Errorf("ReadLink(%s) = %v, want ErrNotLink", s, err)
		}
	}
}

// randomPuzzle returns a valid puzzle with random givens and random rules
// of every kind that fits, for the round-trip properties.
func randomPuzzle(r *rand.Rand) *variant.Puzzle {
	sizes := []int{4, 6, 8, 9}
	n := sizes[r.IntN(len(sizes))]
	for {
		p := variant.New(n)
		if r.IntN(5) == 0 {
			p.Regions = nil
		}
		for range r.IntN(n) {
			p.Givens[r.IntN(n*n)] = 1 + r.IntN(n)
		}
		cellAt := func() variant.Cell { return c(1+r.IntN(n), 1+r.IntN(n)) }
		line := func(minLen int) []variant.Cell {
			cells := []variant.Cell{cellAt()}
			seen := map[variant.Cell]bool{cells[0]: true}
			for len(cells) < minLen+r.IntN(3) {
				last := cells[len(cells)-1]
				nx := c(last.Row+r.IntN(3)-1, last.Col+r.IntN(3)-1)
				if nx.Row < 1 || nx.Col < 1 || nx.Row > n || nx.Col > n || seen[nx] {
					if r.IntN(4) == 0 {
						break
					}
					continue
				}
				seen[nx] = true
				cells = append(cells, nx)
			}
			return cells
		}
		pair := func() [2]variant.Cell {
			a := c(1+r.IntN(n), 1+r.IntN(n-1))
			if r.IntN(2) == 0 {
				return [2]variant.Cell{a, c(a.Row, a.Col+1)}
			}
			a = c(1+r.IntN(n-1), 1+r.IntN(n))
			return [2]variant.Cell{a, c(a.Row+1, a.Col)}
		}
		for range 1 + r.IntN(6) {
			var rule variant.Rule
			switch r.IntN(19) {
			case 0:
				rule = variant.Diagonal{Positive: r.IntN(2) == 0}
			case 1:
				rule = variant.Windoku{}
			case 2:
				rule = variant.Disjoint{}
			case 3:
				rule = variant.ExtraRegion{Cells: line(2)}
			case 4:
				rule = variant.AntiKnight{}
			case 5:
				rule = variant.AntiKing{}
			case 6:
				rule = variant.NonConsecutive{}
			case 7:
				cells := line(1)
				sum := 0
				if r.IntN(3) > 0 {
					sum = len(cells)*(len(cells)+1)/2 + r.IntN(3)
				}
				rule = variant.Cage{Cells: cells, Sum: sum}
			case 8:
				a := cellAt()
				cells := []variant.Cell{a}
				dr, dc := 1-2*r.IntN(2), 1-2*r.IntN(2)
				for x := c(a.Row+dr, a.Col+dc); x.Row >= 1 && x.Col >= 1 && x.Row <= n && x.Col <= n; x = c(x.Row+dr, x.Col+dc) {
					cells = append(cells, x)
				}
				rule = variant.LittleKiller{Cells: cells, Sum: len(cells) + r.IntN(len(cells)*(n-1)+1)}
			case 9:
				rule = variant.Thermo{Cells: line(2)}
			case 10:
				l := line(2)
				rule = variant.Arrow{Circle: l[:1], Line: l[1:]}
			case 11:
				rule = variant.Kropki{Cells: pair(), Black: r.IntN(2) == 0}
			case 12:
				rule = variant.KropkiNegative{White: r.IntN(2) == 0, Black: true}
			case 13:
				rule = variant.XV{Cells: pair(), Sum: 5 + 5*r.IntN(2)}
			case 14:
				rule = variant.XVNegative{}
			case 15:
				rule = variant.Parity{Cell: cellAt(), Even: r.IntN(2) == 0}
			case 16:
				rule = variant.Whisper{Cells: line(2)}
			case 17:
				rule = variant.Renban{Cells: line(2)}
			default:
				rule = variant.Sandwich{Column: r.IntN(2) == 0, Index: 1 + r.IntN(n), Sum: r.IntN(n * 2)}
			}
			p.Rules = append(p.Rules, rule)
		}
		if p.Validate() == nil {
			if _, err := toFPuzzles(p); err == nil {
				return p
			}
		}
	}
}

// sameVerdicts checks that p and q judge the same grids alike: random
// grids, p's solutions-to-be (the givens filled at random).
func sameVerdicts(t *testing.T, p, q *variant.Puzzle, r *rand.Rand) {
	t.Helper()
	n := p.Size
	for range 50 {
		g := make([]int, n*n)
		for i := range g {
			if r.IntN(3) > 0 {
				g[i] = 1 + r.IntN(n)
			}
		}
		e1, e2 := p.Check(g), q.Check(g)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("verdicts differ on %v: %v / %v", g, e1, e2)
		}
	}
}

// roundTrips checks that p survives the f-puzzles and rules JSON forms.
func roundTrips(t *testing.T, p *variant.Puzzle) {
	t.Helper()
	data, err := WriteJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ReadJSON(data)
	if err != nil {
		t.Fatalf("ReadJSON(WriteJSON(p)): %v\n%s", err, data)
	}
	if !reflect.DeepEqual(p, q) {
		t.Fatalf("rules JSON round trip:\n%s\n%+v\n%+v", data, p, q)
	}
	data, err = WriteFPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err = ReadFPuzzles(data)
	if err != nil {
		t.Fatalf("ReadFPuzzles(WriteFPuzzles(p)): %v\n%s", err, data)
	}
	again, err := WriteFPuzzles(q)
	if err != nil || string(again) != string(data) {
		t.Fatalf("f-puzzles is not stable: %v\n%s\n%s", err, data, again)
	}
	sameVerdicts(t, p, q, rand.New(rand.NewPCG(uint64(len(data)), 1)))
}

func TestRoundTripProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 7))
	for range 1000 {
		roundTrips(t, randomPuzzle(r))
	}
}

func TestReadJSONErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"size":9,"grid":"5"}`, `line 1, column 18: rules JSON: grid: 1 symbols for 81 cells`},
		{`{"size":4,"grid":"5...............")`, `line 1, column 36: rules JSON: invalid character ')'`},
		{`{"size":4,"grid":"5..............."}`, `line 1, column 18: rules JSON: grid: '5' at r1c1 is not a symbol for 4x4`},
		{`{"size":4,"rules":[{"kind":"killer","cells":["r1c1","r9c9"],"sum":3}]}`, `line 1, column 20: rule 1 (cage r1c1-r9c9 (sum 3)): rule not well formed: r9c9 is off the 4x4 grid`},
		{`{"size":4,"rules":[{"kind":"diagonal"},{"kind":"tripleline"}]}`, `line 1, column 40: rules JSON: rule 2: unknown kind "tripleline"`},
		{`{"size":4,"rules":[{"kind":"killer","cells":["a1"]}]}`, `line 1, column 20: rules JSON: rule 1: cells: "a1" is not a cell name like "r1c1"`},
		{`{"size":4,"rules":[{"kind":"killer","colour":"red"}]}`, `line 1, column 20: rules JSON: rule 1: a killer rule has no field "colour"`},
		{`{"size":4,"regions":"AABBAABBCCDDCCDX"}`, `line 1, column 21: rules JSON: regions: 'X' at r4c4 is not a symbol for 4x4`},
		{`{"size":4,"regions":"AAAAABBBCCDDCCDD"}`, `line 1, column 21: regions: rule not well formed: region 1 has 5 cells, not 4`},
		{`{"size":4,"magic":1}`, `line 1, column 1: rules JSON: json: unknown field "magic"`},
	}
	for _, tt := range tests {
		_, err := ReadJSON([]byte(tt.in))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ReadJSON(%s):\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

func FuzzReadFPuzzles(f *testing.F) {
	f.Add([]byte(fp(`"killercage":[{"cells":["R1C1","R2C1"],"value":"10"}],"diagonal+":true`)))
	f.Add([]byte(fp(`"arrow":[{"cells":["R5C5"],"lines":[["R5C5","R4C4","R3C3"]]}],"negative":["ratio"]`)))
	for _, l := range lineRules {
		f.Add([]byte(fp(l.extra)))
	}
	for _, l := range cellRules {
		f.Add([]byte(fp(l.extra)))
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 5 {
		data, _ := WriteFPuzzles(randomPuzzle(r))
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadFPuzzles(data)
		if err != nil {
			var pe *PlaceError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		if _, err := WriteFPuzzles(p); err != nil && !errors.Is(err, ErrNoFPuzzles) {
			t.Fatalf("a puzzle read cannot be written: %v", err)
		}
	})
}

func FuzzReadJSON(f *testing.F) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 5 {
		data, _ := WriteJSON(randomPuzzle(r))
		f.Add(data)
	}
	for _, l := range cellRules {
		if p, err := ReadFPuzzles([]byte(fp(l.extra))); err == nil {
			data, _ := WriteJSON(p)
			f.Add(data)
		}
	}
	for _, data := range lineJSONSeeds() {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadJSON(data)
		if err != nil {
			var pe *PlaceError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		out, err := WriteJSON(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ReadJSON(out)
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
	})
}

func FuzzReadLink(f *testing.F) {
	f.Add("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BWVNCImAOwQBcMqBfAXR66A==")
	f.Add("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcB")
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ReadLink(s) // no panic, no hang
	})
}

// TestReadFPuzzlesSeveralParts: regions in several parts and overlapping
// killer cages are read, as f-puzzles allows them (issue 28).
func TestReadFPuzzlesSeveralParts(t *testing.T) {
	// Regions of a 4x4: r1c1 (region 1, apart from its other cells) and
	// r2c3 (region 0) swapped.
	g := `[[{"region":1},{"region":0},{"region":1},{"region":1}],[{"region":0},{"region":0},{"region":0},{"region":1}],` +
		`[{"region":2},{"region":2},{"region":3},{"region":3}],[{"region":2},{"region":2},{"region":3},{"region":3}]]`
	in := `{"size":4,"grid":` + g + `,"killercage":[{"cells":["R1C1","R2C1"],"value":"4"},{"cells":["R2C1","R2C2"],"value":"7"}]}`
	p, err := ReadFPuzzles([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if p.Regions[0] != 1 || p.Regions[1] != 0 || len(p.Rules) != 2 {
		t.Errorf("regions %v rules %v", p.Regions, p.Rules)
	}
	roundTrips(t, p)
	res, err := variant.Count(context.Background(), p, 2, variant.Options{})
	if err != nil || res.Count == 0 || p.Check(res.Solution) != nil {
		t.Errorf("count %d, %v", res.Count, err)
	}
	if res.Count > 0 && (res.Solution[0] != 1 || res.Solution[4] != 3 || res.Solution[5] != 4) {
		t.Errorf("solution %v: r1c1, r2c1, r2c2 are 1, 3, 4 in every solution", res.Solution)
	}
}
