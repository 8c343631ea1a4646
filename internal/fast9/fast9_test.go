package fast9

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/internal/engine"
	"github.com/gosudoku/sudoku/internal/reftest"
)

var long = flag.Bool("long", false, "cross-check every puzzle of ../../../shared/data against the general engine")

// parse reads an 81-character puzzle ('.' or '0' blank).
func parse(t testing.TB, s string) *[81]uint8 {
	t.Helper()
	if len(s) != 81 {
		t.Fatalf("puzzle %q has %d characters, want 81", s, len(s))
	}
	var g [81]uint8
	for i := range 81 {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		default:
			t.Fatalf("puzzle %q: bad character %q at %d", s, c, i)
		}
	}
	return &g
}

func format(g *[81]uint8) string {
	var b strings.Builder
	for _, v := range g {
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte('0' + v)
		}
	}
	return b.String()
}

// readPuzzles reads the puzzle lines of a file: the first field of each
// line that is not blank or a comment.
func readPuzzles(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		ps = append(ps, strings.Fields(line)[0])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ps
}

// checkSolution fails unless sol is a valid full grid that keeps the
// givens of puzzle.
func checkSolution(t testing.TB, puzzle, sol *[81]uint8) {
	t.Helper()
	for i, v := range sol {
		if v < 1 || v > 9 {
			t.Fatalf("solution %s: cell %d holds %d", format(sol), i, v)
		}
		if puzzle[i] != 0 && puzzle[i] != v {
			t.Fatalf("solution %s changes given %d in cell %d", format(sol), puzzle[i], i)
		}
	}
	for u := range 27 {
		var seen uint16
		for k := range 9 {
			var i int
			switch {
			case u < 9:
				i = 9*u + k
			case u < 18:
				i = 9*k + u - 9
			default:
				bx := u - 18
				i = 27*(bx/3) + 3*(bx%3) + 9*(k/3) + k%3
			}
			seen |= 1 << sol[i]
		}
		if seen != 0x3fe {
			t.Fatalf("solution %s: unit %d does not hold every digit", format(sol), u)
		}
	}
}

// crossCheck counts p's solutions up to limit with fast9, with the
// reference solver (internal/reftest) and with the general engine, and
// fails unless the counts agree, every solution is valid and a unique
// solution is the reference's. withRef false skips the reference
// (slow on the hardest puzzles).
func crossCheck(t testing.TB, p *[81]uint8, limit int, withRef bool) int {
	t.Helper()
	var sol [81]uint8
	n, _, err := Solve(context.Background(), p, &sol, Options{Limit: limit})
	if err != nil {
		t.Fatalf("%s: %v", format(p), err)
	}
	if n > 0 {
		checkSolution(t, p, &sol)
	}
	if withRef {
		want, first := reftest.Count(3, p[:], limit)
		if n != want {
			t.Fatalf("%s: %d solutions, the reference finds %d (limit %d)", format(p), n, want, limit)
		}
		if n == 1 && limit > 1 && [81]uint8(first) != sol {
			t.Fatalf("%s: solution %s, the reference finds %s", format(p), format(&sol), format((*[81]uint8)(first)))
		}
	}
	want := 0
	if clash(p) == "" {
		esol := make([]uint8, 81)
		want, _, err = engine.Solve(context.Background(), 3, p[:], esol, engine.Options{Limit: limit})
		if err != nil {
			t.Fatalf("%s: engine: %v", format(p), err)
		}
	}
	if n != want {
		t.Fatalf("%s: %d solutions, engine finds %d (limit %d)", format(p), n, want, limit)
	}
	return n
}

// clash names two givens of p that see each other, or returns "".
func clash(p *[81]uint8) string {
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			if p[i] == 0 || p[i] != p[j] {
				continue
			}
			ri, ci, rj, cj := i/9, i%9, j/9, j%9
			if ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3) {
				return fmt.Sprintf("cells %d and %d", i, j)
			}
		}
	}
	return ""
}

func TestSeedPuzzles(t *testing.T) {
	f, err := os.Open("testdata/seed_puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n++
		t.Run(fields[0], func(t *testing.T) {
			p, want := parse(t, fields[1]), parse(t, fields[2])
			var sol [81]uint8
			c, _, err := Solve(context.Background(), p, &sol, Options{Limit: 2})
			if err != nil || c != 1 {
				t.Fatalf("Solve: %d solutions, %v; want 1, nil", c, err)
			}
			if sol != *want {
				t.Errorf("solution\n%s, want\n%s", format(&sol), format(want))
			}
		})
	}
	if n != 10 {
		t.Fatalf("read %d seed puzzles, want 10", n)
	}
}

