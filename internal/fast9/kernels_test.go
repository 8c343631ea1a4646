package fast9

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"unsafe"
)

// withKernel runs f with kernel k in use, then puts the kernel back.
func withKernel(k int, f func()) {
	old := kernel
	kernel = k
	defer func() { kernel = old }()
	f()
}

// kernelsToTest returns the kernels other than Go's that this machine
// runs: the tests compare each with the Go kernel. It logs the ones that
// cannot run here.
func kernelsToTest(t testing.TB) []int {
	var ks []int
	for k := kernelGo + 1; k < len(kernelNames); k++ {
		if kernelRuns(k) {
			ks = append(ks, k)
		} else {
			t.Logf("kernel %s does not run on this machine or build: not tested", kernelNames[k])
		}
	}
	return ks
}

// TestLayout checks the offsets the assembly kernels use (see
// avogen/main.go).
func TestLayout(t *testing.T) {
	var st state
	var tb tables
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"state.f", unsafe.Offsetof(st.f), 0},
		{"state.u", unsafe.Offsetof(st.u), 108},
		{"state.tri", unsafe.Offsetof(st.tri), 120},
		{"tables.perm", unsafe.Offsetof(tb.perm), 0},
		{"tables.expand", unsafe.Offsetof(tb.expand), 1024},
		{"tables.rows", unsafe.Offsetof(tb.rows), 3072},
		{"tables.peers", unsafe.Offsetof(tb.peers), 15360},
		{"tables.column", unsafe.Offsetof(tb.column), 15488},
	} {
		if c.got != c.want {
			t.Errorf("offset of %s is %d, the kernels use %d", c.name, c.got, c.want)
		}
	}
}

// TestChooseKernel checks the choice of kernel by SUDOKU_FAST9's value.
func TestChooseKernel(t *testing.T) {
	best := kernelGo
	for k := range kernelNames {
		if kernelRuns(k) {
			best = k
		}
	}
	for _, c := range []struct {
		env  string
		want int
		note bool
	}{
		{"", best, false},
		{"go", kernelGo, false},
		{" GO ", kernelGo, false},
		{"sse9", best, true},
		{"avx2", map[bool]int{true: kernelAVX2, false: best}[kernelRuns(kernelAVX2)], !kernelRuns(kernelAVX2)},
		{"avx512", map[bool]int{true: kernelAVX512, false: best}[kernelRuns(kernelAVX512)], !kernelRuns(kernelAVX512)},
	} {
		kernelNote = ""
		got := chooseKernel(c.env)
		if got != c.want || (kernelNote != "") != c.note {
			t.Errorf("SUDOKU_FAST9=%q: kernel %s, note %q; want %s, a note: %v", c.env, kernelNames[got], kernelNote, kernelNames[c.want], c.note)
		}
	}
	kernelNote = ""
	if ks := Kernels(); len(ks) == 0 || ks[0] != "go" || !slices.Contains(ks, kernelNames[best]) {
		t.Errorf("Kernels() = %v, want go first and %s", ks, kernelNames[best])
	}
}

// randomState returns a state of random candidates (each mask keeps each
// cell with probability keep/8), with some cells solved: a cell is solved
// as d when it is not in u and in d's mask.
func randomState(r *rand.Rand, keep int) state {
	st := open()
	for i := range st.f {
		for c := range 27 {
			if r.IntN(8) >= keep {
				st.f[i] &^= 1 << c
			}
		}
	}
	for b := range 3 {
		for c := range 27 {
			if r.IntN(6) == 0 {
				d := r.IntN(9)
				st.u[b] &^= 1 << c
				for e := range 9 {
					st.f[9*b+e] &^= 1 << c
				}
				st.f[9*b+d] |= 1 << c
			}
		}
	}
	return st
}

// TestBandPhaseKernels runs the band rule and naked singles of each
// assembly kernel and of Go (bandPhase) on the same random states and
// dirty sets, and compares the outcomes, and the states and masks looked
// at when there is no contradiction.
func TestBandPhaseKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 3))
	ks := kernelsToTest(t)
	var contradictions int
	for n := range 20000 {
		st := randomState(r, 5+r.IntN(4))
		dirty := r.Uint32() & (1<<27 - 1)
		want := st
		wseen, wok := want.bandPhaseGo(tab, dirty)
		if !wok {
			contradictions++
		}
		for _, k := range ks {
			got := st
			var seen uint32
			var ok bool
			withKernel(k, func() { seen, ok = got.bandPhase(tab, dirty) })
			if ok != wok || (ok && (seen != wseen || got != want)) {
				t.Fatalf("state %d, kernel %s, dirty %#x: seen %#x ok %v, state %v; Go: seen %#x ok %v, state %v",
					n, kernelNames[k], dirty, seen, ok, got, wseen, wok, want)
			}
		}
	}
	if contradictions == 0 || contradictions == 20000 {
		t.Errorf("%d contradictions in 20000 states: the states test one outcome only", contradictions)
	}
	t.Logf("%d contradictions in 20000 states", contradictions)
}

