package logic

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

var calib = flag.String("calib", "", "rate a file of `<puzzle> <ER>` or `<hash> <puzzle> <ER>` lines (e.g. ../shared/data/rated/se_rated_calibration.txt) and report agreement")

// TestCalibration compares our ER with published ones. It runs only with
// -calib FILE (the data sets live outside the repository).
func TestCalibration(t *testing.T) {
	if *calib == "" {
		t.Skip("no -calib file")
	}
	f, err := os.Open(*calib)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var n, exact, within1, within3, stuck int
	confusion := map[int]map[string]int{}
	start := time.Now()
	var slowest time.Duration
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		puz, want := fields[len(fields)-2], fields[len(fields)-1]
		lo, hi := want, want
		if a, b, ok := strings.Cut(want, "-"); ok {
			lo, hi = a, b
		}
		wlo, _ := strconv.ParseFloat(lo, 64)
		whi, _ := strconv.ParseFloat(hi, 64)
		p, err := sudoku.Parse(puz)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		r, err := Rate(context.Background(), p, Options{})
		if d := time.Since(t0); d > slowest {
			slowest = d
		}
		n++
		got := float64(r.ER) / 10
		if err != nil {
			stuck++
			got = 20
		}
		d := 0.0
		if got < wlo {
			d = wlo - got
		} else if got > whi {
			d = got - whi
		}
		if d < 0.001 {
			exact++
		}
		if d < 0.101 {
			within1++
		}
		if d < 0.301 {
			within3++
		}
		band := int(math.Floor(wlo))
		if confusion[band] == nil {
			confusion[band] = map[string]int{}
		}
		key := "ok"
		if d >= 0.101 {
			if got < wlo {
				key = "low"
			} else {
				key = "high"
			}
			if err != nil {
				key = "stuck"
			}
			if testing.Verbose() {
				t.Logf("%s want %s got %s (%s) err=%v", puz, want, FormatRating(r.ER), r.Hardest, err)
			}
		}
		confusion[band][key]++
	}
	el := time.Since(start)
	t.Logf("%d puzzles in %v (%.2f ms each, slowest %v): exact %.1f%%, within 0.1 %.1f%%, within 0.3 %.1f%%, stuck %d",
		n, el, float64(el.Milliseconds())/float64(n), slowest, 100*float64(exact)/float64(n), 100*float64(within1)/float64(n), 100*float64(within3)/float64(n), stuck)
	var bands []int
	for b := range confusion {
		bands = append(bands, b)
	}
	sort.Ints(bands)
	for _, b := range bands {
		c := confusion[b]
		t.Logf("ER %d.x: ok %d, low %d, high %d, stuck %d", b, c["ok"], c["low"], c["high"], c["stuck"])
	}
	fmt.Fprint(os.Stderr)
}
