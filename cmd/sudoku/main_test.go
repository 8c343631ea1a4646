package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gosudoku/sudoku/internal/pgtest"
)

// TestMain lets the test binary run as the sudoku command in scripts.
// With SUDOKU_TEST_MAIN=1 in the environment it runs main itself, so that
// tests can start the real command (signals and all) with os/exec.
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKU_TEST_MAIN") == "1" {
		main()
		return
	}
	testscript.Main(stopping{m}, map[string]func(){
		"sudoku": func() {
			os.Exit(Run(context.Background(), os.Args[1:], &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
		},
	})
}

// stopping runs the tests, then stops the PostgreSQL test cluster if one
// was started (testscript.Main exits when the tests end).
type stopping struct{ m *testing.M }

func (s stopping) Run() int {
	defer pgtest.Stop()
	return s.m.Run()
}

// TestScripts runs the command-line scripts in testdata/script: each
// types commands as a user would and checks the output and exit status.
// The library's scripts keep it in a SQLite file, $LIBDB.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Setup: func(env *testscript.Env) error {
		env.Setenv("LIBDB", "lib.db")
		return nil
	}})
}

// TestLibraryScriptPostgres runs the library's script again with the
// library in PostgreSQL (a throwaway cluster: see internal/pgtest), so the
// command is proven on both stores.
func TestLibraryScriptPostgres(t *testing.T) {
	url := pgtest.URL(t)
	testscript.Run(t, testscript.Params{Files: []string{"testdata/script/library.txt"}, Setup: func(env *testscript.Env) error {
		env.Setenv("LIBDB", url)
		return nil
	}})
}
