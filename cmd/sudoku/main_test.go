package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as the sudoku command in scripts.
// With SUDOKU_TEST_MAIN=1 in the environment it runs main itself, so that
// tests can start the real command (signals and all) with os/exec.
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKU_TEST_MAIN") == "1" {
		main()
		return
	}
	testscript.Main(m, map[string]func(){
		"sudoku": func() {
			os.Exit(Run(context.Background(), os.Args[1:], &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
		},
	})
}

// TestScripts runs the command-line scripts in testdata/script: each
// types commands as a user would and checks the output and exit status.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
