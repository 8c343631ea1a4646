package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"

	"github.com/gosudoku/sudoku"
)

// JSON: one JSON object per line.

// jsonInput is the object of one JSON line, as read: a grid is a
// string of symbols, an array of rows of numbers, or an array of numbers.
type jsonInput struct {
	Order    int             `json:"order"`
	Grid     json.RawMessage `json:"grid"`
	Placed   *string         `json:"placed"`
	Marks    []string        `json:"marks"`
	Solution json.RawMessage `json:"solution"`
	Comment  string          `json:"comment"`
}

// jsonWant says what each field of jsonInput takes, for errors.
var jsonWant = map[string]string{
	"order":    "a number",
	"grid":     "a string or an array",
	"placed":   "a string",
	"marks":    "an array of strings",
	"solution": "a string or an array",
	"comment":  "a string",
}

// jsonRecord reads JSON.
func jsonRecord(r *source, text []byte, s int) (*Puzzle, error) {
	line := r.curLine
	var j jsonInput
	if err := json.Unmarshal(text, &j); err != nil {
		col := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if errors.As(err, &se) {
			col = int(se.Offset)
		} else if errors.As(err, &te) {
			// Name the field as the file does, not the Go type it
			// would fill ("jsonInput.marks").
			want, ok := jsonWant[te.Field]
			if !ok {
				return nil, r.errAt(line, int(te.Offset), detailf(ErrSyntax, "want a JSON object, not a JSON %s", te.Value))
			}
			return nil, r.errAt(line, int(te.Offset), detailf(ErrSyntax, "%q: want %s, not a JSON %s", te.Field, want, te.Value))
		}
		return nil, r.errAt(line, col, detailf(ErrSyntax, "%v", err))
	}
	if j.Order != 0 && (j.Order < sudoku.MinOrder || j.Order > sudoku.MaxOrder) {
		return nil, r.errAt(line, 0, detailf(sudoku.ErrCellCount, "order %d out of range %d-%d", j.Order, sudoku.MinOrder, sudoku.MaxOrder))
	}
	if isJSONNull(j.Grid) {
		return nil, r.errAt(line, 0, detailf(ErrSyntax, `no "grid" field`))
	}
	g, err := jsonField(r, text, "grid", j.Grid, j.Order)
	if err != nil {
		return nil, err
	}
	if j.Placed != nil {
		if err := readJSONPlaced(r, text, g, *j.Placed); err != nil {
			return nil, err
		}
	}
	if j.Marks != nil {
		if err := readJSONMarks(r, text, g, j.Marks); err != nil {
			return nil, err
		}
	}
	p := &Puzzle{Grid: g, Line: line, Comment: j.Comment, Format: JSON}
	if !isJSONNull(j.Solution) {
		if p.Solution, err = jsonField(r, text, "solution", j.Solution, g.Order()); err != nil {
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
func jsonField(r *source, text []byte, name string, raw json.RawMessage, order int) (*sudoku.Grid, error) {
	if raw[0] == '"' {
		var cells string
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, r.errAt(r.curLine, 0, detailf(ErrSyntax, "%s: %v", name, err))
		}
		return jsonGrid(r, text, name, cells, order)
	}
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		col = k + 1
	}
	fail := func(err error) (*sudoku.Grid, error) {
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, err))
	}
	var vals []int
	var rows [][]int
	if err := json.Unmarshal(raw, &rows); err == nil {
		for i, row := range rows {
			if len(row) != len(rows) {
				return fail(detailf(sudoku.ErrCellCount, "row %d has %d %s, want %d", i+1, len(row), plural(len(row), "value"), len(rows)))
			}
			vals = append(vals, row...)
		}
	} else if err := json.Unmarshal(raw, &vals); err != nil {
		return fail(detailf(ErrSyntax, "want a string of symbols, an array of rows or an array of numbers"))
	}
	o := sudoku.OrderForCells(len(vals))
	want := order
	if want == 0 {
		want = r.Order
	}
	if o == 0 || want != 0 && o != want {
		if want == 0 {
			return fail(r.cellCountError(len(vals)))
		}
		return fail(detailf(sudoku.ErrCellCount, "%d cells, want %d", len(vals), want*want*want*want))
	}
	g, _ := sudoku.New(o)
	side := g.Side()
	for i, v := range vals {
		if v < 0 || v > side {
			return fail(&sudoku.RangeError{Row: i / side, Col: i % side, Value: v, Side: side})
		}
		g.Cells()[i] = uint8(v)
	}
	return g, nil
}

// jsonGrid parses the grid in field name of a JSON line.
func jsonGrid(r *source, text []byte, name, cells string, order int) (*sudoku.Grid, error) {
	line := r.curLine
	col := 0
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		if q := bytes.IndexByte(text[k+len(name)+2:], '"'); q >= 0 {
			col = k + len(name) + 2 + q + 2
		}
	}
	o := sudoku.OrderForCells(len(cells))
	if o == 0 || order != 0 && o != order || r.Order != 0 && o != r.Order {
		want := order
		if want == 0 {
			want = r.Order
		}
		if want == 0 {
			return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, r.cellCountError(len(cells))))
		}
		return nil, r.errAt(line, col, fmt.Errorf("%s: %w", name, detailf(sudoku.ErrCellCount, "%d cells, want %d", len(cells), want*want*want*want)))
	}
	g, _ := sudoku.New(o)
	if err := r.fill(g, 0, []byte(cells), line, col); err != nil {
		pe := err.(*sudoku.ParseError)
		if col == 0 {
			pe.Column = 0
		}
		pe.Err = fmt.Errorf("%s: %w", name, pe.Err)
		return nil, pe
	}
	return g, nil
}

