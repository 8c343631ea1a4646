package peer

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku/variant"
)

// cellName names the cell at row r and column c (from 0) as the peer
// does: R and C with the numbers in base 17.
func cellName(r, c int) string {
	return "R" + strconv.FormatInt(int64(r+1), 17) + "C" + strconv.FormatInt(int64(c+1), 17)
}

// side returns the side of a square grid of cells cells, 0 if there is
// none between 1 and 16.
func side(cells int) int {
	n := int(math.Round(math.Sqrt(float64(cells))))
	if n < 1 || n > 16 || n*n != cells {
		return 0
	}
	return n
}

// parseGridLine reads text (a part with no whitespace; raw keeps it) in
// the peer's grid forms, trying them in the peer's order. ok is false if
// the text is in none of them.
func parseGridLine(text, raw string) (items []item, ok bool, err error) {
	if len(text) == 1 {
		return nil, false, nil
	}
	if strings.HasPrefix(text, "=") {
		its, ok := plainGrid(text[1:])
		if !ok {
			return nil, false, fmt.Errorf("peer: %q is not a grid", short(text))
		}
		return its, true, nil
	}
	if compactKiller(text) {
		p, err := ParseKiller(text)
		if err != nil {
			return nil, true, err
		}
		for _, r := range p.Rules {
			if c, ok := r.(variant.Cage); ok {
				args := []string{strconv.Itoa(c.Sum)}
				for _, x := range c.Cells {
					args = append(args, cellName(x.Row-1, x.Col-1))
				}
				items = append(items, item{typ: "Cage", args: args})
			}
		}
		return items, true, nil
	}
	if its, ok, err := longKiller(text); ok || err != nil {
		return its, ok, err
	}
	if len(text)%2 == 0 {
		if n := side(len(text) / 2); n > 0 {
			if lay, ok := jigsawLayout(text[n*n:]); ok {
				if giv, ok := plainGrid(text[:n*n]); ok {
					return append(lay, giv...), true, nil
				}
			}
		}
	}
	if its, ok := jigsawLayout(text); ok {
		return its, true, nil
	}
	if its, ok := plainGrid(text); ok {
		return its, true, nil
	}
	if its, ok := numberGrid(raw); ok {
		return its, true, nil
	}
	if its, ok := pencilMarks(text); ok {
		return its, true, nil
	}
	return nil, false, nil
}

var (
	killerArrow = regexp.MustCompile("[<v>^`',]")
	killerChars = regexp.MustCompile("^[0-9A-Za-j^<v>`',.]*$")
)

// compactKiller reports whether text is in the 81-character compact
// killer form.
func compactKiller(text string) bool {
	return len(text) == 81 && killerArrow.MatchString(text) && killerChars.MatchString(text)
}

func shape(n int) item { return item{typ: "Shape", args: []string{fmt.Sprintf("%dx%d", n, n)}} }

// plainGrid reads Size*Size symbols: 1-9 below 10x10, else 0 for a blank
// and A-Z for 1-26; every other symbol a blank, all of them alike.
func plainGrid(text string) ([]item, bool) {
	n := side(len(text))
	if n == 0 {
		return nil, false
	}
	var givens []string
	blank := byte(0)
	for i := 0; i < len(text); i++ {
		ch, v := text[i], 0
		switch {
		case n < 10 && ch >= '1' && ch <= '9':
			v = int(ch - '0')
		case n >= 10 && ch >= 'A' && ch <= 'Z':
			v = int(ch-'A') + 1
		}
		if v >= 1 && v <= n {
			givens = append(givens, fmt.Sprintf("%s_%d", cellName(i/n, i%n), v))
			continue
		}
		if blank != 0 && ch != blank {
			return nil, false
		}
		blank = ch
	}
	return []item{shape(n), {args: givens}}, true
}

// jigsawLayout reads Size*Size region symbols, Size of each.
func jigsawLayout(text string) ([]item, bool) {
	n := side(len(text))
	if n == 0 {
		return nil, false
	}
	count := map[byte]int{}
	for i := 0; i < len(text); i++ {
		count[text[i]]++
	}
	if len(count) != n {
		return nil, false
	}
	for _, k := range count {
		if k != n {
			return nil, false
		}
	}
	return []item{shape(n), {typ: "Jigsaw", args: []string{text}}, {typ: "NoBoxes"}}, true
}

var (
	numberGridChars = regexp.MustCompile(`[^\d\s.|_-]`)
	numberGridParts = regexp.MustCompile(`[.]|\d+`)
)

// numberGrid reads numbers and dots (blanks) between spaces or |_-.
func numberGrid(raw string) ([]item, bool) {
	if numberGridChars.MatchString(raw) {
		return nil, false
	}
	parts := numberGridParts.FindAllString(raw, -1)
	n := side(len(parts))
	if n == 0 {
		return nil, false
	}
	var givens []string
	for i, s := range parts {
		if s != "." {
			givens = append(givens, cellName(i/n, i%n)+"_"+s)
		}
	}
	return []item{shape(n), {args: givens}}, true
}

// pencilMarks reads Size^3 digits and dots: each cell's Size places, a
// digit where its value is a candidate.
func pencilMarks(text string) ([]item, bool) {
	n := int(math.Round(math.Cbrt(float64(len(text)))))
	if n < 1 || n > 9 || n*n*n != len(text) || strings.Trim(text, "0123456789.") != "" {
		return nil, false
	}
	var fields []string
	for i := 0; i < n*n; i++ {
		f := cellName(i/n, i%n)
		for _, ch := range text[i*n : (i+1)*n] {
			if ch != '.' {
				f += "_" + string(ch)
			}
		}
		fields = append(fields, f)
	}
	return []item{shape(n), {args: fields}}, true
}

// longKiller reads SudoCue's killer form, "3x3:d:k:" then 81 numbers
// separated by ":", each 256*sum + cage id (a sum of 0: no cage); "d"
// adds both diagonals.
func longKiller(text string) ([]item, bool, error) {
	if !strings.HasPrefix(text, "3x3:") {
		return nil, false, nil
	}
	parts := strings.Split(text, ":")
	if len(parts) < 3 || parts[2] != "k" || len(parts) != 81+4 {
		return nil, false, nil
	}
	type cage struct {
		sum   int
		cells []string
	}
	var order []int
	cages := map[int]*cage{}
	for i := 0; i < 81; i++ {
		v, err := strconv.Atoi(parts[i+3])
		if err != nil {
			return nil, true, fmt.Errorf("peer: long killer form: field %d (%s): %q is not a number", i+4, cellName(i/9, i%9), parts[i+3])
		}
		id, sum := v%256, v/256
		if sum == 0 {
			continue
		}
		c, ok := cages[id]
		if !ok {
			c = &cage{sum: sum}
			cages[id] = c
			order = append(order, id)
		}
		c.cells = append(c.cells, cellName(i/9, i%9))
	}
	var items []item
	if parts[1] == "d" {
		items = append(items, item{typ: "Diagonal", args: []string{"1"}}, item{typ: "Diagonal", args: []string{"-1"}})
	}
	for _, id := range order {
		c := cages[id]
		items = append(items, item{typ: "Cage", args: append([]string{strconv.Itoa(c.sum)}, c.cells...)})
	}
	return items, true, nil
}
