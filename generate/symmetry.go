package generate

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gosudoku/sudoku"
)

// Symmetry is a set of symmetries the clues of a puzzle keep: a clue's
// images under each of them are clues too. Combine them with |; the zero
// value (None) asks for no symmetry.
type Symmetry uint8

// The symmetries. Side s, rows and columns r, c from 0.
const (
	// Central is the 180° rotation: (r, c) -> (s-1-r, s-1-c).
	Central Symmetry = 1 << iota
	// Rotational is the 90° rotation: (r, c) -> (c, s-1-r). It implies Central.
	Rotational
	// MirrorLR is the mirror between left and right: (r, c) -> (r, s-1-c).
	MirrorLR
	// MirrorTB is the mirror between top and bottom: (r, c) -> (s-1-r, c).
	MirrorTB
	// Diagonal is the mirror in the main diagonal: (r, c) -> (c, r).
	Diagonal
	// AntiDiagonal is the mirror in the anti-diagonal: (r, c) -> (s-1-c, s-1-r).
	AntiDiagonal

	// None asks for no symmetry.
	None Symmetry = 0
	// Diagonals is both diagonal mirrors (they imply Central).
	Diagonals = Diagonal | AntiDiagonal
	// Full is every symmetry of the square.
	Full = Central | Rotational | MirrorLR | MirrorTB | Diagonal | AntiDiagonal
)

// symmetryNames lists the names ParseSymmetry knows, canonical first.
var symmetryNames = []struct {
	name string
	s    Symmetry
}{
	{"none", None},
	{"central", Central},
	{"rotational", Rotational},
	{"mirror-lr", MirrorLR},
	{"mirror-tb", MirrorTB},
	{"diagonal", Diagonal},
	{"antidiagonal", AntiDiagonal},
	{"diagonals", Diagonals},
	{"full", Full},
	{"180", Central},
	{"rot180", Central},
	{"90", Rotational},
	{"rot90", Rotational},
	{"mirror", MirrorLR},
	{"horizontal", MirrorLR},
	{"vertical", MirrorTB},
	{"anti-diagonal", AntiDiagonal},
	{"all", Full},
}

// SymmetryNames returns the canonical names ParseSymmetry accepts.
func SymmetryNames() []string {
	return []string{"none", "central", "rotational", "mirror-lr", "mirror-tb", "diagonal", "antidiagonal", "diagonals", "full"}
}

// ParseSymmetry returns the symmetry with the given name (see
// SymmetryNames; also "rot90", "180", "mirror", "all"), or several names
// joined with '+' or ',': "mirror-lr+mirror-tb".
func ParseSymmetry(name string) (Symmetry, error) {
	var s Symmetry
	for part := range strings.FieldsFuncSeq(name, func(r rune) bool { return r == '+' || r == ',' }) {
		part = strings.TrimSpace(part)
		i := slices.IndexFunc(symmetryNames, func(e struct {
			name string
			s    Symmetry
		}) bool {
			return strings.EqualFold(e.name, part)
		})
		if i < 0 {
			return 0, fmt.Errorf("generate: unknown symmetry %q (want %s, or several joined with +)", part, strings.Join(SymmetryNames(), ", "))
		}
		s |= symmetryNames[i].s
	}
	return s, nil
}

// String returns the canonical name of s, as ParseSymmetry reads it.
func (s Symmetry) String() string {
	for _, e := range symmetryNames[:9] {
		if e.s == s {
			return e.name
		}
	}
	var parts []string
	for _, e := range symmetryNames[1:7] {
		if s&e.s != 0 {
			parts = append(parts, e.name)
		}
	}
	if s&^Full != 0 {
		parts = append(parts, fmt.Sprintf("Symmetry(%#x)", uint8(s&^Full)))
	}
	return strings.Join(parts, "+")
}

