package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/internal/batch"
	"github.com/gosudoku/sudoku/internal/vtext"
	"github.com/gosudoku/sudoku/variant"
)

// record is one input record: a puzzle or the error reading it.
type record struct {
	file  string
	index int // 0-based, over all inputs
	line  int
	p     *format.Puzzle
	v     *variant.Puzzle // a variant puzzle instead of p (see variant.go)
	vform vtext.Form      // the form v was read in
	err   error           // a *sudoku.ParseError
}

// place returns "file:line" for messages.
func (r *record) place() string { return fmt.Sprintf("%s:%d", r.file, r.line) }

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// inputFiles opens the named files (standard input for none or "-") one
// after the other, each interruptible by ctx and closed once read, and
// counts what is read for the progress bar.
type inputFiles struct {
	ctx     context.Context
	env     *Env
	rep     *reporter
	files   []string     // not opened yet
	name    string       // of the current file, for messages
	closer  io.Closer    // of the current file; nil for standard input
	failed  bool         // a file could not be opened or read
	read    atomic.Int64 // bytes read so far
	total   int64        // bytes in all files, or 0 if unknown
	records atomic.Int64 // records read so far
}

func newInputFiles(ctx context.Context, env *Env, files []string, rep *reporter) *inputFiles {
	if len(files) == 0 {
		files = []string{"-"}
	}
	in := &inputFiles{ctx: ctx, env: env, files: files, rep: rep}
	for _, f := range files {
		if f == "-" {
			in.total = 0
			break
		}
		if st, err := os.Stat(f); err == nil {
			in.total += st.Size()
		}
	}
	return in
}

// openNext opens the next file and returns its reader, or false when no
// file is left. A file that cannot be opened is reported and skipped.
func (in *inputFiles) openNext() (io.Reader, bool) {
	for len(in.files) > 0 {
		name := in.files[0]
		in.files = in.files[1:]
		r, display, closer, err := openInput(in.ctx, in.env, name)
		if err != nil {
			in.rep.errorf("sudoku: %v", err)
			in.failed = true
			continue
		}
		in.name, in.closer = display, closer
		return &countingReader{r: r, n: &in.read}, true
	}
	return nil, false
}

// closeCur closes the current file.
func (in *inputFiles) closeCur() {
	if in.closer != nil {
		in.closer.Close()
	}
	in.closer = nil
}

// progressSpec returns what the progress bar counts: bytes of the files
// when their size is known, records otherwise.
func (in *inputFiles) progressSpec() progressSpec {
	if in.total == 0 {
		return progressSpec{current: in.records.Load, desc: "puzzles"}
	}
	return progressSpec{total: in.total, current: in.read.Load, bytes: true}
}

// interactive reports whether someone may be typing the input.
func (in *inputFiles) interactive() bool {
	return slices.Contains(in.files, "-") && isTerminal(in.env.Stdin)
}

// openInput opens the named input ("-" for standard input) and returns
// its reader, interruptible by ctx, the name messages give it and what
// closes it (nil for standard input).
func openInput(ctx context.Context, env *Env, name string) (io.Reader, string, io.Closer, error) {
	if name == "-" {
		return interruptible(ctx, env.Stdin), stdinName, nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, "", nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		// Said once, plainly, not "adir: read adir: is a directory".
		f.Close()
		return nil, "", nil, fmt.Errorf("%s: a directory, not a file of puzzles", name)
	}
	return interruptible(ctx, f), name, f, nil
}

// input reads the records of the input files one after the other, each
// through format's Reader: classic and variant records alike, record by
// record (ReadOptions.Variants), so that what a record is read as never
// depends on how fast its input arrives.
type input struct {
	*inputFiles
	format format.Format
	shard  shardFlag
	cur    *format.Reader
	index  int

	variants bool       // the command takes variant puzzles
	vform    vtext.Form // -f's variant form, if vforced
	vforced  bool       // -f names a variant form
}