// fieldColumn returns the column of field name's key in a JSON line, or 0.
func fieldColumn(text []byte, name string) int {
	if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
		return k + 1
	}
	return 0
}

// readJSONPlaced applies the "placed" field, a string as long as the grid
// with the symbol of each placed value ('.' or '0' elsewhere), to g.
func readJSONPlaced(r *source, text []byte, g *sudoku.Grid, placed string) error {
	line, col := r.curLine, fieldColumn(text, "placed")
	side := g.Side()
	if len(placed) != g.NumCells() {
		return r.errAt(line, col, fmt.Errorf("placed: %w", detailf(sudoku.ErrCellCount, "%d cells, want %d", len(placed), g.NumCells())))
	}
	for i := 0; i < len(placed); i++ {
		c := placed[i]
		if c == '.' || c == '0' {
			continue
		}
		v := int(r.sym[c]) - 1
		if v < 1 || v > side {
			if v < 1 {
				return r.errAt(line, col, fmt.Errorf("placed: %w", sudoku.SymbolError([]byte(placed), i)))
			}
			return r.errAt(line, col, fmt.Errorf("placed: %w", sudoku.ValueError(c, i/side, i%side, v, side)))
		}
		if g.Cell(i) != v {
			return r.errAt(line, col, fmt.Errorf("placed: %w", detailf(ErrSyntax, "%s=%c, but the grid holds %s there", sudoku.CellName(i, side), c, cellText(g.Cell(i)))))
		}
		g.Place(i, v)
	}
	return nil
}

// cellText describes a cell's value in a message: its symbol or "a blank".
func cellText(v int) string {
	if v == 0 {
		return "a blank"
	}
	return string(sudoku.SymbolByte(v))
}

// readJSONMarks applies the "marks" field, an array with the candidates of
// each cell as a string of symbols ("" for a filled cell), to g.
func readJSONMarks(r *source, text []byte, g *sudoku.Grid, marks []string) error {
	line, col := r.curLine, fieldColumn(text, "marks")
	side := g.Side()
	if len(marks) != g.NumCells() {
		return r.errAt(line, col, fmt.Errorf("marks: %w", detailf(sudoku.ErrCellCount, "%d cells, want %d", len(marks), g.NumCells())))
	}
	for i, s := range marks {
		var m uint64
		for k := 0; k < len(s); k++ {
			v := int(r.sym[s[k]]) - 1
			if v < 1 || v > side {
				if v < 1 {
					return r.errAt(line, col, fmt.Errorf("marks: %s: %w", sudoku.CellName(i, side), sudoku.SymbolError([]byte(s), k)))
				}
				return r.errAt(line, col, fmt.Errorf("marks: %w", sudoku.ValueError(s[k], i/side, i%side, v, side)))
			}
			m |= 1 << (v - 1)
		}
		if v := g.Cell(i); v != 0 {
			if m != 0 && m&(1<<(v-1)) == 0 {
				return r.errAt(line, col, fmt.Errorf("marks: %w", detailf(ErrSyntax, "%s holds %c, which its marks %q leave out", sudoku.CellName(i, side), sudoku.SymbolByte(v), s)))
			}
			continue
		}
		if err := g.SetMarks(i, m); err != nil {
			return r.errAt(line, col, fmt.Errorf("marks: %w", err))
		}
	}
	return nil
}

// jsonPuzzle is the object of one JSON line, as written.
type jsonPuzzle struct {
	Order    int      `json:"order,omitempty"`
	Grid     string   `json:"grid"`
	Placed   string   `json:"placed,omitempty"`
	Marks    []string `json:"marks,omitempty"`
	Solution string   `json:"solution,omitempty"`
	Comment  string   `json:"comment,omitempty"`
}

// jsonPlaced returns the "placed" field of g: its placed values where it
// has them, '.' elsewhere; "" for a grid without placed values.
func jsonPlaced(g *sudoku.Grid) string {
	if !g.HasPlaced() {
		return ""
	}
	b := make([]byte, g.NumCells())
	for i := range b {
		b[i] = '.'
		if g.Placed(i) {
			b[i] = sudoku.SymbolByte(g.Cell(i))
		}
	}
	return string(b)
}

// jsonMarks returns the "marks" field of g: the candidates of each cell
// as a string of symbols, "" for a filled cell; nil for a grid without
// marks.
func jsonMarks(g *sudoku.Grid) []string {
	if !g.HasMarks() {
		return nil
	}
	m := make([]string, g.NumCells())
	for i := range m {
		if g.Cell(i) == 0 {
			m[i] = candidateSymbols(g.Marks(i))
		}
	}
	return m
}

// candidateSymbols returns the symbols of the candidates in m, in order
// ("" for none).
func candidateSymbols(m uint64) string {
	b := make([]byte, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		b = append(b, sudoku.SymbolByte(bits.TrailingZeros64(m)+1))
	}
	return string(b)
}

func writeJSON(dst []byte, rec *record) ([]byte, error) {
	g := rec.g
	j := jsonPuzzle{Order: g.Order(), Grid: g.String(), Placed: jsonPlaced(g), Marks: jsonMarks(g), Comment: rec.comment}
	if rec.sol != nil {
		j.Solution = rec.sol.String()
	}
	b, err := json.Marshal(j)
	if err != nil {
		return dst, err
	}
	dst = append(dst, b...)
	return append(dst, '\n'), nil
}