// TestSamples checks puzzles sampled from the benchmark files: one
// solution each, as the general engine finds.
func TestSamples(t *testing.T) {
	ps := readPuzzles(t, "testdata/samples.txt")
	if len(ps) != 1000 {
		t.Fatalf("read %d samples, want 1000", len(ps))
	}
	for k, s := range ps {
		// The plain reference takes ~40ms on each 17-clue puzzle
		// (samples 250..499): check every 10th of them.
		if n := crossCheck(t, parse(t, s), 2, k < 250 || k >= 500 || k%10 == 0); n != 1 {
			t.Fatalf("%s: %d solutions, want 1", s, n)
		}
	}
}

// TestMultiple removes clues from sampled puzzles, which gives puzzles
// with several solutions, and compares the counts up to 2 and up to 5
// with the general engine.
func TestMultiple(t *testing.T) {
	ps := readPuzzles(t, "testdata/samples.txt")
	r := rand.New(rand.NewPCG(1, 2))
	multi := 0
	for k, s := range ps {
		if k%5 != 0 {
			continue
		}
		p := parse(t, s)
		for range 1 + r.IntN(4) {
			p[r.IntN(81)] = 0
		}
		if crossCheck(t, p, 2, true) == 2 {
			multi++
		}
		crossCheck(t, p, 5, true)
	}
	if multi < 50 {
		t.Errorf("only %d puzzles with several solutions", multi)
	}
}

// TestNoSolution checks clashing givens and puzzles that have no solution
// though no givens clash (a wrong digit put in a blank cell).
func TestNoSolution(t *testing.T) {
	tests := []struct{ name, puzzle string }{
		{"row", "11" + strings.Repeat(".", 79)},
		{"column", "1........1" + strings.Repeat(".", 71)},
		{"box", "1.........1" + strings.Repeat(".", 70)},
		{"column across bands", "5" + strings.Repeat(".", 53) + "5" + strings.Repeat(".", 26)},
		{"two cells need one digit", "123456.8." + strings.Repeat(".", 7) + "9" + strings.Repeat(".", 64)},
		{"empty cell", "12345678." + strings.Repeat(".", 44) + "9" + strings.Repeat(".", 27)},
		{"no place in box", "....1...." + ".......1." + "234......" + strings.Repeat(".", 54)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, tc.puzzle)
			var sol [81]uint8
			n, st, err := Solve(context.Background(), p, &sol, Options{Limit: 2})
			if err != nil || n != 0 {
				t.Fatalf("%d solutions, %v; want 0, nil", n, err)
			}
			if clash(p) != "" && st.Guesses != 0 {
				t.Errorf("clashing givens took %d guesses, want 0", st.Guesses)
			}
		})
	}
	ps := readPuzzles(t, "testdata/samples.txt")
	r := rand.New(rand.NewPCG(3, 4))
	none := 0
	for k, s := range ps {
		if k%5 != 1 {
			continue
		}
		p := parse(t, s)
		var sol [81]uint8
		if n, _, err := Solve(context.Background(), p, &sol, Options{Limit: 1}); n != 1 || err != nil {
			t.Fatalf("%s: %d solutions, %v", s, n, err)
		}
		// Put a wrong digit that does not clash in a blank cell.
		for range 100 {
			i, v := r.IntN(81), uint8(1+r.IntN(9))
			if p[i] != 0 || v == sol[i] {
				continue
			}
			p[i] = v
			if clash(p) == "" {
				break
			}
			p[i] = 0
		}
		if crossCheck(t, p, 2, true) == 0 {
			none++
		}
	}
	if none != 200 {
		t.Errorf("%d of 200 puzzles with a wrong digit have no solution, want all", none)
	}
}

func TestExclude(t *testing.T) {
	p := parse(t, "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
	var sol [81]uint8
	if n, _, err := Solve(context.Background(), p, &sol, Options{Limit: 2}); n != 1 || err != nil {
		t.Fatalf("%d solutions, %v", n, err)
	}
	want := sol
	blank := 2 // a blank cell
	other := uint8(1)
	if want[blank] == other {
		other = 2
	}
	tests := []struct {
		name    string
		excl    []Exclusion
		n       int
		wantErr bool
	}{
		{"none", nil, 1, false},
		{"solution's digit", []Exclusion{{blank, want[blank]}}, 0, false},
		{"other digit", []Exclusion{{blank, other}}, 1, false},
		{"given's digit", []Exclusion{{0, 9}}, 0, false},
		{"cell out of range", []Exclusion{{81, 1}}, 0, true},
		{"value 0", []Exclusion{{3, 0}}, 0, true},
		{"value 10", []Exclusion{{3, 10}}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, _, err := Solve(context.Background(), p, &sol, Options{Limit: 2, Exclude: tc.excl})
			if (err != nil) != tc.wantErr || n != tc.n {
				t.Fatalf("%d solutions, %v; want %d, error %v", n, err, tc.n, tc.wantErr)
			}
			if n == 1 && sol != want {
				t.Errorf("solution %s, want %s", format(&sol), format(&want))
			}
		})
	}
	// Excluding candidates from an empty grid still leaves solutions
	// that avoid them.
	var empty [81]uint8
	excl := []Exclusion{{0, 1}, {0, 2}, {40, 5}, {80, 9}}
	n, _, err := Solve(context.Background(), &empty, &sol, Options{Limit: 3, Exclude: excl})
	if n != 3 || err != nil {
		t.Fatalf("empty grid with exclusions: %d solutions, %v", n, err)
	}
	checkSolution(t, &empty, &sol)
	for _, e := range excl {
		if sol[e.Cell] == e.Value {
			t.Errorf("solution %s has excluded %d in cell %d", format(&sol), e.Value, e.Cell)
		}
	}
}

