package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
)

// TestLibraryAddInterrupted interrupts library add at a random moment
// (its context ends, as on Ctrl-C) and runs it again: whatever the moment,
// the two runs together store every record once, neither lost nor
// counted twice. The input is 2,500 disguised copies (random
// transformations) of three puzzles, so batches of 1,000 are stored
// quickly and the cut may fall anywhere.
func TestLibraryAddInterrupted(t *testing.T) {
	bases := []string{
		"050703060007000800000816000000030000005000100730040086906000204840572093000409000",
		"302401809001000300000000000040708010780502036000090000200609003900000008800070005",
		"000050000000206000064000390045000810000020000000107000053000980090804060100030004",
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var in strings.Builder
	const n = 2500
	for i := range n {
		tr := canon.Identity()
		tr.Transpose = rng.IntN(2) == 1
		for _, lines := range []*[9]int{&tr.Rows, &tr.Cols} {
			bands := rng.Perm(3)
			for b := range 3 {
				for k, r := range rng.Perm(3) {
					lines[b*3+k] = bands[b]*3 + r
				}
			}
		}
		for d, v := range rng.Perm(9) {
			tr.Digits[d+1] = v + 1
		}
		g, err := tr.Apply(sudoku.MustParse(bases[i%3]))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&in, g)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "copies.txt")
	if err := os.WriteFile(file, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "lib.db")
	add := func(ctx context.Context) string {
		var out, errOut bytes.Buffer
		Run(ctx, []string{"library", "add", "-db", db, "-j", "2", file}, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut})
		return errOut.String()
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(rng.IntN(400))*time.Millisecond)
	defer cancel()
	first := add(ctx)
	second := add(context.Background())
	t.Logf("interrupted run: %s", strings.TrimSpace(first))
	t.Logf("second run: %s", strings.TrimSpace(second))
	re := regexp.MustCompile(`(\d+) records: (\d+) added, (\d+) already in the library, (\d+) duplicates of this run, (\d+) failed, (\d+) skipped`)
	var stored int
	for i, out := range []string{first, second} {
		m := re.FindStringSubmatch(out)
		if m == nil && i == 0 && strings.Contains(out, context.DeadlineExceeded.Error()) {
			// Cut while opening the library (a loaded machine): an
			// error and no summary, nothing stored.
			continue
		}
		if m == nil {
			t.Fatalf("no summary in %q", out)
		}
		var read, added, known, dup, failed, skipped int
		fmt.Sscan(strings.Join(m[1:], " "), &read, &added, &known, &dup, &failed, &skipped)
		if failed != 0 {
			t.Errorf("failed records: %s", out)
		}
		stored += added + known + dup
	}
	if stored != n {
		t.Errorf("the two runs stored %d records, want %d", stored, n)
	}
	var out bytes.Buffer
	Run(context.Background(), []string{"library", "stats", "-db", db}, &Env{Stdout: &out, Stderr: &out})
	if !strings.Contains(out.String(), fmt.Sprintf("entries 3 (puzzles added %d, sources 1)", n)) {
		t.Errorf("stats:\n%s", out.String())
	}
}

// TestLibraryAddCopiesAcrossBatches stores every record in a batch of its
// own, as a slow machine's one-second batches may: a disguised copy of a
// puzzle this run added still counts as a duplicate of this run, not as
// already in the library (it did, when the copy's batch came after the
// original's, which made the library script flaky under load).
func TestLibraryAddCopiesAcrossBatches(t *testing.T) {
	defer func(n int) { addBatch = n }(addBatch)
	addBatch = 1
	first := "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	tr := canon.Identity()
	tr.Transpose = true
	tr.Digits[1], tr.Digits[2] = 2, 1
	copyOf, err := tr.Apply(sudoku.MustParse(first))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	in := first + "\n302401809001000300000000000040708010780502036000090000200609003900000008800070005\n" + copyOf.String() + "\n" + first + "\n"
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	add := func(file string) string {
		var out, errOut bytes.Buffer
		Run(context.Background(), []string{"library", "add", "-db", filepath.Join(dir, "lib.db"), "-j", "1", file}, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut})
		return errOut.String()
	}
	const want = "4 records: 2 added, 0 already in the library, 2 duplicates of this run, 0 failed, 0 skipped"
	if got := add(file); !strings.Contains(got, want) {
		t.Errorf("add: %q, want %q", got, want)
	}
	again := filepath.Join(dir, "q.txt")
	if err := os.WriteFile(again, []byte(copyOf.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const wantAgain = "1 records: 0 added, 1 already in the library, 0 duplicates of this run"
	if got := add(again); !strings.Contains(got, wantAgain) {
		t.Errorf("second add: %q, want %q", got, wantAgain)
	}
}
