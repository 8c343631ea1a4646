package vtext

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/gosudoku/sudoku/internal/fpuzzles"
	"github.com/gosudoku/sudoku/internal/lzstring"
	"github.com/gosudoku/sudoku/variant"
)

// SudokuPad links. A SudokuPad link names its puzzle by an id, in the path
// ("https://sudokupad.app/<id>") or as "?puzzleid=<id>", on sudokupad.app,
// its beta, svencodes.com or app.crackingthecryptic.com. The id says how
// the puzzle is carried:
//
//   - "fpuzzles<data>": f-puzzles JSON, compressed as f-puzzles links are
//     (read by ReadFPuzzles);
//   - "scl<data>" and "ctc<data>": SudokuPad's own JSON, compressed
//     (LZ-string base64) and, for scl, "zipped" (short keys, unquoted,
//     empty objects and colours abbreviated);
//   - anything else is a short id ("wsj7iunsg6", "user/puzzle-name") whose
//     puzzle is kept on SudokuPad's server: ErrNeedsNetwork, since reading
//     it would mean fetching it.
//
// SudokuPad's JSON draws a puzzle rather than stating its rules: it has
// givens, regions, cages with their sums, and shapes (lines, arrows,
// circles, dots, text). ReadSudokuPad reads the givens, the regions, the
// cages as killer cages, and the dots between two cells as kropki (white
// and black) and XV marks; a puzzle with other shapes (a line could be a
// thermometer, a whisper or a renban) is refused with an error naming
// them, never read as a puzzle with fewer rules.

// ErrNeedsNetwork is wrapped by the error for a link whose puzzle is kept
// on another server (a SudokuPad short link, an f-puzzles "?id=" link):
// nothing here fetches it.
var ErrNeedsNetwork = errors.New("the link needs the network")

// sudokuPadHosts are the hosts of SudokuPad.
var sudokuPadHosts = []string{"sudokupad.app", "sudokupad.svencodes.com", "app.crackingthecryptic.com", "crackingthecryptic.com/sudoku"}

// IsSudokuPad reports whether s (trimmed) is a SudokuPad link, or an id
// in SudokuPad's own form ("scl..." or "ctc..."), which ReadSudokuPad reads.
func IsSudokuPad(s string) bool {
	s = strings.TrimSpace(s)
	for _, h := range sudokuPadHosts {
		if strings.Contains(s, h) {
			return true
		}
	}
	return sudokuPadID(s)
}

// sudokuPadID reports whether s looks like a bare SudokuPad id of
// SudokuPad's JSON: "scl" or "ctc" and LZ-string base64.
func sudokuPadID(s string) bool {
	if len(s) < 8 || !strings.HasPrefix(s, "scl") && !strings.HasPrefix(s, "ctc") {
		return false
	}
	return strings.Trim(s[3:], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=%-$") == ""
}

// IsShortLink reports whether s is a link whose puzzle is kept on another
// server: an f-puzzles "?id=" link or a SudokuPad link without the puzzle.
func IsShortLink(s string) bool {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "f-puzzles.com") && strings.Contains(s, "?id=") {
		return true
	}
	if !IsSudokuPad(s) {
		return false
	}
	id, err := sudokuPadPuzzleID(s)
	return err == nil && !strings.HasPrefix(id, "fpuzzles") && !strings.HasPrefix(id, "scl") && !strings.HasPrefix(id, "ctc")
}

// sudokuPadPuzzleID returns the puzzle id of a SudokuPad link.
func sudokuPadPuzzleID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "puzzleid="); i >= 0 {
		s = s[i+len("puzzleid="):]
	} else if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
		j := strings.IndexByte(s, '/')
		if j < 0 {
			return "", fmt.Errorf("%w: the SudokuPad link names no puzzle", ErrNotLink)
		}
		s = s[j+1:]
		s = strings.TrimPrefix(s, "sudoku/") // crackingthecryptic.com/sudoku/<id>
		if strings.HasPrefix(s, "?") {
			return "", fmt.Errorf("%w: the SudokuPad link names no puzzle", ErrNotLink)
		}
	}
	if i := strings.IndexAny(s, "&#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return "", fmt.Errorf("%w: the SudokuPad link names no puzzle", ErrNotLink)
	}
	return s, nil
}

