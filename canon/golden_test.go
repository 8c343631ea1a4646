package canon

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/general.golden and testdata/refined.golden (the inputs kept; made from seeds when the file is absent)")

// goldenInputs returns the grids the golden files start from: 4x4, 9x9,
// 16x16 and 25x25 puzzles and complete grids (General gets the ones it can
// do: no complete 16x16 or larger).
func goldenInputs(t *testing.T, refined bool) []string {
	r := rand.New(rand.NewPCG(7, 7))
	var out []string
	for n := 2; n <= 5; n++ {
		for seed := range 3 {
			sol := completeGrid(t, n, uint64(1000+seed))
			for _, keep := range []float64{1, 0.8, 0.4} {
				if !refined && n >= 4 && keep > 0.5 {
					continue
				}
				g := gridOf(t, blanked(r, sol, keep), n)
				out = append(out, g.String())
			}
		}
	}
	return out
}

// TestGolden checks that General and Refined give the forms and
// automorphism counts of testdata/general.golden and refined.golden
// (one grid per line: the input, its form, its automorphisms), so that a
// change that would change stored forms is seen.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		f    func(context.Context, *sudoku.Grid) (GeneralForm, error)
	}{
		{"testdata/general.golden", General},
		{"testdata/refined.golden", Refined},
	} {
		var inputs, want []string
		f, err := os.Open(tc.file)
		switch {
		case err == nil:
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				in, _, _ := strings.Cut(sc.Text(), " ")
				inputs, want = append(inputs, in), append(want, sc.Text())
			}
			f.Close()
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
		case *update:
			inputs = goldenInputs(t, tc.file == "testdata/refined.golden")
		default:
			t.Fatal(err)
		}
		var got []string
		for _, in := range inputs {
			g, err := sudoku.Parse(in)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.file, in, err)
			}
			form, err := tc.f(context.Background(), g)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.file, in, err)
			}
			got = append(got, fmt.Sprintf("%s %s %v", in, form.Grid, form.Automorphisms))
		}
		if *update {
			if err := os.WriteFile(tc.file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s:%d:\n got %s\nwant %s", tc.file, i+1, got[i], want[i])
			}
		}
	}
}
