package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether v is an *os.File on a terminal.
func isTerminal(v any) bool {
	f, ok := osFile(v)
	return ok && term.IsTerminal(int(f.Fd()))
}

// reporter writes messages to standard error, clearing the progress bar
// first so that the two do not mix.
type reporter struct {
	mu  sync.Mutex
	w   io.Writer
	bar *progressbar.ProgressBar
}

func newReporter(w io.Writer) *reporter { return &reporter{w: w} }

// errorf writes one line (see oneLine).
func (r *reporter) errorf(format string, args ...any) {
	line := oneLine(fmt.Sprintf(format, args...))
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Clear()
	}
	io.WriteString(r.w, line+"\n")
}

// progressDelay is how long a job runs before the bar shows.
const progressDelay = time.Second

// progress shows a progress bar on standard error while a long job runs.
type progress struct {
	done chan struct{}
	wg   sync.WaitGroup
}

// progressSpec says what a bar counts: current out of total (0: unknown),
// in bytes or in puzzles.
type progressSpec struct {
	total   int64
	current func() int64
	bytes   bool
	desc    string
}

// startProgress starts a bar on rep's writer that appears after
// progressDelay, if that writer is a terminal (or force is set). stop
// removes it.
func startProgress(rep *reporter, force bool, spec progressSpec) *progress {
	p := noProgress()
	if !force && !isTerminal(rep.w) {
		return p
	}
	p.wg.Go(func() {
		select {
		case <-p.done:
			return
		case <-time.After(progressDelay):
		}
		// No bar before the first result: it would say "0 puzzles/hr,
		// ETA 0 s".
		wait := time.NewTicker(100 * time.Millisecond)
		for spec.current() == 0 {
			select {
			case <-p.done:
				wait.Stop()
				return
			case <-wait.C:
			}
		}
		wait.Stop()
		max := spec.total
		if max <= 0 {
			max = -1
		}
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(rep.w),
			progressbar.OptionSetDescription(spec.desc),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSpinnerType(14),
		}
		if spec.bytes {
			opts = append(opts, progressbar.OptionShowBytes(true))
		} else {
			opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString("puzzles"))
		}
		bar := progressbar.NewOptions64(max, opts...)
		rep.mu.Lock()
		rep.bar = bar
		rep.mu.Unlock()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			rep.mu.Lock()
			bar.Set64(spec.current())
			rep.mu.Unlock()
			select {
			case <-p.done:
				rep.mu.Lock()
				bar.Finish()
				bar.Clear()
				rep.bar = nil
				rep.mu.Unlock()
				return
			case <-tick.C:
			}
		}
	})
	return p
}

// noProgress returns a progress that shows nothing.
func noProgress() *progress { return &progress{done: make(chan struct{})} }

// stop removes the bar and waits for it to go.
func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
}
