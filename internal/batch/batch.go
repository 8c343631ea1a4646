// Package batch processes a stream of records on several goroutines and
// hands the results back in input order, with a bounded number of records
// in flight.
//
// Run reads records with next, calls work on each (on Options.Workers
// goroutines) and calls emit with each record and its result in the order
// next returned them. With one worker everything runs on the calling
// goroutine. With more, a reader goroutine calls next, records are grouped
// into chunks of up to Options.Chunk (a chunk that does not fill within
// Options.MaxWait goes as it is, so a slow interactive input is not held
// back), and at most about 3*Workers chunks are in memory at once. Each
// result is emitted as soon as its record and those before it are done,
// and when ctx ends, every result finished before it ended (and those
// before it) is still emitted, in order, before Run returns.
package batch

import (
	"context"
	"io"
	"sync"
	"time"
)

// Options shape a Run. The zero value runs on the calling goroutine.
type Options struct {
	// Workers is the number of goroutines that call work; less than 1
	// means 1.
	Workers int
	// Chunk is the most records a worker takes at once; less than 1 means
	// DefaultChunk. Larger chunks cost less synchronisation per record.
	Chunk int
	// MaxWait is the longest a chunk waits to fill before it is handed to
	// a worker; 0 means DefaultMaxWait. A slow input (someone typing) is
	// answered record by record within MaxWait.
	MaxWait time.Duration
}

// Defaults for Options.
const (
	DefaultChunk   = 32
	DefaultMaxWait = time.Millisecond
)

// Run calls next until it returns io.EOF, work on each record and emit on
// each record and its result, in input order. It returns nil once every
// record has been emitted, or the first error other than io.EOF returned
// by next or emit, or the context's error if ctx ends first. Records read
// before an error from next are still worked on and emitted; nothing is
// emitted after emit returns an error. When ctx ends, the results whose
// work had returned before it ended are emitted (in order, up to the
// first that had not), and no result of work that saw it end.
//
// next and emit are only ever called from one goroutine at a time; work
// is called concurrently when Workers > 1. When ctx ends, Run returns
// without waiting for a call of next that is blocked (on a terminal, say).
func Run[In, Out any](ctx context.Context, opt Options, next func() (In, error), work func(context.Context, In) Out, emit func(In, Out) error) error {
	if opt.Workers <= 1 {
		return runSerial(ctx, next, work, emit)
	}
	return runParallel(ctx, opt, next, work, emit)
}

func runSerial[In, Out any](ctx context.Context, next func() (In, error), work func(context.Context, In) Out, emit func(In, Out) error) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		in, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		out := work(ctx, in)
		if err := ctx.Err(); err != nil {
			return err // work saw the end: its result is not finished
		}
		if err := emit(in, out); err != nil {
			return err
		}
	}
}

// chunk is a run of records handed to one worker.
type chunk[In, Out any] struct {
	in  []In
	out []Out
	// ok[i] tells whether work on in[i] returned before ctx ended (its
	// result is finished); written before the record's done signal.
	ok []bool
	// done gets one value per record the worker has finished, in order,
	// so the emitter passes on each record as soon as it and those before
	// it are done, not when the whole chunk is.
	done chan struct{}
}

// finish emits, once ctx has ended, the results that were finished before
// it ended, from record i of c on, in order: it stops at the first record
// not done yet or whose work saw the end, and returns ctx's error (or
// emit's).
func finish[In, Out any](ctx context.Context, c *chunk[In, Out], i int, ordered <-chan *chunk[In, Out], emit func(In, Out) error) error {
	for {
		for ; i < len(c.in); i++ {
			select {
			case <-c.done:
			default:
				return ctx.Err()
			}
			if !c.ok[i] {
				return ctx.Err()
			}
			if err := emit(c.in[i], c.out[i]); err != nil {
				return err
			}
		}
		var more bool
		select {
		case c, more = <-ordered:
		default:
		}
		if !more {
			return ctx.Err()
		}
		i = 0
	}
}

func runParallel[In, Out any](parent context.Context, opt Options, next func() (In, error), work func(context.Context, In) Out, emit func(In, Out) error) error {
	size := opt.Chunk
	if size < 1 {
		size = DefaultChunk
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()

	// The reader calls next and feeds single records; readErr is set
	// before records is closed.
	records := make(chan In, 2*size)
	var readErr error
	go func() {
		defer close(records)
		for ctx.Err() == nil {
			in, err := next()
			if err != nil {
				if err != io.EOF {
					readErr = err
				}
				return
			}
			select {
			case records <- in:
			case <-ctx.Done():
				return
			}
		}
	}()

	// The chunker groups the records that are ready into chunks and queues
	// each both for a worker and, in order, for the emitter. The capacity
	// of ordered bounds the memory in use.
	jobs := make(chan *chunk[In, Out], opt.Workers)
	ordered := make(chan *chunk[In, Out], 2*opt.Workers)
	maxWait := opt.MaxWait
	if maxWait <= 0 {
		maxWait = DefaultMaxWait
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		timer := time.NewTimer(maxWait)
		timer.Stop()
		defer close(jobs)
		defer close(ordered)
		for {
			var in In
			var ok bool
			select {
			case in, ok = <-records:
			case <-ctx.Done():
				return
			}
			if !ok {
				return
			}
			c := &chunk[In, Out]{in: make([]In, 1, size)}
			c.in[0] = in
			// Fill the chunk with what comes within maxWait: a fast input
			// fills it, a slow one (a terminal) is not held back.
			timer.Reset(maxWait)
		fill:
			for len(c.in) < size {
				select {
				case in, ok := <-records:
					if !ok {
						break fill
					}
					c.in = append(c.in, in)
				case <-timer.C:
					break fill
				case <-ctx.Done():
					return
				}
			}
			timer.Stop()
			c.out = make([]Out, len(c.in))
			c.ok = make([]bool, len(c.in))
			c.done = make(chan struct{}, len(c.in))
			select {
			case ordered <- c:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- c:
			case <-ctx.Done():
				return
			}
		}
	})
	for range opt.Workers {
		wg.Go(func() {
			for c := range jobs {
				for i, in := range c.in {
					c.out[i] = work(ctx, in)
					c.ok[i] = ctx.Err() == nil
					c.done <- struct{}{}
				}
			}
		})
	}

	err := func() error {
		for c := range ordered {
			for i, in := range c.in {
				select {
				case <-c.done:
				case <-ctx.Done():
					return finish(ctx, c, i, ordered, emit)
				}
				if !c.ok[i] {
					return ctx.Err() // its work saw the end: not finished
				}
				if err := emit(in, c.out[i]); err != nil {
					return err
				}
			}
		}
		return nil
	}()
	if err == nil {
		// ordered is closed: the reader has finished and set readErr,
		// unless the context ended.
		if err = parent.Err(); err == nil {
			err = readErr
		}
	}
	cancel()
	// Drain so that the chunker is never left blocked, then wait for the
	// chunker and the workers (not the reader: it may be blocked in next).
	go func() {
		for range ordered {
		}
	}()
	wg.Wait()
	return err
}
