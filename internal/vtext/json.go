package vtext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// The rules JSON line, one puzzle per line:
//
//	{"size":9,"grid":"5.3......","regions":"AAABBBCCC...","rules":[
//	 {"kind":"killer","cells":["r1c1","r2c1"],"sum":10},
//	 {"kind":"diagonal","positive":true}]}
//
// "grid" is the givens: a string of Size*Size symbols ('.' or '0' blank,
// 1-9 then A-Z for 10-35) up to 35x35, or an array of Size*Size numbers (0
// blank) at any size. "regions" is the region of each cell: a string of
// letters (A for region 0) up to 26x26 or an array of numbers, "none" for
// a grid without regions; left out, the usual boxes (variant.New). Each
// rule is an object with its "kind" (the names of variant.Kinds) and its
// fields in lower case ("cells", "sum", "positive" ...), cells named
// "r1c1"; fields at their zero value are left out.

// ruleTypes gives the Go type of each rule kind. TestRuleTypes checks it
// against variant.Kinds, so a new kind without a row here fails.
var ruleTypes = map[string]reflect.Type{}

func init() {
	for _, r := range []variant.Rule{
		variant.Diagonal{}, variant.Windoku{}, variant.Disjoint{}, variant.ExtraRegion{},
		variant.AntiKnight{}, variant.AntiKing{}, variant.NonConsecutive{},
		variant.Cage{}, variant.LittleKiller{}, variant.Thermo{}, variant.Arrow{},
		variant.Kropki{}, variant.KropkiNegative{}, variant.XV{}, variant.XVNegative{},
		variant.Parity{}, variant.Whisper{}, variant.Renban{}, variant.Palindrome{}, variant.Sandwich{},
		variant.RegionSum{}, variant.Entropic{}, variant.Modular{}, variant.Lockout{}, variant.Zipper{},
		variant.Between{}, variant.Nabner{}, variant.DoubleArrow{}, variant.TenLine{},
		variant.Quadruple{}, variant.XSum{}, variant.Skyscraper{}, variant.Extremum{}, variant.Clone{},
		variant.Indexer{}, variant.Marks{},
	} {
		ruleTypes[r.Kind()] = reflect.TypeOf(r)
	}
}

const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

var cellType = reflect.TypeOf(variant.Cell{})

// WriteJSON writes p as one rules JSON line (no line break).
func WriteJSON(p *variant.Puzzle) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"size":%d`, n)
	givens := p.Givens
	if givens == nil {
		givens = make([]int, n*n)
	}
	b.WriteString(`,"grid":`)
	if n <= len(symbols) {
		b.WriteByte('"')
		for _, v := range givens {
			if v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte(symbols[v-1])
			}
		}
		b.WriteByte('"')
	} else {
		writeInts(&b, givens)
	}
	switch {
	case p.Regions == nil && variant.New(n).Regions == nil:
	case p.Regions == nil:
		b.WriteString(`,"regions":"none"`)
	case equal(p.Regions, variant.New(n).Regions):
	case n <= 26:
		b.WriteString(`,"regions":"`)
		for _, r := range p.Regions {
			b.WriteByte(byte('A' + r))
		}
		b.WriteByte('"')
	default:
		b.WriteString(`,"regions":`)
		writeInts(&b, p.Regions)
	}
	if len(p.Rules) > 0 {
		b.WriteString(`,"rules":[`)
		for k, r := range p.Rules {
			if k > 0 {
				b.WriteByte(',')
			}
			if err := writeRule(&b, r); err != nil {
				return nil, &variant.RuleError{Rule: k, Name: r.String(), Err: err}
			}
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeInts(b *bytes.Buffer, vs []int) {
	b.WriteByte('[')
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte(']')
}

func writeRule(b *bytes.Buffer, r variant.Rule) error {
	if _, ok := ruleTypes[r.Kind()]; !ok {
		return fmt.Errorf("the kind %q has no JSON form", r.Kind())
	}
	fmt.Fprintf(b, `{"kind":%q`, r.Kind())
	v := reflect.ValueOf(r)
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || v.Field(i).IsZero() {
			continue
		}
		fmt.Fprintf(b, `,%q:`, strings.ToLower(f.Name))
		writeValue(b, v.Field(i))
	}
	b.WriteByte('}')
	return nil
}

func writeValue(b *bytes.Buffer, v reflect.Value) {
	switch {
	case v.Type() == cellType:
		fmt.Fprintf(b, "%q", v.Interface().(variant.Cell).String())
	case v.Kind() == reflect.Slice || v.Kind() == reflect.Array:
		b.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, v.Index(i))
		}
		b.WriteByte(']')
	case v.Kind() == reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case v.Kind() == reflect.Int:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	default:
		panic("vtext: a rule field of type " + v.Type().String()) // TestRuleTypes covers every kind
	}
}

// ErrJSON is wrapped by the errors of ReadJSON about the shape of the text.
var ErrJSON = errors.New("rules JSON")

