package library

import (
	"bufio"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

// readBig reads testdata/big.txt: a 4x4 puzzle, a 16x16 one and the same
// 16x16 transposed, its bands and rows moved and relabelled.
func readBig(t testing.TB) []*sudoku.Grid {
	t.Helper()
	b, err := os.ReadFile("testdata/big.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []*sudoku.Grid
	for line := range strings.Lines(string(b)) {
		g, err := sudoku.Parse(strings.TrimSpace(line))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// readVariants reads testdata/variants.txt: a jigsaw, the same rotated and
// relabelled, an X puzzle, and one killer twice (f-puzzles JSON).
func readVariants(t testing.TB) []*variant.Puzzle {
	t.Helper()
	f, err := os.Open("testdata/variants.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := vtext.NewReader(bufio.NewReader(f))
	var out []*variant.Puzzle
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec.Puzzle)
	}
}

func TestOrdersAndVariants(t *testing.T) { backends(t, testOrdersAndVariants) }

func testOrdersAndVariants(t *testing.T, open func(t *testing.T) (*Library, string)) {
	ctx := context.Background()
	l, _ := open(t)
	big, vs := readBig(t), readVariants(t)
	if len(big) != 3 || len(vs) != 5 {
		t.Fatalf("%d classic and %d variant puzzles in testdata", len(big), len(vs))
	}
	type want struct {
		id    int64
		added bool
	}
	var items []*Item
	var wants []want
	for i, g := range big {
		items = append(items, &Item{Grid: g, Source: Source{File: "big.txt", Line: i + 1}})
	}
	wants = append(wants, want{1, true}, want{2, true}, want{2, false})
	for i, p := range vs {
		items = append(items, &Item{Variant: p, Form: []string{"jigsaw", "", "rules"}[min(i, 2)], Source: Source{File: "variants.txt", Line: i + 1}})
	}
	// The jigsaw and its rotation are one class; the killer has no
	// canonical form yet, but the same text is the same class.
	wants = append(wants, want{3, true}, want{3, false}, want{4, true}, want{5, true}, want{5, false})
	for k, it := range items {
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
			t.Fatalf("item %d: %v", k, err)
		}
		if err := l.Store(ctx, &Batch{Items: []*Item{it}}); err != nil {
			t.Fatal(err)
		}
		if it.ID != wants[k].id || it.Added != wants[k].added {
			t.Errorf("item %d: entry %d, added %v; want %+v", k, it.ID, it.Added, wants[k])
		}
	}
	es, err := l.Find(ctx, Query{})
	if err != nil || len(es) != 5 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	byID := map[int64]Entry{}
	for _, e := range es {
		byID[e.ID] = e
	}
	for id, w := range map[int64]struct {
		side, copies int
		kinds        []string
		rated, exact bool
	}{
		1: {4, 1, nil, true, false},
		2: {16, 2, nil, true, false},
		3: {9, 2, []string{"jigsaw"}, false, false},
		4: {9, 1, []string{"x"}, false, false},
		5: {9, 2, []string{"killer"}, false, true},
	} {
		e := byID[id]
		if e.Puzzle.Side() != w.side || e.Copies != w.copies || !slices.Equal(e.Kinds, w.kinds) || e.Rated != w.rated || e.Exact != w.exact {
			t.Errorf("entry %d: side %d, %d copies, kinds %v, rated %v, exact %v; want %+v", id, e.Puzzle.Side(), e.Copies, e.Kinds, e.Rated, e.Exact, w)
		}
		if (e.Variant == nil) != (w.kinds == nil) || (e.Canon == nil) != (w.kinds != nil) {
			t.Errorf("entry %d: variant %v, canon %v", id, e.Variant, e.Canon)
		}
		if w.rated && (e.ER == 0 || e.Uses == nil) || !w.rated && (e.ER != 0 || e.Uses != nil) {
			t.Errorf("entry %d: rated %v, ER %d, level %v, uses %v", id, e.Rated, e.ER, e.Level, e.Uses)
		}
	}
	if byID[3].Form != "jigsaw" || byID[4].Form != "rules" || byID[2].Form != "" {
		t.Errorf("forms %q, %q, %q; want jigsaw, rules and none", byID[3].Form, byID[4].Form, byID[2].Form)
	}
	// Entries keep their puzzle as given: the first puzzle of each class.
	if got := byID[2].Puzzle.String(); got != big[1].String() {
		t.Errorf("16x16 entry %s, want %s", got, big[1])
	}
	if e := byID[3].Variant; !slices.Equal(e.Regions, vs[0].Regions) || !slices.Equal(e.Givens, vs[0].Givens) {
		t.Errorf("jigsaw entry %+v, want %+v", e, vs[0])
	}
	// Its canonical form is the minlex form of canon.General.
	f, err := canon.General(ctx, big[2])
	if err != nil || byID[2].Canon.String() != f.Grid.String() {
		t.Errorf("16x16 canon %s, want %s (%v)", byID[2].Canon, f.Grid, err)
	}

	for _, tc := range []struct {
		q       Query
		ids     []int64
		unrated int
	}{
		{Query{Order: 4}, []int64{2}, 0},
		{Query{Order: 2}, []int64{1}, 0},
		{Query{Variant: []string{"classic"}}, []int64{1, 2}, 0},
		{Query{Variant: []string{"jigsaw"}}, []int64{3}, 0},
		{Query{Variant: []string{"x"}, Order: 3}, []int64{4}, 0},
		{Query{Variant: []string{"killer"}, Clues: Range{Max: 3}}, []int64{5}, 0},
		{Query{ER: Range{Min: 10}}, []int64{1, 2}, 3},
		{Query{ER: Range{Min: 10}, Order: 3}, nil, 3},
		{Query{Levels: []logic.Level{logic.Easy, logic.Medium, logic.Hard, logic.Expert, logic.Extreme}, Variant: []string{"jigsaw"}}, nil, 1},
	} {
		es, err := l.Find(ctx, tc.q)
		if err != nil {
			t.Fatalf("%+v: %v", tc.q, err)
		}
		slices.SortFunc(es, func(a, b Entry) int { return int(a.ID - b.ID) })
		if got := ids(es); !slices.Equal(got, tc.ids) {
			t.Errorf("%+v: entries %v, want %v", tc.q, got, tc.ids)
		}
		if n, err := l.Unrated(ctx, tc.q); err != nil || n != tc.unrated {
			t.Errorf("%+v: %d unrated skipped, want %d (%v)", tc.q, n, tc.unrated, err)
		}
	}
	if _, err := l.Find(ctx, Query{Variant: []string{"nosuch"}}); err == nil || !strings.Contains(err.Error(), "killer") {
		t.Errorf("an unknown kind: %v", err)
	}

	st, err := l.Stats(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Entries != 5 || st.Copies != 8 || st.Unrated != 3 || st.Exact != 1 ||
		st.Sides[4] != 1 || st.Sides[16] != 1 || st.Sides[9] != 3 ||
		st.Kinds[""] != 2 || st.Kinds["jigsaw"] != 1 || st.Kinds["x"] != 1 || st.Kinds["killer"] != 1 {
		t.Errorf("stats %+v", st)
	}
	n := 0
	for _, c := range st.ER {
		n += c
	}
	if n != 2 {
		t.Errorf("%d entries in the ER histogram, want the 2 rated", n)
	}

	// A variant without exactly one solution, or of a side the library
	// does not hold, is refused.
	blank := vs[0].Clone()
	blank.Givens = make([]int, 81)
	six := variant.New(6)
	six.Rules = append(six.Rules, variant.AntiKnight{})
	for _, tc := range []struct {
		p    *variant.Puzzle
		want string
	}{
		{blank, logic.ErrMultiple.Error()},
		{six, "6x6"},
	} {
		it := &Item{Variant: tc.p}
		if err := l.Prepare(ctx, it, logic.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error with %q", tc.p, err, tc.want)
		}
	}
	// A rules JSON line without rules on square boxes is a classic puzzle.
	plain := variant.New(4)
	plain.Givens = big[0].Values()
	it := &Item{Variant: plain}
	if err := l.Prepare(ctx, it, logic.Options{}); err != nil || it.known != 1 {
		t.Errorf("the 4x4 puzzle as a variant: entry %d, %v", it.known, err)
	}
	if err := l.Prepare(ctx, &Item{}, logic.Options{}); err == nil {
		t.Error("an item without a puzzle: no error")
	}
	if !errors.Is(l.Prepare(ctx, &Item{Variant: blank}, logic.Options{}), logic.ErrMultiple) {
		t.Error("the open jigsaw: not ErrMultiple")
	}
}

// TestMigrateVersion2 opens a library of schema version 2 (9x9 puzzles
// only) with this version: its rows upgrade in place, classic rated 9x9
// entries, and it takes puzzles of other orders and variants.
func TestMigrateVersion2(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			ctx := context.Background()
			dsn := st.dsn(t)
			old, err := openAt(ctx, dsn, 2, true)
			if err != nil {
				t.Fatal(err)
			}
			ps := addAll(t, old)
			_, err = old.Find(ctx, Query{})
			old.Close()
			if err == nil || !strings.Contains(err.Error(), "side") {
				t.Fatalf("a find at version 2: %v, want an error naming the missing column", err)
			}
			l, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			var v int
			if err := l.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(migrations) {
				t.Fatalf("schema version %d, %v", v, err)
			}
			es, err := l.Find(ctx, Query{Order: 3, Variant: []string{"classic"}, ER: Range{Min: 10}})
			if err != nil || len(es) != len(ps) {
				t.Fatalf("%d entries after the upgrade, want %d (%v)", len(es), len(ps), err)
			}
			for _, e := range es {
				if !e.Rated || e.Exact || e.Variant != nil || e.Puzzle.String() != ps[e.ID-1].String() || e.Canon == nil {
					t.Errorf("entry %d after the upgrade: %+v", e.ID, e)
				}
			}
			big := readBig(t)
			if _, added, err := l.Add(ctx, big[0], Source{File: "big.txt", Line: 1}); err != nil || !added {
				t.Errorf("a 4x4 puzzle after the upgrade: added %v, %v", added, err)
			}
			// The 9x9 puzzles are still found in disguise.
			tr := canon.Identity()
			tr.Transpose = true
			g, _ := tr.Apply(ps[3])
			if id, added, err := l.Add(ctx, g, Source{}); err != nil || added || id != 4 {
				t.Errorf("a disguised 9x9 puzzle after the upgrade: entry %d, added %v, %v", id, added, err)
			}
		})
	}
}

