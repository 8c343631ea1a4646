package main

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
)

// fuzzSeeds are inputs of every shape the readers take, good and broken.
var fuzzSeeds = []string{
	"005300000800000020070010500400005300010070006003200080060500009004000030000009700\n",
	"1..4..2..4..3..2 # comment\n................\n",
	"3\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
	"0 0 0 0 0 2 0 0 0\n0 7 0 1 0 8 0 9 0\n0 0 1 0 0 0 3 0 0\n2 5 0 7 0 4 0 8 0\n0 0 0 0 0 0 0 0 0\n0 8 0 6 0 9 0 1 2\n0 0 3 0 0 0 9 0 0\n0 6 0 3 0 5 0 2 0\n0 0 0 8 0 0 0 0 0\n",
	"+-----+-----+\n| 1 . | . 4 |\n",
	"{\"order\":2,\"grid\":\"1..4..2..4..3..2\",\"comment\":\"a\\nb\\u001b\"}\n",
	"1..4..2..4..3..2\n-----\n1..4..2..4..3..2\n",
	"\xef\xbb\xbf1..4..2..4..3..2\r1..4..2..4..3..2\r\n",
	"1 2 10\na b c\n7\n",
	"",
	// Variant puzzles: a killer, a jigsaw, f-puzzles JSON, a link, rules JSON.
	"AB..\nAB..\n....\n....\nA=3 B=7\n",
	"1...\n....\n....\n...1\nAABB\nAABB\nCCDD\nCCDD\n",
	"{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"diagonal+\":true}\n",
	"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BWVNCImAOwQBcMqBfAXR66A==\n",
	"{\"size\":4,\"grid\":\"1...............\",\"rules\":[{\"kind\":\"thermo\",\"cells\":[\"r1c1\",\"r1c2\"]}]}\n",
	// Line rules: f-puzzles keys and the rules JSON form.
	"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"whispers\":[{\"lines\":[[\"R1C1\",\"R1C2\"]],\"value\":\"2\"}],\"entropicline\":[{\"lines\":[[\"R2C1\",\"R2C2\",\"R2C3\"]]}],\"lockout\":[{\"lines\":[[\"R3C1\",\"R3C2\",\"R3C3\"]]}],\"regionsumline\":[{\"lines\":[[\"R4C2\",\"R4C3\"]]}]}\n",
	"{\"size\":4,\"grid\":\"................\",\"rules\":[{\"kind\":\"tenline\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":5},{\"kind\":\"between\",\"cells\":[\"r2c1\",\"r2c2\",\"r2c3\"]},{\"kind\":\"doublearrow\",\"cells\":[\"r3c1\",\"r3c2\",\"r3c3\"]}]}\n",
}

// records returns the number of records the reader finds in in: each is
// answered by one output line (a command that does not read variant
// puzzles names each variant record as it does a bad one).
func records(in string, variants bool) int {
	r := format.NewReader(strings.NewReader(in))
	r.Variants = true
	n := 0
	for {
		_, err := r.Read()
		var perr *sudoku.ParseError
		if err == io.EOF || err != nil && !errors.As(err, &perr) {
			return n
		}
		n++
	}
}

// fuzzFilter runs a line filter on in and checks what every filter
// promises: no panic, exit status 0, 1 or 2, one output line per record,
// every line of both outputs clean and bounded.
func fuzzFilter(t *testing.T, in string, args ...string) string {
	code, out, errOut := run(t, in, args...)
	if code != 0 && code != 1 && code != 2 {
		t.Fatalf("%s: exit status %d", args[0], code)
	}
	variants := args[0] == "solve" || args[0] == "count" || args[0] == "check" || args[0] == "convert" || args[0] == "rate" || args[0] == "hint"
	if want := records(in, variants); args[0] != "check" || args[1] != "-yesno" {
		if got := strings.Count(out, "\n"); got != want {
			t.Fatalf("%v: %d output lines for %d records:\n%s", args, got, want, out)
		}
	}
	for name, s := range map[string]string{"stdout": out, "stderr": errOut} {
		for line := range strings.Lines(s) {
			if !strings.HasSuffix(line, "\n") {
				t.Fatalf("%v: %s ends in a partial line %q", args, name, line)
			}
			if prob := lineProblem(strings.TrimSuffix(line, "\n")); prob != "" {
				t.Fatalf("%v: %s line %.100q: %s", args, name, line, prob)
			}
		}
	}
	return out
}

func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
}

// FuzzSolve drives solve: every solution it prints is a valid grid.
func FuzzSolve(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := fuzzFilter(t, in, "solve", "-j", "2", "-max-guesses", "2000", "-timeout", "500ms", "-o", "line", "-comment")
		r := format.NewReader(strings.NewReader(out))
		r.Format = format.Line
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("solve printed a bad record: %v\n%s", err, out)
			}
			if err := p.Grid.CheckSolved(); err != nil {
				t.Fatalf("solve printed an invalid solution: %v", err)
			}
		}
	})
}

// FuzzCount drives count.
func FuzzCount(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		fuzzFilter(t, in, "count", "-j", "1", "-max-guesses", "2000", "-timeout", "500ms", "-comment")
	})
}

// FuzzCheck drives check.
func FuzzCheck(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		fuzzFilter(t, in, "check", "-j", "2")
	})
}

// FuzzYesno drives check -yesno: only YES and NO lines.
func FuzzYesno(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := fuzzFilter(t, in, "check", "-yesno")
		for line := range strings.Lines(out) {
			if line != "YES\n" && line != "NO\n" {
				t.Fatalf("check -yesno printed %q", line)
			}
		}
	})
}

// FuzzConvert drives convert to line format.
func FuzzConvert(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		fuzzFilter(t, in, "convert", "-o", "line")
	})
}

// FuzzRate drives rate.
func FuzzRate(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		fuzzFilter(t, in, "rate", "-j", "2")
	})
}

// FuzzHint drives hint.
func FuzzHint(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		fuzzFilter(t, in, "hint")
	})
}
