package fpuzzles

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/lzstring"
)

// clearOffsets zeroes the byte offsets and Cosmetic, which Encode does not
// keep, so that decoded puzzles compare.
func clearOffsets(p *Puzzle) {
	p.Cosmetic = nil
	// Every rule list: a slice of structs with an Off field.
	v := reflect.ValueOf(p).Elem()
	for f := range v.NumField() {
		if l := v.Field(f); l.Kind() == reflect.Slice && l.Type().Elem().Kind() == reflect.Struct {
			for i := range l.Len() {
				if off := l.Index(i).FieldByName("Off"); off.IsValid() {
					off.SetInt(0)
				}
			}
		}
	}
}

func TestEveryRule(t *testing.T) {
	data, err := os.ReadFile("testdata/every_rule.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Size != 9 || p.Title != "Every rule" || p.Author != "vformat" || p.Ruleset == "" {
		t.Errorf("metadata: %d %q %q %q", p.Size, p.Title, p.Author, p.Ruleset)
	}
	if g := p.Grid[4][4]; g.Value != 7 || !g.Given || g.Region != -1 {
		t.Errorf("R5C5 = %+v, want the given 7 in the default region", g)
	}
	if !p.DiagonalPlus || !p.DiagonalMinus || !p.AntiKnight || p.AntiKing || !p.DisjointGroups ||
		!p.NonConsecutive || !p.NegativeRatio || !p.NegativeXV {
		t.Errorf("switches: %+v", p)
	}
	want := []Cage{{Cells: []Cell{{1, 2}, {1, 3}}, Sum: 9}, {Cells: []Cell{{2, 1}, {3, 1}, {3, 2}}}}
	got := append([]Cage(nil), p.KillerCages...)
	for i := range got {
		got[i].Off = 0
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("killer cages %+v, want %+v", got, want)
	}
	if lk := p.LittleKillers[1]; lk.Clue != (Cell{10, 3}) || lk.Sum != 7 ||
		!reflect.DeepEqual(lk.Line(9), []Cell{{9, 2}, {8, 1}}) {
		t.Errorf("little killer %+v, line %v", lk, lk.Line(9))
	}
	if s := p.Sandwiches; len(s) != 2 || s[0].Cell != (Cell{0, 4}) || s[0].Value != 0 || s[1].Value != 15 {
		t.Errorf("sandwiches %+v", s)
	}
	if th := p.Thermometers[0].Lines; len(th) != 2 || th[1][1] != (Cell{6, 2}) {
		t.Errorf("thermometer %v", th)
	}
	if a := p.Arrows[0]; a.Circle[0] != (Cell{4, 8}) || len(a.Lines[0]) != 3 {
		t.Errorf("arrow %+v", a)
	}
	if d := p.Differences; d[0].Value != 1 || d[1].Value != 3 || p.Ratios[0].Value != 2 {
		t.Errorf("dots %+v %+v", d, p.Ratios)
	}
	if x := p.XV; x[0].Value != 10 || x[1].Value != 5 {
		t.Errorf("xv %+v", x)
	}
	if len(p.ExtraRegions[0].Cells) != 9 || p.Odd[0].Cell != (Cell{1, 1}) || p.Even[0].Cell != (Cell{1, 4}) {
		t.Errorf("extra region, odd, even: %+v %+v %+v", p.ExtraRegions, p.Odd, p.Even)
	}
	if len(p.Solution) != 81 || p.Solution[80] != 4 {
		t.Errorf("solution %v", p.Solution)
	}
	if !reflect.DeepEqual(p.Cosmetic, []string{"cage", "text", "truecandidatesoptions"}) {
		t.Errorf("cosmetic keys %q", p.Cosmetic)
	}
	// Every line where an object starts: offsets lead errors to the rule.
	if line, _ := lineCol(data, p.Arrows[0].Off); !bytes.Contains(lineOf(data, line), []byte(`"cells"`)) &&
		!bytes.HasSuffix(bytes.TrimSpace(lineOf(data, line)), []byte("{")) {
		t.Errorf("the arrow's offset %d is on line %d: %q", p.Arrows[0].Off, line, lineOf(data, line))
	}
	roundTrip(t, p)
}

func lineCol(data []byte, off int) (int, int) {
	e := (&decoder{data: data}).wrapAt(off, "", nil).(*Error)
	return e.Line, e.Column
}

func lineOf(data []byte, line int) []byte {
	return bytes.Split(data, []byte("\n"))[line-1]
}