// Orbits returns the cells (row-major) of a grid of the given order
// grouped into orbits: each orbit is a cell and all its images under s.
// Orbits come in order of their first cell, each sorted. It returns nil
// for an order outside 2..8.
func (s Symmetry) Orbits(order int) [][]int {
	if sudoku.CheckOrder(order) != nil {
		return nil
	}
	side := order * order
	maps := s.maps(side)
	seen := make([]bool, side*side)
	var orbits [][]int
	for i := range seen {
		if seen[i] {
			continue
		}
		orbit := []int{i}
		seen[i] = true
		for k := 0; k < len(orbit); k++ {
			r, c := orbit[k]/side, orbit[k]%side
			for _, m := range maps {
				r2, c2 := m(r, c)
				if j := r2*side + c2; !seen[j] {
					seen[j] = true
					orbit = append(orbit, j)
				}
			}
		}
		slices.Sort(orbit)
		orbits = append(orbits, orbit)
	}
	return orbits
}

// maps returns the cell maps of the generators in s.
func (s Symmetry) maps(side int) []func(r, c int) (int, int) {
	e := side - 1
	var maps []func(r, c int) (int, int)
	if s&Central != 0 {
		maps = append(maps, func(r, c int) (int, int) { return e - r, e - c })
	}
	if s&Rotational != 0 {
		maps = append(maps, func(r, c int) (int, int) { return c, e - r })
	}
	if s&MirrorLR != 0 {
		maps = append(maps, func(r, c int) (int, int) { return r, e - c })
	}
	if s&MirrorTB != 0 {
		maps = append(maps, func(r, c int) (int, int) { return e - r, c })
	}
	if s&Diagonal != 0 {
		maps = append(maps, func(r, c int) (int, int) { return c, r })
	}
	if s&AntiDiagonal != 0 {
		maps = append(maps, func(r, c int) (int, int) { return e - c, e - r })
	}
	return maps
}

// Mask is a clue pattern: the cells where a puzzle's clues must sit.
type Mask struct {
	order int
	on    []bool
}

// NewMask returns the mask of the given order with clues at the cells
// (row-major) where on is true.
func NewMask(order int, on []bool) (*Mask, error) {
	if sudoku.OrderForCells(len(on)) != order || order == 0 {
		return nil, fmt.Errorf("generate: mask of %d cells, want %d for order %d", len(on), order*order*order*order, order)
	}
	return &Mask{order: order, on: slices.Clone(on)}, nil
}

// ParseMask reads a mask: a grid of 'x' (a clue) and '.' (a blank), on one
// line or one row per line. Any puzzle symbol also marks a clue and '0' a
// blank, so a puzzle serves as the mask of its own clues. Spaces and box
// lines ('|', '-', '+') are skipped. The order comes from the number of
// cells. Errors name the line and column.
func ParseMask(r io.Reader) (*Mask, error) {
	var on []bool
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		for col, ch := range []byte(sc.Text()) {
			switch ch {
			case ' ', '\t', '\r', '|', '-', '+':
				continue
			case 'x', 'X', '*':
				on = append(on, true)
				continue
			}
			v, ok := sudoku.SymbolValue(ch)
			if !ok {
				return nil, fmt.Errorf("generate: mask line %d, column %d: %q is not 'x' or '.'", line, col+1, ch)
			}
			on = append(on, v != 0)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("generate: mask: %w", err)
	}
	order := sudoku.OrderForCells(len(on))
	if order == 0 {
		return nil, fmt.Errorf("generate: mask has %d cells, not the size of a grid (16, 81, 256, ...)", len(on))
	}
	return &Mask{order: order, on: on}, nil
}

// Order returns the order of the grids the mask fits.
func (m *Mask) Order() int { return m.order }

// Has reports whether cell i (row-major) holds a clue.
func (m *Mask) Has(i int) bool { return i >= 0 && i < len(m.on) && m.on[i] }

// Clues returns the number of clue cells.
func (m *Mask) Clues() int {
	n := 0
	for _, b := range m.on {
		if b {
			n++
		}
	}
	return n
}

// String returns the mask as rows of 'x' and '.', each ending in a newline.
func (m *Mask) String() string {
	side := m.order * m.order
	var b strings.Builder
	for i, on := range m.on {
		if on {
			b.WriteByte('x')
		} else {
			b.WriteByte('.')
		}
		if i%side == side-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
