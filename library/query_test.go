package library

import (
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
	}
}
