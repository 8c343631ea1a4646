package peer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/variant"
)

// killerLines returns the compact killers of testdata/peer/killers.txt
// (the peer's TAREK_ALL and MATHEMAGIC_KILLERS collections), by collection.
func killerLines(t testing.TB) map[string][]string {
	t.Helper()
	f, err := os.Open("../../testdata/peer/killers.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	name := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# "); ok {
			name, _, _ = strings.Cut(rest, " ")
			continue
		}
		out[name] = append(out[name], line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// box is one 3x3 box whose eight outer cells point at its centre, head
// of sum 45: every arrow of the form once.
var box = [3]string{".v,", ">j<", "'^`"}

// rowCages is a 9-cell cage of sum 45 per row, headed at its left end.
func rowCages(k int) string { return strings.Repeat("j<<<<<<<<", k) }

func boxGrid() string {
	var s strings.Builder
	for r := range 9 {
		s.WriteString(strings.Repeat(box[r%3], 3))
	}
	return s.String()
}

func cells(rc ...int) []variant.Cell {
	var out []variant.Cell
	for i := 0; i < len(rc); i += 2 {
		out = append(out, variant.Cell{Row: rc[i], Col: rc[i+1]})
	}
	return out
}

func rowCage(r int) variant.Cage {
	return variant.Cage{Cells: cells(r, 1, r, 2, r, 3, r, 4, r, 5, r, 6, r, 7, r, 8, r, 9), Sum: 45}
}

func TestParseKiller(t *testing.T) {
	boxes := []variant.Rule{}
	for b := range 9 {
		r, c := b/3*3+1, b%3*3+1
		var cs []variant.Cell
		for i := range 9 {
			cs = append(cs, variant.Cell{Row: r + i/3, Col: c + i%3})
		}
		boxes = append(boxes, variant.Cage{Cells: cs, Sum: 45})
	}
	// The cages are listed by their first cell in reading order; box 0's
	// cells come first in row 1, then box 1's ...
	rows := func(from int) []variant.Rule {
		var out []variant.Rule
		for r := from; r <= 9; r++ {
			out = append(out, rowCage(r))
		}
		return out
	}
	tests := []struct {
		name string
		in   string
		want []variant.Rule
	}{
		{"every arrow", boxGrid(), boxes},
		{"rows", rowCages(9), rows(1)},
		{"digits, letters, no sum", "3<0L<<<<<" + rowCages(8), append([]variant.Rule{
			variant.Cage{Cells: cells(1, 1, 1, 2), Sum: 3},
			variant.Cage{Cells: cells(1, 3), Sum: 0},
			variant.Cage{Cells: cells(1, 4, 1, 5, 1, 6, 1, 7, 1, 8, 1, 9), Sum: 21},
		}, rows(2)...)},
		{"head in the middle", ">>>>j<<<<" + rowCages(8), rows(1)},
		{"lower-case sums", "a<<<<<<<9" + rowCages(8), append([]variant.Rule{
			variant.Cage{Cells: cells(1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1, 8), Sum: 36},
			variant.Cage{Cells: cells(1, 9), Sum: 9},
		}, rows(2)...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseKiller(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if p.Size != 9 || len(p.Givens) != 81 || strings.Trim(intsString(p.Givens), "0") != "" {
				t.Errorf("size %d, givens %v: want an empty 9x9", p.Size, p.Givens)
			}
			if !reflect.DeepEqual(p.Rules, tc.want) {
				t.Errorf("got %v\nwant %v", p.Rules, tc.want)
			}
		})
	}
}

func intsString(v []int) string {
	var s strings.Builder
	for _, x := range v {
		s.WriteByte(byte('0' + x))
	}
	return s.String()
}

func TestParseKillerErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"short", rowCages(8), "72 characters, want 81"},
		{"unknown character", "x<<<<<<<<" + rowCages(8), `r1c1: 'x' is neither a sum nor an arrow`},
		{"off the top", "^" + rowCages(9)[1:], `r1c1: arrow '^' points off the grid`},
		{"off the left, no wrap", rowCages(1) + "<" + rowCages(8)[1:], `r2c1: arrow '<' points off the grid`},
		{"off the bottom right", rowCages(8) + "j<<<<<<<.", `r9c9: arrow '.' points off the grid`},
		{"loop", "><<<<<<<<" + rowCages(8), "r1c1: its arrows loop"},
		{"cage too large", rowCages(1) + strings.Repeat("^", 9) + rowCages(7), "18 cells cannot"},
		{"sum too small", "1<j<<<<<<" + rowCages(8), "no 2 different values 1-9 sum to 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseKiller(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestParseKillerCollections reads the peer's killer collections: every
// cell in one cage, as many cages as heads, and the sums of the cages
// adding up to the grid's 405 (which a wrong letter value would break;
// at most 405 less what the cages with no sum hold, where there are some).
func TestParseKillerCollections(t *testing.T) {
	sets := killerLines(t)
	if len(sets["TAREK_ALL"]) != 42 || len(sets["MATHEMAGIC_KILLERS"]) != 14 {
		t.Fatalf("collections %d and %d puzzles, want 42 and 14", len(sets["TAREK_ALL"]), len(sets["MATHEMAGIC_KILLERS"]))
	}
	for name, lines := range sets {
		for i, s := range lines {
			p, err := ParseKiller(s)
			if err != nil {
				t.Fatalf("%s %d: %v", name, i+1, err)
			}
			heads := 0
			for _, ch := range s {
				if !strings.ContainsRune("<>^v`',.", ch) {
					heads++
				}
			}
			// A cage with no sum (0) holds at least 1+2+...+k.
			seen, total, least := make([]bool, 81), 0, 0
			for _, r := range p.Rules {
				c := r.(variant.Cage)
				total += c.Sum
				if c.Sum == 0 {
					k := len(c.Cells)
					least += k * (k + 1) / 2
				}
				for _, x := range c.Cells {
					i := x.Index(9)
					if seen[i] {
						t.Fatalf("%s %d: %v in two cages", name, i+1, x)
					}
					seen[i] = true
				}
			}
			if len(p.Rules) != heads || (least == 0 && total != 405) || total+least > 405 {
				t.Errorf("%s %d: %d cages of total %d, want %d and 405", name, i+1, len(p.Rules), total, heads)
			}
		}
	}
}

// TestParseKillerSolves counts one of the peer's hard killers (#16): one
// solution, which obeys every cage.
func TestParseKillerSolves(t *testing.T) {
	p, err := ParseKiller(killerLines(t)["TAREK_ALL"][16])
	if err != nil {
		t.Fatal(err)
	}
	r, err := variant.Count(context.Background(), p, 2, variant.Options{})
	if err != nil || r.Count != 1 {
		t.Fatalf("count %d, %v: want 1", r.Count, err)
	}
	if err := p.Check(r.Solution); err != nil {
		t.Fatal(err)
	}
}

func FuzzParseKiller(f *testing.F) {
	f.Add(boxGrid())
	f.Add(rowCages(9))
	for _, lines := range killerLines(f) {
		f.Add(lines[0])
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseKiller(s)
		if err != nil {
			return
		}
		n := 0
		for _, r := range p.Rules {
			n += len(r.(variant.Cage).Cells)
		}
		if n != 81 {
			t.Fatalf("%q: %d cells in cages, want 81", s, n)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%q: read but not valid: %v", s, err)
		}
	})
}

var (
	peerDir     = flag.String("peer.dir", "", "the Interactive Sudoku Solver's folder: TestKillerSideBySide runs its benchmark there with node")
	peerJSON    = flag.String("peer.json", "", "instead of running the peer, read its rows from these --json outputs of benchmark_puzzles.js (comma-separated, one per collection)")
	peerSets    = flag.String("peer.sets", "TAREK_ALL,MATHEMAGIC_KILLERS", "the collections TestKillerSideBySide compares")
	peerRepeat  = flag.Int("peer.repeat", 3, "solves per puzzle on each side; the best time counts")
	peerTimeout = flag.Duration("peer.timeout", 5*time.Minute, "our time limit per puzzle")
)

// peerRow is one row of the peer's benchmark_puzzles.js --json output.
type peerRow struct {
	Puzzle  string  `json:"puzzle"`
	Status  string  `json:"status"`
	Guesses int64   `json:"guesses"`
	MS      float64 `json:"ms"`
}

// peerRows runs the peer's benchmark on collection set (or reads it from
// the -peer.json files) and returns its rows by puzzle index.
func peerRows(t *testing.T, set string) map[int]peerRow {
	var data []byte
	if *peerJSON != "" {
		for _, name := range strings.Split(*peerJSON, ",") {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b, []byte(`"`+set+`#`)) {
				data = b
			}
		}
		if data == nil {
			t.Fatalf("no rows of %s in %s", set, *peerJSON)
		}
	} else {
		cmd := exec.Command("node", "tools/perf/benchmark_puzzles.js", "--max-backtracks", "none",
			"--puzzles", set, "--repeat", strconv.Itoa(*peerRepeat), "--json")
		cmd.Dir = *peerDir
		cmd.Stderr = os.Stderr
		var err error
		if data, err = cmd.Output(); err != nil {
			t.Fatalf("peer's benchmark on %s: %v", set, err)
		}
	}
	var rows []peerRow
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatalf("peer's rows: %v", err)
	}
	out := map[int]peerRow{}
	for _, r := range rows {
		name, idx, ok := strings.Cut(r.Puzzle, "#")
		k, err := strconv.Atoi(idx)
		if ok && err == nil && name == set {
			out[k] = r
		}
	}
	return out
}

