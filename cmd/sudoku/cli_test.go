package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

// run runs the command line in-process with stdin and returns the exit
// status, stdout and stderr.
func run(t testing.TB, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

func TestRun(t *testing.T) {
	const (
		p1 = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
		s1 = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
		p2 = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
		s2 = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
	)
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string
		inStderr string // a part of stderr, or "" for an empty stderr
	}{
		{"solve", []string{"solve"}, p1 + "\n" + p2 + "\n", 0, s1 + "\n" + s2 + "\n", ""},
		{"solve -j 2", []string{"solve", "-j", "2"}, p1 + "\n" + p2 + "\n" + p1 + "\n", 0, s1 + "\n" + s2 + "\n" + s1 + "\n", ""},
		{"solve shard", []string{"solve", "-shard", "1/2"}, p1 + "\n" + p2 + "\n" + p1 + "\n", 0, s2 + "\n", ""},
		{"solve comment", []string{"solve", "-comment"}, p1 + " hard!\n", 0, s1 + " hard!\n", ""},
		{"solve several", []string{"solve"}, "................\n", 1, "# <stdin>:1: more than one solution\n", "<stdin>:1: more than one solution"},
		{"solve json marker", []string{"solve", "-o", "json"}, "................\n", 1, `{"error":"<stdin>:1: more than one solution"}` + "\n", "more than one"},
		{"count", []string{"count"}, p1 + "\n................\n", 0, "1\n2+\n", ""},
		{"count limit", []string{"count", "-limit", "3"}, "................\n", 0, "3+\n", ""},
		{"check ok", []string{"check"}, s1 + "\n" + p1 + "\n", 0, "ok\nok\n", ""},
		{"check complete", []string{"check", "-complete"}, p1 + "\n", 1, "# <stdin>:1: r1c1 is blank: grid is not complete\n", "r1c1 is blank"},
		{"yesno", []string{"check", "-yesno"}, "1\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", 0, "YES\n", ""},
		{"yesno 4x4 bad", []string{"check", "-yesno"}, "1\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 5\n", 1, "NO\n", "r4c4 holds \"5\""},
		{"yesno short", []string{"check", "-yesno"}, "3\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n1 2\n", 1, "YES\nNO\n", "grid 2: 2 numbers, want 16"},
		{"yesno missing", []string{"check", "-yesno"}, "2\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", 1, "YES\n", "1 grids, but the count line says 2"},
		{"usage", []string{"count", "-limit", "x"}, "", 2, "", "invalid value"},
		{"unknown", []string{"nosuch"}, "", 2, "", "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.code != 2 && out != tt.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, tt.stdout)
			}
			if tt.inStderr == "" && errOut != "" || !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr %q, want it to contain %q", errOut, tt.inStderr)
			}
		})
	}
}

