package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosudoku/sudoku/format"
	"github.com/gosudoku/sudoku/logic"
	"github.com/gosudoku/sudoku/render"
	"github.com/gosudoku/sudoku/render/pdf"
)

var cmdRender = &Command{
	Name:      "render",
	UsageLine: "[-o pdf|svg|png] [-per-page N] [-solutions] [-title T] [-crop] [-out FILE] [flags] [file ...]",
	Short:     "draw puzzles for print: a PDF book, or SVG or PNG pages",
	Long: `Render reads puzzles in any format the other commands read and draws them
on pages: -per-page of them per page (1, 2, 4 or 6), numbered from 1 in
input order with the text after the grid (its comment) under each;
generate's figures "clues=24 minimal er=2.6 level=hard" become "hard,
rating 2.6, 24 clues". -solutions adds the solutions on the pages
after the puzzles (-solutions-per-page of them per page), values the puzzle
gives in black and the others in blue. A puzzle must have exactly one
solution for -solutions (a JSON record's "solution" is used when given).
-rate rates each puzzle as "sudoku rate" does for its caption ("hard,
rating 2.6, 24 clues", then the comment unless it is generate's figures);
a puzzle the techniques cannot finish, or that hits -timeout, says "not
rated".

Variant puzzles (killer, jigsaw, thermometers ...: f-puzzles and SudokuPad
links, f-puzzles or rules JSON, killer and jigsaw text, as solve reads
them) are drawn with their rules, legible in black and white: regions by
thick lines, cages dashed with their sums, lines in greys of distinct
width, dots, letters, and clues outside the grid; they are not rated.

-o pdf (the default) writes one document of all the pages, each headed by
-title if given. -o svg and -o png write one image per page: with a single
page it goes to standard output or -out FILE; with several, -out NAME.svg
writes NAME-1.svg, NAME-2.svg, ... (numbers padded to one width), and
standard output is refused. -crop writes one tight image per puzzle
instead of pages, ready to place in a layout: the grid and its caption,
-cell pixels per cell for PNG, named NAME-1.png, ... and with -solutions
NAME-1-solution.png, ...

The output goes to standard output or -out FILE, which must not be one of
the inputs. A PDF or PNG is not written to a terminal. A puzzle that
cannot be read, has clashing givens, or (with -solutions) no single
solution is reported on standard error as file:line: message and left
out (the exit status is then 1; the others are still drawn).

A setter's 100-puzzle book:

	sudoku generate -n 100 -level hard | sudoku render -solutions -solutions-per-page 6 > book.pdf

and a killer book:

	sudoku generate -variant killer -n 20 | sudoku render -per-page 2 -solutions > killers.pdf`,
	Setup: setup((*renderFlags).register, runRender),
}

// renderFlags are render's flags.
type renderFlags struct {
	filterFlags
	format           string // -o
	perPage          int    // -per-page
	solutions        bool   // -solutions
	solutionsPerPage int    // -solutions-per-page
	out              string // -out
	paper            string // -paper
	dpi              int    // -dpi
	title            string // -title
	crop             bool   // -crop
	cell             int    // -cell
	rate             bool   // -rate
}

func (f *renderFlags) register(fs *flag.FlagSet) {
	f.filterFlags.register(fs, searchFlags)
	fs.StringVar(&f.format, "o", "pdf", "output `format`: pdf, svg or png")
	fs.IntVar(&f.perPage, "per-page", 1, "puzzles per page: `N` = 1, 2, 4 or 6")
	fs.BoolVar(&f.solutions, "solutions", false, "add the solutions on the pages after the puzzles")
	fs.IntVar(&f.solutionsPerPage, "solutions-per-page", 0, "solutions per page: `N` = 1, 2, 4 or 6 (default -per-page)")
	fs.StringVar(&f.out, "out", "", "write to `FILE` (svg, png: FILE-1, FILE-2, ... for several pages) instead of standard output")
	fs.StringVar(&f.paper, "paper", "a4", "page size: a4 or letter")
	fs.IntVar(&f.dpi, "dpi", render.DefaultDPI, fmt.Sprintf("PNG page resolution in dots per inch (at most %d)", render.MaxDPI))
	fs.StringVar(&f.title, "title", "", "a `title` at the top of every page")
	fs.BoolVar(&f.crop, "crop", false, "svg, png: one tight image per puzzle (and per solution) instead of pages")
	fs.BoolVar(&f.rate, "rate", false, "rate each puzzle (Sudoku Explainer's ER) for its caption: \"hard, rating 2.6, 24 clues\"")
	fs.IntVar(&f.cell, "cell", render.DefaultCellSize, fmt.Sprintf("with -crop: `pixels` per cell of a PNG (at most %d)", render.MaxCellSize))
}

