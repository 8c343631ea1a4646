package main

import (
	"context"
	"io"
	"os"
	"sync"
)

// checkedWriter remembers the first error writing to w, so that a command
// whose output could not be written (a full disk) exits with status 1
// whichever write failed.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil {
		c.mu.Lock()
		if c.err == nil {
			c.err = err
		}
		c.mu.Unlock()
	}
	return n, err
}

// firstErr returns the first write error, or nil.
func (c *checkedWriter) firstErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// osFile returns the *os.File under v (through a checkedWriter), if any.
func osFile(v any) (*os.File, bool) {
	if c, ok := v.(*checkedWriter); ok {
		v = c.w
	}
	f, ok := v.(*os.File)
	return f, ok
}

// ctxReader reads from r until ctx ends: a Read blocked on a pipe or a
// terminal returns ctx's error as soon as ctx ends (an interrupt). The
// blocked read goes on in the background and what it gets is dropped.
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	scratch []byte // the background read's buffer
	rest    []byte // read but not yet returned
	err     error  // r's error, returned once rest is empty
	res     chan ctxRead
}

// ctxRead is the result of one background read.
type ctxRead struct {
	n   int
	err error
}

// interruptible returns r wrapped in a ctxReader unless r is a regular
// file, whose reads do not block.
func interruptible(ctx context.Context, r io.Reader) io.Reader {
	if f, ok := osFile(r); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return r
		}
	}
	return &ctxReader{ctx: ctx, r: r, res: make(chan ctxRead, 1)}
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if len(c.rest) > 0 {
		n := copy(p, c.rest)
		c.rest = c.rest[n:]
		return n, nil
	}
	if c.err != nil {
		return 0, c.err
	}
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if cap(c.scratch) < len(p) {
		c.scratch = make([]byte, min(len(p), 64<<10))
	}
	buf := c.scratch[:min(len(p), cap(c.scratch))]
	go func() {
		n, err := c.r.Read(buf)
		c.res <- ctxRead{n, err}
	}()
	select {
	case r := <-c.res:
		n := copy(p, buf[:r.n])
		c.rest = buf[n:r.n]
		c.err = r.err
		if n == 0 && r.err != nil {
			return 0, r.err
		}
		return n, nil
	case <-c.ctx.Done():
		// The background read keeps buf; never touch it again.
		c.scratch, c.err = nil, c.ctx.Err()
		return 0, c.err
	}
}
