// Command peerside solves the Interactive Sudoku Solver's puzzles with
// package variant and, given the peer's folder, with the peer too, and
// prints the two side by side: per puzzle the time (best of -repeat runs,
// wall clock, counting to 2 solutions) and the guesses of each, the ratio
// ours/peer, and per collection the median and worst ratio. It reads the
// JSON lines tools/peer-extract.mjs writes ({"collection", "name",
// "input", "solution"}) from the files named or standard input; a puzzle
// whose rules we cannot read is listed with the reason. Every puzzle we
// read with a solution is checked against it.
//
// Run it on one core (taskset -c 1, GOMAXPROCS=1): the peer is run as a
// child process (node tools/perf/benchmark_puzzles.js --max-backtracks
// none --repeat N --input-file F --json), which keeps the core.
// tools/peer-side.sh does all of this.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gosudoku/sudoku/internal/peer"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

type puzzle struct {
	Collection string `json:"collection"`
	Name       string `json:"name"`
	Input      string `json:"input"`
	Solution   string `json:"solution"`
	Note       string `json:"note"`
}

// run is one solver's result on one puzzle.
type run struct {
	status  string // unique, multiple, none, timeout, error
	guesses int64
	ms      float64
}

type row struct {
	puzzle
	unread  string // why we cannot read it, or ""
	right   string // "yes", "NO", "-" (no solution given)
	ours    run
	theirs  run
	hasPeer bool
}

func main() {
	repeat := flag.Int("repeat", 3, "time each puzzle this many times and keep the best")
	timeout := flag.Duration("timeout", time.Minute, "stop our search of one puzzle after this long")
	peerDir := flag.String("peer", "", "the peer's folder (a copy of Interactive-Sudoku-Solver); empty: ours only")
	peerTimeout := flag.Duration("peer-timeout", 5*time.Minute, "stop the peer on one puzzle after this long")
	rulesOut := flag.String("rules", "", "also write the puzzles we read to this file, one rules JSON line each (sudoku count reads it)")
	flag.Parse()

	puzzles, err := readPuzzles(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "peerside:", err)
		os.Exit(1)
	}
	var rules *bufio.Writer
	if *rulesOut != "" {
		f, err := os.Create(*rulesOut)
		if err != nil {
			fmt.Fprintln(os.Stderr, "peerside:", err)
			os.Exit(1)
		}
		defer f.Close()
		rules = bufio.NewWriter(f)
		defer rules.Flush()
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintln(out, "collection\tpuzzle\tours ms\tours guesses\tours\tsolution\tpeer ms\tpeer guesses\tpeer\tours/peer")
	var rows []row
	for _, pz := range puzzles {
		r := row{puzzle: pz, right: "-"}
		p, err := convert(pz)
		if err != nil {
			r.unread = err.Error()
		} else {
			if rules != nil {
				line, err := vtext.WriteJSON(p)
				if err == nil {
					rules.Write(line)
					rules.WriteByte('\n')
				}
			}
			var sol []int
			r.ours, sol = timeOurs(p, *repeat, *timeout)
			if pz.Solution != "" && sol != nil {
				r.right = "NO"
				if encode(sol, p.Size) == pz.Solution {
					r.right = "yes"
				}
			}
			if *peerDir != "" {
				r.theirs = timePeer(*peerDir, pz.Input, *repeat, *peerTimeout)
				r.hasPeer = true
			}
		}
		rows = append(rows, r)
		printRow(out, r)
		out.Flush()
	}
	summary(out, rows)
}

func convert(pz puzzle) (*variant.Puzzle, error) {
	if pz.Input == "" {
		return nil, errors.New(pz.Note)
	}
	return peer.Parse(pz.Input)
}

func readPuzzles(files []string) ([]puzzle, error) {
	var rs []io.Reader
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rs = append(rs, bytes.NewReader(data))
	}
	if len(files) == 0 {
		rs = append(rs, os.Stdin)
	}
	var out []puzzle
	for _, r := range rs {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 64<<20)
		for ln := 1; sc.Scan(); ln++ {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var p puzzle
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
				return nil, fmt.Errorf("line %d: %w", ln, err)
			}
			out = append(out, p)
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// encode writes a solution as the peer does: digits below 10x10, else
// letters A for 1.
func encode(sol []int, n int) string {
	var b strings.Builder
	for _, v := range sol {
		if n < 10 {
			b.WriteByte(byte('0' + v))
		} else {
			b.WriteByte(byte('A' + v - 1))
		}
	}
	return b.String()
}