// renderResult is one puzzle ready to draw, or why it is not.
type renderResult struct {
	item render.Item
	err  error
}

// runRender reads the puzzles, solves them for -solutions and writes the
// pages.
func runRender(ctx context.Context, env *Env, f *renderFlags, args []string) int {
	if err := f.validate(); err != nil {
		return usageError(env, "render", err)
	}
	paper, err := render.ParsePaper(f.paper)
	if err != nil {
		return usageError(env, "render", errors.New(strings.TrimPrefix(err.Error(), "render: ")))
	}
	for _, pp := range []struct {
		name string
		n    int
	}{{"-per-page", f.perPage}, {"-solutions-per-page", f.solutionsPerPage}} {
		if pp.n != 1 && pp.n != 2 && pp.n != 4 && pp.n != 6 && (pp.n != 0 || pp.name == "-per-page") {
			return usageError(env, "render", fmt.Errorf("%s %d: want 1, 2, 4 or 6", pp.name, pp.n))
		}
	}
	if f.dpi < 1 || f.dpi > render.MaxDPI {
		return usageError(env, "render", fmt.Errorf("-dpi %d: want 1 to %d", f.dpi, render.MaxDPI))
	}
	if f.cell < 1 || f.cell > render.MaxCellSize {
		return usageError(env, "render", fmt.Errorf("-cell %d: want 1 to %d", f.cell, render.MaxCellSize))
	}
	sheet := render.Sheet{PerPage: f.perPage, Solutions: f.solutions, SolutionsPerPage: f.solutionsPerPage,
		Paper: paper, DPI: f.dpi, Title: f.title}
	switch f.format {
	case "pdf", "svg", "png":
	default:
		return usageError(env, "render", fmt.Errorf("-o %q: want pdf, svg or png", f.format))
	}
	if f.crop && f.format == "pdf" {
		return usageError(env, "render", errors.New("-crop is for -o svg and -o png (a PDF has pages)"))
	}
	if f.out == "" && f.format != "svg" && isTerminal(env.Stdout) {
		return usageError(env, "render", fmt.Errorf("not writing %s to a terminal: use -out FILE or a redirection", strings.ToUpper(f.format)))
	}
	if f.out != "" {
		if in := sameAsInput(f.out, args); in != "" {
			return usageError(env, "render", fmt.Errorf("-out %s is the input %s", f.out, in))
		}
	}

	j := newJob(env, &f.filterFlags, 0)
	j.variants = true
	work := func(ctx context.Context, rec *record) renderResult {
		return renderItem(ctx, f, rec)
	}
	emit := func(rec *record, r renderResult) error {
		if r.err != nil {
			j.failed = true
			j.rep.errorf("%s", message(rec, r.err))
			return nil
		}
		sheet.Puzzles = append(sheet.Puzzles, r.item)
		return nil
	}
	code := filter(ctx, j, args, work, emit)
	if ctx.Err() != nil {
		return 1
	}
	if len(sheet.Puzzles) == 0 {
		j.rep.errorf("sudoku render: no puzzles to draw")
		return 1
	}
	if err := writeSheet(ctx, env, f, sheet, args); err != nil {
		if ctx.Err() != nil {
			j.rep.errorf("sudoku render: interrupted: no file written")
			return 1
		}
		j.rep.errorf("sudoku render: %v", err)
		return 1
	}
	return code
}