// roundTrip checks that p survives Encode and Decode, and that the link
// form (LZ-string) carries the same text.
func roundTrip(t *testing.T, p *Puzzle) {
	t.Helper()
	enc := Encode(p)
	if bytes.ContainsAny(enc, "\n") {
		t.Errorf("Encode wrote a line break: %s", enc)
	}
	q, err := Decode(enc)
	if err != nil {
		t.Fatalf("Decode(Encode(p)): %v\n%s", err, enc)
	}
	a, b := *p, *q
	clearOffsets(&a)
	clearOffsets(&b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("round trip changed the puzzle:\n%+v\n%+v", a, b)
	}
	if again := Encode(q); !bytes.Equal(again, enc) {
		t.Errorf("Encode is not stable:\n%s\n%s", enc, again)
	}
	link := lzstring.CompressToBase64(string(enc))
	back, err := lzstring.DecompressFromBase64(link)
	if err != nil || back != string(enc) {
		t.Errorf("link round trip: %v", err)
	}
}

func TestLines(t *testing.T) {
	f, err := os.Open("testdata/lines.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var ps []*Puzzle
	for sc.Scan() {
		p, err := Decode(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		roundTrip(t, p)
	}
	if len(ps) != 2 {
		t.Fatalf("%d puzzles, want 2", len(ps))
	}
	count := map[int]int{}
	for _, row := range ps[0].Grid {
		for _, c := range row {
			count[c.Region]++
		}
	}
	for r := range 9 {
		if count[r] != 9 {
			t.Errorf("jigsaw region %d has %d cells", r, count[r])
		}
	}
	if len(ps[1].KillerCages) != 2 || ps[1].KillerCages[1].Sum != 10 {
		t.Errorf("killer cages %+v", ps[1].KillerCages)
	}
}

// small returns a 4x4 puzzle's JSON with extra top-level keys.
func small(extra string) string {
	row := `[{},{},{},{}]`
	s := `{"size":4,"grid":[` + strings.Repeat(row+",", 3) + row + `]`
	if extra != "" {
		s += "," + extra
	}
	return s + "}"
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string // the error text
		is   error
	}{
		{``, "line 1, column 1: no JSON value", nil},
		{`[1,2]`, "line 1, column 1: an f-puzzles puzzle is an object, not an array", nil},
		{`{"size":9`, "line 1, column 10: the JSON text ends too soon", nil},
		{`{"size":9}x`, "line 1, column 11: text after the JSON value", nil},
		{"{\"size\":\n 9,\n \"size\": 9}", "line 3, column 2: the key \"size\" appears twice", nil},
		{`{"size":"nine","grid":[]}`, `line 1, column 9: size: "nine" is not a whole number`, nil},
		{`{"size":99,"grid":[]}`, `line 1, column 9: size: 99 is not a grid side from 1 to 64`, nil},
		{`{"grid":[]}`, `line 1, column 1: no "size"`, nil},
		{`{"size":4}`, `line 1, column 1: no "grid"`, nil},
		{`{"size":4,"grid":[[{},{},{},{}]]}`, `line 1, column 18: grid: 1 rows for a size of 4`, nil},
		{strings.Replace(small(""), `[{},{},{},{}]`, `[{},{},{}]`, 1), `line 1, column 19: grid[0]: 3 cells in row 1 for a size of 4`, nil},
		{strings.Replace(small(""), `{}`, `{"value":5}`, 1), `line 1, column 29: grid[0][0] (R1C1).value: 5 is not a digit from 1 to 4`, nil},
		{strings.Replace(small(""), `{}`, `{"given":true}`, 1), `line 1, column 20: grid[0][0] (R1C1): given but with no value`, nil},
		{strings.Replace(small(""), `{}`, `{"region":4}`, 1), `line 1, column 30: grid[0][0] (R1C1).region: region 4 is not from 0 to 3`, nil},
		{strings.Replace(small(""), `{}`, `{"magic":1}`, 1), `line 1, column 29: grid[0][0] (R1C1).magic: the cell key "magic" is not supported`, ErrUnsupported},
		{small(`"magicline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`), `line 1, column 88: magicline: the f-puzzles rule "magicline" is not supported`, ErrUnsupported},
		{small(`"negative":["difference"]`), `line 1, column 88: negative[0]: the negative rule for "difference" is not supported`, ErrUnsupported},
		{small(`"killercage":[{"cells":["R1C1","R5C1"],"value":"5"}]`), `line 1, column 107: killercage[0].cells[1]: R5C1 is outside the 4x4 grid`, nil},
		{small(`"killercage":[{"cells":["R1C1","r1c1"]}]`), `line 1, column 107: killercage[0].cells[1]: R1C1 appears twice`, nil},
		{small(`"killercage":[{"cells":["A1"]}]`), `line 1, column 100: killercage[0].cells[0]: "A1" is not a cell name like "R1C1"`, nil},
		{small(`"killercage":[{"cells":["R1C1"],"value":"ten"}]`), `line 1, column 116: killercage[0].value: "ten" is not a whole number`, nil},
		{small(`"killercage":[{"cells":["R1C1"],"sum":"5"}]`), `line 1, column 114: killercage[0].sum: the key "sum" is not part of this rule`, nil},
		{small(`"killercage":[{"cells":[]}]`), `line 1, column 99: killercage[0].cells: no cells`, nil},
		{small(`"thermometer":[{"lines":[["R1C1","R3C1"]]}]`), `line 1, column 109: thermometer[0].lines[0][1]: R3C1 does not touch R1C1`, nil},
		{small(`"thermometer":[{"lines":[["R1C1"]]}]`), `line 1, column 101: thermometer[0].lines[0]: a line needs at least 2 cells, not 1`, nil},
		{small(`"arrow":[{"cells":["R1C1"],"lines":[["R2C2","R3C3"]]}]`), `line 1, column 112: arrow[0].lines[0]: the line starts at R2C2, outside the circle R1C1`, nil},
		{small(`"difference":[{"cells":["R1C1","R2C2"]}]`), `line 1, column 99: difference[0].cells: a dot sits between two orthogonal neighbours, not R1C1 R2C2`, nil},
		{small(`"xv":[{"cells":["R1C1","R1C2"],"value":"L"}]`), `line 1, column 82: xv[0]: an XV mark is "X" or "V", not "L"`, nil},
		{small(`"littlekillersum":[{"cell":"R1C1","direction":"DR","value":"5"}]`), `line 1, column 103: littlekillersum[0].cell: R1C1 is not just outside the 4x4 grid`, nil},
		{small(`"littlekillersum":[{"cell":"R0C4","direction":"UR","value":"5"}]`), `line 1, column 122: littlekillersum[0].direction: from R0C4 the diagonal UR misses the grid`, nil},
		{small(`"littlekillersum":[{"cell":"R0C0","cells":["R1C1","R2C2"],"direction":"DR","value":"5"}]`), `line 1, column 118: littlekillersum[0].cells: the cells are not the diagonal DR from R0C0 (R1C1 R2C2 R3C3 R4C4)`, nil},
		{small(`"sandwichsum":[{"cell":"R0C0","value":"5"}]`), `line 1, column 99: sandwichsum[0].cell: R0C0 is a corner: a sandwich clue sits beside a row or above a column`, nil},
		{small(`"sandwichsum":[{"cell":"R0C1"}]`), `line 1, column 91: sandwichsum[0]: a sandwich clue with no value`, nil},
		{small(`"antiknight":"yes"`), `line 1, column 89: antiknight: want true or false, not a string`, nil},
		{small(`"odd":[{"cell":"R1C1","value":"1"}]`), `line 1, column 106: odd[0].value: the key "value" is not part of this rule`, nil},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		var e *Error
		if err == nil || !errors.As(err, &e) || err.Error() != tt.want {
			t.Errorf("Decode(%s):\n got %v\nwant %s", tt.in, err, tt.want)
			continue
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("Decode(%s) = %v, not %v", tt.in, err, tt.is)
		}
	}
}

// TestQuiet: keys that make no rule are accepted, unknown keys that say
// nothing too; a rule we read, even empty, is no error.
func TestQuiet(t *testing.T) {
	for _, extra := range []string{
		`"quadruple":[]`, `"clone":null`, `"minimum":[]`, `"negative":[]`,
		`"cage":[{"cells":["R1C1"],"value":"3"}]`, `"line":[{"lines":[["R1C1","R1C2"]],"outlineC":"#000","width":0.5}]`,
		`"text":[]`, `"killercage":[]`, `"antiknight":false`, `"title":null`,
	} {
		if _, err := Decode([]byte(small(extra))); err != nil {
			t.Errorf("Decode with %s: %v", extra, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	every, err := os.ReadFile("testdata/every_rule.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(every)
	lines, err := os.ReadFile("testdata/lines.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range bytes.Split(lines, []byte("\n")) {
		f.Add(l)
	}
	f.Add([]byte(small(`"littlekillersum":[{"cell":"R5C2","direction":"UL","value":"3"}],"whispers":[{"lines":[["R1C1","R2C2"]]}]`)))
	for _, s := range lineSeeds {
		f.Add([]byte(small(s)))
	}
	for _, s := range cellSeeds {
		f.Add([]byte(small(s)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Column < 1 {
				t.Fatalf("Decode error without a place: %v", err)
			}
			return
		}
		roundTrip(t, p)
	})
}
