// Package logic solves Sudoku puzzles the way people do, one explained
// step at a time, and rates them on Sudoku Explainer's scale.
//
// A Grid holds the values placed and the candidates (pencil marks) of the
// blank cells; NewGrid makes one from a puzzle, keeping a player's own
// marks if the puzzle carries them. A Step is one deduction: its
// Technique, the variant's Name, its Rating in tenths of SE's scale, the
// cells, units and candidates it looks at, the values it places or the
// candidates it eliminates, and a sentence:
//
//	In box 5, 7 fits only r5c4, so r5c4 = 7
//
// Next returns the step Sudoku Explainer would take: the first step found
// by the first rule, in SE's rule order (which is not sorted by
// difficulty), one step at a time. Path applies steps until the grid is
// solved; Rate returns ER (the hardest step), EP (the hardest up to the
// first placement) and ED (the first step) as serate does, with a Level.
// Available lists every step that applies now.
//
// Singles, intersections, naked and hidden subsets, basic fish and ALS-XZ
// work at every order; the wings, strong links, uniqueness,
// aligned-exclusion and SE's chaining rules work at 9x9, and chains of
// the same kinds at the other orders. AllTechniques adds rules SE does
// not have (finned fish, W-Wing, ALS-XZ) to DefaultTechniques. Uniqueness rules are used only when the
// puzzle is known to have one solution (Options.AssumeUnique, or checked
// with sudoku.Count). Every search takes a context.Context.
//
// Cells are numbered row by row from 0 and named r1c1 to r9c9; units are
// rows, columns and boxes, named "row 3", "column 4", "box 5" (boxes in
// reading order).
//
// # Variant puzzles
//
// NewVariantGrid reads a variant.Puzzle through a view of its houses: the
// rows and columns, its boxes (of any shape, 6x6 as 2x3) or jigsaw
// regions ("region 4", numbered by their first cell in reading order), and
// the extra regions of its rules that hold every value: the diagonals of X
// sudoku ("main diagonal", "anti-diagonal"), windoku windows ("window 2";
// with the windows they imply, five at 9x9, as SukakuExplainer has them),
// disjoint groups ("disjoint group 3") and extra regions of Size cells
// ("extra region 1"). A cell's peers are every cell it must differ from:
// its houses, smaller extra regions, cages, and under anti-knight and
// anti-king the cells a knight's or king's move away, so a value placed
// leaves them all. The techniques that read houses and peers alone run on
// that view, at every size: full houses and hidden singles (1.2 in a box
// or region, 1.5 in a line or an extra house, as SukakuExplainer rates
// them), direct and plain pointing and claiming between any two houses
// (a house's places of a value inside another house: pointing from a box,
// region or extra house, claiming from a row or column), naked and hidden
// subsets in every house, fish on rows and columns, ALS-XZ, and the
// chains of the other orders (forcing X-chains, XY-chains, cell and
// region forcing chains, dynamic chains and their nested forms), whose
// singles and basic rules use every house and peer. A variant puzzle
// with no rules and square boxes is a classic one and gets the classic
// logic and ratings.
//
// The rules that are not houses or peers (killer cage sums, thermometers,
// arrows, kropki dots, XV, odd and even cells, whispers, renban,
// palindromes, sandwiches, little killers, non-consecutive) give steps of
// their own: what one rule removes from the candidates as they stand, as
// package variant's engine propagates that rule alone (a
// variant.Propagator with a Listener), stopped where a row, column or
// region deduction would join in, so that the step rests on the rule
// alone. Each names its rule by index (Step.Rules) and words it from its
// data: "Cage r1c1-r1c3, 7 in 3 cells: only 1+2+4, so 3 goes from r1c1,
// r1c2 and r1c3 ...; and the cage holds 1, 2 and 4, so 1 goes from
// r1c4 ..." (the values every combination needs leave the houses around
// the cage), "Thermometer from r4c4: values strictly increase from the
// bulb, so 1 goes from r4c5 and r4c6 ...". A rule kind the logic has no
// name for yet gives steps of technique RuleOther; one the engine cannot
// propagate alone gives none (the path then stops, ErrStuck).
//
// Where those steps and the houses' techniques stop, Forcing Chains on the
// Rules play a candidate out through every rule of the puzzle (the
// engine's propagation to its fixpoint): a candidate that leaves a cell
// with no candidate goes (8.0, the one whose propagation is shortest);
// failing that, a cell whose every candidate, or a house whose every
// place for a value, played out removes the same candidates (8.5). They
// are the chains' links through the rules: coarser than a chain that
// names each link, but sound, as every step is checked against the
// solution in the tests.
//
// Ratings of the rule steps, in SE's tenths, set near SE's techniques of
// the same weight for a player: a cell's parity 1.1 (a given restriction,
// just above a hidden single in a box); a thermometer or a palindrome 1.6
// and a kropki dot, an XV mark, non-consecutive neighbours or a whisper
// 1.8 (a pair of cells read off the grid, as SE's direct pointing 1.7 and
// claiming 1.9); cage combinations 2.0 (a sum and its combinations, as a
// direct hidden pair); little killers, arrows and renban 2.2 (a sum or a
// set over a line whose cells may repeat or spread); sandwiches and rules
// without a name 2.5; forcing chains on the rules 8.0 and 8.5 (SE's cell
// and region forcing chains, and its dynamic forcing chains). They come
// after the singles in the rule order, before intersections. Innies and
// outies (the 45 rule) are reasoned by the engine's cage propagation of
// the puzzle as a whole (its RuleSums), which the forcing chains on the
// rules use; they have no step of their own yet.
//
// The 9x9 rules built on the fixed geometry of rows, columns and boxes
// (wings, strong links, aligned exclusion, SE's own chaining rules) and
// the uniqueness rules (unique rectangles and loops, BUG) do not run on a
// variant's view. The uniqueness rules in particular are not sound there
// as they stand: a deadly pattern is deadly because its two values can be
// swapped without breaking a row, column or box, and a diagonal, a
// window, a disjoint group or an anti-knight pair through one of its
// cells can forbid that swap, so the puzzle may rely on the pattern and
// still have one solution.
package logic
