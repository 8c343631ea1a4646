package canon

import (
	"bufio"
	"os"
	"strconv"
	"testing"
)

func TestScratch(t *testing.T) {
	data, err := os.ReadFile(os.Getenv("REFIN"))
	if err != nil {
		t.Skip()
	}
	kind := Minlex
	if os.Getenv("PAT") != "" {
		kind = PatternFirst
	}
	ref := os.Getenv("REF") != ""
	var c Canonicalizer
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for len(data) >= 81 {
		line := data[:81]
		var p [81]uint8
		for i := range 81 {
			if ch := line[i]; ch >= '1' && ch <= '9' {
				p[i] = ch - '0'
			}
		}
		fm, _ := c.Cells(&p, kind)
		if ref {
			if fm.Map.apply(&p) != fm.Cells {
				t.Errorf("map does not give form")
			}
			b, n := refMinlex(&p, kind == PatternFirst)
			if b != fm.Cells || n != fm.Automorphisms {
				t.Errorf("%s: got %s %d want %s %d", line, fm, fm.Automorphisms, Form{Cells: b}, n)
			}
		}
		var s [81]byte
		for i, v := range fm.Cells {
			s[i] = '0' + v
			if v == 0 {
				s[i] = '.'
			}
		}
		w.Write(s[:])
		w.WriteByte('\t')
		w.WriteString(strconv.Itoa(fm.Automorphisms))
		w.WriteByte('\n')
		data = data[81:]
		for len(data) > 0 && (data[0] == '\n' || data[0] == '\r') {
			data = data[1:]
		}
	}
}
