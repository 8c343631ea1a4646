package vtext

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/internal/lzstring"
	"github.com/gosudoku/sudoku/variant"
)

// zipSudokuPad writes p as SudokuPad's zipped JSON, the way SudokuPad
// writes an "scl" link: short keys, no quotes around keys, empty cells
// left out, givens as numbers, cages with their sums, kropki dots and XV
// marks as small shapes on the edge between their cells. It knows the
// rules ReadSudokuPad reads, and fails the test on any other.
func zipSudokuPad(t *testing.T, p *variant.Puzzle) string {
	t.Helper()
	n := p.Size
	var b strings.Builder
	b.WriteString("{id:'test',metadata:{title:'A test',author:'vtext'},ce:[")
	for r := range n {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for c := range n {
			if c > 0 {
				b.WriteByte(',')
			}
			if v := p.Givens[r*n+c]; v != 0 {
				fmt.Fprintf(&b, "{v:%d}", v)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString("],re:[")
	for k := range n {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		first := true
		for i, reg := range p.Regions {
			if reg == k {
				if !first {
					b.WriteByte(',')
				}
				first = false
				fmt.Fprintf(&b, "[%d,%d]", i/n, i%n)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString("],ca:[{v:'title: A test'}")
	var shapes []string
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Cage:
			b.WriteString(",{ce:[")
			for k, c := range r.Cells {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "[%d,%d]", c.Row-1, c.Col-1)
			}
			b.WriteString("],c:'#000000'")
			if r.Sum != 0 {
				fmt.Fprintf(&b, ",v:'%d'", r.Sum)
			}
			b.WriteString("}")
		case variant.Kropki:
			bg := "#F"
			if r.Black {
				bg = "#0"
			}
			shapes = append(shapes, fmt.Sprintf("{ct:[%g,%g],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:%s,c1:#0}", edge(r.Cells)[0], edge(r.Cells)[1], bg))
		case variant.XV:
			l := "X"
			if r.Sum == 5 {
				l = "V"
			}
			shapes = append(shapes, fmt.Sprintf("{ct:[%g,%g],w:0.3,h:0.3,te:'%s',c:#0,fs:24}", edge(r.Cells)[0], edge(r.Cells)[1], l))
		default:
			t.Fatalf("zipSudokuPad: no SudokuPad form for %v", r)
		}
	}
	b.WriteString("]")
	if len(shapes) > 0 {
		b.WriteString(",o:[" + strings.Join(shapes, ",") + "]")
	}
	b.WriteString("}")
	return b.String()
}

// edge returns SudokuPad's [row, col] of the middle of the edge between two
// neighbouring cells.
func edge(cs [2]variant.Cell) [2]float64 {
	return [2]float64{float64(cs[0].Row+cs[1].Row)/2 - 0.5, float64(cs[0].Col+cs[1].Col)/2 - 0.5}
}

func sclLink(zipped string) string {
	return "https://sudokupad.app/scl" + lzstring.CompressToBase64(zipped)
}

func rulesLine(t *testing.T, p *variant.Puzzle) string {
	t.Helper()
	b, err := WriteJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSudokuPadGenerated writes generated killers and jigsaws in SudokuPad's
// zipped form, reads the scl link back, and wants the same puzzle, with
// one solution, the generator's.
func TestSudokuPadGenerated(t *testing.T) {
	for _, fam := range []string{"killer", "jigsaw", "killer,jigsaw"} {
		for _, size := range []int{4, 6, 9} {
			spec, err := variant.ParseSpec(fam, size)
			if err != nil {
				t.Fatal(err)
			}
			g, err := variant.Generate(context.Background(), spec, uint64(size))
			if err != nil {
				t.Fatal(err)
			}
			link := sclLink(zipSudokuPad(t, g.Puzzle))
			p, err := ReadLink(link)
			if err != nil {
				t.Fatalf("%s %dx%d: %v", fam, size, size, err)
			}
			if got, want := rulesLine(t, p), rulesLine(t, g.Puzzle); got != want {
				t.Errorf("%s %dx%d: read\n%s\nwant\n%s", fam, size, size, got, want)
			}
			res, err := variant.Count(context.Background(), p, 2, variant.Options{})
			if err != nil || res.Count != 1 || fmt.Sprint(res.Solution) != fmt.Sprint(g.Solution) {
				t.Errorf("%s %dx%d: count %d (%v), want the generator's one solution", fam, size, size, res.Count, err)
			}
		}
	}
}

// TestSudokuPadForms reads one puzzle from each form of link that carries
// it and wants the same rules each time.
func TestSudokuPadForms(t *testing.T) {
	p := variant.New(4)
	p.Givens[0] = 1
	p.Rules = []variant.Rule{
		variant.Cage{Cells: []variant.Cell{c(1, 2), c(1, 3)}, Sum: 7},
		variant.Cage{Cells: []variant.Cell{c(4, 4), c(3, 4)}},
		variant.Kropki{Cells: [2]variant.Cell{c(2, 1), c(3, 1)}},
		variant.Kropki{Cells: [2]variant.Cell{c(2, 2), c(2, 3)}, Black: true},
		variant.XV{Cells: [2]variant.Cell{c(4, 1), c(4, 2)}, Sum: 5},
		variant.XV{Cells: [2]variant.Cell{c(3, 2), c(4, 2)}, Sum: 5},
	}
	want := rulesLine(t, p)
	zipped := zipSudokuPad(t, p)
	data := lzstring.CompressToBase64(zipped)
	fp, err := WriteFPuzzles(p)
	if err != nil {
		t.Fatal(err)
	}
	fdata := lzstring.CompressToBase64(string(fp))
	// The same puzzle as plain SudokuPad JSON with long keys ("ctc").
	plain := `{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
		`"cages":[{"cells":[[0,1],[0,2]],"value":7},{"cells":[[3,3],[2,3]]}],` +
		`"overlays":[{"center":[2,0.5],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF"},` +
		`{"center":[1.5,2],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000"},` +
		`{"center":[3.5,1],"text":"V"},{"center":[3,1.5],"text":"V"}]}`
	for _, link := range []string{
		"https://sudokupad.app/scl" + data,
		"https://sudokupad.app/scl" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(data),
		"sudokupad.app/?puzzleid=scl" + data + "&setting-foo=1",
		"https://beta.sudokupad.app/?puzzleid=scl" + data,
		"https://app.crackingthecryptic.com/scl" + data,
		"scl" + data,
		"https://sudokupad.app/ctc" + lzstring.CompressToBase64(plain),
		"https://sudokupad.app/fpuzzles" + fdata,
		"https://sudokupad.app/?puzzleid=fpuzzles" + fdata,
		"https://www.f-puzzles.com/?load=" + fdata,
	} {
		got, err := ReadLink(link)
		if err != nil {
			t.Errorf("%.60s...: %v", link, err)
			continue
		}
		if s := rulesLine(t, got); s != want {
			t.Errorf("%.60s...: read\n%s\nwant\n%s", link, s, want)
		}
	}
}

func TestSudokuPadErrors(t *testing.T) {
	empty4 := "ce:[[,,,],[,,,],[,,,],[,,,]]"
	tests := []struct {
		link string
		is   error  // wrapped, or nil
		want string // in the message
	}{
		{"https://sudokupad.app/wsj7iunsg6", ErrNeedsNetwork, `"wsj7iunsg6" is a SudokuPad short link`},
		{"https://sudokupad.app/marty-sears/parity-fish", ErrNeedsNetwork, "short link"},
		{"https://sudokupad.app/?puzzleid=abcdef", ErrNeedsNetwork, "short link"},
		{"https://www.f-puzzles.com/?id=y3fn7kqx", ErrNeedsNetwork, "f-puzzles short link"},
		{"https://sudokupad.app/", ErrNotLink, "names no puzzle"},
		{sclLink("{" + empty4 + ",l:[{wp:[[0.5,0.5],[0.5,1.5]],c:'#CFCFCF',th:21}]}"), fpuzzles.ErrUnsupported, "draws 1 line"},
		{sclLink("{" + empty4 + ",a:[{wp:[[0.5,0.5],[0.5,1.5]]}],u:[{ct:[0.5,0.5],w:0.8,h:0.8,r:t,c2:'#CFCFCF'}]}"), fpuzzles.ErrUnsupported, "1 arrow, a shape at [0.5,0.5]"},
		{sclLink("{" + empty4 + ",metadata:{bgimage:'https://example.com/a.png'}}"), fpuzzles.ErrUnsupported, "background picture"},
		{sclLink("{" + empty4 + ",foglight:[[0,0]]}"), fpuzzles.ErrUnsupported, `"foglight"`},
		{sclLink("{" + empty4 + ",ca:[{ce:[[0,0],[0,1]],v:'odd'}]}"), fpuzzles.ErrUnsupported, "labelled"},
		{sclLink("{" + empty4 + ",ca:[{ce:[[0,0],[0,4]],v:3}]}"), nil, "[0,4] is not a cell of the 4x4 grid"},
		{sclLink("{" + empty4 + ",re:[[[0,0]]]}"), nil, "1 regions, want 4"},
		{sclLink("{ce:[[,,,],[,,,],[,,,],[,,]]}"), nil, "row 4 has 3 cells"},
		{sclLink("{ce:[[{v:7},,,],[,,,],[,,,],[,,,]]}"), nil, "r1c1 holds 7"},
		{sclLink("{ce:[[,],[,]]}"), nil, "2 rows of cells"},
		{sclLink("not json at all"), nil, "not SudokuPad's JSON"},
		{"https://sudokupad.app/sclAAAA", ErrNotLink, ""},
	}
	for _, tt := range tests {
		_, err := ReadLink(tt.link)
		if err == nil {
			t.Errorf("%.70s: no error, want %q", tt.link, tt.want)
			continue
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%.70s: %v, want it to wrap %v", tt.link, err, tt.is)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.70s: %v, want %q in it", tt.link, err, tt.want)
		}
	}
}

// TestSudokuPadDetect: a reader finds SudokuPad links and short links in
// a stream as links (the short one an error naming it), not classic grids.
func TestSudokuPadDetect(t *testing.T) {
	p := variant.New(4)
	p.Rules = []variant.Rule{variant.Cage{Cells: []variant.Cell{c(1, 1), c(1, 2)}, Sum: 3}}
	in := "https://sudokupad.app/wsj7iunsg6\n" + sclLink(zipSudokuPad(t, p)) + "\n"
	if f, ok := Sniff([]byte(in)); !ok || f != FormLink {
		t.Errorf("Sniff: %v %v, want link", f, ok)
	}
	r := NewReader(strings.NewReader(in))
	if _, err := r.Read(); !errors.Is(err, ErrNeedsNetwork) {
		t.Errorf("short link: %v, want ErrNeedsNetwork", err)
	}
	rec, err := r.Read()
	if err != nil || rec.Form != FormLink || rulesLine(t, rec.Puzzle) != rulesLine(t, p) {
		t.Errorf("scl link: %v %v", rec, err)
	}
}

func TestUnzipSudokuPad(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"{a:[,,{v:5}],b:t,c:#0,d:ff00AA,e:f,g:#F}", `{"a":[{},{},{"v":5}],"b":true,"c":"#000000","d":"#ff00AA","e":false,"g":"#FFFFFF"}`},
		{"{te:'it\\'s',x:{}}", `{"te":"it's","x":{}}`},
		{"[[,],[,]]", `[[{},{}],[{},{}]]`},
	} {
		if got := unzipSudokuPad(tt.in); got != tt.want {
			t.Errorf("unzip %s = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// checkRead is what every fuzz target wants of a read: a valid puzzle or
// an error, never a panic.
func checkRead(t *testing.T, p *variant.Puzzle, err error) {
	if err == nil {
		if verr := p.Validate(); verr != nil {
			t.Fatalf("read a puzzle that is not valid: %v", verr)
		}
	}
}

func FuzzReadSudokuPadJSON(f *testing.F) {
	f.Add("{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,0],[0,1]],v:3}],o:[{ct:[1,0.5],w:0.3,h:0.3,c2:#F}]}")
	f.Add(`{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"regions":[[[0,0]]]}`)
	f.Add("{ce:[[,],[,]],l:[{wp:[[0.5,0.5]]}]}")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ReadSudokuPadJSON([]byte(s))
		checkRead(t, p, err)
	})
}

func FuzzReadSudokuPad(f *testing.F) {
	f.Add("https://sudokupad.app/wsj7iunsg6")
	f.Add("https://sudokupad.app/?puzzleid=scl" + lzstring.CompressToBase64("{ce:[[,,,],[,,,],[,,,],[,,,]]}"))
	f.Add("scl" + lzstring.CompressToBase64("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],o:[{ct:[1,0.5],te:'X'}]}"))
	f.Add("https://www.f-puzzles.com/?id=abc")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ReadLink(s)
		checkRead(t, p, err)
	})
}
