package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gosudoku/sudoku/generate"
)

// lineProblem returns what is wrong with line as one line of output: a
// control character, a line separator, invalid UTF-8 or a length over the
// bound; "" if nothing.
func lineProblem(line string) string {
	if len(line) > 2*maxText {
		return fmt.Sprintf("%d bytes long", len(line))
	}
	if !utf8.ValidString(line) {
		return "invalid UTF-8"
	}
	for _, r := range line {
		if r != '\t' && unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return fmt.Sprintf("control character %U", r)
		}
	}
	return ""
}

// TestOneRecordOneLine feeds text with line breaks, control bytes and huge
// tokens into places that reach an output line (comments, error messages
// quoting input, file names) and wants one line of output per record, every
// line clean and bounded, on standard output and standard error alike.
func TestOneRecordOneLine(t *testing.T) {
	const p = "1..4..2..4..3..2"
	nasty := "a\nb\rc\x00d\x1b[2J\u0085e\u2028f\xff\tg"
	long := strings.Repeat("x", 1<<20)
	jsonRec := func(comment string) string {
		return fmt.Sprintf(`{"order":2,"grid":%q,"comment":%q}`, p, comment) + "\n"
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		lines int // on standard output
	}{
		{"count json comment", []string{"count", "-comment"}, jsonRec("a\nb") + p + "\n", 2},
		{"count json control", []string{"count", "-comment"}, jsonRec(nasty) + jsonRec(long), 2},
		{"count line control", []string{"count", "-comment"}, p + " " + nasty[4:] + "\n" + p + " " + long + "\n", 2},
		{"solve json comment", []string{"solve", "-comment"}, jsonRec(nasty) + jsonRec(long), 2},
		{"solve line comment", []string{"solve", "-comment", "-o", "line"}, p + " c\x1b[2Jd\x00\n" + p + " " + long + "\n", 2},
		{"solve groups comment", []string{"solve", "-comment", "-o", "sdk"}, p + " c\x1b[2Jd\x00\n", 0},
		{"check missing file", []string{"check", "no\nsuch\x1bfile"}, "", 0},
		{"solve missing file", []string{"solve", "-", "no\nsuch\x1bfile" + long}, p + "\n", 1},
		{"yesno long token", []string{"check", "-yesno"}, "1\n" + strings.Repeat("1 ", 80) + long + "\n", 1},
		{"yesno long trailer", []string{"check", "-yesno"}, "1\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\x1b" + long + "\n", 1},
		{"yesno control token", []string{"check", "-yesno"}, "1\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 \x1b[2J\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, tt.args...)
			if code != 0 && code != 1 {
				t.Errorf("exit status %d", code)
			}
			if tt.lines > 0 && strings.Count(out, "\n") != tt.lines {
				t.Errorf("%d lines on standard output, want %d:\n%.400q", strings.Count(out, "\n"), tt.lines, out)
			}
			for name, s := range map[string]string{"stdout": out, "stderr": errOut} {
				for line := range strings.Lines(s) {
					if prob := lineProblem(strings.TrimSuffix(line, "\n")); prob != "" {
						t.Errorf("%s line %.100q: %s", name, line, prob)
					}
				}
			}
		})
	}
}

// TestStdoutIsInput runs commands whose standard output is one of their
// input files (as "sudoku solve p.txt >> p.txt" does): a usage error, and
// the file is left as it was.
func TestStdoutIsInput(t *testing.T) {
	const p = "005300000800000020070010500400005300010070006003200080060500009004000030000009700\n"
	for _, tt := range []struct {
		name  string
		args  []string
		stdin bool // the file is standard input too
	}{
		{"solve file", []string{"solve", "F"}, false},
		{"count stdin", []string{"count"}, true},
		{"check -yesno", []string{"check", "-yesno", "F"}, false},
		{"generate -mask", []string{"generate", "-mask", "F"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "p.txt")
			if err := os.WriteFile(name, []byte(p), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			env := &Env{Stdin: strings.NewReader(""), Stdout: out, Stderr: io.Discard}
			if tt.stdin {
				in, err := os.Open(name)
				if err != nil {
					t.Fatal(err)
				}
				defer in.Close()
				env.Stdin = in
			}
			args := slices.Clone(tt.args)
			for i, a := range args {
				if a == "F" {
					args[i] = name
				}
			}
			if code := Run(context.Background(), args, env); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if b, _ := os.ReadFile(name); string(b) != p {
				t.Errorf("the input now holds %q", b)
			}
		})
	}
}