func newInput(ctx context.Context, env *Env, files []string, format format.Format, shard shardFlag, rep *reporter) *input {
	return &input{inputFiles: newInputFiles(ctx, env, files, rep), format: format, shard: shard}
}

// readFormat returns the format the reader is given: -f's, a variant
// form's own row of format's table.
func (in *input) readFormat() format.Format {
	if in.vforced {
		if f, err := format.Lookup(in.vform.String()); err == nil {
			return f
		}
	}
	return in.format
}

// next returns the next record in the shard, or io.EOF. A file that
// cannot be opened or read is reported and skipped.
func (in *input) next() (*record, error) {
	for {
		if in.cur == nil {
			r, ok := in.openNext()
			if !ok {
				return nil, io.EOF
			}
			in.cur = format.NewReader(bufio.NewReaderSize(r, 64<<10))
			in.cur.Format = in.readFormat()
			in.cur.File = in.name
			// Variant records are read as such even by the commands of
			// classic puzzles, which then name them (below) rather than
			// call every cage letter a bad symbol.
			in.cur.Variants = true
		}
		p, err := in.cur.Read()
		if err == io.EOF {
			in.close()
			continue
		}
		var perr *sudoku.ParseError
		if err != nil && in.ctx.Err() != nil {
			in.close()
			return nil, in.ctx.Err()
		}
		if err != nil && !errors.As(err, &perr) {
			in.rep.errorf("sudoku: %s: %v", in.name, err)
			in.failed = true
			in.close()
			continue
		}
		rec := &record{file: in.name, index: in.index, p: p, err: err}
		if p != nil && p.Variant != nil {
			rec.p, rec.v = nil, p.Variant
			rec.vform, _ = vtext.LookupForm(p.Format.String())
			if !in.variants {
				rec.v, rec.err = nil, &sudoku.ParseError{File: in.name, Line: p.Line,
					Err: fmt.Errorf("a variant puzzle (%v form), which this command does not read (solve, count, check, convert, canon, library and bench do)", p.Format)}
				perr = rec.err.(*sudoku.ParseError)
				p = nil
			}
		}
		in.index++
		in.records.Add(1)
		if p != nil {
			rec.line = p.Line
		} else {
			rec.line = perr.Line
		}
		if in.shard.keep(rec.index) {
			return rec, nil
		}
	}
}

func (in *input) close() {
	in.closeCur()
	in.cur = nil
}

// variantSearch counts the solutions of a variant puzzle up to limit with
// the per-puzzle limits of ff (-max-guesses bounds the guesses).
func variantSearch(ctx context.Context, ff *filterFlags, rec *record, limit int) searchResult {
	if ff.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ff.timeout)
		defer cancel()
	}
	start := time.Now()
	res, err := ff.solvers.count(ctx, rec.v, limit, variant.Options{MaxNodes: ff.maxGuesses})
	r := searchResult{err: err, dur: time.Since(start), vsol: res.Solution}
	r.res.Count, r.res.Guesses = res.Count, res.Guesses
	var cerr *variant.CheckError
	if errors.Is(err, sudoku.ErrLimit) {
		r.err = fmt.Errorf("search stopped at -max-guesses %d", ff.maxGuesses)
	}
	r.judge(ff, errors.As(err, &cerr))
	return r
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// output writes the results of a filter to standard output.
type output struct {
	bw    *flushWriter
	force format.Format // -o, or Auto to follow the input
	cur   format.Format
	sw    *format.Writer
	eager bool // flush after each record (a terminal is reading or typing)
}

func newOutput(env *Env, force format.Format) *output {
	return &output{
		bw:    newFlushWriter(env.Stdout, 64<<10),
		force: force,
		eager: isTerminal(env.Stdout),
	}
}