// renderItem makes the item of one record: its caption from the comment
// and, for -solutions, its solution, checked unique.
func renderItem(ctx context.Context, f *renderFlags, rec *record) renderResult {
	if rec.err != nil {
		return renderResult{err: rec.err}
	}
	if rec.v != nil {
		return renderVariant(ctx, f, rec)
	}
	p := rec.p
	it := render.Item{Grid: p.Grid, Caption: caption(p.Comment), Marks: true}
	if !f.solutions {
		if err := p.Grid.Check(); err != nil {
			return renderResult{err: err}
		}
		if f.rate {
			it.Caption = rateCaption(ctx, f, p, false)
		}
		return renderResult{item: it}
	}
	if p.Solution != nil {
		if err := p.Solution.CheckSolved(); err != nil {
			return renderResult{err: fmt.Errorf("solution: %w", err)}
		}
		it.Solution = p.Solution
		return renderResult{item: it, err: it.Check()}
	}
	r := search(ctx, &f.filterFlags, rec, 2)
	switch {
	case r.err != nil:
		return renderResult{err: r.err}
	case r.res.Count > 1:
		return renderResult{err: errors.New("more than one solution")}
	}
	it.Solution = r.res.Solution
	if f.rate {
		it.Caption = rateCaption(ctx, f, p, true)
	}
	return renderResult{item: it}
}

// renderVariant makes the item of a variant record, drawn with its rules:
// for -solutions its solution, checked unique (variants are not rated).
func renderVariant(ctx context.Context, f *renderFlags, rec *record) renderResult {
	it := render.Item{Variant: rec.v}
	if !f.solutions {
		return renderResult{item: it, err: it.Check()}
	}
	r := search(ctx, &f.filterFlags, rec, 2)
	switch {
	case r.err != nil:
		return renderResult{err: r.err}
	case r.res.Count == 0:
		return renderResult{err: errors.New("no solution")}
	case r.res.Count > 1:
		return renderResult{err: errors.New("more than one solution")}
	}
	it.VariantSolution = r.vsol
	return renderResult{item: it, err: it.Check()}
}

// rateCaption rates p for -rate and returns its caption: "hard, rating
// 2.6, 24 clues", or "not rated" when the rating fails, then the comment
// unless it is generate's figures (which the rating replaces). unique says
// p is known to have one solution.
func rateCaption(ctx context.Context, f *renderFlags, p *format.Puzzle, unique bool) string {
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	head := "not rated"
	if r, err := logic.Rate(ctx, p.Grid, logic.Options{AssumeUnique: unique}); err == nil {
		head = fmt.Sprintf("%s, rating %s, %d clues", r.Level, logic.FormatRating(r.ER), p.Grid.Givens())
	}
	c := strings.TrimSpace(strings.TrimLeft(p.Comment, "#"))
	if c == "" || strings.HasPrefix(c, "clues=") {
		return head
	}
	return head + " · " + c
}

