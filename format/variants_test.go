package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/variant"
)

// TestReadMixed reads a file of classic and variant records: with
// Variants each record in its format, at its line; without, the variant
// records are errors of classic reading, as before.
func TestReadMixed(t *testing.T) {
	data, err := os.ReadFile("testdata/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		line    int
		format  Format
		variant bool
	}
	read := func(variants bool) (recs []got, errs int) {
		r := NewReader(bytes.NewReader(data))
		r.Variants = variants
		for {
			p, err := r.Read()
			if err == io.EOF {
				return recs, errs
			}
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) && err != nil {
				t.Fatal(err)
			}
			if err != nil {
				errs++
				continue
			}
			if (p.Variant != nil) == (p.Grid != nil) {
				t.Fatalf("line %d: a grid and a variant puzzle, or neither: %+v", p.Line, p)
			}
			recs = append(recs, got{p.Line, p.Format, p.Variant != nil})
		}
	}
	recs, errs := read(true)
	want := []got{{2, Line, false}, {3, Rules, true}, {4, JSON, false}, {5, Killer, true}, {17, Line, false}}
	if errs != 0 || !reflect.DeepEqual(recs, want) {
		t.Errorf("with Variants: %v and %d errors, want %v", recs, errs, want)
	}
	recs, errs = read(false)
	if len(recs) != 3 || errs == 0 {
		t.Errorf("without Variants: %v and %d errors, want the 3 classic records and errors", recs, errs)
	}
}

// TestWriteVariant writes variant puzzles in each variant format and
// reads them back whole; a classic format refuses them, and a classic
// grid is written as a puzzle with no rules.
func TestWriteVariant(t *testing.T) {
	data, _ := os.ReadFile("testdata/mixed.txt")
	r := NewReader(bytes.NewReader(data))
	r.Variants = true
	var vs []*Puzzle
	for {
		p, err := r.Read()
		if err != nil {
			break
		}
		if p.Variant != nil {
			vs = append(vs, p)
		}
	}
	if len(vs) != 2 {
		t.Fatalf("%d variant records, want 2", len(vs))
	}
	for _, f := range []Format{FPuzzles, Link, Rules, Killer} {
		for _, p := range vs {
			if f == Killer && p.Format != Killer {
				continue // the killer form holds killers only
			}
			var b bytes.Buffer
			w := NewWriter(&b, f)
			if err := w.WritePuzzle(p); err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			w.Flush()
			r := NewReader(&b)
			r.Format = f
			q, err := r.Read()
			if err != nil || !sameVariant(q.Variant, p.Variant) || q.Format != f {
				t.Errorf("%v: read back %+v, %v; want %+v\n%s", f, q, err, p.Variant, b.String())
			}
		}
	}
	var b bytes.Buffer
	if err := NewWriter(&b, Pretty).WritePuzzle(vs[0]); !errors.Is(err, ErrCannotHold) {
		t.Errorf("pretty of a variant puzzle: %v, want ErrCannotHold", err)
	}
	if s := Text(MustParse(p9), Rules); !strings.HasPrefix(s, `{"size":9,"grid":"`) || strings.Contains(s, `"rules"`) {
		t.Errorf("a classic grid in rules JSON: %s", s)
	}
}

// sameVariant reports whether a and b are the same puzzle: size, givens,
// regions and rules, in any order (f-puzzles keeps its own order of rule
// kinds).
func sameVariant(a, b *variant.Puzzle) bool {
	if a == nil || b == nil {
		return a == b
	}
	rules := func(p *variant.Puzzle) []string {
		var s []string
		for _, r := range p.Rules {
			s = append(s, fmt.Sprintf("%#v", r))
		}
		slices.Sort(s)
		return s
	}
	return a.Size == b.Size && slices.Equal(a.Givens, b.Givens) && slices.Equal(a.Regions, b.Regions) && slices.Equal(rules(a), rules(b))
}

// TestReadMixedObject reads an f-puzzles object over several lines and a
// link among classic lines.
func TestReadMixedObject(t *testing.T) {
	data, _ := os.ReadFile("testdata/mixed.txt")
	r := NewReader(bytes.NewReader(data))
	r.Variants = true
	r.Read()
	x6, err := r.Read() // the 6x6 rules JSON
	if err != nil || x6.Variant == nil {
		t.Fatal(x6, err)
	}
	var fp, link bytes.Buffer
	w := NewWriter(&fp, FPuzzles)
	w.WritePuzzle(x6)
	w.Flush()
	w = NewWriter(&link, Link)
	w.WritePuzzle(x6)
	w.Flush()
	pretty := "{\n" + strings.ReplaceAll(fp.String()[1:], `],"`, "],\n  \"") // one object over several lines, "{" alone first
	in := p9 + "\n" + pretty + link.String() + p9 + "\n"
	r = NewReader(strings.NewReader(in))
	r.Variants = true
	var formats []Format
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, in)
		}
		if p.Variant != nil && !sameVariant(p.Variant, x6.Variant) {
			t.Errorf("%v at line %d: %+v, want %+v", p.Format, p.Line, p.Variant, x6.Variant)
		}
		formats = append(formats, p.Format)
	}
	if want := []Format{Line, FPuzzles, Link, Line}; !reflect.DeepEqual(formats, want) {
		t.Errorf("formats %v, want %v\n%s", formats, want, in)
	}
}