// ReadJSON reads one rules JSON object into a valid puzzle. Errors are
// *PlaceError values; the column is that of the rule at fault where there
// is one.
func ReadJSON(data []byte) (*variant.Puzzle, error) {
	var raw struct {
		Size    *int
		Grid    json.RawMessage
		Regions json.RawMessage
		Rules   []json.RawMessage
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&raw); err != nil {
		off := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			off = max(int(se.Offset)-1, 0) // Offset is just after the bad byte
		case errors.As(err, &te):
			off = int(te.Offset)
		}
		return nil, place(data, off, fmt.Errorf("%w: %v", ErrJSON, err))
	}
	if rest := bytes.TrimSpace(data[d.InputOffset():]); len(rest) > 0 {
		return nil, place(data, int(d.InputOffset()), fmt.Errorf("%w: text after the object", ErrJSON))
	}
	at := func(part []byte) int { return max(bytes.Index(data, part), 0) }
	if raw.Size == nil {
		return nil, place(data, 0, fmt.Errorf(`%w: no "size"`, ErrJSON))
	}
	n := *raw.Size
	if n < variant.MinSize || n > variant.MaxSize {
		return nil, place(data, 0, fmt.Errorf("%w: size %d is not in %d..%d", ErrJSON, n, variant.MinSize, variant.MaxSize))
	}
	p := variant.New(n)
	if raw.Grid != nil {
		g, err := readCells(raw.Grid, n, symbols, '.', 0)
		if err != nil {
			return nil, place(data, at(raw.Grid), fmt.Errorf("%w: grid: %v", ErrJSON, err))
		}
		p.Givens = g
	}
	if raw.Regions != nil {
		if string(raw.Regions) == `"none"` {
			p.Regions = nil
		} else {
			r, err := readCells(raw.Regions, n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, -1)
			if err != nil {
				return nil, place(data, at(raw.Regions), fmt.Errorf("%w: regions: %v", ErrJSON, err))
			}
			p.Regions = r
		}
	}
	for k, rr := range raw.Rules {
		r, err := readRule(rr)
		if err != nil {
			return nil, place(data, at(rr), fmt.Errorf("%w: rule %d: %v", ErrJSON, k+1, err))
		}
		p.Rules = append(p.Rules, r)
	}
	if err := p.Validate(); err != nil {
		off := 0
		var re *variant.RuleError
		if errors.As(err, &re) && re.Rule >= 0 {
			off = at(raw.Rules[re.Rule])
		} else if raw.Regions != nil {
			off = at(raw.Regions)
		}
		return nil, place(data, off, err)
	}
	return p, nil
}

// readCells reads n*n values: a string of symbols (blank, if not 0, is a
// 0; the value of symbols[i] is i+1+shift) or an array of numbers.
func readCells(raw json.RawMessage, n int, syms string, blank byte, shift int) ([]int, error) {
	out := make([]int, n*n)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if len(s) != n*n {
			return nil, fmt.Errorf("%d symbols for %d cells", len(s), n*n)
		}
		for i := range len(s) {
			if s[i] == blank || blank != 0 && s[i] == '0' {
				continue
			}
			k := strings.IndexByte(syms, s[i])
			if k < 0 || k+1+shift > n || k+1+shift < 0 {
				return nil, fmt.Errorf("%q at %s is not a symbol for %dx%d", s[i], variant.CellName(i, n), n, n)
			}
			out[i] = k + 1 + shift
		}
		return out, nil
	}
	var vs []int
	if err := json.Unmarshal(raw, &vs); err != nil {
		return nil, errors.New("want a string or an array of numbers")
	}
	if len(vs) != n*n {
		return nil, fmt.Errorf("%d numbers for %d cells", len(vs), n*n)
	}
	return vs, nil
}

func readRule(raw json.RawMessage) (variant.Rule, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, errors.New("want an object")
	}
	var kind string
	if err := json.Unmarshal(fields["kind"], &kind); err != nil || kind == "" {
		return nil, errors.New(`no "kind"`)
	}
	t, ok := ruleTypes[kind]
	if !ok {
		return nil, fmt.Errorf("unknown kind %q", kind)
	}
	v := reflect.New(t).Elem()
	for name, fr := range fields {
		if name == "kind" {
			continue
		}
		f := -1
		for i := range t.NumField() {
			if t.Field(i).IsExported() && strings.ToLower(t.Field(i).Name) == name {
				f = i
			}
		}
		if f < 0 {
			return nil, fmt.Errorf("a %s rule has no field %q", kind, name)
		}
		if err := readValue(v.Field(f), fr); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	return v.Interface().(variant.Rule), nil
}

func readValue(v reflect.Value, raw json.RawMessage) error {
	switch {
	case v.Type() == cellType:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return errors.New(`want a cell name like "r1c1"`)
		}
		c, ok := parseCell(s)
		if !ok {
			return fmt.Errorf("%q is not a cell name like \"r1c1\"", s)
		}
		v.Set(reflect.ValueOf(c))
	case v.Kind() == reflect.Slice || v.Kind() == reflect.Array:
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return errors.New("want an array")
		}
		if v.Kind() == reflect.Array && len(items) != v.Len() {
			return fmt.Errorf("want %d items, not %d", v.Len(), len(items))
		}
		if v.Kind() == reflect.Slice {
			v.Set(reflect.MakeSlice(v.Type(), len(items), len(items)))
		}
		for i, it := range items {
			if err := readValue(v.Index(i), it); err != nil {
				return err
			}
		}
	case v.Kind() == reflect.Bool:
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return errors.New("want true or false")
		}
		v.SetBool(b)
	case v.Kind() == reflect.Int:
		var x int
		if err := json.Unmarshal(raw, &x); err != nil {
			return errors.New("want a whole number")
		}
		v.SetInt(int64(x))
	default:
		return fmt.Errorf("a field of type %s", v.Type())
	}
	return nil
}

// parseCell reads "r1c1" (any case).
func parseCell(s string) (variant.Cell, bool) {
	s = strings.ToLower(s)
	if len(s) < 4 || s[0] != 'r' {
		return variant.Cell{}, false
	}
	r, c, ok := strings.Cut(s[1:], "c")
	if !ok {
		return variant.Cell{}, false
	}
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil || row < 1 || col < 1 || row > variant.MaxSize || col > variant.MaxSize {
		return variant.Cell{}, false
	}
	return variant.Cell{Row: row, Col: col}, true
}