// unescapeURL undoes the URL escapes a link's data may carry.
var unescapeURL = strings.NewReplacer("%2B", "+", "%2b", "+", "%2F", "/", "%2f", "/", "%3D", "=", "%3d", "=", " ", "+")

// ReadSudokuPad reads the puzzle of a SudokuPad link (see the forms above)
// or of a bare "scl..."/"ctc..." id. A short link is an error wrapping
// ErrNeedsNetwork; a rule the drawing cannot tell is an error wrapping
// fpuzzles.ErrUnsupported that names the shapes.
func ReadSudokuPad(s string) (*variant.Puzzle, error) {
	id := strings.TrimSpace(s)
	if !sudokuPadID(id) {
		var err error
		if id, err = sudokuPadPuzzleID(s); err != nil {
			return nil, err
		}
	}
	switch {
	case strings.HasPrefix(id, "fpuzzles"):
		return ReadLink("/" + id)
	case strings.HasPrefix(id, "scl"), strings.HasPrefix(id, "ctc"):
		text, err := lzstring.DecompressFromBase64(unescapeURL.Replace(id[3:]))
		if err != nil {
			return nil, fmt.Errorf("%w: SudokuPad data: %w", ErrNotLink, err)
		}
		return ReadSudokuPadJSON([]byte(text))
	}
	return nil, fmt.Errorf("%w: %q is a SudokuPad short link, whose puzzle is kept on SudokuPad's server, "+
		"and nothing here fetches it; paste the puzzle's long link instead (SudokuPad's \"scl...\" or "+
		"\"fpuzzles...\" link, or f-puzzles' \"?load=...\")", ErrNeedsNetwork, id)
}

// The zipped form's abbreviations (SudokuPad's PuzzleZipper), short to long.
var spKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
	"h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
	"fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
	"te": "text", "d": "duration", "d2": "d",
}

var (
	spKey    = regexp.MustCompile(`([,{\[])([a-zA-Z0-9]+):`)
	spFalse  = regexp.MustCompile(`(:)f([,}\]])`)
	spTrue   = regexp.MustCompile(`(:)t([,}\]])`)
	spBlack  = regexp.MustCompile(`(:)#0([,}\]])`)
	spWhite  = regexp.MustCompile(`(:)#F([,}\]])`)
	spColour = regexp.MustCompile(`(:)([0-9a-fA-F]{6})([,}\]])`)
)

// unzipSudokuPad turns SudokuPad's zipped JSON into JSON, as SudokuPad
// does: quotes, keys quoted, elided empty objects restored, booleans and
// colours spelled out (the keys stay short; spPuzzle reads both).
func unzipSudokuPad(z string) string {
	if !strings.Contains(z, `"`) {
		z = strings.ReplaceAll(z, `\'`, "\u2019")
		z = strings.ReplaceAll(z, `'`, `"`)
		z = strings.ReplaceAll(z, "\u2019", `'`)
	}
	z = spKey.ReplaceAllString(z, `$1"$2":`)
	// An empty object was left out between separators: [,,{..}] is
	// [{},{},{..}] ("{}" itself stays).
	var b strings.Builder
	for i := 0; i < len(z); i++ {
		b.WriteByte(z[i])
		if i+1 < len(z) && strings.IndexByte(",{[", z[i]) >= 0 && strings.IndexByte(",}]", z[i+1]) >= 0 && !(z[i] == '{' && z[i+1] == '}') {
			b.WriteString("{}")
		}
	}
	z = b.String()
	for range 2 { // a match takes the separator the next one needs
		z = spFalse.ReplaceAllString(z, "${1}false$2")
		z = spTrue.ReplaceAllString(z, "${1}true$2")
		z = spBlack.ReplaceAllString(z, `$1"#000000"$2`)
		z = spWhite.ReplaceAllString(z, `$1"#FFFFFF"$2`)
		z = spColour.ReplaceAllString(z, `$1"#$2"$3`)
	}
	return z
}

