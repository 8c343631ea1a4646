// Package variant is the rules of variant sudoku and their engine: one
// puzzle model for the families people play (killer, jigsaw, X, windoku,
// anti-knight, thermometers, arrows, kropki ...), with Check, Solve and
// Count for every size from 4x4 to 64x64.
//
// # The model
//
// A Puzzle is a side Size, its Givens, a region layout and a list of
// Rules. Cells are numbered in reading order from 0 in Givens and Regions;
// rules name cells as Cell{Row, Col}, counted from 1 as in "r1c1".
//
//   - Regions: nil (a Latin square: rows and columns only), boxes of r x c
//     cells with r*c = Size (Boxes; New picks the usual ones: 6x6 as 2x3,
//     9x9 as 3x3, 12x12 as 3x4), or a jigsaw: any partition into Size
//     regions of Size cells (a region may be in several parts).
//   - Extra regions: Diagonal, Windoku, Disjoint, ExtraRegion.
//   - Cell-pair rules: AntiKnight, AntiKing, NonConsecutive.
//   - Cages: Cage (killer, with or without a sum), LittleKiller.
//   - Lines and dots: Thermo, Arrow, Kropki and KropkiNegative, XV and
//     XVNegative, Parity, Whisper, Renban, Palindrome, Sandwich.
//   - Lines of f-puzzles' newer constraints: RegionSum, Entropic, Modular,
//     Lockout, Zipper, Between, Nabner, DoubleArrow, and TenLine (no
//     f-puzzles key).
//   - Clues and cells: Quadruple, XSum, Skyscraper, Extremum (minimum and
//     maximum cells), Clone, Indexer (row, column, box), Marks (given
//     pencil marks).
//
// Kinds lists them with their f-puzzles names. Each rule in Go (cells are
// Cell{Row, Col}; a Cell literal {4, 5} is r4c5):
//
//	variant.Diagonal{}                                  // r1c1-r9c9 ("diagonal-")
//	variant.Diagonal{Positive: true}                    // r9c1-r1c9 ("diagonal+")
//	variant.Windoku{}                                   // hyper windows (square sides)
//	variant.Disjoint{}                                  // same place in every box
//	variant.ExtraRegion{Cells: cells}                   // at most Size cells, all different
//	variant.AntiKnight{}, variant.AntiKing{}, variant.NonConsecutive{}
//	variant.Cage{Cells: cells, Sum: 10}                 // Sum 0: no sum, only different
//	variant.LittleKiller{Cells: diagonal, Sum: 20}      // cells along one diagonal
//	variant.Thermo{Cells: line}                         // bulb first
//	variant.Arrow{Circle: circle, Line: line}           // circle of 1 to 3 cells
//	variant.Kropki{Cells: [2]variant.Cell{a, b}}        // white: differ by 1 (Value: k for k)
//	variant.Kropki{Cells: [2]variant.Cell{a, b}, Black: true} // black: ratio 2 (Value: k)
//	variant.KropkiNegative{White: true, Black: true}    // all dots given
//	variant.XV{Cells: [2]variant.Cell{a, b}, Sum: 10}   // X (Sum 5: V)
//	variant.XVNegative{}                                // all X and V given
//	variant.Parity{Cell: c}, variant.Parity{Cell: c, Even: true}
//	variant.Whisper{Cells: line}                        // Diff 0: (Size+1)/2, 5 in 9x9
//	variant.Renban{Cells: line}
//	variant.Palindrome{Cells: line}
//	variant.Sandwich{Index: 3, Sum: 12}                 // row 3; Column: true for column 3
//	variant.RegionSum{Cells: line}                      // each box's segment: one sum
//	variant.Entropic{Cells: line}, variant.Modular{Cells: line} // 3 in a row: low/mid/high, mod 3
//	variant.Lockout{Cells: line}                        // ends 4 apart (9x9), none between
//	variant.Zipper{Cells: line}, variant.DoubleArrow{Cells: line}
//	variant.Between{Cells: line}, variant.Nabner{Cells: line}
//	variant.TenLine{Cells: line}                        // segments of 10 (Sum: k for k)
//	variant.Quadruple{Cells: four, Values: []int{1, 2}} // the four cells hold a 1 and a 2
//	variant.XSum{Index: 3, Sum: 12}                     // row 3 from the left; Reverse: from the right
//	variant.Skyscraper{Column: true, Index: 2, Count: 4} // 4 seen from above column 2
//	variant.Extremum{Cell: c}, variant.Extremum{Cell: c, Max: true} // minimum, maximum cell
//	variant.Clone{Cells: a, Clones: b}                  // a[k] and b[k] hold the same value
//	variant.Indexer{Cells: cells}                       // row indexers; Column or Box: true
//	variant.Marks{Cell: c, Values: []int{3, 4}}         // given pencil marks
//
// A 9x9 killer in Go:
//
//	p := variant.New(9)
//	p.Rules = append(p.Rules,
//		variant.Cage{Cells: []variant.Cell{{1, 1}, {2, 1}}, Sum: 10},
//		variant.Thermo{Cells: []variant.Cell{{4, 4}, {4, 5}, {4, 6}}},
//		variant.AntiKnight{})
//	res, err := variant.Count(ctx, p, 2, variant.Options{})
//
// Validate names the first rule that cannot be used ("rule 2 (cage
// r1c1-r2c1 (sum 50)): rule not well formed: no 2 different values 1-9 sum
// to 50 (only 3 to 17)"); Check names
// every broken rule in words ("cage r1c1-r2c1 (sum 10) holds 3+8 = 11",
// "thermometer from r4c4: r4c5 = 3 is not above r4c4 = 5", "r2c3 and r4c4
// are a knight's move apart and both hold 7").
//
// # The engine
//
// Each cell has a candidate set, a uint64 with bit v-1 for value v. The
// rules compile (compile, builder) to four kinds of reasoning:
//
//   - all-different groups (rows, columns, regions, extra regions, cages):
//     a fixed value leaves the cell's peers; a group of Size cells places
//     a value that fits one cell only (hidden single), and where two such
//     groups share two cells or more, a value locked in the shared cells
//     by one leaves the rest of the other (locked candidates);
//   - pair relations (anti-knight and anti-king as "differ"; non-consecutive,
//     kropki, XV, whispers, thermometers, palindromes and the negative
//     rules as a table of the values each value allows next door), kept
//     arc consistent;
//   - initial domains (odd/even, a thermometer cell's place on the line);
//   - propagators of their own: killer cage sums (every combination of
//     different values with the sum, precomputed; the values no live
//     combination has go, and a value every combination needs is placed
//     when one cell alone can hold it; where the cage lies in a row,
//     column or region, the values every combination needs leave the
//     rest of it, and the values with no place in the rest are needed),
//     the 45 rule (innies and outies of up to 4 cells, of a region, a row
//     or a column, or all rows or columns but one), linear sums on bounds
//     (arrows, little killers, cages with too many combinations), renban
//     windows, sandwich sums (every place of the 1 and the largest value
//     whose middle cells fit a combination of the sum), the line rules
//     (lineprop.go, sumprop.go: a whisper cell's two partners where its
//     neighbours must differ, the classes of entropic and modular lines
//     by place mod 3, the pairs of ends of lockout and between lines, the
//     common sums of region-sum, zipper and double-arrow groups, the
//     splits of 10-lines), and a fallback
//     that checks a rule once its cells are fixed (b.whenFull, for a new
//     kind until it has a propagator of its own).
//
// Puzzles whose rules compile to all-different groups alone (boxes or
// jigsaw regions, diagonals, windoku, disjoint groups, extra regions, cages
// with no sum, anti-knight, anti-king) on grids of at most 128 cells are
// searched by a second engine built as the classic one for small grids
// (alldiff.go): cell sets in two words, each value's places, and only the
// peers that lose a value visited; it reaches the same fixpoint.
//
// Search is depth first, with a node limit and the context checked as it
// goes. Count and a Solver branch on the cell with the fewest candidates
// per weight of past contradictions (dom²/wdeg: a cell's weight counts
// the contradictions met in its groups), which cuts the long tails of
// killers; the generator's searches on the first cell with the fewest.
// A count of a killer that needs more than 15 guesses starts again on
// an engine with stronger sums (innies.go, mixedsum.go): the 45 rule over
// every row, column and region and the first or last k of them, with
// innies less outies (Σ B − Σ A = k) of up to 6 cells kept as sums whose
// cells need not differ (bounds on the least distinct values of each
// group of cells that must differ, the last 1-3 open cells solved
// exactly), its branching also weighing the cell whose guess led to a
// contradiction. A puzzle with no rules
// and square boxes is handed to sudoku.Count, the classic engines, so
// classic puzzles lose nothing.
//
// Generate makes puzzles of the families in Families ("killer", "jigsaw",
// "x", "windoku", "disjoint", "antiknight", "antiking", "nonconsecutive",
// joined by commas) for a Spec from ParseSpec: unique, minimal in givens,
// reproducible from a seed.
//
// Every elimination names its rule: a Listener given to Propagate hears
// them (rule index, cell, values), so the human-logic layer can explain
// what a rule did; searches run without one at no cost.
//
// # Adding a rule kind
//
// A new kind is one file, rule_NAME.go, and one row in Kinds. The file
// holds the rule's type with exported fields and its methods:
//
//   - Kind returns the name of its row in Kinds;
//   - String describes it ("thermometer from r4c4");
//   - validate(p) says why it cannot be used, naming the place (cells off
//     the grid, a sum no values can make, a line that crosses itself);
//   - check(ck) reports through ck.add each way the filled cells break it,
//     in words; it is the rule's definition, and the reference solver in
//     the tests uses nothing else;
//   - compile(b) says how the engine reasons about it: b.group, b.differ,
//     b.pair, b.restrict, b.linear, b.cage, or b.prop with a propagator of
//     its own (b.whenFull until it has one).
//
// TestCrossCheck then compares the engine with the reference solver on
// random puzzles; add the kind to its localRules, moreRules or
// globalRules, and to transpose (TestTransposeProperty).
package variant
