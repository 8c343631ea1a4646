package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// memProbe is a standard output that measures the live heap (after a
// collection) when the from-th and the to-th line are written, so that a
// run's memory growth per record can be told from its fixed costs.
type memProbe struct {
	lines, from, to int
	heap0, heap1    uint64
}

func (m *memProbe) Write(p []byte) (int, error) {
	for range bytes.Count(p, []byte("\n")) {
		m.lines++
		switch m.lines {
		case m.from:
			m.heap0 = liveHeap()
		case m.to:
			m.heap1 = liveHeap()
		}
	}
	return len(p), nil
}

// growth returns the live heap's growth per line between from and to.
func (m *memProbe) growth() float64 {
	return (float64(m.heap1) - float64(m.heap0)) / float64(m.to-m.from)
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// puzzleStream is an endless-looking input: n copies of a line.
type puzzleStream struct {
	line string
	n    int
	buf  []byte
}

func (s *puzzleStream) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.n > 0 {
		s.buf = append(s.buf, s.line...)
		s.n--
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(p, s.buf)
	s.buf = s.buf[:copy(s.buf, s.buf[k:])]
	return k, nil
}

// streamGrowth runs args on a stream of n records (generate makes its
// own) with -stats and returns the live heap's growth per record over the
// last nine tenths of the stream.
func streamGrowth(t testing.TB, n int, args ...string) float64 {
	m := &memProbe{from: n / 10, to: n}
	in := &puzzleStream{line: "1..4..2..4..3..2\n", n: n}
	code := Run(context.Background(), args, &Env{Stdin: in, Stdout: m, Stderr: io.Discard})
	if code != 0 || m.lines != n {
		t.Fatalf("%s: exit status %d, %d lines, want 0 and %d", strings.Join(args, " "), code, m.lines, n)
	}
	return m.growth()
}

// streamCommands are the commands that keep statistics over a stream.
var streamCommands = [][]string{
	{"generate", "-order", "2", "-seed", "1", "-nocomment", "-stats", "-n"},
	{"count", "-stats", "-j", "2"},
	{"solve", "-stats", "-j", "1"},
	{"check", "-stats"},
}

// TestStreamMemoryFlat checks that statistics take constant memory: the
// live heap grows by less than 2 bytes per record over a long stream
// (keeping one int per record, as generate once did, is 8).
func TestStreamMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("long streams")
	}
	const n = 200_000
	for _, args := range streamCommands {
		if args[0] == "generate" {
			args = append(args, fmt.Sprint(n))
		}
		if g := streamGrowth(t, n, args...); g > 2 {
			t.Errorf("%s: the live heap grows by %.2f bytes a record", strings.Join(args, " "), g)
		}
	}
}

// BenchmarkStreamMemory reports the live heap's growth per record
// (retained-B/record) on streams of growing length: it must stay near 0.
func BenchmarkStreamMemory(b *testing.B) {
	for _, args := range streamCommands {
		for _, n := range []int{100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/n=%d", args[0], n), func(b *testing.B) {
				a := args
				if a[0] == "generate" {
					a = append(a, fmt.Sprint(n))
				}
				var g float64
				for b.Loop() {
					g = streamGrowth(b, n, a...)
				}
				b.ReportMetric(g, "retained-B/record")
			})
		}
	}
}