// outFormat returns the format a record read in format in is written in.
func (o *output) outFormat(in format.Format) format.Format {
	f := o.force
	if f == format.Auto {
		f = in
	}
	switch f {
	case format.Auto:
		return format.Line
	case format.Counted:
		// A counted file needs its count first; one grid is a numbers grid.
		return format.Numbers
	}
	return f
}

// grid writes g in the output format for input format in.
func (o *output) grid(g *sudoku.Grid, comment string, in format.Format) error {
	return o.puzzle(&format.Puzzle{Grid: g, Comment: comment}, in)
}

// puzzle writes p's grid, with its solution where the output format has
// room for one (csv, json), in the output format for input format in.
func (o *output) puzzle(p *format.Puzzle, in format.Format) error {
	if err := o.writer(o.outFormat(in)); err != nil {
		return err
	}
	q := *p
	q.Comment = oneLine(p.Comment)
	if err := o.sw.WritePuzzle(&q); err != nil {
		return err
	}
	if err := o.sw.Flush(); err != nil {
		return err
	}
	return o.end()
}

// writer makes o.sw a Writer of format f.
func (o *output) writer(f format.Format) error {
	if o.sw == nil || f != o.cur {
		if o.sw != nil {
			if err := o.sw.Close(); err != nil { // the end of an XML document
				return err
			}
		}
		o.sw, o.cur = format.NewWriter(o.bw, f), f
	}
	return nil
}

// text writes s and a newline; s is the caller's to keep to one line
// (oneLine for text from the input).
func (o *output) text(s string) error {
	o.bw.WriteString(s)
	if err := o.bw.WriteByte('\n'); err != nil {
		return err // the output failed: stop at once
	}
	return o.end()
}

// failure writes the marker that stands for a failed record, so that
// output record k still belongs to input record k: a comment line
// "# file:line: message", or a JSON object for JSON output.
func (o *output) failure(msg string, in format.Format) error {
	if o.outFormat(in) == format.JSON {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(struct {
			Error string `json:"error"`
		}{oneLine(msg)})
		return o.text(strings.TrimSuffix(b.String(), "\n"))
	}
	if f := o.outFormat(in); f == format.OpenSudoku {
		// Inside the XML document, as a comment of it.
		if err := o.writer(f); err != nil {
			return err
		}
		if err := o.sw.Note(oneLine(msg)); err != nil {
			return err
		}
		if err := o.sw.Flush(); err != nil {
			return err
		}
		return o.end()
	}
	return o.text("# " + oneLine(msg))
}

func (o *output) end() error {
	if o.eager {
		return o.bw.Flush()
	}
	return nil
}

func (o *output) flush() error {
	if o.sw != nil {
		if err := o.sw.Close(); err != nil {
			return err
		}
	}
	return o.bw.Flush()
}

// outcome sorts the result of one record for the summary.
type outcome int

const (
	solvedOutcome  outcome = iota // solved (uniquely when that was checked), or ok
	noSolution                    // no solution
	severalOutcome                // more than one solution
	invalidOutcome                // unreadable record or clashing givens
	stoppedOutcome                // the search hit -max-guesses or -timeout
	stuckOutcome                  // no technique applies (hint, explain)
	numOutcomes
)

// tally adds up outcomes, guesses and times for -stats.
type tally struct {
	n       int
	counts  [numOutcomes]int
	guesses int64
	busy    time.Duration // summed time of the searches
	start   time.Time
	cpu0    time.Duration // process CPU time at the start, if known
	checks  bool          // the records were checked, not searched
	done    string        // the word for solvedOutcome: "solved" if ""
}

// begin starts the clocks.
func (t *tally) begin() {
	t.start = time.Now()
	t.cpu0, _ = cpuTime()
}

func (t *tally) add(o outcome, guesses int64, d time.Duration) {
	t.n++
	t.counts[o]++
	t.guesses += guesses
	t.busy += d
}

