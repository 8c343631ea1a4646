// Package canon computes canonical forms of Sudoku grids, so that
// equivalent puzzles can be found whatever their disguise: Canon for 9x9
// grids (fast, two kinds of form), General for any order (4x4, 16x16 ...),
// Refined for complete grids of any order, and Variant for variant puzzles under the symmetries of their rules (X,
// windoku, jigsaw).
//
// Two grids are equivalent when one becomes the other by a grid
// transformation and a relabelling of the digits. The grid transformations
// are the 2 x 6^8 = 3,359,232 products of a transposition (or none), a
// permutation of the bands, of the rows inside each band, of the stacks and
// of the columns inside each stack; the relabellings are the 9! permutations
// of the digits.
//
// Two canonical forms are offered (Kind):
//
//   - Minlex, the minlex form: the smallest row-major string over every
//     transformation and relabelling, blanks written 0. Relabelling the
//     digits in order of first appearance gives the smallest string for a
//     given transformation, so the form starts with its first given as 1.
//   - PatternFirst: the transformations that give the smallest pattern of
//     givens (blanks 0, givens 1) first, and among them the smallest
//     string. This is the form computed by dobrichev's
//     sudoku-minlexing-tool. On a complete grid both are the same; on a
//     puzzle they often differ, since the minlex form may give up an early
//     blank for a smaller digit (on 59% of the 17-clue puzzles, 73-76% of
//     top1465, the forum's hardest and random minimal puzzles).
//
// Both come with the transformation that maps the grid to its form
// (Form.Map; its Inverse maps the form back) and the number of
// automorphisms of the grid.
//
// The search builds the form row by row, keeping only the partial
// transformations whose rows so far are the smallest, so it is exact and
// fast: a few microseconds per puzzle, under a millisecond per complete
// grid. A Canonicalizer keeps its working memory between calls; use one per
// goroutine.
//
// General runs the same row-by-row search on grids of any order n (side
// N = n*n; the group is a transposition times n! x n!^n row and n! x n!^n
// column permutations times N! relabellings) with the column freedom kept
// as ties in an order of the columns; it is exact, fast on puzzles, and
// fails, in bounded memory, on grids whose first rows tie in too many ways
// (more partial transformations than fit in 64 MiB, at most MaxCandidates),
// such as complete 16x16 grids: the extensions of a row are counted before
// they are built. Refined gives another canonical form of
// any order, not minlex, that first orders the rows and columns by
// invariant classes and searches only among the lines left tied: under a
// millisecond on complete grids of 16x16 and 25x25; on grids whose lines
// tie in too many ways (pattern grids) it runs an individualization-
// refinement search instead. Variant tries each symmetry of a variant
// puzzle's rules in turn (96 for 9x9 X, 8 at most for a jigsaw).
package canon
