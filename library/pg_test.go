package library

import (
	"os"
	"testing"

	"github.com/gosudoku/sudoku/internal/pgtest"
)

// TestMain stops the PostgreSQL cluster of the tests (internal/pgtest),
// if one was started.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// postgresURL returns the URL of a new, empty database of the test
// cluster (skipping the test when PostgreSQL is not installed).
func postgresURL(t testing.TB) string { return pgtest.URL(t) }
