package batch_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gosudoku/sudoku/internal/batch"
)

// Run squares numbers on three goroutines and prints them in input order.
func ExampleRun() {
	words := strings.Fields("1 2 3 4 5 6 7 8")
	i := 0
	next := func() (string, error) {
		if i == len(words) {
			return "", io.EOF
		}
		i++
		return words[i-1], nil
	}
	work := func(_ context.Context, w string) int {
		var n int
		fmt.Sscan(w, &n)
		return n * n
	}
	emit := func(w string, sq int) error {
		fmt.Printf("%s² = %d\n", w, sq)
		return nil
	}
	if err := batch.Run(context.Background(), batch.Options{Workers: 3, Chunk: 2}, next, work, emit); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1² = 1
	// 2² = 4
	// 3² = 9
	// 4² = 16
	// 5² = 25
	// 6² = 36
	// 7² = 49
	// 8² = 64
}
