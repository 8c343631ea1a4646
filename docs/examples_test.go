package docs

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// An example is one console block of a page: commands written after "$ ",
// each followed by the output it prints: its standard output, then its
// standard error (so that the order does not depend on timing).
type example struct {
	file  string
	line  int // of the block's first line
	cmds  []command
	skip  string           // why the block is not run ("<!-- doctest: skip REASON -->")
	vary  []*regexp.Regexp // parts of the output not compared ("<!-- doctest: vary REGEXP -->")
	serve bool             // the block needs a server on localhost:8080 ("<!-- doctest: serve -->")
}

type command struct {
	line int
	text string
	want []string
}

// parseExamples reads the console blocks of a Markdown page. Directives are
// HTML comments on the lines just before a block:
//
//	<!-- doctest: skip REASON -->   the block is not run
//	<!-- doctest: vary REGEXP -->   text matching REGEXP (timings; its groups
//	                                 only, if it has any) is not compared
//	<!-- doctest: serve -->         a server answers on localhost:8080 while it runs
func parseExamples(file string, text string) ([]example, error) {
	var out []example
	lines := strings.Split(text, "\n")
	var pending []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "<!-- doctest:") && strings.HasSuffix(l, "-->") {
			pending = append(pending, strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, "<!-- doctest:"), "-->")))
			continue
		}
		if l != "```console" {
			if strings.TrimSpace(l) != "" {
				pending = nil
			}
			continue
		}
		ex := example{file: file, line: i + 1}
		for _, d := range pending {
			verb, arg, _ := strings.Cut(d, " ")
			switch verb {
			case "skip":
				ex.skip = arg
				if arg == "" {
					return nil, fmt.Errorf("%s:%d: doctest: skip needs a reason", file, i)
				}
			case "vary":
				re, err := regexp.Compile(arg)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: doctest: vary: %v", file, i, err)
				}
				ex.vary = append(ex.vary, re)
			case "serve":
				ex.serve = true
			default:
				return nil, fmt.Errorf("%s:%d: unknown doctest directive %q", file, i, d)
			}
		}
		pending = nil
		i++
		for ; i < len(lines) && lines[i] != "```"; i++ {
			l := lines[i]
			if cmd, ok := strings.CutPrefix(l, "$ "); ok {
				ex.cmds = append(ex.cmds, command{line: i + 1, text: cmd})
				continue
			}
			if len(ex.cmds) == 0 {
				return nil, fmt.Errorf("%s:%d: output before the first command of the block", file, i+1)
			}
			c := &ex.cmds[len(ex.cmds)-1]
			c.want = append(c.want, l)
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: console block never closed", file, ex.line)
		}
		out = append(out, ex)
	}
	return out, nil
}

// match reports whether got is the output the page shows. A line "..." in
// want stands for any number of lines; text matching a vary expression is
// replaced by "<vary>" on both sides first.
func match(want, got []string, vary []*regexp.Regexp) bool {
	norm := func(s string) string {
		for _, re := range vary {
			s = replaceVary(re, s)
		}
		return strings.TrimRight(s, " \t")
	}
	var rec func(w, g []string) bool
	rec = func(w, g []string) bool {
		if len(w) == 0 {
			return len(g) == 0
		}
		if w[0] == "..." {
			for k := 0; k <= len(g); k++ {
				if rec(w[1:], g[k:]) {
					return true
				}
			}
			return false
		}
		if len(g) == 0 || norm(w[0]) != norm(g[0]) {
			return false
		}
		return rec(w[1:], g[1:])
	}
	return rec(want, got)
}

// replaceVary replaces what re matches in s by "<vary>": the expression's
// groups if it has any (the text around them is compared), else the whole match.
func replaceVary(re *regexp.Regexp, s string) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		spans := [][2]int{{m[0], m[1]}}
		if len(m) > 2 {
			spans = spans[:0]
			for g := 2; g < len(m); g += 2 {
				if m[g] >= 0 {
					spans = append(spans, [2]int{m[g], m[g+1]})
				}
			}
		}
		for _, sp := range spans {
			if sp[0] < last {
				continue
			}
			b.WriteString(s[last:sp[0]])
			b.WriteString("<vary>")
			last = sp[1]
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// pages lists the README and the docs pages, relative to the repository's root.
func pages(t *testing.T) []string {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		files[i] = filepath.Join("docs", files[i])
	}
	return append([]string{"README.md"}, files...)
}

// TestExamples runs every console example of the README and the docs pages
// and compares its output with the page's: a changed figure fails it.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the examples build the command and run it")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "sudoku"), "./cmd/sudoku")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, page := range pages(t) {
		text, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		exs, err := parseExamples(page, string(text))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(page), ".md"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := copyTree(root, dir); err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				if ex.skip != "" {
					t.Logf("%s:%d: not run: %s", ex.file, ex.line, ex.skip)
					continue
				}
				runExample(t, ex, dir, bin)
			}
		})
	}
}

func runExample(t *testing.T, ex example, dir, bin string) {
	t.Helper()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "LC_ALL=C.UTF-8", "COLUMNS=100")
	addr := ""
	if ex.serve {
		var stop func()
		addr, stop = startServer(t, dir, bin, env)
		defer stop()
	}
	for _, c := range ex.cmds {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		text := c.text
		if addr != "" {
			text = strings.ReplaceAll(text, "localhost:8080", addr)
		}
		cmd := exec.CommandContext(ctx, "bash", "-c", text)
		cmd.Dir = dir
		cmd.Env = env
		var out, errOut bytes.Buffer
		cmd.Stdout = &out
		cmd.Stderr = &errOut
		err := cmd.Run()
		timedOut := ctx.Err() != nil
		cancel()
		if timedOut {
			t.Errorf("%s:%d: %s: timed out", ex.file, c.line, c.text)
			continue
		}
		_ = err // examples that report failures exit 1; the output says what happened
		out.Write(errOut.Bytes())
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if out.Len() == 0 {
			got = nil
		}
		if !match(c.want, got, ex.vary) {
			t.Errorf("%s:%d: $ %s\n--- the page shows:\n%s\n--- it prints:\n%s", ex.file, c.line, c.text, strings.Join(c.want, "\n"), strings.Join(got, "\n"))
		}
	}
}

// startServer runs sudoku serve on a free loopback port in dir until stop;
// the examples' localhost:8080 is rewritten to its address.
func startServer(t *testing.T, dir, bin string, env []string) (addr string, stop func()) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = l.Addr().String()
	l.Close()
	cmd := exec.Command(filepath.Join(bin, "sudoku"), "serve", "-addr", addr)
	cmd.Dir = dir
	cmd.Env = env
	var log bytes.Buffer
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("sudoku serve did not answer on %s within 20 s: %s", addr, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	return addr, func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}
}

// copyTree copies the repository's files, without .git, into dir, so that
// the examples' output files land in a folder of their own.
func copyTree(root, dir string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
}