// spPuzzle is the part of SudokuPad's JSON the reader uses, with the
// keys long or short.
type spPuzzle struct {
	Cells     [][]spCell
	Regions   [][][2]float64
	Cages     []spCage
	Lines     []json.RawMessage
	Arrows    []json.RawMessage
	Overlays  []spShape
	Underlays []spShape
	Metadata  map[string]json.RawMessage
}

// spTopKeys are the top-level keys of SudokuPad's JSON the reader knows:
// read above, or drawing nothing that is a rule. Any other key is refused
// (fog of war, triggers ...): it may hide a rule.
var spTopKeys = map[string]bool{
	"id": true, "cells": true, "regions": true, "cages": true, "lines": true, "arrows": true,
	"overlays": true, "underlays": true, "metadata": true, "cellSize": true, "title": true,
	"author": true, "rules": true, "videos": true, "duration": true, "settings": true,
}

type spCell struct {
	Value json.RawMessage
}

type spCage struct {
	Cells [][2]float64
	Value json.RawMessage
}

type spShape struct {
	Center          [2]float64
	Width, Height   float64
	Text            json.RawMessage
	BackgroundColor string
	Rounded         bool
}

// longKeys rewrites v's object keys to their long names.
func longKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if l, ok := spKeys[k]; ok {
				if _, dup := x[l]; !dup {
					k = l
				}
			}
			out[k] = longKeys(e)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = longKeys(e)
		}
	}
	return v
}

// maxSudokuPadJSON bounds the text of one SudokuPad puzzle (a 16x16 with
// every cell drawn is far below it).
const maxSudokuPadJSON = 4 << 20

// ReadSudokuPadJSON reads SudokuPad's puzzle JSON, plain or zipped (see
// ReadSudokuPad for what is read and refused).
func ReadSudokuPadJSON(data []byte) (*variant.Puzzle, error) {
	if len(data) > maxSudokuPadJSON {
		return nil, fmt.Errorf("SudokuPad puzzle: %d bytes, more than %d", len(data), maxSudokuPadJSON)
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		if err2 := json.Unmarshal([]byte(unzipSudokuPad(string(data))), &raw); err2 != nil {
			return nil, fmt.Errorf("SudokuPad puzzle: not SudokuPad's JSON: %w", err)
		}
	}
	long, err := json.Marshal(longKeys(raw))
	if err != nil {
		return nil, fmt.Errorf("SudokuPad puzzle: %w", err)
	}
	var sp spPuzzle
	if err := json.Unmarshal(long, &sp); err != nil {
		return nil, fmt.Errorf("SudokuPad puzzle: %w", err)
	}
	if m, ok := raw.(map[string]any); ok {
		for k := range longKeys(m).(map[string]any) {
			if !spTopKeys[k] {
				return nil, fmt.Errorf("SudokuPad puzzle: the key %q is %w (it may hold a rule)", k, fpuzzles.ErrUnsupported)
			}
		}
	}
	if _, ok := sp.Metadata["bgimage"]; ok {
		return nil, fmt.Errorf("SudokuPad puzzle: part of it is drawn in a background picture (\"bgimage\"), "+
			"whose rules cannot be read: this form is %w; paste the puzzle's f-puzzles link instead", fpuzzles.ErrUnsupported)
	}
	return fromSudokuPad(&sp)
}

// spNumber reads a value SudokuPad writes as a number or a string of one;
// ok is false for anything else (text, null, nothing).
func spNumber(raw json.RawMessage) (int, bool) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, false
	}
	if s[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, false
		}
		s = strings.TrimSpace(s)
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// spText reads a value as text ("" for none).
func spText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if n, ok := spNumber(raw); ok {
		return strconv.Itoa(n)
	}
	return ""
}

