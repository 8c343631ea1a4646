package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// source returns a next function that yields 0..n-1 and then err (io.EOF
// for a normal end).
func source(n int, err error) func() (int, error) {
	i := 0
	return func() (int, error) {
		if i == n {
			return 0, err
		}
		i++
		return i - 1, nil
	}
}

// square works slowly on small numbers, so that later records finish
// first when they run in parallel.
func square(_ context.Context, v int) int {
	if v%7 == 0 {
		time.Sleep(time.Millisecond)
	}
	return v * v
}

func TestRunOrder(t *testing.T) {
	readErr := errors.New("read failed")
	tests := []struct {
		name    string
		n       int
		opt     Options
		nextErr error // returned by next after n records
		wantErr error
	}{
		{"empty serial", 0, Options{}, io.EOF, nil},
		{"empty parallel", 0, Options{Workers: 4}, io.EOF, nil},
		{"serial", 100, Options{Workers: 1}, io.EOF, nil},
		{"two workers", 1000, Options{Workers: 2}, io.EOF, nil},
		{"many workers chunk 1", 500, Options{Workers: 8, Chunk: 1}, io.EOF, nil},
		{"big chunks", 1000, Options{Workers: 3, Chunk: 100}, io.EOF, nil},
		{"read error serial", 50, Options{}, readErr, readErr},
		{"read error parallel", 50, Options{Workers: 4, Chunk: 3}, readErr, readErr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			err := Run(context.Background(), tt.opt, source(tt.n, tt.nextErr), square, func(in, out int) error {
				if out != in*in {
					return fmt.Errorf("record %d: got %d, want %d", in, out, in*in)
				}
				got = append(got, in)
				return nil
			})
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Run: error %v, want %v", err, tt.wantErr)
			}
			// Every record read before the end is emitted, in order.
			if len(got) != tt.n {
				t.Fatalf("emitted %d records, want %d", len(got), tt.n)
			}
			for i, v := range got {
				if v != i {
					t.Fatalf("record %d emitted at position %d", v, i)
				}
			}
		})
	}
}

func TestRunEmitError(t *testing.T) {
	stop := errors.New("stop")
	for _, workers := range []int{1, 2, 5} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			emitted := 0
			err := Run(context.Background(), Options{Workers: workers, Chunk: 4}, source(1000, io.EOF), square, func(in, out int) error {
				if in == 10 {
					return stop
				}
				emitted++
				return nil
			})
			if err != stop {
				t.Fatalf("Run: error %v, want %v", err, stop)
			}
			if emitted != 10 {
				t.Fatalf("emitted %d records, want 10 (none after the error)", emitted)
			}
		})
	}
}

func TestRunCancel(t *testing.T) {
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			emitted := 0
			// An endless input: only the cancellation ends the run.
			next := func() (int, error) { return 1, nil }
			err := Run(ctx, Options{Workers: workers}, next, square, func(in, out int) error {
				emitted++
				if emitted == 100 {
					cancel()
				}
				return nil
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Run: error %v, want context.Canceled", err)
			}
		})
	}
}

func TestRunCancelBlockedReader(t *testing.T) {
	// A reader blocked for good (like a terminal) must not keep Run from
	// returning when the context ends.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	block := make(chan struct{})
	defer close(block)
	next := func() (int, error) { <-block; return 0, io.EOF }
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Workers: 2}, next, square, func(int, int) error { return nil })
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Run: error %v, want context.DeadlineExceeded", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after the context ended")
	}
}