func timeOurs(p *variant.Puzzle, repeat int, timeout time.Duration) (run, []int) {
	best := run{ms: -1}
	var sol []int
	for k := 0; k < repeat; k++ {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		res, err := variant.Count(ctx, p, 2, variant.Options{})
		ms := float64(time.Since(start).Microseconds()) / 1000
		cancel()
		r := run{guesses: res.Guesses, ms: ms}
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			r.status = "timeout"
		case err != nil:
			r.status = "error: " + err.Error()
		case res.Count == 0:
			r.status = "none"
		case res.Count == 1:
			r.status = "unique"
		default:
			r.status = "multiple"
		}
		if res.Solution != nil {
			sol = res.Solution
		}
		if best.ms < 0 || r.ms < best.ms {
			best = r
		}
		if r.status == "timeout" {
			break
		}
	}
	return best, sol
}

func timePeer(dir, input string, repeat int, timeout time.Duration) run {
	f, err := os.CreateTemp("", "peerside-*.txt")
	if err != nil {
		return run{status: "error: " + err.Error()}
	}
	defer os.Remove(f.Name())
	f.WriteString(input)
	f.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join("tools", "perf", "benchmark_puzzles.js"),
		"--max-backtracks", "none", "--repeat", fmt.Sprint(repeat), "--input-file", f.Name(), "--json")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if ctx.Err() != nil {
		return run{status: "timeout", ms: float64(timeout.Milliseconds())}
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		return run{status: "error: " + msg}
	}
	var rows []struct {
		Status  string  `json:"status"`
		Guesses int64   `json:"guesses"`
		MS      float64 `json:"ms"`
	}
	if err := json.Unmarshal(data, &rows); err != nil || len(rows) != 1 {
		return run{status: "error: unreadable output"}
	}
	return run{status: rows[0].Status, guesses: rows[0].Guesses, ms: rows[0].MS}
}

func (r row) ratio() (float64, bool) {
	if r.unread != "" || !r.hasPeer || r.ours.status != "unique" && r.ours.status != "multiple" ||
		r.theirs.status != "unique" && r.theirs.status != "multiple" || r.theirs.ms <= 0 {
		return 0, false
	}
	return r.ours.ms / r.theirs.ms, true
}

func printRow(w io.Writer, r row) {
	if r.unread != "" {
		fmt.Fprintf(w, "%s\t%s\tunread: %s\n", r.Collection, r.Name, r.unread)
		return
	}
	fmt.Fprintf(w, "%s\t%s\t%.2f\t%d\t%s\t%s", r.Collection, r.Name, r.ours.ms, r.ours.guesses, r.ours.status, r.right)
	if r.hasPeer {
		fmt.Fprintf(w, "\t%.2f\t%d\t%s", r.theirs.ms, r.theirs.guesses, r.theirs.status)
		if q, ok := r.ratio(); ok {
			fmt.Fprintf(w, "\t%.3f", q)
		} else {
			fmt.Fprintf(w, "\t-")
		}
	}
	fmt.Fprintln(w)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func summary(w io.Writer, rows []row) {
	var cols []string
	by := map[string][]row{}
	for _, r := range rows {
		if _, ok := by[r.Collection]; !ok {
			cols = append(cols, r.Collection)
		}
		by[r.Collection] = append(by[r.Collection], r)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "collection\tpuzzles\tread\tsolved right\tcompared\tmedian ours/peer\tworst ours/peer\tmedian guesses ours\tmedian guesses peer")
	for _, c := range cols {
		var read, right, wrong int
		var ratios, gOurs, gPeer []float64
		worst, worstName := 0.0, ""
		for _, r := range by[c] {
			if r.unread != "" {
				continue
			}
			read++
			switch r.right {
			case "yes":
				right++
			case "NO":
				wrong++
			}
			if q, ok := r.ratio(); ok {
				ratios = append(ratios, q)
				gOurs = append(gOurs, float64(r.ours.guesses))
				gPeer = append(gPeer, float64(r.theirs.guesses))
				if q > worst {
					worst, worstName = q, r.Name
				}
			}
		}
		solved := fmt.Sprintf("%d", right)
		if wrong > 0 {
			solved += fmt.Sprintf(" (%d WRONG)", wrong)
		}
		if len(ratios) == 0 {
			fmt.Fprintf(w, "%s\t%d\t%d\t%s\t0\t-\t-\t-\t-\n", c, len(by[c]), read, solved)
			continue
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%d\t%.3f\t%.2f (%s)\t%.0f\t%.0f\n", c, len(by[c]), read, solved,
			len(ratios), median(ratios), worst, worstName, median(gOurs), median(gPeer))
	}
	var reasons []string
	count := map[string]int{}
	for _, r := range rows {
		if r.unread == "" {
			continue
		}
		if count[r.unread] == 0 {
			reasons = append(reasons, r.unread)
		}
		count[r.unread]++
	}
	if len(reasons) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "unread\treason")
		for _, s := range reasons {
			fmt.Fprintf(w, "%d\t%s\n", count[s], s)
		}
	}
}