// spCellAt returns the cell at a SudokuPad [row, col] (from 0) of a grid
// of side n.
func spCellAt(rc [2]float64, n int) (variant.Cell, error) {
	r, c := rc[0], rc[1]
	if r != math.Trunc(r) || c != math.Trunc(c) || r < 0 || c < 0 || r >= float64(n) || c >= float64(n) {
		return variant.Cell{}, fmt.Errorf("[%g,%g] is not a cell of the %dx%d grid", r, c, n, n)
	}
	return variant.Cell{Row: int(r) + 1, Col: int(c) + 1}, nil
}

// fromSudokuPad makes the puzzle of sp.
func fromSudokuPad(sp *spPuzzle) (*variant.Puzzle, error) {
	n := len(sp.Cells)
	if n < variant.MinSize || n > variant.MaxSize {
		return nil, fmt.Errorf("SudokuPad puzzle: %d rows of cells, want %d to %d", n, variant.MinSize, variant.MaxSize)
	}
	p := variant.New(n)
	for r, row := range sp.Cells {
		if len(row) != n {
			return nil, fmt.Errorf("SudokuPad puzzle: row %d has %d cells, want %d (a grid that is not square)", r+1, len(row), n)
		}
		for c, cell := range row {
			if len(cell.Value) == 0 {
				continue
			}
			v, ok := spNumber(cell.Value)
			if !ok || v < 1 || v > n {
				return nil, fmt.Errorf("SudokuPad puzzle: r%dc%d holds %s, not a value 1 to %d", r+1, c+1, cell.Value, n)
			}
			p.Givens[r*n+c] = v
		}
	}
	if sp.Regions != nil {
		if len(sp.Regions) != n {
			return nil, fmt.Errorf("SudokuPad puzzle: %d regions, want %d", len(sp.Regions), n)
		}
		reg := make([]int, n*n)
		for i := range reg {
			reg[i] = -1
		}
		for k, cells := range sp.Regions {
			for _, rc := range cells {
				cell, err := spCellAt(rc, n)
				if err != nil {
					return nil, fmt.Errorf("SudokuPad puzzle: region %d: %w", k+1, err)
				}
				i := cell.Index(n)
				if reg[i] >= 0 {
					return nil, fmt.Errorf("SudokuPad puzzle: region %d: %v is in region %d too", k+1, cell, reg[i]+1)
				}
				reg[i] = k
			}
		}
		for i, r := range reg {
			if r < 0 {
				return nil, fmt.Errorf("SudokuPad puzzle: %s is in no region", variant.CellName(i, n))
			}
		}
		p.Regions = reg
	}
	for k, cage := range sp.Cages {
		if len(cage.Cells) == 0 {
			continue // metadata: "title: ...", "rules: ...", "solution: ..."
		}
		var kc variant.Cage
		for _, rc := range cage.Cells {
			cell, err := spCellAt(rc, n)
			if err != nil {
				return nil, fmt.Errorf("SudokuPad puzzle: cage %d: %w", k+1, err)
			}
			kc.Cells = append(kc.Cells, cell)
		}
		if len(cage.Value) > 0 {
			sum, ok := spNumber(cage.Value)
			if !ok && spText(cage.Value) != "" {
				return nil, fmt.Errorf("SudokuPad puzzle: cage %d (at %v) is labelled %s, not a sum: the rule it stands for is %w",
					k+1, kc.Cells[0], cage.Value, fpuzzles.ErrUnsupported)
			}
			kc.Sum = sum
		}
		p.Rules = append(p.Rules, kc)
	}
	var other []string
	for _, s := range append(append([]spShape(nil), sp.Overlays...), sp.Underlays...) {
		r, ok := spDot(s, n)
		if !ok {
			other = append(other, fmt.Sprintf("a shape at [%g,%g]", s.Center[0], s.Center[1]))
			continue
		}
		if r != nil {
			p.Rules = append(p.Rules, r)
		}
	}
	if len(sp.Lines) > 0 {
		other = append([]string{plural(len(sp.Lines), "line")}, other...)
	}
	if len(sp.Arrows) > 0 {
		other = append([]string{plural(len(sp.Arrows), "arrow")}, other...)
	}
	if len(other) > 0 {
		if len(other) > 4 {
			other = append(other[:4], fmt.Sprintf("%d more", len(other)-4))
		}
		return nil, fmt.Errorf("SudokuPad puzzle: it draws %s, whose rules SudokuPad does not store "+
			"(a line may be a thermometer, a whisper, a renban ...): this form is %w; paste the puzzle's f-puzzles link instead",
			strings.Join(other, ", "), fpuzzles.ErrUnsupported)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("SudokuPad puzzle: %w", err)
	}
	return p, nil
}

