package vtext

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/variant"
)

// setters names corpus files of setters' puzzles (the JSON arrays of
// SudokuVariantSolverJS's puzzles/ folder: ../shared/data/variants/
// svs-puzzles.json, lubaf-coloring-book.json, puzzles-timeout.json),
// comma separated, for TestSettersCorpus:
//
//	go test ./internal/vtext -run TestSettersCorpus -v \
//	  -setters ../../../shared/data/variants/svs-puzzles.json
var setters = flag.String("setters", "", "comma-separated corpus files of setters' puzzles to check in full (TestSettersCorpus)")

// settersTimeout bounds the count of one puzzle in TestSettersCorpus
// (wall time: on a loaded machine the slowest need more).
var settersTimeout = flag.Duration("setters.timeout", 2*time.Minute, "the time TestSettersCorpus gives one puzzle's count")

// setterPuzzle is one entry of a corpus file: an f-puzzles link's data and
// the solution, with the title and author (CC BY 4.0: kept with the puzzle).
type setterPuzzle struct {
	Title    string `json:"title"`
	Author   string `json:"author"`
	License  string `json:"license"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
}

func readSetters(t *testing.T, path string) []setterPuzzle {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ps []setterPuzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return ps
}

// setterResult is what became of one setter's puzzle: refused (the error
// reading it, with the rule), wrong (counted or solved otherwise than its
// solution says), or right; took is the count's time.
type setterResult struct {
	refused, wrong error
	took           time.Duration
	guesses        int64
}

// checkSetter reads sp, counts its solutions up to 2 and compares the
// one found with sp.Solution.
func checkSetter(ctx context.Context, sp setterPuzzle) setterResult {
	p, err := ReadLink(sp.Puzzle)
	if err != nil {
		return setterResult{refused: err}
	}
	start := time.Now()
	res, err := variant.Count(ctx, p, 2, variant.Options{})
	r := setterResult{took: time.Since(start), guesses: res.Guesses}
	switch {
	case err != nil:
		r.wrong = fmt.Errorf("count: %w (%d guesses)", err, res.Guesses)
	case res.Count != 1:
		r.wrong = fmt.Errorf("%d solutions, want 1", res.Count)
	default:
		got := gridString(res.Solution)
		if sp.Solution != "" && got != sp.Solution {
			r.wrong = fmt.Errorf("solved to\n%s\nwant\n%s", got, sp.Solution)
		} else if err := p.Check(res.Solution); err != nil {
			r.wrong = fmt.Errorf("the solution breaks a rule: %v", err)
		}
	}
	return r
}

// gridString writes values as the corpus does: one character per cell,
// 1-9 then A-Z.
func gridString(vals []int) string {
	var b strings.Builder
	for _, v := range vals {
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(symbols[v-1])
		}
	}
	return b.String()
}

// TestSetters reads the setters' puzzles of testdata/setters (a few of
// ../shared/data/variants/svs-puzzles.json, CC BY 4.0, attribution in
// testdata/setters/README.md): each is read, counted unique and solved to
// its given solution.
func TestSetters(t *testing.T) {
	files, err := filepath.Glob("testdata/setters/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/setters/*.json (%v)", err)
	}
	for _, f := range files {
		for _, sp := range readSetters(t, f) {
			t.Run(sp.Title, func(t *testing.T) {
				if sp.Author == "" || sp.License == "" {
					t.Errorf("%q has no author or licence: keep the attribution", sp.Title)
				}
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				r := checkSetter(ctx, sp)
				if r.refused != nil {
					t.Fatalf("refused: %v", r.refused)
				}
				if r.wrong != nil {
					t.Fatal(r.wrong)
				}
			})
		}
	}
}

// refusedKey pulls the rule's name out of a refusal, for the summary.
var refusedKey = regexp.MustCompile(`(?:rule|key) "([^"]+)" is not supported`)

// placeText is the place and the indexes in a refusal, left out of the
// summary so that refusals for one reason group together.
var placeText = regexp.MustCompile(`line \d+, column \d+: |\[\d+\]| \(at r\d+c\d+\)| \d+`)

// refusedWhy names the reason for a refusal: the rule f-puzzles has and
// we lack, or the error without its place.
func refusedWhy(err error) string {
	if m := refusedKey.FindStringSubmatch(err.Error()); m != nil && errors.Is(err, fpuzzles.ErrUnsupported) {
		return m[1]
	}
	return placeText.ReplaceAllString(err.Error(), "")
}

// TestSettersCorpus checks every puzzle of the corpus files named by
// -setters and prints which are refused and for which rule, which are
// counted or solved wrong, and the time each count took. It fails on a
// puzzle read but counted or solved wrong; a refusal is listed, not failed.
func TestSettersCorpus(t *testing.T) {
	if *setters == "" {
		t.Skip("no -setters files")
	}
	timeout := *settersTimeout
	for _, path := range strings.Split(*setters, ",") {
		ps := readSetters(t, path)
		right, total := 0, 0
		refused := map[string][]string{}
		for _, sp := range ps {
			if sp.Puzzle == "" || sp.Solution == "" {
				continue
			}
			total++
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			r := checkSetter(ctx, sp)
			cancel()
			name := fmt.Sprintf("%q by %s", sp.Title, sp.Author)
			switch {
			case r.refused != nil:
				why := refusedWhy(r.refused)
				refused[why] = append(refused[why], sp.Title)
				t.Logf("refused %s: %v", name, r.refused)
			case r.wrong != nil:
				t.Errorf("%s: %v", name, r.wrong)
			default:
				right++
				t.Logf("right %s: %v, %d guesses", name, r.took.Round(time.Microsecond), r.guesses)
			}
		}
		var whys []string
		for w := range refused {
			whys = append(whys, w)
		}
		sort.Slice(whys, func(i, j int) bool { return len(refused[whys[i]]) > len(refused[whys[j]]) })
		t.Logf("%s: %d of %d read, counted unique and solved right", filepath.Base(path), right, total)
		for _, w := range whys {
			t.Logf("  refused for %s: %d (%s)", w, len(refused[w]), strings.Join(refused[w], "; "))
		}
	}
}
