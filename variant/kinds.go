package variant

// Rule is one variant constraint of a Puzzle. The rule types are the ones
// listed in Kinds; each lives in its own file (rule_*.go) with its exported
// fields, its validation, its check, its propagation and its description.
type Rule interface {
	// Kind is the rule's name in the kinds table (Kinds).
	Kind() string
	// String describes the rule, for example "cage r1c1-r2c1 (sum 10)".
	String() string
	// validate reports why the rule cannot be used in p, naming the place.
	validate(p *Puzzle) error
	// check reports through ck every way the filled cells break the rule.
	check(ck *checker)
	// compile adds the rule's groups, pair relations and propagators to
	// the engine.
	compile(b *builder)
}

// KindInfo is one row of the kinds table.
type KindInfo struct {
	// Name is the kind's name, as Rule.Kind returns it.
	Name string
	// FPuzzles is the f-puzzles JSON key(s) the kind is read from and
	// written to, comma separated; "" where f-puzzles has none.
	FPuzzles string
	// Doc is a one-line description of the rule.
	Doc string
}

// Kinds returns the kinds table: every rule type, in the order of the
// families (extra regions, cell-pair rules, cages, lines and dots).
// Adding a rule kind means adding its file and one row here.
func Kinds() []KindInfo {
	return []KindInfo{
		{"diagonal", "diagonal+,diagonal-", "a main diagonal holds each value once (X sudoku: both)"},
		{"windoku", "", "the hyper windows (9x9: four 3x3 windows) hold each value once"},
		{"disjoint", "disjointgroups", "cells at the same place in every box hold each value once"},
		{"region", "extraregion", "an extra region: its cells hold different values"},
		{"antiknight", "antiknight", "cells a knight's move apart differ"},
		{"antiking", "antiking", "cells a king's move apart differ"},
		{"nonconsecutive", "nonconsecutive", "orthogonal neighbours are not consecutive"},
		{"killer", "killercage", "a cage: different values, summing to its sum if it has one"},
		{"littlekiller", "littlekillersum", "the values along a diagonal sum to the clue (repeats allowed)"},
		{"thermo", "thermometer", "values strictly increase from the bulb"},
		{"arrow", "arrow", "the values on the arrow sum to the number in its circle"},
		{"kropki", "difference,ratio", "white dot: values differ by 1; black dot: one is twice the other"},
		{"kropki-negative", "negative", "all kropki dots are given: neighbours without a dot are neither"},
		{"xv", "xv", "X: the two values sum to 10; V: to 5"},
		{"xv-negative", "negative", "all XV marks are given: neighbours without one sum to neither"},
		{"parity", "odd,even", "the cell holds an odd (or even) value"},
		{"whisper", "whispers", "neighbours on the line differ by at least 5 (9x9)"},
		{"renban", "renban", "the line holds a set of consecutive values, in any order"},
		{"palindrome", "palindrome", "the line reads the same both ways"},
		{"sandwich", "sandwichsum", "the values between the 1 and the largest value of a row or column sum to the clue"},
		{"regionsum", "regionsumline", "each segment of the line within one region has the same sum"},
		{"entropic", "entropicline", "any three consecutive cells hold a low, a middle and a high value (1-3, 4-6, 7-9)"},
		{"modular", "modularline", "any three consecutive cells differ mod 3"},
		{"lockout", "lockout", "the ends differ by at least 4 (9x9); no cell between holds a value from one end to the other"},
		{"zipper", "zipperline", "cells the same distance from the middle have the same sum: the middle cell's value, if any"},
		{"between", "betweenline", "the cells between the ends hold values strictly between the ends' values"},
		{"nabner", "nabner", "no two cells of the line hold equal or consecutive values"},
		{"doublearrow", "doublearrow", "the two ends sum to the total of the cells between them"},
		{"tenline", "", "the line splits into segments of consecutive cells summing to 10"},
		{"quadruple", "quadruple", "the cells (up to four) hold every value of the clue"},
		{"xsum", "xsum", "the first X values seen from the clue sum to it, X being the first of them"},
		{"skyscraper", "skyscraper", "seen from the clue, that many values are taller than every value before them"},
		{"extremum", "minimum,maximum", "a minimum cell is below its orthogonal neighbours, a maximum cell above them"},
		{"clone", "clone", "two groups of cells of one shape hold the same values, cell for cell"},
		{"indexer", "rowindexer,columnindexer,boxindexer", "the value says which row (column, box cell) holds the cell's own row (column, box place)"},
		{"marks", "givenPencilMarks", "given pencil marks: the cell holds one of the values"},
	}
}

// KindOf returns the table row of the kind named name.
func KindOf(name string) (KindInfo, bool) {
	for _, k := range Kinds() {
		if k.Name == name {
			return k, true
		}
	}
	return KindInfo{}, false
}