// TestRunInterrupted checks that a cancelled run stops with status 1.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, j := range []string{"1", "2"} {
		var out, errOut bytes.Buffer
		in := strings.Repeat(".................................................................................\n", 100)
		code := Run(ctx, []string{"count", "-j", j, "-limit", "1000000"}, &Env{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errOut})
		if code != 1 || !strings.Contains(errOut.String(), "interrupted") {
			t.Errorf("-j %s: exit status %d, stderr %q; want 1 and interrupted", j, code, errOut.String())
		}
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestProgress(t *testing.T) {
	tests := []struct {
		name  string
		force bool
		wait  time.Duration
		want  string // in the output; "" for no output at all
	}{
		{"not a terminal", false, progressDelay + 300*time.Millisecond, ""},
		{"short job", true, 10 * time.Millisecond, ""},
		{"long job", true, progressDelay + 300*time.Millisecond, "42/100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf syncBuffer
			rep := newReporter(&buf)
			p := startProgress(rep, tt.force, progressSpec{total: 100, current: func() int64 { return 42 }, desc: "test"})
			time.Sleep(tt.wait)
			rep.errorf("a message")
			p.stop()
			got := buf.String()
			if !strings.Contains(got, "a message\n") {
				t.Errorf("output %q lacks the message", got)
			}
			if tt.want == "" && got != "a message\n" {
				t.Errorf("output %q, want only the message", got)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("output %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

// BenchmarkFilter measures the whole solve pipeline (read, solve with the
// uniqueness proof, write) on the first 10,000 puzzles of
// random_minimal_100k, to compare with the engine's own figures.
func BenchmarkFilter(b *testing.B) {
	data, err := os.ReadFile("../../../shared/data/random_minimal_100k")
	if err != nil {
		b.Skip("benchmark data not found (../shared/data from the repository root):", err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	in := strings.Join(lines[:min(len(lines), 10002)], "")
	for _, j := range []string{"1", "2"} {
		b.Run("j="+j, func(b *testing.B) {
			for b.Loop() {
				code := Run(context.Background(), []string{"solve", "-j", j}, &Env{Stdin: strings.NewReader(in), Stdout: io.Discard, Stderr: io.Discard})
				if code != 0 {
					b.Fatalf("exit status %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N)/10000, "µs/puzzle")
		})
	}
}

func TestWorkersPerPuzzle(t *testing.T) {
	tests := []struct {
		name      string
		jobs, jp  int
		order     int
		running   int // searches already running
		wantWorks int
	}{
		{"9x9 stays on one goroutine", 4, 0, 3, 0, 0},
		{"9x9 beside big searches", 4, 0, 3, 3, 0},
		{"16x16 alone gets every slot", 4, 0, 4, 0, 4},
		{"16x16 shares with others", 4, 0, 4, 2, 2},
		{"25x25 in a full stream", 2, 0, 5, 1, 1},
		{"more running than slots", 2, 0, 5, 5, 1},
		{"-jp wins", 4, 3, 4, 0, 3},
		{"-jp for 9x9 too", 1, 2, 3, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ff := filterFlags{jobs: tt.jobs, perPuzzle: tt.jp}
			ff.active.Store(int32(tt.running))
			g, err := sudoku.New(tt.order)
			if err != nil {
				t.Fatal(err)
			}
			opt, end := ff.begin(g)
			if opt.Workers != tt.wantWorks {
				t.Errorf("Workers = %d, want %d", opt.Workers, tt.wantWorks)
			}
			end()
			if got := ff.active.Load(); got != int32(tt.running) {
				t.Errorf("%d searches running after the end, want %d", got, tt.running)
			}
		})
	}
}

func TestShardFlag(t *testing.T) {
	tests := []struct {
		in      string
		ok      bool
		i, n    uint64
		keepsOf []int // records kept among 0..5
	}{
		{"0/1", true, 0, 1, []int{0, 1, 2, 3, 4, 5}},
		{"0/2", true, 0, 2, []int{0, 2, 4}},
		{"2/3", true, 2, 3, []int{2, 5}},
		{"3/3", false, 0, 0, nil},
		{"-1/3", false, 0, 0, nil},
		{"1/0", false, 0, 0, nil},
		{"1", false, 0, 0, nil},
		{"a/b", false, 0, 0, nil},
		{"", false, 0, 0, nil},
	}
	for _, tt := range tests {
		var s shardFlag
		err := s.Set(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("Set(%q): error %v, want ok %v", tt.in, err, tt.ok)
			continue
		}
		if !tt.ok {
			continue
		}
		if s.i != tt.i || s.n != tt.n || s.String() != tt.in {
			t.Errorf("Set(%q) = %d/%d (%q)", tt.in, s.i, s.n, s.String())
		}
		var kept []int
		for k := range 6 {
			if s.keep(k) {
				kept = append(kept, k)
			}
		}
		if !slices.Equal(kept, tt.keepsOf) {
			t.Errorf("shard %s keeps %v of 0..5, want %v", tt.in, kept, tt.keepsOf)
		}
	}
}

// TestShardEvery checks that the shards of generate make each puzzle of
// the run once: the puzzles k < count with k%n == i, in order.
func TestShardEvery(t *testing.T) {
	for _, count := range []uint64{0, 1, 5, 6, 17} {
		for n := uint64(1); n <= 7; n++ {
			seen := make([]int, count)
			for i := range n {
				s := shardFlag{i: i, n: n, wide: true}
				first, step, m := s.every(count)
				for j := range m {
					k := first + j*step
					if k >= count || k%n != i {
						t.Fatalf("count %d, shard %d/%d: puzzle %d", count, i, n, k)
					}
					seen[k]++
				}
			}
			for k, c := range seen {
				if c != 1 {
					t.Errorf("count %d, %d shards: puzzle %d made %d times", count, n, k, c)
				}
			}
		}
	}
}
