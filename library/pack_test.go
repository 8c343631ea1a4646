package library

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosudoku/sudoku/generate"
)

func TestPack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		var cells [81]uint8
		density := rng.IntN(82)
		for i := range cells {
			if rng.IntN(81) < density {
				cells[i] = uint8(1 + rng.IntN(9))
			}
		}
		b := pack(&cells)
		n := 0
		for _, v := range cells {
			if v != 0 {
				n++
			}
		}
		if len(b) != maskBytes+(n+1)/2 {
			t.Fatalf("%d givens packed in %d bytes", n, len(b))
		}
		got, err := unpackValues(9, b)
		if err != nil || !slices.Equal(got, intsOf(cells[:])) {
			t.Fatalf("unpack(pack(%v)) = %v, %v", cells, got, err)
		}
	}
	for _, b := range [][]byte{nil, make([]byte, 10), {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0a}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}} {
		if _, err := unpackValues(9, b); err == nil {
			t.Errorf("unpack(%v): no error", b)
		}
	}
}

func intsOf(cells []uint8) []int {
	out := make([]int, len(cells))
	for i, v := range cells {
		out[i] = int(v)
	}
	return out
}

// TestSymmetryOf checks symmetryOf against generate's orbits: a pattern
// keeps a symmetry when each of its orbits is all givens or all blanks.
func TestSymmetryOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	basic := []generate.Symmetry{generate.Central, generate.Rotational, generate.MirrorLR, generate.MirrorTB, generate.Diagonal, generate.AntiDiagonal}
	for k := range 600 {
		// Fill whole orbits of a random symmetry, so that symmetric
		// patterns are common.
		build := basic[k%len(basic)] | basic[rng.IntN(len(basic))]
		if k%7 == 0 {
			build = generate.None
		}
		cells := make([]int, 81)
		for _, o := range build.Orbits(3) {
			if rng.IntN(3) == 0 {
				for _, i := range o {
					cells[i] = 1
				}
			}
		}
		var want generate.Symmetry
		for _, s := range basic {
			keeps := true
			for _, o := range s.Orbits(3) {
				for _, i := range o {
					keeps = keeps && (cells[i] == 0) == (cells[o[0]] == 0)
				}
			}
			if keeps {
				want |= s
			}
		}
		if got := symmetryOf(9, cells); got != want {
			t.Fatalf("pattern built with %v: symmetry %v, want %v", build, got, want)
		}
	}
}

// TestPackValues packs grids of every side the library holds: the 9x9
// layout is pack's, and unpackValues reverses it.
func TestPackValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, side := range []int{4, 9, 16, 25, 64} {
		for range 200 {
			vals := make([]int, side*side)
			density := rng.IntN(side*side + 1)
			for i := range vals {
				if rng.IntN(side*side) < density {
					vals[i] = 1 + rng.IntN(side)
				}
			}
			b := packValues(side, vals)
			if side == 9 {
				var cells [81]uint8
				for i, v := range vals {
					cells[i] = uint8(v)
				}
				if !bytes.Equal(b, pack(&cells)) {
					t.Fatalf("9x9: packValues %x, pack %x", b, pack(&cells))
				}
			}
			got, err := unpackValues(side, b)
			if err != nil || !slices.Equal(got, vals) {
				t.Fatalf("side %d: unpackValues(packValues(%v)) = %v, %v", side, vals, got, err)
			}
		}
	}
	for _, tc := range []struct {
		side int
		b    []byte
	}{{4, nil}, {4, []byte{1, 0}}, {4, []byte{1, 0, 5}}, {16, append(make([]byte, 32), 0)}, {4, []byte{0, 0, 0}}} {
		if _, err := unpackValues(tc.side, tc.b); err == nil {
			t.Errorf("unpackValues(%d, %x): no error", tc.side, tc.b)
		}
	}
}

func FuzzUnpackValues(f *testing.F) {
	f.Add(4, packValues(4, []int{1, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 4}))
	f.Add(16, packValues(16, append([]int{16}, make([]int, 255)...)))
	f.Fuzz(func(t *testing.T, side int, b []byte) {
		if side < 1 || side > 64 {
			return
		}
		vals, err := unpackValues(side, b)
		if err != nil {
			return
		}
		if again := packValues(side, vals); !bytes.Equal(again, b) {
			t.Errorf("packValues(unpackValues(%d, %x)) = %x", side, b, again)
		}
	})
}
