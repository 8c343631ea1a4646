package fast9

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// pickBandPlain is pickBand written as plain loops: the unit with the
// least score that is not fixed (27), the first on ties, and in it the
// lowest digit with the fewest permutations but one.
func pickBandPlain(w *[9]uint64, score uint64) (int, int, uint32) {
	u := -1
	for i := range 6 {
		s := score >> (9 * i) & 0x1ff
		if s != 27 && (u < 0 || s < score>>(9*u)&0x1ff) {
			u = i
		}
	}
	d, best := -1, 0
	for e := range 9 {
		n := int(permsIn[uint32(w[e]>>(9*u))&0x1ff] & 7)
		if n >= 2 && (d < 0 || n < best) {
			d, best = e, n
		}
	}
	return u, d, uint32(w[d]>>(9*u)) & 0x1ff
}

// TestPickBand checks pickBand against pickBandPlain on random triad
// words: each digit's matrix in each unit a union of 1 to 6 permutations
// (fixed with probability 1/2, so that fixed units and digits with no
// choice of 2 occur), and the scores as the triad pass makes them.
func TestPickBand(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var w [9]uint64
		var score uint64
		for u := range 6 {
			fixedUnit := r.IntN(4) == 0
			for d := range 9 {
				m := perms[r.IntN(6)]
				if !fixedUnit && r.IntN(2) == 0 {
					for range r.IntN(4) + 1 {
						m |= perms[r.IntN(6)]
					}
					m = uint32(tab.perm[m])
				}
				w[d] |= uint64(m) << (9 * u)
				score += uint64(bits.OnesCount32(m)) << (9 * u)
			}
		}
		if score&(1<<54-1) == 27*g9 {
			continue // every unit fixed: pickBand is not called
		}
		gu, gd, gm := pickBand(&w, score)
		wu, wd, wm := pickBandPlain(&w, score)
		if gu != wu || gd != wd || gm != wm {
			t.Fatalf("pickBand(%x, %x) = %d, %d, %09b, want %d, %d, %09b", w, score, gu, gd, gm, wu, wd, wm)
		}
	}
}
