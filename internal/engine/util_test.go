package engine

import (
	"fmt"
	"strings"
)

// symbols spells values 1..64.
const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#$"

// parseLine reads one puzzle line of the given order ('.' or '0' blank);
// text after the grid is ignored.
func parseLine(line string, order int) ([]uint8, error) {
	n := order * order * order * order
	if len(line) < n {
		return nil, fmt.Errorf("%d characters, want %d", len(line), n)
	}
	cells := make([]uint8, n)
	for i := range n {
		ch := line[i]
		if ch == '.' || ch == '0' {
			continue
		}
		v := strings.IndexByte(symbols, ch) + 1
		if v < 1 || v > order*order {
			return nil, fmt.Errorf("column %d: %q is not a symbol of order %d", i+1, ch, order)
		}
		cells[i] = uint8(v)
	}
	return cells, nil
}

// format spells cells as one line.
func format(cells []uint8) string {
	b := make([]byte, len(cells))
	for i, v := range cells {
		if v == 0 {
			b[i] = '.'
		} else {
			b[i] = symbols[v-1]
		}
	}
	return string(b)
}
