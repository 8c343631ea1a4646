// Package render draws Sudoku grids for print and the screen: SVG with the
// standard library, PNG with the image package and the Go fonts, and (in
// the sub-package pdf, the only one that imports a PDF library) PDF.
//
// One grid becomes an image with SVG or PNG:
//
//	err := render.SVG(w, g, render.Options{})
//
// A Sheet is a document of several puzzles: PerPage puzzles per page (1, 2,
// 4 or 6), each with its number and caption under it, then, if Solutions is
// set, the solutions on the pages after the puzzles. pdf.Write writes a
// whole sheet; SheetSVG and SheetPNG write one page of it.
//
// # Drawing
//
// Every grid of order 2 to 8 (4x4 to 64x64) is drawn the same way: thin
// cell lines, thick box lines and border, and each value as its symbol
// (sudoku.SymbolByte: 1-9, then A, B, ...) centred in its cell. Values of
// the grid (the givens) are dark; values that only the solution holds are
// drawn in a lighter blue, so a solution page shows which cells were
// given. When an Item asks for marks and its grid carries pencil marks,
// each blank cell shows its candidates small, value v in the v-th place of
// an order by order block (1 top left, 9 bottom right at 9x9).
//
// The layout is computed once, in points (1/72 inch), and sent to a Canvas;
// the SVG, PNG and PDF writers are three Canvas implementations, so the
// three formats place everything at the same spot.
package render