// TestKillerSideBySide counts each killer of the peer's collections to 2
// with our engine and compares guesses and time with the peer's (its
// best of -peer.repeat wall times against our best thread CPU times, both
// on the cores the test may use: run it under taskset -c 1). It is skipped unless
// -peer.dir or -peer.json says where the peer's figures come from:
//
//	taskset -c 1 go test ./internal/peer -run SideBySide -v -peer.dir /work/peers/Interactive-Sudoku-Solver
func TestKillerSideBySide(t *testing.T) {
	if *peerDir == "" && *peerJSON == "" {
		t.Skip("no -peer.dir or -peer.json")
	}
	if *peerDir != "" {
		if _, err := os.Stat(filepath.Join(*peerDir, "tools/perf/benchmark_puzzles.js")); err != nil {
			t.Skipf("peer absent: %v", err)
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	lines := killerLines(t)
	for _, set := range strings.Split(*peerSets, ",") {
		puzzles := lines[set]
		if len(puzzles) == 0 {
			t.Fatalf("no collection %s in testdata/peer/killers.txt", set)
		}
		peer := peerRows(t, set)
		var ratios, gratios []float64
		var ours, theirs []float64
		var ourG, theirG []float64
		t.Logf("%-22s %10s %10s %10s %10s %7s %7s", set, "guesses", "peer", "ms", "peer ms", "time x", "guess x")
		for i, s := range puzzles {
			p, err := ParseKiller(s)
			if err != nil {
				t.Fatal(err)
			}
			best, g := time.Duration(1<<62), int64(0)
			for range *peerRepeat {
				ctx, cancel := context.WithTimeout(context.Background(), *peerTimeout)
				t0 := threadCPU()
				r, err := variant.Count(ctx, p, 2, variant.Options{CountOnly: true})
				d := threadCPU() - t0
				cancel()
				if err != nil || r.Count != 1 {
					t.Fatalf("%s#%d: count %d, %v", set, i, r.Count, err)
				}
				best, g = min(best, d), r.Guesses
			}
			ms := float64(best.Microseconds()) / 1000
			pr, ok := peer[i]
			if !ok || pr.Status != "unique" {
				t.Errorf("%s#%d: the peer's row %+v", set, i, pr)
				continue
			}
			tr, gr := ms/max(pr.MS, 0.05), float64(g)/float64(max(pr.Guesses, 1))
			ratios, gratios = append(ratios, tr), append(gratios, gr)
			ours, theirs = append(ours, ms), append(theirs, pr.MS)
			ourG, theirG = append(ourG, float64(g)), append(theirG, float64(pr.Guesses))
			t.Logf("%-22s %10d %10d %10.2f %10.2f %7.2f %7.2f", fmt.Sprintf("%s#%d", set, i), g, pr.Guesses, ms, pr.MS, tr, gr)
		}
		med := func(v []float64) float64 {
			v = slices.Clone(v)
			slices.Sort(v)
			if len(v) == 0 {
				return 0
			}
			return v[len(v)/2]
		}
		t.Logf("%s median: guesses %.0f / %.0f, ms %.2f / %.2f; ratio time %.2f, guesses %.2f; worst ratio time %.2f, guesses %.2f; total guesses %.0f / %.0f, ms %.0f / %.0f",
			set, med(ourG), med(theirG), med(ours), med(theirs), med(ratios), med(gratios),
			slices.Max(ratios), slices.Max(gratios), sum(ourG), sum(theirG), sum(ours), sum(theirs))
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// BenchmarkTarek counts the peer's 42 TAREK_ALL killers to 2, one per
// iteration in turn (use -benchtime 42x for one pass; callgrind counts
// instructions of a pass repeatably on a loaded machine).
func BenchmarkTarek(b *testing.B) {
	var ps []*variant.Puzzle
	for _, s := range killerLines(b)["TAREK_ALL"] {
		p, err := ParseKiller(s)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	k, guesses := 0, int64(0)
	for b.Loop() {
		r, err := variant.Count(context.Background(), ps[k%len(ps)], 2, variant.Options{CountOnly: true})
		if err != nil || r.Count != 1 {
			b.Fatalf("count %d, %v", r.Count, err)
		}
		k++
		guesses += r.Guesses
	}
	b.ReportMetric(float64(guesses)/float64(k), "guesses/op")
}