func plural(k int, what string) string {
	if k == 1 {
		return "1 " + what
	}
	return strconv.Itoa(k) + " " + what + "s"
}

// spDot reads a shape that sits on the edge between two neighbouring
// cells: a small dot (white: kropki white; black: kropki black) or an X or
// V. ok is false for any other shape; a shape that draws nothing (no text,
// no colour) gives a nil rule.
func spDot(s spShape, n int) (variant.Rule, bool) {
	r, c := s.Center[0], s.Center[1]
	text := strings.TrimSpace(spText(s.Text))
	bg := strings.ToUpper(s.BackgroundColor)
	if text == "" && (bg == "" || bg == "NONE" || bg == "TRANSPARENT") {
		return nil, true // an empty shape (a frame's filler)
	}
	var a, b variant.Cell
	switch {
	case r == math.Trunc(r) && c-math.Trunc(c) == 0.5 && r > 0 && r < float64(n):
		a = variant.Cell{Row: int(r), Col: int(c) + 1}
		b = variant.Cell{Row: int(r) + 1, Col: int(c) + 1}
	case c == math.Trunc(c) && r-math.Trunc(r) == 0.5 && c > 0 && c < float64(n):
		a = variant.Cell{Row: int(r) + 1, Col: int(c)}
		b = variant.Cell{Row: int(r) + 1, Col: int(c) + 1}
	default:
		return nil, false
	}
	if a.Row < 1 || a.Row > n || b.Row > n || a.Col < 1 || b.Col > n {
		return nil, false
	}
	cells := [2]variant.Cell{a, b}
	switch {
	case text == "X" || text == "x":
		return variant.XV{Cells: cells, Sum: 10}, true
	case text == "V" || text == "v":
		return variant.XV{Cells: cells, Sum: 5}, true
	case text != "" || s.Width > 0.5 || s.Height > 0.5 || s.Width == 0:
		return nil, false
	case bg == "#FFFFFF" || bg == "#FFF" || bg == "WHITE":
		return variant.Kropki{Cells: cells}, true
	case bg == "#000000" || bg == "#000" || bg == "BLACK":
		return variant.Kropki{Cells: cells, Black: true}, true
	}
	return nil, false
}

// readOtherLink reads the links ReadLink hands on: SudokuPad's (other
// than its ".../fpuzzles<data>", which ReadLink reads itself) and short
// links; ok is false for any other text.
func readOtherLink(s string) (p *variant.Puzzle, ok bool, err error) {
	t := strings.TrimSpace(s)
	if strings.Contains(t, "f-puzzles.com") && strings.Contains(t, "?id=") && !strings.Contains(t, "?load=") {
		return nil, true, fmt.Errorf("%w: an f-puzzles short link (\"?id=\") names a puzzle kept on f-puzzles' server, "+
			"and nothing here fetches it; paste the puzzle's long link instead (f-puzzles' \"?load=...\")", ErrNeedsNetwork)
	}
	if !IsSudokuPad(t) || strings.Contains(t, "/fpuzzles") {
		return nil, false, nil
	}
	p, err = ReadSudokuPad(t)
	return p, true, err
}