// kernelCase is a puzzle with the options of one search.
type kernelCase struct {
	p [81]uint8
	o Options
}

// kernelCases returns the sample puzzles and the empty grid, first
// solution and count to 2, and an eighth of the samples also with one
// given removed (many solutions) and with a candidate of their solution
// excluded (no solution: the whole tree is searched).
func kernelCases(t testing.TB) []kernelCase {
	var cs []kernelCase
	r := rand.New(rand.NewPCG(33, 2))
	var sol [81]uint8
	var empty [81]uint8
	cs = append(cs, kernelCase{empty, Options{Limit: 1}}, kernelCase{empty, Options{Limit: 2}})
	for j, line := range readPuzzles(t, "testdata/samples.txt") {
		p := *parse(t, line)
		cs = append(cs, kernelCase{p, Options{Limit: 1}}, kernelCase{p, Options{Limit: 2}})
		if j%8 != 0 {
			continue
		}
		var given, blank []int
		for i, v := range p {
			if v != 0 {
				given = append(given, i)
			} else {
				blank = append(blank, i)
			}
		}
		q := p
		q[given[r.IntN(len(given))]] = 0
		cs = append(cs, kernelCase{q, Options{Limit: 2}})
		if n, _, _ := Solve(context.Background(), &p, &sol, Options{Limit: 1}); n == 1 {
			i := blank[r.IntN(len(blank))]
			cs = append(cs, kernelCase{p, Options{Limit: 2, Exclude: []Exclusion{{Cell: i, Value: sol[i]}}}})
		}
	}
	return cs
}

// compareKernels solves c with the Go kernel and each of ks and fails
// unless the counts, first solutions, guesses and errors agree.
func compareKernels(t testing.TB, ks []int, c kernelCase) {
	t.Helper()
	ctx := context.Background()
	var want [81]uint8
	var wn int
	var wst Stats
	var werr error
	withKernel(kernelGo, func() { wn, wst, werr = Solve(ctx, &c.p, &want, c.o) })
	for _, k := range ks {
		var got [81]uint8
		var n int
		var st Stats
		var err error
		withKernel(k, func() { n, st, err = Solve(ctx, &c.p, &got, c.o) })
		if n != wn || st != wst || err != werr || (n > 0 && got != want) {
			t.Fatalf("%s %+v: kernel %s gives %d solutions, %d guesses, %v, %s; Go %d, %d, %v, %s",
				format(&c.p), c.o, kernelNames[k], n, st.Guesses, err, format(&got), wn, wst.Guesses, werr, format(&want))
		}
	}
}

// TestKernels solves the cases of kernelCases with every kernel this
// machine runs and compares them with the Go kernel: the same counts,
// first solutions and guesses.
func TestKernels(t *testing.T) {
	ks := kernelsToTest(t)
	cs := kernelCases(t)
	for _, c := range cs {
		compareKernels(t, ks, c)
	}
	if len(cs) < 2250 {
		t.Errorf("%d cases, want the 1000 samples twice and 250 more", len(cs))
	}
}

// TestKernelsZeroAllocs checks that no kernel allocates.
func TestKernelsZeroAllocs(t *testing.T) {
	p := parse(t, "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
	var sol [81]uint8
	var s Solver
	ctx := context.Background()
	for _, k := range kernelsToTest(t) {
		withKernel(k, func() {
			if a := testing.AllocsPerRun(50, func() { s.Solve(ctx, p, &sol, Options{Limit: 2}) }); a != 0 {
				t.Errorf("kernel %s: %v allocations a solve, want 0", kernelNames[k], a)
			}
		})
	}
}

// FuzzKernels solves grids made from arbitrary bytes (as FuzzSolve) with
// every kernel and compares them with the Go kernel.
func FuzzKernels(f *testing.F) {
	f.Add([]byte("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"))
	f.Add(make([]byte, 81))
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08" + string(make([]byte, 72))))
	ks := kernelsToTest(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 81 {
			return
		}
		var c kernelCase
		for i := range c.p {
			if v := in[i]; v < 32 {
				c.p[i] = v%9 + 1
			}
		}
		c.o = Options{Limit: 1 + int(in[0]&1), MaxGuesses: 1 << 14}
		compareKernels(t, ks, c)
	})
}

// TestGenerated checks that the committed kernels are what avogen writes
// (go generate is reproducible and was run after the last change to it).
func TestGenerated(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "avogen")
	if out, err := exec.Command(goCmd, "build", "-o", bin, "./avogen").CombinedOutput(); err != nil {
		t.Fatalf("go build ./avogen: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-out", "kernels_amd64.s", "-stubs", "kernels_amd64.go", "-pkg", "fast9")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("avogen: %v\n%s", err, out)
	}
	for _, name := range []string{"kernels_amd64.s", "kernels_amd64.go"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what avogen writes: run go generate in internal/fast9", name)
		}
	}
}