// TestBadCell checks that a value above 9 in any cell is an error naming
// the first such cell, also after valid cells of 9 and with a second bad
// cell further on.
func TestBadCell(t *testing.T) {
	for i := range 81 {
		for _, v := range []uint8{10, 15, 0x7f, 0x80, 0x89, 0x8a, 0xff} {
			var p, sol [81]uint8
			for j := range p {
				p[j] = uint8(j % 10) // 0..9, valid
			}
			p[i] = v
			if i+9 < 81 {
				p[i+9] = 0xff
			}
			want := fmt.Sprintf("cell %d holds %d", i, v)
			if _, _, err := Solve(context.Background(), &p, &sol, Options{}); err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%d in cell %d: error %v, want one with %q", v, i, err, want)
			}
		}
	}
}

func TestMaxGuesses(t *testing.T) {
	var empty, sol [81]uint8
	tests := []struct {
		max   int64
		limit int
	}{{1, 1000}, {10, 1000}, {1000, 1 << 40}}
	for _, tc := range tests {
		n, st, err := Solve(context.Background(), &empty, &sol, Options{Limit: tc.limit, MaxGuesses: tc.max})
		if !errors.Is(err, ErrLimit) {
			t.Fatalf("MaxGuesses %d: error %v, want ErrLimit", tc.max, err)
		}
		if st.Guesses != tc.max+1 {
			t.Errorf("MaxGuesses %d: %d guesses, want %d", tc.max, st.Guesses, tc.max+1)
		}
		if n >= tc.limit {
			t.Errorf("MaxGuesses %d: count %d reached the limit", tc.max, n)
		}
		if n > 0 {
			checkSolution(t, &empty, &sol)
		}
	}
	// A puzzle solved without guessing is not stopped.
	p := parse(t, "..67...1............9.38.4.....1..36.4....5..8...49...9.....7....7....625....1...")
	if n, st, err := Solve(context.Background(), p, &sol, Options{Limit: 2, MaxGuesses: 1}); n != 1 || err != nil || st.Guesses != 0 {
		t.Errorf("%d solutions, %d guesses, %v; want 1, 0, nil", n, st.Guesses, err)
	}
}

func TestCancel(t *testing.T) {
	var empty, sol [81]uint8
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, _, err := Solve(ctx, &empty, &sol, Options{Limit: 1}); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %d, %v", n, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, _, err := Solve(ctx, &empty, &sol, Options{Limit: 1 << 62})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if n == 0 {
		t.Errorf("counted no solution of the empty grid in 50ms")
	}
	checkSolution(t, &empty, &sol)
}

func TestZeroAllocs(t *testing.T) {
	p := parse(t, "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
	var sol [81]uint8
	ctx := context.Background()
	var s Solver
	for _, limit := range []int{1, 2} {
		if a := testing.AllocsPerRun(100, func() { Solve(ctx, p, &sol, Options{Limit: limit}) }); a != 0 {
			t.Errorf("Solve, limit %d: %v allocations a run, want 0", limit, a)
		}
		if a := testing.AllocsPerRun(100, func() { s.Solve(ctx, p, &sol, Options{Limit: limit}) }); a != 0 {
			t.Errorf("Solver.Solve, limit %d: %v allocations a run, want 0", limit, a)
		}
	}
}

// TestLong cross-checks every puzzle of the benchmark files with the
// general engine, counting to 2. It runs with -long only.
func TestLong(t *testing.T) {
	if !*long {
		t.Skip("runs with -long")
	}
	for _, name := range dataFiles {
		path := filepath.Join(dataDir, name)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("benchmark data not found: %v", err)
		}
		ps := readPuzzles(t, path)
		start := time.Now()
		for _, s := range ps {
			if n := crossCheck(t, parse(t, s), 2, false); n != 1 {
				t.Fatalf("%s: %s has %d solutions, want 1", name, s, n)
			}
		}
		t.Logf("%s: %d puzzles agree (%v)", name, len(ps), time.Since(start).Round(time.Millisecond))
	}
}