// summary writes the -stats report: µs/puzzle is wall time over puzzles
// (1e6 / puzzles/s, as tdoku's benchmark reports it); µs/search is the
// mean wall time of one search; cpu µs/puzzle is the process's CPU time
// (reading and writing included) over puzzles.
func (t *tally) summary(w io.Writer, jobs int) {
	elapsed := time.Since(t.start)
	n := max(t.n, 1)
	if t.n == 0 {
		fmt.Fprintf(w, "no puzzles\n")
		return
	}
	if t.checks {
		fmt.Fprintf(w, "grids %d: ok %d, invalid %d\n", t.n, t.counts[solvedOutcome], t.counts[invalidOutcome])
		fmt.Fprintf(w, "time %v (-j %d): %.0f grids/s, %.1f µs/grid\n",
			elapsed.Round(time.Microsecond), jobs, float64(t.n)/elapsed.Seconds(), float64(elapsed.Microseconds())/float64(n))
		return
	}
	if t.done != "" {
		// hint and explain: no searches, no guesses
		fmt.Fprintf(w, "puzzles %d: %s %d, no solution %d, several solutions %d, invalid %d, stuck %d, stopped %d\n",
			t.n, t.done, t.counts[solvedOutcome], t.counts[noSolution], t.counts[severalOutcome], t.counts[invalidOutcome], t.counts[stuckOutcome], t.counts[stoppedOutcome])
		fmt.Fprintf(w, "time %v (-j %d): %.1f puzzles/s, %.1f ms/puzzle busy\n",
			elapsed.Round(time.Millisecond), jobs, float64(t.n)/elapsed.Seconds(), float64(t.busy.Microseconds())/1000/float64(n))
		return
	}
	fmt.Fprintf(w, "puzzles %d: solved %d, no solution %d, several solutions %d, invalid %d, stopped %d\n",
		t.n, t.counts[solvedOutcome], t.counts[noSolution], t.counts[severalOutcome], t.counts[invalidOutcome], t.counts[stoppedOutcome])
	cpu := ""
	if cpu1, ok := cpuTime(); ok {
		cpu = fmt.Sprintf(", %.1f cpu µs/puzzle", float64((cpu1-t.cpu0).Microseconds())/float64(n))
	}
	fmt.Fprintf(w, "time %v (-j %d): %.0f puzzles/s, %.1f µs/puzzle, %.1f µs/search%s, %.2f guesses/puzzle\n",
		elapsed.Round(time.Microsecond), jobs, float64(t.n)/elapsed.Seconds(),
		float64(elapsed.Microseconds())/float64(n), float64(t.busy.Microseconds())/float64(n), cpu, float64(t.guesses)/float64(n))
}

// searchResult is the outcome of searching one record.
type searchResult struct {
	res  sudoku.Result
	vsol []int // a variant puzzle's solution (res.Solution is nil then)
	err  error
	out  outcome
	dur  time.Duration
}

// search counts the solutions of rec's puzzle up to limit with the
// per-puzzle limits of ff, and sorts the outcome; several is the outcome
// for a count of 2 or more.
func search(ctx context.Context, ff *filterFlags, rec *record, limit int) searchResult {
	if rec.err != nil {
		return searchResult{err: rec.err, out: invalidOutcome}
	}
	if rec.v != nil {
		return variantSearch(ctx, ff, rec, limit)
	}
	if ff.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ff.timeout)
		defer cancel()
	}
	start := time.Now()
	opt, end := ff.begin(rec.p.Grid)
	res, err := sudoku.Count(ctx, rec.p.Grid, limit, opt)
	end()
	r := searchResult{res: res, err: err, dur: time.Since(start)}
	var cerr *sudoku.ConflictError
	r.judge(ff, errors.As(err, &cerr))
	return r
}