// TestYesnoHostile feeds check -yesno what its old scanner could not
// take: a UTF-16 file, a line over 1 MiB, a token of 1 MiB.
func TestYesnoHostile(t *testing.T) {
	const g = "7 2 6 4 9 3 8 1 5\n3 1 5 7 2 8 9 4 6\n4 8 9 6 5 1 2 3 7\n8 5 2 1 4 7 6 9 3\n6 7 3 9 8 5 1 2 4\n9 4 1 3 6 2 7 5 8\n1 9 4 8 3 6 5 7 2\n5 6 7 2 1 4 3 8 9\n2 3 8 5 7 9 4 6 1\n"
	utf16 := func(s string, bigEndian bool) string {
		var b []byte
		if bigEndian {
			b = append(b, 0xFE, 0xFF)
		} else {
			b = append(b, 0xFF, 0xFE)
		}
		for _, c := range []byte(s) {
			if bigEndian {
				b = append(b, 0, c)
			} else {
				b = append(b, c, 0)
			}
		}
		return string(b)
	}
	long := strings.Repeat(" ", 1<<20+100)
	tests := []struct {
		name, stdin, stdout, stderr string
		code                        int
	}{
		{"UTF-16", utf16("2\n"+g+g, false), "YES\nYES\n", "", 0},
		{"UTF-16 big end first", utf16("1\r\n"+strings.ReplaceAll(g, "\n", "\r\n"), true), "YES\n", "", 0},
		// Without a byte order mark, as every reader of puzzles takes it.
		{"UTF-16 without a mark", utf16("1\n"+g, false)[2:], "YES\n", "", 0},
		{"line over 1 MiB", "2\n" + strings.Replace(g, "\n", long+"\n", 3) + g, "YES\nYES\n", "", 0},
		{"token of 1 MiB", "2\n" + strings.Replace(g, "7", strings.Repeat("7", 1<<20), 1) + g, "NO\nYES\n",
			`<stdin>:2: grid 1: r1c1 holds "77777777777777777777777777777777...": want a number 1-9`, 1},
		{"count line over 1 MiB", "1" + long + "\n" + g, "YES\n", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, "check", "-yesno")
			if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) || tt.stderr == "" && errOut != "" {
				t.Errorf("exit status %d, stdout %q, stderr %q; want %d, %q, %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// firstWrite is an output that reports its first write.
type firstWrite struct {
	once sync.Once
	c    chan struct{}
	mu   sync.Mutex
	b    strings.Builder
}

func (w *firstWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.b.Write(p)
	w.mu.Unlock()
	w.once.Do(func() { close(w.c) })
	return len(p), nil
}

// TestResultsDoNotWait (issue 21, class 4): a result written to a pipe
// reaches it soon after it is done, while the command goes on (here:
// waits for more input), with -j 1 and -j 2. Before, the output waited
// for 64 KB or the end of the run, so explain hard.txt | head -1 printed
// nothing for minutes.
func TestResultsDoNotWait(t *testing.T) {
	const p = "005300000800000020070010500400005300010070006003200080060500009004000030000009700\n"
	for _, args := range [][]string{{"solve", "-j", "1"}, {"rate", "-j", "2"}, {"convert", "-j", "2", "-o", "opensudoku"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			inR, inW := io.Pipe()
			out := &firstWrite{c: make(chan struct{})}
			done := make(chan int, 1)
			go func() {
				done <- Run(context.Background(), args, &Env{Stdin: inR, Stdout: out, Stderr: io.Discard})
			}()
			io.WriteString(inW, p)
			select {
			case <-out.c:
			case <-time.After(20 * time.Second):
				t.Error("no output 20 s after the first record, the input still open")
			}
			inW.Close()
			if code := <-done; code != 0 {
				t.Errorf("exit status %d", code)
			}
			out.mu.Lock()
			defer out.mu.Unlock()
			if !strings.HasSuffix(out.b.String(), "\n") {
				t.Errorf("output %q: want whole lines", out.b.String())
			}
		})
	}
}

// TestGenerateSaysAndEnds (issue 21, class 5): generate -order 5 -rating
// 1.0-1.5, plain 25x25 digs rated until one is easy (practically never;
// -level easy leads the dig by the logic and is fast), says on standard
// error (no terminal, so no bar) that it is still working and what
// bounds it, and ends at its -timeout; without one, such a run gets a
// limit. Before, it ran 120 s with no output and no word, and without
// end.
func TestGenerateSaysAndEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 12 s")
	}
	t.Parallel()
	start := time.Now()
	code, out, errOut := run(t, "", "generate", "-order", "5", "-rating", "1.0-1.5", "-timeout", "12s")
	if code != 1 || out != "" {
		t.Errorf("exit status %d, stdout %q: want 1 and nothing", code, out)
	}
	if d := time.Since(start); d > 40*time.Second {
		t.Errorf("ran %v with -timeout 12s", d)
	}
	for _, want := range []string{
		"sudoku generate: still working: 0 of 1 25x25 puzzles after 10s (each try fills, digs and rates a grid, up to 1000 tries a puzzle; -timeout 12s)",
		"sudoku generate: stopped by -timeout 12s after 0 of 1 puzzles",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q\nwant %q", errOut, want)
		}
	}
	for _, tt := range []struct {
		order int
		rated bool
		want  time.Duration
	}{{5, true, ratedTimeout}, {8, true, ratedTimeout}, {4, true, 0}, {5, false, 0}} {
		opt := generate.Options{Order: tt.order}
		if tt.rated {
			opt.Difficulty = &generate.Difficulty{}
		}
		if got := defaultTimeout(opt); got != tt.want {
			t.Errorf("order %d rated %v: default -timeout %v, want %v", tt.order, tt.rated, got, tt.want)
		}
	}
}
