package format

import (
	"io"
	"strings"
	"testing"
)

// TestReaderLookaheadBounded reads a long stream of 16-character line
// puzzles, each of which makes the reader look 15 lines ahead (they could
// be the rows of a 16x16 grid): the lines read ahead must not pile up.
func TestReaderLookaheadBounded(t *testing.T) {
	const n = 10000
	r := NewReader(strings.NewReader(strings.Repeat("1..4..2..4..3..2\n", n)))
	most := 0
	for k := 0; ; k++ {
		_, err := r.Read()
		if err == io.EOF {
			if k != n {
				t.Fatalf("%d records, want %d", k, n)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, cap(r.d.in.queue))
	}
	if most > 64 {
		t.Errorf("the queue of lines read ahead grew to %d lines over %d records", most, n)
	}
}
