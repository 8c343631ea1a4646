package logic

import "github.com/gosudoku/sudoku/format"

// pencilText writes g as a pencil-mark grid, for failure messages.
func pencilText(g *Grid) string { return format.Text(g.Puzzle(), format.Pencil) }
