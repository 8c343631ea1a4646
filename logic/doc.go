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
package logic
