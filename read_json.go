package sudoku

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// FormatJSON: one JSON object a line.

// jsonInput is the object of one FormatJSON line, as read: a grid is a
// string of symbols, an array of rows of numbers, or an array of numbers.
type jsonInput struct {
	Order    int             `json:"order"`
	Grid     json.RawMessage `json:"grid"`
	Solution json.RawMessage `json:"solution"`
	Comment  string          `json:"comment"`
}

// jsonRecord reads FormatJSON.
func (r *Reader) jsonRecord(text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	var j jsonInput
	if err := json.Unmarshal(text, &j); err != nil {
		col := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if errors.As(err, &se) {
			col = int(se.Offset)
		} else if errors.As(err, &te) {
			col = int(te.Offset)
		}
		return nil, r.errAt(line, col, detailf(ErrSyntax, "%v", err))
	}
	if j.Order != 0 && (j.Order < MinOrder || j.Order > MaxOrder) {
		return nil, r.errAt(line, 0, detailf(ErrCellCount, "order %d out of range %d-%d", j.Order, MinOrder, MaxOrder))
	}
	if isJSONNull(j.Grid) {
		return nil, r.errAt(line, 0, detailf(ErrSyntax, `no "grid" field`))
	}
	g, err := r.jsonField(text, "grid", j.Grid, j.Order)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Grid: g, Line: line, Comment: j.Comment, Format: FormatJSON}
	if !isJSONNull(j.Solution) {
		if p.Solution, err = r.jsonField(text, "solution", j.Solution, g.Order()); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func isJSONNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// jsonField parses the grid in field name of a JSON line, whose value is
// raw.
func (r *Reader) jsonField(text []byte, name string, raw json.RawMessage, order int) (*Grid, error) {
	if raw[0] == '"' {
		var cells string
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, r.errAt(r.curLine, 0, detailf(ErrSyntax, "%s: %v", name, err))
		}
		return r.jsonGrid(text, name, cells, order)
	}
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		col = k + 1
	}
	fail := func(err error) (*Grid, error) {
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, err))
	}
	var vals []int
	var rows [][]int
	if err := json.Unmarshal(raw, &rows); err == nil {
		for i, row := range rows {
			if len(row) != len(rows) {
				return fail(detailf(ErrCellCount, "row %d has %d %s, want %d", i+1, len(row), plural(len(row), "value"), len(rows)))
			}
			vals = append(vals, row...)
		}
	} else if err := json.Unmarshal(raw, &vals); err != nil {
		return fail(detailf(ErrSyntax, "want a string of symbols, an array of rows or an array of numbers"))
	}
	o := OrderForCells(len(vals))
	want := order
	if want == 0 {
		want = r.Order
	}
	if o == 0 || want != 0 && o != want {
		if want == 0 {
			return fail(r.cellCountError(len(vals)))
		}
		return fail(detailf(ErrCellCount, "%d cells, want %d", len(vals), want*want*want*want))
	}
	g, _ := New(o)
	side := g.Side()
	for i, v := range vals {
		if v < 0 || v > side {
			return fail(&RangeError{Row: i / side, Col: i % side, Value: v, Side: side})
		}
		g.cells[i] = uint8(v)
	}
	return g, nil
}

// jsonGrid parses the grid in field name of a JSON line.
func (r *Reader) jsonGrid(text []byte, name, cells string, order int) (*Grid, error) {
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		if q := bytes.IndexByte(text[k+len(name)+2:], '"'); q >= 0 {
			col = k + len(name) + 2 + q + 2
		}
	}
	o := OrderForCells(len(cells))
	if o == 0 || order != 0 && o != order || r.Order != 0 && o != r.Order {
		want := order
		if want == 0 {
			want = r.Order
		}
		if want == 0 {
			return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, r.cellCountError(len(cells))))
		}
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, detailf(ErrCellCount, "%d cells, want %d", len(cells), want*want*want*want)))
	}
	g, _ := New(o)
	if err := r.fill(g, 0, []byte(cells), line, col); err != nil {
		pe := err.(*ParseError)
		if col == 0 {
			pe.Column = 0
		}
		pe.Err = fmt.Errorf("%s: %w", name, pe.Err)
		return nil, pe
	}
	return g, nil
}
