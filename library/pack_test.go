package library

import (
	"bytes"
	"math/rand/v2"
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
		got, err := unpack(b)
		if err != nil || got != cells {
			t.Fatalf("unpack(pack(%v)) = %v, %v", cells, got, err)
		}
	}
	for _, b := range [][]byte{nil, make([]byte, 10), {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0a}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}} {
		if _, err := unpack(b); err == nil {
			t.Errorf("unpack(%v): no error", b)
		}
	}
}

func FuzzUnpack(f *testing.F) {
	var cells [81]uint8
	cells[3], cells[80] = 5, 9
	f.Add(pack(&cells))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x21})
	f.Fuzz(func(t *testing.T, b []byte) {
		cells, err := unpack(b)
		if err != nil {
			return
		}
		if again := pack(&cells); !bytes.Equal(again, b) {
			t.Errorf("pack(unpack(%x)) = %x", b, again)
		}
	})
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
		var cells [81]uint8
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
		if got := symmetryOf(&cells); got != want {
			t.Fatalf("pattern built with %v: symmetry %v, want %v", build, got, want)
		}
	}
}
