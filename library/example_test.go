package library_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/library"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/variant"
)

// A library in a SQLite file: add two puzzles, the second the first
// turned upside down (the same puzzle in disguise), then find by ER range
// and technique.
func Example() {
	dir, err := os.MkdirTemp("", "library-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	l, err := library.Open(ctx, filepath.Join(dir, "lib.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close()

	p := "000000009014500060706400000000005040609308107070600000000007508080004320100000000"
	rev := []byte(p)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	for line, s := range []string{p, string(rev)} {
		id, added, err := l.Add(ctx, sudoku.MustParse(s), library.Source{File: "mine.txt", Line: line + 1})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("entry", id, "new:", added)
	}

	es, err := l.Find(ctx, library.Query{ER: library.Range{Min: 40, Max: 70}, Uses: []logic.Technique{logic.XYWing}})
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range es {
		fmt.Printf("%s ER %s %s, hardest %s, %d copies, from %s:%d\n",
			e.Puzzle, logic.FormatRating(e.ER), e.Level, e.Hardest.ID(), e.Copies, e.Source.File, e.Source.Line)
	}
	// Output:
	// entry 1 new: true
	// entry 1 new: false
	// ........9.145...6.7.64..........5.4.6.93.81.7.7.6..........75.8.8...432.1........ ER 4.2 hard, hardest xy-wing, 2 copies, from mine.txt:1
}

// Puzzles of other orders and variant puzzles: a 4x4 puzzle is rated; a
// 4x4 jigsaw is stored unrated (variants have no human logic yet), its
// solution checked unique, and its mirror image, relabelled, is the same
// class.
func Example_variants() {
	dir, err := os.MkdirTemp("", "library-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	l, err := library.Open(ctx, filepath.Join(dir, "lib.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close()

	if _, _, err := l.Add(ctx, sudoku.MustParse("2.1......3.4...."), library.Source{File: "small.txt", Line: 1}); err != nil {
		log.Fatal(err)
	}
	jigsaw := func(givens, regions string) *variant.Puzzle {
		p := &variant.Puzzle{Size: 4, Givens: make([]int, 16), Regions: make([]int, 16)}
		for i := range 16 {
			if givens[i] != '.' {
				p.Givens[i] = int(givens[i] - '0')
			}
			p.Regions[i] = int(regions[i] - 'A')
		}
		return p
	}
	for line, p := range []*variant.Puzzle{
		jigsaw("..1..2.3........", "CABBCABBCAADCDDD"),
		jigsaw(".2..1.3.........", "BBACBBACDAACDDDC"), // mirrored, 1 and 2 swapped
	} {
		it := &library.Item{Variant: p, Source: library.Source{File: "jigsaws.txt", Line: line + 1}}
		if err := l.Prepare(ctx, it, logic.Options{}); err != nil {
			log.Fatal(err)
		}
		if err := l.Store(ctx, &library.Batch{Items: []*library.Item{it}}); err != nil {
			log.Fatal(err)
		}
		fmt.Println("entry", it.ID, "new:", it.Added)
	}

	es, err := l.Find(ctx, library.Query{Order: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range es {
		fmt.Printf("%s rated %v ER %s kinds %v copies %d\n", e.Puzzle, e.Rated, logic.FormatRating(e.ER), e.Kinds, e.Copies)
	}
	// Output:
	// entry 2 new: true
	// entry 2 new: false
	// ..1..2.3........ rated false ER 0.0 kinds [jigsaw] copies 2
	// 2.1......3.4.... rated true ER 1.2 kinds [] copies 1
}
