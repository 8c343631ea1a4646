package detail

import (
	"errors"
	"testing"
)

func TestErrorf(t *testing.T) {
	kind := errors.New("wrong number of cells")
	err := Errorf(kind, "%d cells, want %d", 80, 81)
	if err.Error() != "80 cells, want 81" || !errors.Is(err, kind) || errors.Is(err, errors.New("wrong number of cells")) {
		t.Errorf("Errorf: %q, Is %v", err, errors.Is(err, kind))
	}
}