// TestLongHard cross-checks the hard files (top1465 and the first 20,000
// of forum hardest) with the general engine, counting to 2, on puzzles
// the engine's tie-breaks see differently from the files' own: each
// puzzle transposed with its digits renamed (one solution), and each with
// one given removed (often several solutions). It runs with -long only.
func TestLongHard(t *testing.T) {
	if !*long {
		t.Skip("runs with -long")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, name := range dataFiles[2:] {
		path := filepath.Join(dataDir, name)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("benchmark data not found: %v", err)
		}
		ps := readPuzzles(t, path)
		ps = ps[:min(len(ps), 20000)]
		start := time.Now()
		multi := 0
		for _, s := range ps {
			p := parse(t, s)
			perm := r.Perm(9)
			var q [81]uint8
			var givens []int
			for i, v := range p {
				if v != 0 {
					q[9*(i%9)+i/9] = uint8(perm[v-1] + 1)
					givens = append(givens, i)
				}
			}
			if n := crossCheck(t, &q, 2, false); n != 1 {
				t.Fatalf("%s: %s transposed and relabeled (%s) has %d solutions, want 1", name, s, format(&q), n)
			}
			p[givens[r.IntN(len(givens))]] = 0
			if crossCheck(t, p, 2, false) == 2 {
				multi++
			}
		}
		t.Logf("%s: %d puzzles agree transposed and with a given removed, %d of those with several solutions (%v)",
			name, len(ps), multi, time.Since(start).Round(time.Millisecond))
	}
}

// TestSearchTables checks the tables of the search and the triad words
// against plain loops over the permutations and cells.
func TestSearchTables(t *testing.T) {
	for m := range uint32(512) {
		// permsIn: the permutations contained in m, in the order of perms.
		var want []uint32
		for _, p := range perms {
			if m&p == p {
				want = append(want, p)
			}
		}
		l := permsIn[m]
		var got []uint32
		for i := range int(l & 7) {
			got = append(got, perms[l>>(3+3*i)&7])
		}
		if !slices.Equal(got, want) {
			t.Fatalf("permsIn[%09b] = %09b, want %09b", m, got, want)
		}
		var union uint32
		for _, p := range want {
			union |= p
		}
		if m == 0 {
			union = noCell
		}
		if union != uint32(tab.perm[m]) {
			t.Fatalf("permsIn[%09b]: union %09b, perm table %09b", m, union, tab.perm[m])
		}
		wantKey := uint8(0xf0)
		if len(want) >= 2 {
			wantKey = uint8(len(want) << 4)
		}
		if digitKey[m] != wantKey {
			t.Fatalf("digitKey[%09b] = %#x, want %#x", m, digitKey[m], wantKey)
		}
		wantPair := uint32(0)
		if len(want) == 2 {
			wantPair = want[0] | want[1]<<9
		}
		if twoPair[m] != wantPair {
			t.Fatalf("twoPair[%09b] = %x, want %x", m, twoPair[m], wantPair)
		}
		if got, want := twoPerms[m] == 1, len(want) == 2; got != want || twoPerms[m] > 1 {
			t.Fatalf("twoPerms[%09b] = %d, want %v", m, twoPerms[m], want)
		}
		// colSpread: column 3s+i of a band to bit 9s+i.
		var spread uint32
		for c := range 9 {
			if m>>c&1 != 0 {
				spread |= 1 << (9*(c/3) + c%3)
			}
		}
		if colSpread[m] != spread {
			t.Fatalf("colSpread[%09b] = %027b, want %027b", m, colSpread[m], spread)
		}
		var s7 uint64
		for i := range 9 {
			s7 |= uint64(m>>i&1) << (7 * i)
		}
		if spread7[m] != s7 {
			t.Fatalf("spread7[%09b] = %x, want %x", m, spread7[m], s7)
		}
		if m < 256 {
			for i := range 8 {
				if got := uint8(spread8[m] >> (8 * i)); got != uint8(m>>i&1) {
					t.Fatalf("spread8[%08b] byte %d = %d", m, i, got)
				}
			}
		}
	}
	// stackRem: a digit kept to permutation p of stack 0 (bit 3b+i: column
	// i in band b) loses the stack's other columns in each band.
	for _, p := range perms {
		for b := range 3 {
			var want uint32
			for row := range 3 {
				for c := range 3 {
					if p>>(3*b+c)&1 == 0 {
						want |= 1 << (9*row + c)
					}
				}
			}
			if stackRem[p][b] != want {
				t.Fatalf("stackRem[%09b][%d] = %027b, want %027b", p, b, stackRem[p][b], want)
			}
		}
	}
}
