package library

import (
	"errors"

	"github.com/gosudoku/sudoku/generate"
)

// A packed 9x9 grid is a blob of 11 bytes of givens mask followed by the
// given digits, two per byte:
//
//	bytes 0-10   bit i%8 of byte i/8 is set when cell i (row-major, 0-80)
//	             holds a digit
//	bytes 11-    the digits (1-9) of those cells in cell order, the first
//	             of each pair in the low nibble; an odd count leaves the
//	             last high nibble 0
//
// A 17-clue puzzle takes 20 bytes, a 25-clue one 24 (81 as text).
const maskBytes = 11

// pack packs the 81 cells (0 a blank, 1-9 a digit).
func pack(cells *[81]uint8) []byte {
	b := make([]byte, maskBytes, maskBytes+41)
	n := 0
	for i, v := range cells {
		if v == 0 {
			continue
		}
		b[i/8] |= 1 << (i % 8)
		if n%2 == 0 {
			b = append(b, v)
		} else {
			b[len(b)-1] |= v << 4
		}
		n++
	}
	return b
}

var errPacked = errors.New("library: corrupt packed grid")

// A packed grid of any side N (4 to 64) has the layout of the 9x9 one,
// which it is for N = 9: ceil(N*N/8) bytes of givens mask, then the given
// values in cell order, two per byte (low nibble first) when N is 15 or
// less, else one per byte.

// packValues packs the side*side values (0 a blank).
func packValues(side int, vals []int) []byte {
	mb := (side*side + 7) / 8
	b := make([]byte, mb, mb+len(vals)/2)
	n := 0
	for i, v := range vals {
		if v == 0 {
			continue
		}
		b[i/8] |= 1 << (i % 8)
		switch {
		case side > 15:
			b = append(b, byte(v))
		case n%2 == 0:
			b = append(b, byte(v))
		default:
			b[len(b)-1] |= byte(v) << 4
		}
		n++
	}
	return b
}

// unpackValues reverses packValues.
func unpackValues(side int, b []byte) ([]int, error) {
	cells := side * side
	mb := (cells + 7) / 8
	if side < 1 || len(b) < mb {
		return nil, errPacked
	}
	vals := make([]int, cells)
	n := 0
	for i := range vals {
		if b[i/8]&(1<<(i%8)) == 0 {
			continue
		}
		var v int
		if side > 15 {
			if mb+n >= len(b) {
				return nil, errPacked
			}
			v = int(b[mb+n])
		} else {
			k := mb + n/2
			if k >= len(b) {
				return nil, errPacked
			}
			v = int(b[k] & 0xf)
			if n%2 == 1 {
				v = int(b[k] >> 4)
			}
		}
		if v < 1 || v > side {
			return nil, errPacked
		}
		vals[i] = v
		n++
	}
	want := mb + n
	if side <= 15 {
		want = mb + (n+1)/2
		if n%2 == 1 && len(b) == want && b[want-1]>>4 != 0 {
			return nil, errPacked // the unused last nibble is 0
		}
	}
	if len(b) != want {
		return nil, errPacked
	}
	// Bits past the last cell are never set.
	for i := cells; i < mb*8; i++ {
		if b[i/8]&(1<<(i%8)) != 0 {
			return nil, errPacked
		}
	}
	return vals, nil
}

// symmetryOf returns the symmetries the pattern of givens of a grid of
// side side keeps (a given's image is a given): generate.None for most
// puzzles.
func symmetryOf(side int, vals []int) generate.Symmetry {
	m := side - 1
	maps := []struct {
		s generate.Symmetry
		f func(r, c int) (int, int)
	}{
		{generate.Central, func(r, c int) (int, int) { return m - r, m - c }},
		{generate.Rotational, func(r, c int) (int, int) { return c, m - r }},
		{generate.MirrorLR, func(r, c int) (int, int) { return r, m - c }},
		{generate.MirrorTB, func(r, c int) (int, int) { return m - r, c }},
		{generate.Diagonal, func(r, c int) (int, int) { return c, r }},
		{generate.AntiDiagonal, func(r, c int) (int, int) { return m - c, m - r }},
	}
	var out generate.Symmetry
	for _, sym := range maps {
		keeps := true
		for i := 0; i < len(vals) && keeps; i++ {
			r, c := sym.f(i/side, i%side)
			keeps = (vals[i] == 0) == (vals[r*side+c] == 0)
		}
		if keeps {
			out |= sym.s
		}
	}
	return out
}

// keyPrefix starts the key of every class but those of classic 9x9
// puzzles, whose key is their packed minlex form: a packed 9x9 grid never
// sets the high bits of its byte 10 (cells 81 to 87), so no 9x9 key starts
// with eleven 0xff bytes. After the prefix come a tag byte ('c' the packed
// minlex form of a classic puzzle of another order, 'v' the rules JSON of
// a variant's canonical form, 't' the rules JSON of a variant as given),
// the side, and the form.
var keyPrefix = []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}

// keyOf returns the start of a key of the kind tag for a grid of side
// side.
func keyOf(tag byte, side int) []byte {
	return append(append([]byte(nil), keyPrefix...), tag, byte(side))
}
