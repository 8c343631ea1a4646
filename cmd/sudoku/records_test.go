package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSlowPipeRecords: what a record is read as does not depend on how
// fast its input arrives (issue 32, High 4). A title line, then a pause,
// then puzzles: the title is one bad record and every puzzle is counted,
// as for the same bytes at once. Before, the title read alone from a
// pipe sent the input to the variant reader, which read the puzzles after
// it as one bad jigsaw: 2 error lines, no count.
func TestSlowPipeRecords(t *testing.T) {
	b, err := os.ReadFile("../../testdata/hard9.txt")
	if err != nil {
		t.Fatal(err)
	}
	puzzles := strings.Join(strings.Split(string(b), "\n")[:12], "\n") + "\n"
	for _, pause := range []time.Duration{0, 300 * time.Millisecond} {
		inR, inW := io.Pipe()
		go func() {
			io.WriteString(inW, "Easy\n")
			time.Sleep(pause)
			io.WriteString(inW, puzzles)
			inW.Close()
		}()
		var out, errOut bytes.Buffer
		code := Run(context.Background(), []string{"count"}, &Env{Stdin: inR, Stdout: &out, Stderr: &errOut})
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		ones := 0
		for _, l := range lines {
			if l == "1" {
				ones++
			}
		}
		if code != 1 || len(lines) != 13 || !strings.HasPrefix(lines[0], "# <stdin>:1:") || ones != 12 {
			t.Errorf("pause %v: status %d, output:\n%s\nerrors:\n%s", pause, code, out.String(), errOut.String())
		}
	}
}

// TestWordNotJigsaw: a line of five letters is a bad classic record, not
// a 5x5 jigsaw, from a file and from a pipe alike.
func TestWordNotJigsaw(t *testing.T) {
	var out, errOut bytes.Buffer
	Run(context.Background(), []string{"count"}, &Env{Stdin: strings.NewReader("hello\n"), Stdout: &out, Stderr: &errOut})
	if strings.Contains(errOut.String(), "jigsaw") || !strings.Contains(errOut.String(), "<stdin>:1:") {
		t.Errorf("hello: %s", errOut.String())
	}
}

// TestProgressNotBeforeFirst: the progress bar appears only once a result
// is in, not as "0 puzzles/hr, ETA 0 s" while the first record is on its
// way (issue 32, messages).
func TestProgressNotBeforeFirst(t *testing.T) {
	inR, inW := io.Pipe()
	go func() {
		time.Sleep(progressDelay + 600*time.Millisecond)
		io.WriteString(inW, "1..4..2..4..3..2\n")
		inW.Close()
	}()
	var out, errOut bytes.Buffer
	Run(context.Background(), []string{"count", "-progress"}, &Env{Stdin: inR, Stdout: &out, Stderr: &errOut})
	if s := errOut.String(); strings.Contains(s, "0 puzzles/") || strings.Contains(s, "ETA 0") {
		t.Errorf("a bar before the first result: %q", s)
	}
	if out.String() != "1\n" {
		t.Errorf("output %q", out.String())
	}
}

// TestExplainHelpExample: the example in explain's help is what explain
// prints for its puzzle (issue 32: the help showed a wrong solved grid).
func TestExplainHelpExample(t *testing.T) {
	var out, errOut bytes.Buffer
	Run(context.Background(), []string{"explain"}, &Env{Stdin: strings.NewReader("020900000048000031000063020009407003003080200400105600030570000250000180000006050\n"), Stdout: &out, Stderr: &errOut})
	got := strings.Split(out.String(), "\n")
	n := 0
	for _, l := range strings.Split(cmdExplain.Long, "\n") {
		l, ok := strings.CutPrefix(l, "\t")
		if !ok || !strings.HasPrefix(l, "puzzle ") && !strings.HasPrefix(l, "solved ") && !strings.HasPrefix(l, "  1  ") {
			continue
		}
		want := strings.TrimSuffix(l, "...")
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, want) }) {
			t.Errorf("the help shows %q; explain prints:\n%s", l, out.String())
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d example lines found in the help, want 3", n)
	}
}
