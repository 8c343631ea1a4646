package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gosudoku/sudoku/render"
	"github.com/gosudoku/sudoku/render/pdf"
)

// maxRenderPuzzles bounds the puzzles of one rendered sheet.
const maxRenderPuzzles = 120

// renderRequest is the body of POST /api/render; GET /api/render takes the
// same fields as query parameters, with one puzzle and caption.
type renderRequest struct {
	Puzzles  []string `json:"puzzles"`
	Captions []string `json:"captions"`
	// Format is "pdf", "svg" or "png"; "" means pdf.
	Format string `json:"format"`
	// PerPage is 1, 2, 4 or 6 puzzles per page; 0 means 1.
	PerPage int `json:"per_page"`
	// Solutions adds the solution pages (the solved grid itself for a lone
	// SVG or PNG).
	Solutions bool `json:"solutions"`
	// Paper is "a4" (the default) or "letter".
	Paper string `json:"paper"`
	// Page is the page of a sheet an SVG or PNG shows, from 0.
	Page int `json:"page"`
	// Name is the file's name without its extension (letters, digits,
	// '-', '_' and '.'; others become '-'); "" means "sudoku".
	Name string `json:"name"`
}

// fileName returns the name of a download: name as renderRequest.Name
// says, then ext.
func fileName(name, ext string) string {
	b := []byte(name)
	if len(b) > 80 {
		b = b[:80]
	}
	for k, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[k] = '-'
		}
	}
	if len(b) == 0 {
		return "sudoku." + ext
	}
	return string(b) + "." + ext
}

// renderGet reads a GET /api/render query into a renderRequest and answers
// it, so that a download is a plain link.
func (s *server) renderGet(ctx context.Context, r *http.Request) (*rendered, error) {
	q := r.URL.Query()
	req := &renderRequest{Format: q.Get("format"), Paper: q.Get("paper"), Name: q.Get("name")}
	if p := q.Get("puzzle"); p != "" {
		req.Puzzles = []string{p}
	}
	if c := q.Get("caption"); c != "" {
		req.Captions = []string{c}
	}
	req.Solutions = q.Get("solutions") == "1" || q.Get("solutions") == "true"
	for name, dst := range map[string]*int{"per_page": &req.PerPage, "page": &req.Page} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, badRequest(fmt.Sprintf("%s=%q: want a number", name, v))
			}
			*dst = n
		}
	}
	return s.render(ctx, req)
}

// rendered is a file to send.
type rendered struct {
	data        []byte
	contentType string
	name        string
}

func (s *server) render(ctx context.Context, req *renderRequest) (*rendered, error) {
	if len(req.Puzzles) == 0 {
		return nil, badRequest(`"puzzles" is empty: give at least one puzzle`)
	}
	if len(req.Puzzles) > maxRenderPuzzles {
		return nil, &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("%d puzzles: a sheet takes at most %d", len(req.Puzzles), maxRenderPuzzles)}
	}
	if len(req.Captions) > len(req.Puzzles) {
		return nil, badRequest(fmt.Sprintf(`%d "captions" for %d puzzles`, len(req.Captions), len(req.Puzzles)))
	}
	format := req.Format
	if format == "" {
		format = "pdf"
	}
	if format != "pdf" && format != "svg" && format != "png" {
		return nil, badRequest(fmt.Sprintf(`"format" is %q: want pdf, svg or png`, req.Format))
	}
	sheet := render.Sheet{PerPage: req.PerPage, Solutions: req.Solutions}
	if req.Paper != "" {
		paper, err := render.ParsePaper(req.Paper)
		if err != nil {
			return nil, badRequest(`"paper": ` + err.Error())
		}
		sheet.Paper = paper
	}
	for k, p := range req.Puzzles {
		if isVariantText(p) {
			// A variant, drawn with its rules (api_variant.go).
			it, err := s.variantItem(ctx, p, req.Solutions)
			if err != nil {
				return nil, fmt.Errorf("puzzle %d: %w", k+1, err)
			}
			if k < len(req.Captions) {
				it.Caption = req.Captions[k]
			}
			sheet.Puzzles = append(sheet.Puzzles, it)
			continue
		}
		g, err := s.parse(p)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", k+1, err)
		}
		it := render.Item{Grid: g}
		if k < len(req.Captions) {
			it.Caption = req.Captions[k]
		}
		if req.Solutions {
			res, err := s.solution(ctx, g, 2)
			if err != nil {
				return nil, fmt.Errorf("puzzle %d: %w", k+1, err)
			}
			it.Solution = res.Solution
		}
		sheet.Puzzles = append(sheet.Puzzles, it)
	}
	if err := sheet.Check(); err != nil {
		return nil, badRequest(err.Error())
	}
	var buf bytes.Buffer
	var err error
	out := &rendered{name: fileName(req.Name, format)}
	switch {
	case format == "pdf":
		out.contentType = "application/pdf"
		err = pdf.Write(&buf, sheet)
	case len(sheet.Puzzles) == 1 && sheet.PerPage <= 1 && req.Page == 0:
		// One grid alone: the image of the grid, its solution filled in
		// if asked for.
		it := sheet.Puzzles[0]
		opt := render.Options{Caption: it.Caption, Solution: it.Solution}
		switch {
		case it.Variant != nil && format == "svg":
			out.contentType = "image/svg+xml"
			err = render.VariantSVG(&buf, it.Variant, it.VariantSolution, render.Options{Caption: it.Caption})
		case it.Variant != nil:
			out.contentType = "image/png"
			err = render.VariantPNG(&buf, it.Variant, it.VariantSolution, render.Options{Caption: it.Caption})
		case format == "svg":
			out.contentType = "image/svg+xml"
			err = render.SVG(&buf, it.Grid, opt)
		default:
			out.contentType = "image/png"
			err = render.PNG(&buf, it.Grid, opt)
		}
	default:
		if req.Page < 0 || req.Page >= sheet.Pages() {
			return nil, badRequest(fmt.Sprintf(`"page" is %d: the sheet has pages 0 to %d`, req.Page, sheet.Pages()-1))
		}
		if format == "svg" {
			out.contentType = "image/svg+xml"
			err = render.SheetSVG(&buf, sheet, req.Page)
		} else {
			out.contentType = "image/png"
			err = render.SheetPNG(&buf, sheet, req.Page)
		}
	}
	if err != nil {
		return nil, err
	}
	out.data = buf.Bytes()
	return out, nil
}

// writeRendered answers a render request: the file, or err.
func (s *server) writeRendered(w http.ResponseWriter, r *http.Request, f *rendered, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeFile(w, f)
}

// writeFile sends a rendered file as a download.
func writeFile(w http.ResponseWriter, f *rendered) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Content-Disposition", `attachment; filename="`+f.name+`"`)
	h.Set("Content-Length", strconv.Itoa(len(f.data)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(f.data)
}