// caption returns a record's comment without its leading '#'; generate's
// figures ("clues=24 minimal er=2.6 level=hard ...") become "hard, rating
// 2.6, 24 clues".
func caption(comment string) string {
	c := strings.TrimSpace(strings.TrimLeft(comment, "#"))
	var level, er, clues string
	for _, w := range strings.Fields(c) {
		k, v, _ := strings.Cut(w, "=")
		switch k {
		case "level":
			level = v
		case "er":
			er = "rating " + v
		case "clues":
			clues = v + " clues"
		}
	}
	if level == "" && er == "" {
		return c
	}
	var parts []string
	for _, p := range []string{level, er, clues} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// sameAsInput returns the input file that out names, or "".
func sameAsInput(out string, inputs []string) string {
	st, err := os.Stat(out)
	if err != nil {
		return ""
	}
	for _, in := range inputs {
		if in == "-" {
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return in
		}
	}
	return ""
}

// writeSheet writes the sheet in -o's format to -out or standard output.
// It writes no file that is one of the inputs, and stops when ctx ends,
// leaving every file as it was.
func writeSheet(ctx context.Context, env *Env, f *renderFlags, s render.Sheet, inputs []string) error {
	if f.format == "pdf" {
		return writeOut(ctx, env, f.out, inputs, func(w io.Writer) error { return pdf.Write(w, s) })
	}
	if f.crop {
		return writeCropped(ctx, env, f, s, inputs)
	}
	page := render.SheetSVG
	if f.format == "png" {
		page = render.SheetPNG
	}
	n := s.Pages()
	if n > 1 && f.out == "" {
		return fmt.Errorf("%d pages of %s: name the files with -out NAME.%s (one image per page)", n, f.format, f.format)
	}
	for p := range n {
		name := f.out
		if n > 1 {
			name = pageFile(f.out, p, n)
		}
		if err := writeOut(ctx, env, name, inputs, func(w io.Writer) error { return page(w, s, p) }); err != nil {
			return err
		}
	}
	return nil
}

// writeCropped writes one image per puzzle, and one per solution with
// -solutions: NAME-k.ext and NAME-k-solution.ext, or standard output for
// a single image.
func writeCropped(ctx context.Context, env *Env, f *renderFlags, s render.Sheet, inputs []string) error {
	draw := render.SVG
	if f.format == "png" {
		draw = render.PNG
	}
	n := len(s.Puzzles)
	images := n
	if s.Solutions {
		images *= 2
	}
	if images > 1 && f.out == "" {
		return fmt.Errorf("%d images: name the files with -out NAME.%s (NAME-1.%s, ...)", images, f.format, f.format)
	}
	for k, it := range s.Puzzles {
		opt := render.Options{Caption: it.Caption, Marks: it.Marks, CellSize: f.cell}
		name := f.out
		if images > 1 {
			name = pageFile(f.out, k, n)
		}
		if it.Variant != nil {
			vopt := render.Options{Caption: it.Caption, CellSize: f.cell}
			vdraw := render.VariantSVG
			if f.format == "png" {
				vdraw = render.VariantPNG
			}
			if err := writeOut(ctx, env, name, inputs, func(w io.Writer) error { return vdraw(w, it.Variant, nil, vopt) }); err != nil {
				return err
			}
			if s.Solutions {
				ext := filepath.Ext(name)
				if err := writeOut(ctx, env, strings.TrimSuffix(name, ext)+"-solution"+ext, inputs, func(w io.Writer) error { return vdraw(w, it.Variant, it.VariantSolution, vopt) }); err != nil {
					return err
				}
			}
			continue
		}
		if err := writeOut(ctx, env, name, inputs, func(w io.Writer) error { return draw(w, it.Grid, opt) }); err != nil {
			return err
		}
		if !s.Solutions {
			continue
		}
		sopt := opt
		sopt.Solution, sopt.Marks = it.Solution, false
		ext := filepath.Ext(name)
		if err := writeOut(ctx, env, strings.TrimSuffix(name, ext)+"-solution"+ext, inputs, func(w io.Writer) error { return draw(w, it.Grid, sopt) }); err != nil {
			return err
		}
	}
	return nil
}

// pageFile returns the file for page p (from 0) of n: NAME-p.ext with p
// from 1, padded to the width of n.
func pageFile(out string, p, n int) string {
	ext := filepath.Ext(out)
	return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(out, ext), len(fmt.Sprint(n)), p+1, ext)
}

// writeOut writes what write writes to the file name, or to standard
// output for "", unless the file is one of the inputs. A file is written
// to a temporary file renamed into place when write has succeeded, so an
// existing file is replaced whole or not at all: not when write fails or
// ctx ends first (an interrupt returns at once, with ctx's error).
func writeOut(ctx context.Context, env *Env, name string, inputs []string, write func(io.Writer) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var w io.Writer = env.Stdout
	var out *outFile
	if name != "" {
		if in := sameAsInput(name, inputs); in != "" {
			return fmt.Errorf("not writing %s: it is the input %s", name, in)
		}
		var err error
		if out, err = createOutput(name); err != nil {
			return err
		}
		w = out
	}
	done := make(chan error, 1)
	go func() { done <- write(w) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		// The document is left to the goroutine, which the exit ends; its
		// writes to the closed temporary file fail.
		err = ctx.Err()
	}
	if out == nil {
		return err
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		out.Abort()
		return err
	}
	return out.Commit()
}
