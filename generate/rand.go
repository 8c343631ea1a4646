package generate

import (
	"math/bits"
	"math/rand/v2"
)

// rng draws the random numbers of one puzzle. It uses only Uint64 of its
// source, with its own bounded draws and shuffles, so the numbers depend on
// the source alone and never on the Go release.
type rng struct {
	src rand.Source
}

// pcgRNG is an rng on a PCG it owns, reseeded for each puzzle without
// allocating.
type pcgRNG struct {
	rng
	pcg rand.PCG
}

// seed readies r for puzzle k of seed: a PCG seeded with (seed, k), so
// each puzzle is made from (seed, k) alone.
func (r *pcgRNG) seed(seed, k uint64) *rng {
	r.pcg.Seed(seed, k)
	r.src = &r.pcg
	return &r.rng
}

// intn returns a uniform number in [0, n) for n > 0 (Lemire's method).
func (r *rng) intn(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.src.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), un)
		}
	}
	return int(hi)
}

// shuffle puts a in a uniformly random order (Fisher-Yates).
func shuffle[T any](r *rng, a []T) {
	for i := len(a) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

// bit returns a uniformly chosen set bit of the non-zero set m.
func (r *rng) bit(m uint64) uint64 {
	k := r.intn(bits.OnesCount64(m))
	for ; k > 0; k-- {
		m &= m - 1
	}
	return m & -m
}
