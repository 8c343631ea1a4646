package main

import (
	"io"
	"sync"
	"time"
)

// flushWriter buffers a filter's output as bufio.Writer does, and writes
// out what it holds at most flushDelay after it was written, so that a
// reader at the end of a pipe (explain hard.txt | head -1) gets each
// result soon after it is done, not when 64 KB have gathered or the
// run ends. Many fast results still make one write of 64 KB.
type flushWriter struct {
	mu    sync.Mutex
	w     io.Writer
	buf   []byte
	err   error       // the first error of w, returned by every call after it
	timer *time.Timer // writes buf out delay after its oldest byte came
	armed bool        // timer is running
	delay time.Duration
}

// flushDelay is the longest a result waits in a flushWriter.
const flushDelay = 50 * time.Millisecond

// newFlushWriter returns a flushWriter of size bytes writing to w.
func newFlushWriter(w io.Writer, size int) *flushWriter {
	return &flushWriter{w: w, buf: make([]byte, 0, size), delay: flushDelay}
}

// Write appends p, writing the buffer out when it is full.
func (f *flushWriter) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return 0, f.err
	}
	if len(f.buf)+len(p) > cap(f.buf) {
		if err := f.flushLocked(); err != nil {
			return 0, err
		}
		if len(p) >= cap(f.buf) {
			n, err := f.w.Write(p)
			f.err = err
			return n, err
		}
	}
	f.buf = append(f.buf, p...)
	f.arm()
	return len(p), nil
}

// WriteString appends s as Write does.
func (f *flushWriter) WriteString(s string) (int, error) {
	f.mu.Lock()
	if f.err == nil && len(f.buf)+len(s) <= cap(f.buf) {
		f.buf = append(f.buf, s...)
		f.arm()
		f.mu.Unlock()
		return len(s), nil
	}
	f.mu.Unlock()
	return f.Write([]byte(s))
}

// WriteByte appends c as Write does.
func (f *flushWriter) WriteByte(c byte) error {
	_, err := f.WriteString(string(c))
	return err
}

// Flush writes out the buffer now.
func (f *flushWriter) Flush() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.flushLocked()
}

// arm starts the timer that writes the buffer out, if it is not running:
// no byte waits more than delay. f.mu is held.
func (f *flushWriter) arm() {
	if f.armed {
		return
	}
	f.armed = true
	if f.timer == nil {
		f.timer = time.AfterFunc(f.delay, func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.armed = false
			f.flushLocked()
		})
		return
	}
	f.timer.Reset(f.delay)
}

func (f *flushWriter) flushLocked() error {
	if f.err != nil {
		return f.err
	}
	if len(f.buf) > 0 {
		_, f.err = f.w.Write(f.buf)
		f.buf = f.buf[:0]
	}
	return f.err
}