func TestRunBoundedMemory(t *testing.T) {
	// The reader must not run far ahead of a slow emitter.
	const workers, chunk = 2, 4
	var read atomic.Int64
	next := func() (int, error) {
		n := read.Add(1)
		if n > 10000 {
			return 0, io.EOF
		}
		return int(n), nil
	}
	maxAhead := int64(0)
	emitted := int64(0)
	err := Run(context.Background(), Options{Workers: workers, Chunk: chunk}, next, square, func(int, int) error {
		emitted++
		if emitted%500 == 0 {
			runtime.Gosched()
			time.Sleep(time.Millisecond) // let the reader run ahead if it can
		}
		maxAhead = max(maxAhead, read.Load()-emitted)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// records buffer + chunks queued, being worked on and being filled.
	limit := int64(2*chunk + (2*workers+workers+2)*chunk + 1)
	if maxAhead > limit {
		t.Errorf("reader ran %d records ahead of the emitter, want at most %d", maxAhead, limit)
	}
}

func TestRunConcurrentWork(t *testing.T) {
	// With 4 workers, work must really run on several goroutines at once.
	var running, peak atomic.Int64
	work := func(_ context.Context, v int) int {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
		running.Add(-1)
		return v
	}
	err := Run(context.Background(), Options{Workers: 4, Chunk: 1}, source(40, io.EOF), work, func(int, int) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if peak.Load() < 2 {
		t.Errorf("at most %d records were worked on at once, want several", peak.Load())
	}
}

func BenchmarkRun(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprint("workers=", workers), func(b *testing.B) {
			next := func() (int, error) { return 1, nil }
			n := 0
			b.ReportAllocs()
			for b.Loop() {
				n = 0
				err := Run(context.Background(), Options{Workers: workers}, func() (int, error) {
					if n == 1000 {
						return 0, io.EOF
					}
					n++
					return next()
				}, func(_ context.Context, v int) int { return v }, func(int, int) error { return nil })
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestEmitEarly: a record's result is emitted as soon as it and those
// before it are done, not when its chunk is: the second record's work
// waits for the first record's emit. Before, emit waited for the whole
// chunk of 32, so explain file | head -1 printed nothing for a minute.
func TestEmitEarly(t *testing.T) {
	emitted := make(chan struct{})
	var late atomic.Bool
	n := 0
	next := func() (int, error) {
		if n == 3 {
			return 0, io.EOF
		}
		n++
		return n, nil
	}
	work := func(_ context.Context, k int) int {
		if k == 2 {
			select {
			case <-emitted:
			case <-time.After(5 * time.Second):
				late.Store(true)
			}
		}
		return k
	}
	var got []int
	emit := func(k, out int) error {
		got = append(got, out)
		if k == 1 {
			close(emitted)
		}
		return nil
	}
	if err := Run(context.Background(), Options{Workers: 2, MaxWait: time.Second}, next, work, emit); err != nil {
		t.Fatal(err)
	}
	if late.Load() {
		t.Error("record 1 was emitted only after record 2 was done")
	}
	if !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("emitted %v", got)
	}
}

// TestCancelEmitsFinished: when the context ends, the results finished
// before it ended are still emitted, in order, and none whose work saw the
// end. Records 2-5 are done when emit of record 1 cancels (every worker
// then waits in records 6-9); before, the emitter picked the cancellation
// or a ready result at random, so an interrupted run with -j 2 lost
// records it had finished.
func TestCancelEmitsFinished(t *testing.T) {
	for run := range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		var blocked atomic.Int32
		n := 0
		next := func() (int, error) {
			if n == 9 {
				return 0, io.EOF
			}
			n++
			return n, nil
		}
		work := func(ctx context.Context, k int) int {
			if k >= 6 {
				blocked.Add(1)
				<-ctx.Done()
				return -k
			}
			return k
		}
		var got []int
		emit := func(k, out int) error {
			got = append(got, out)
			if k == 1 {
				// Each of the 4 workers waits in a record >= 6: it has
				// finished the records before.
				for blocked.Load() < 4 {
					time.Sleep(time.Millisecond)
				}
				cancel()
			}
			return nil
		}
		err := Run(ctx, Options{Workers: 4, Chunk: 1}, next, work, emit)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("run %d: error %v, want context.Canceled", run, err)
		}
		if !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
			t.Fatalf("run %d: emitted %v, want [1 2 3 4 5]", run, got)
		}
	}
}