// TestDisguises adds random disguises of the 16x16 puzzle (any
// transposition, band, row, stack and column moves and relabelling) and
// the jigsaw under each of the 8 symmetries of the square, relabelled:
// each is found as a copy of its class.
func TestDisguises(t *testing.T) {
	ctx := context.Background()
	l, _ := open(t)
	big, vs := readBig(t), readVariants(t)
	for _, add := range []*Item{{Grid: big[1]}, {Variant: vs[0]}} {
		if err := l.Prepare(ctx, add, logic.Options{}); err != nil {
			t.Fatal(err)
		}
		if err := l.Store(ctx, &Batch{Items: []*Item{add}}); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(20, 26))
	perm := func(n int) []int { return rng.Perm(n) }
	for k := range 10 {
		m := canon.Mapping{Transpose: rng.IntN(2) == 1, Digits: []int{0}}
		for _, lines := range []*[]int{&m.Rows, &m.Cols} {
			bands := perm(4)
			for b := range 4 {
				for _, r := range perm(4) {
					*lines = append(*lines, bands[b]*4+r)
				}
			}
		}
		for _, d := range perm(16) {
			m.Digits = append(m.Digits, d+1)
		}
		g, err := sudoku.FromValues(4, m.Apply(big[1].Values()))
		if err != nil {
			t.Fatal(err)
		}
		it := &Item{Grid: g}
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil || it.known != 1 {
			t.Errorf("16x16 disguise %d (%v): entry %d, %v", k, m, it.known, err)
		}
	}
	const n = 9
	for k := range 8 {
		// Rotate k%4 quarter turns, then mirror for k >= 4.
		at := func(r, c int) (int, int) {
			for range k % 4 {
				r, c = c, n-1-r
			}
			if k >= 4 {
				c = n - 1 - c
			}
			return r, c
		}
		relabel := append([]int{0}, perm(n)...)
		for d := 1; d <= n; d++ {
			relabel[d]++
		}
		relabel[0] = 0
		p := vs[0].Clone()
		for i := range n * n {
			r, c := at(i/n, i%n)
			p.Givens[r*n+c] = relabel[vs[0].Givens[i]]
			p.Regions[r*n+c] = vs[0].Regions[i]
		}
		it := &Item{Variant: p}
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil || it.known != 2 {
			t.Errorf("jigsaw symmetry %d: entry %d, %v", k, it.known, err)
		}
	}
}