// judge sorts a finished search into its outcome: invalid (the puzzle
// breaks its own rules), stopped at a limit, no solution, or several; a
// search stopped at -timeout says so in r.err.
func (r *searchResult) judge(ff *filterFlags, invalid bool) {
	switch {
	case invalid:
		r.out = invalidOutcome
	case errors.Is(r.err, context.DeadlineExceeded):
		r.out = stoppedOutcome
		r.err = fmt.Errorf("search stopped at -timeout %v after %d guesses", ff.timeout, r.res.Guesses)
	case r.err != nil:
		r.out = stoppedOutcome
	case r.res.Count == 0:
		r.out, r.err = noSolution, errors.New("no solution")
	case r.res.Count >= 2:
		r.out = severalOutcome
	}
}

// message returns "file:line: err" for a record, or err's own text when
// it already names its place.
func message(rec *record, err error) string {
	var perr *sudoku.ParseError
	if errors.As(err, &perr) {
		return err.Error()
	}
	return rec.place() + ": " + err.Error()
}

// job is the state of one run of a filter command.
type job struct {
	env      *Env
	ff       *filterFlags
	rep      *reporter
	out      *output
	tally    tally
	failed   bool // a record failed
	variants bool // the command takes variant puzzles (see variant.go)
}

func newJob(env *Env, ff *filterFlags, outFormat format.Format) *job {
	return &job{env: env, ff: ff, rep: newReporter(env.Stderr), out: newOutput(env, outFormat)}
}

// fail reports a failed record: the message on standard error and the
// marker on standard output.
func (j *job) fail(rec *record, err error) error {
	msg := message(rec, err)
	j.failed = true
	j.rep.errorf("%s", msg)
	f := format.Auto
	if rec.p != nil {
		f = rec.p.Format
	}
	return j.out.failure(msg, f)
}

// filter runs a line filter: it reads the records of files, works on them
// on -j goroutines and emits the results in input order. It returns the
// exit status: 1 if an input could not be read or a record failed.
func filter[Out any](ctx context.Context, j *job, files []string,
	work func(context.Context, *record) Out, emit func(*record, Out) error) int {
	if err := checkOutputs(j.env, files, nil); err != nil {
		j.rep.errorf("sudoku: %v", err)
		return 2
	}
	in := newInput(ctx, j.env, files, j.ff.inFormat.Format, j.ff.shard, j.rep)
	in.variants, in.vform, in.vforced = j.variants, j.ff.inFormat.vform, j.ff.inFormat.vforced
	if in.vforced && !in.variants {
		j.rep.errorf("sudoku: -f %v: this command reads classic puzzles only", in.vform)
		return 2
	}
	return stream(ctx, j, in.inputFiles, in.next, work, emit)
}

// stream runs a job over the records next reads from in: work on -j
// goroutines, emit in input order, a progress bar, the -stats summary,
// and the exit status: 1 if an input could not be read or a record
// failed (or the run was interrupted).
func stream[In, Out any](ctx context.Context, j *job, in *inputFiles, next func() (In, error),
	work func(context.Context, In) Out, emit func(In, Out) error) int {
	if in.interactive() {
		// Someone types puzzles: answer each at once.
		j.out.eager = true
	}
	prog := noProgress()
	if j.ff.progress || !isTerminal(j.env.Stdout) {
		// Results on the terminal would fight with the bar.
		prog = startProgress(j.rep, j.ff.progress, in.progressSpec())
	}
	j.tally.begin()
	err := batch.Run(ctx, batch.Options{Workers: j.ff.jobs}, next, work, emit)
	prog.stop()
	if ferr := j.out.flush(); err == nil {
		err = ferr
	}
	if j.ff.stats {
		j.rep.mu.Lock()
		j.tally.summary(j.env.Stderr, j.ff.jobs)
		j.rep.mu.Unlock()
	}
	if err != nil {
		if ctx.Err() != nil {
			j.rep.errorf("sudoku: interrupted")
		} else {
			j.rep.errorf("sudoku: %v", err)
		}
		return 1
	}
	if j.failed || in.failed {
		return 1
	}
	return 0
}
