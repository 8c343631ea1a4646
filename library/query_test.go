package library

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/logic"
)

func TestSearchable(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want string // "" when the technique is searchable
	}{
		{"hidden-single", ""},
		{"xy-wing", ""},
		{"forcing-chain", ""},
		{"nested-forcing-chain", ""},
		{"xy-chain", "under forcing-chain"},
		{"x-chain", "under forcing-chain"},
		{"nested-dynamic-chain", "under nested-forcing-chain"},
		{"cell-region-forcing-chain", "under multiple-forcing-chain"},
	} {
		tech, err := logic.ParseTechnique(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		err = Searchable(tech)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want searchable", tc.id, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.id, err, tc.want)
		}
	}
	// Every technique with no 9x9 rule is refused: a filter on it would
	// match nothing.
	nine := logic.RuleOrder(3)
	for _, tech := range logic.RuleOrder(4) {
		in := false
		for _, u := range nine {
			in = in || u == tech
		}
		if err := Searchable(tech); (err == nil) != in {
			t.Errorf("%s: Searchable = %v, yet in the 9x9 rules: %v", tech.ID(), err, in)
		}
		// Every technique of the 16x16 rules is searchable there, and in
		// a library of any order.
		if err := errors.Join(SearchableAt(tech, 4), SearchableAt(tech, 0)); err != nil {
			t.Errorf("%s: %v", tech.ID(), err)
		}
	}
}

func TestParseQuery(t *testing.T) {
	get := func(m map[string]string) func(string) string {
		return func(k string) string { return m[k] }
	}
	q, err := ParseQuery(get(map[string]string{"er": "6.0-7.0", "level": "hard, expert", "technique": "x-wing", "clues": "17-20", "tag": "t"}))
	if err != nil {
		t.Fatal(err)
	}
	if q.ER != (Range{60, 70}) || len(q.Levels) != 2 || len(q.Uses) != 1 || q.Uses[0] != logic.XWing || q.Clues != (Range{17, 20}) || q.Tag != "t" {
		t.Errorf("query %+v", q)
	}
	// Each bad filter is a *FilterError naming its key; the others are kept.
	q, err = ParseQuery(get(map[string]string{"er": "7-6", "hardest": "xy-chain", "level": "easy", "symmetry": "nosuch", "order": "3", "variant": "killer,nosuch"}))
	var keys []string
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var fe *FilterError
		if !errors.As(e, &fe) {
			t.Fatalf("%v is not a *FilterError", e)
		}
		keys = append(keys, fe.Key)
	}
	if !slices.Equal(keys, []string{"variant", "er", "hardest", "symmetry"}) || len(q.Levels) != 1 || q.Order != 3 || !slices.Equal(q.Variant, []string{"killer"}) {
		t.Errorf("errors for %v (%v), levels %v, order %d, variant %v", keys, err, q.Levels, q.Order, q.Variant)
	}
	if !strings.Contains(err.Error(), `unknown variant kind "nosuch": want one of classic, x, jigsaw`) {
		t.Errorf("an unknown kind: %v", err)
	}
	// Without an order, a technique of some order is searchable; a bad
	// order is named.
	q, err = ParseQuery(get(map[string]string{"hardest": "xy-chain", "variant": "x, jigsaw"}))
	if err != nil || len(q.Hardest) != 1 || !slices.Equal(q.Variant, []string{"x", "jigsaw"}) {
		t.Errorf("xy-chain of any order: %+v, %v", q, err)
	}
	for _, bad := range []string{"1", "9", "x"} {
		if _, err := ParseQuery(get(map[string]string{"order": bad})); err == nil || !strings.Contains(err.Error(), "order") {
			t.Errorf("order %q: %v", bad, err)
		}
	}
}

// FuzzParseQuery reads any filters: a query that parses is one the
// library can run (where accepts it), and an error names its filters.
func FuzzParseQuery(f *testing.F) {
	f.Add("6.0-7.0", "hard,expert", "xy-wing", "4", "jigsaw,killer", "central")
	f.Add("", "", "xy-chain", "9", "nosuch", "")
	f.Add("-2.5", "easy", "", "2", "classic", "full")
	dir := f.TempDir()
	l, err := Open(context.Background(), filepath.Join(dir, "lib.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer l.Close()
	f.Fuzz(func(t *testing.T, er, level, technique, order, kinds, symmetry string) {
		m := map[string]string{"er": er, "level": level, "technique": technique, "order": order, "variant": kinds, "symmetry": symmetry}
		q, err := ParseQuery(func(k string) string { return m[k] })
		if err != nil {
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var fe *FilterError
				if !errors.As(e, &fe) || m[fe.Key] == "" {
					t.Errorf("%v: not a *FilterError of a filter given", e)
				}
			}
			return
		}
		if _, _, err := l.where(q); err != nil {
			t.Errorf("%+v parsed, yet where: %v", q, err)
		}
	})
}
