package format

import (
	"fmt"
	"strings"
)

// The table of formats: one row per Format, which reading and writing
// look up instead of listing the formats.

// ruleSet is a set of the rules a format's grids can hold.
type ruleSet uint8

// The rules a format's grids can hold.
const (
	// classic is the rules of every grid: rows, columns and boxes hold
	// each symbol once.
	classic ruleSet = 1 << iota
	// variants is the rules of package variant (killer cages, jigsaw
	// regions, X, thermometers ...): the variant formats hold them.
	variants
)

// spec is a format's row in the table of formats.
type spec struct {
	name string // as Lookup takes it and String gives it
	// detect says how a record of the format is told when none is
	// forced; decoders.auto makes the tests, in the order of the package
	// documentation.
	detect string
	// read reads a record whose first line is the current line, text,
	// its first non-blank byte text[s]: nil and no error for a line that
	// only starts a block (a count line, a CSV header, an XML document).
	read func(d *decoders, text []byte, s int) (*Puzzle, error)
	// write appends a record; nil for a format that is read only.
	write func(dst []byte, rec *record) ([]byte, error)
	// only9 is "" for a format that holds every order (2..8), and for a
	// 9x9 format what Write's error says: "<only9> 9x9, not 4x4".
	only9     string
	rules     ruleSet // the rules its grids can hold
	multiLine bool    // a record is several lines; a Writer puts an empty line between records
	head      string  // what a Writer writes before the first record
}

// formats is the table of formats, one row per Format. A new format is a
// constant in format.go, a row here, a file with its reader and writer
// side by side (lines.go is a small one; the reader takes the source, and
// a decoder of its own in decoders if it keeps state between records),
// its specification in doc.go, its detection, if it is detected, in
// decoders.auto (detect.go), and, for a record that holds more than a
// grid (variant rules), a field of Puzzle and of record.
var formats = [...]spec{
	Auto: {name: "auto", detect: "every record on its own (see Detection in the package documentation)", read: (*decoders).auto1,
		write: writeLine, rules: classic},
	Line: {name: "line", detect: "a word of side² symbols, or anything no other test claims", read: plain(lineOrFast),
		write: writeLine, rules: classic},
	Groups: {name: "groups", detect: "side words of side symbols on one line", read: plain(groupsRecord),
		write: writeGroups, rules: classic},
	Numbers: {name: "numbers", detect: "a line of two or more words, the first of at most 2 characters", read: readNumbers,
		write: writeNumbers, rules: classic, multiLine: true},
	Counted: {name: "counted", detect: "a line holding one number, then grids", read: readCount,
		rules: classic},
	Pretty: {name: "pretty", detect: "a line starting with + | * - = or holding '|'", read: readBoxed,
		write: writePretty, rules: classic, multiLine: true},
	SDK: {name: "sdk", detect: "a line of one word of side symbols, or a \"[\" section line", read: readSDK,
		write: writeSDK, rules: classic, multiLine: true},
	SS: {name: "ss", detect: "as Pretty (both read any boxed grid)", read: readBoxed,
		write: writeSS, rules: classic, multiLine: true},
	JSON: {name: "json", detect: "a line starting with '{'", read: plain(jsonRecord),
		write: writeJSON, rules: classic},
	Sukaku: {name: "sukaku", detect: "a word of 729 symbols (9x9 only)", read: plain(sukakuRecord),
		write: writeSukaku, rules: classic},
	Pencil: {name: "pencil", detect: "a line starting with \".-\"", read: readPencil,
		write: writePencil, rules: classic, multiLine: true},
	CSV: {name: "csv", detect: "a header line naming the puzzle column", read: readCSVHeader,
		write: writeCSV, rules: classic, head: "puzzle,solution\n"},
	Wiki: {name: "sudokuwiki", detect: "a word \"S9B\" and 162 base-36 digits, or a URL with \"bd=\"", read: plain(wikiRecord),
		write: writeWiki, only9: "a sudokuwiki board is", rules: classic},
	HoDoKu: {name: "hodoku", detect: "a line starting with ':' that holds 6 or 7 colons", read: plain(hodokuRecord),
		write: writeHoDoKu, only9: "a HoDoKu library line is", rules: classic},
	Bank: {name: "bank", detect: "a word of 12 hex digits, then a line grid", read: plain(bankRecord),
		write: writeBank, rules: classic},
	OpenSudoku: {name: "opensudoku", detect: "an XML document, <?xml or <opensudoku", read: readXMLStart,
		write: writeOpenSudoku, only9: "an OpenSudoku game is", rules: classic},
	SadMan: {name: "sadman", detect: "a \"[Puzzle]\" section followed by [State] or [PencilMarks]", read: readSDK,
		write: writeSadMan, rules: classic, multiLine: true},
	SDX: {name: "sdx", detect: "rows of 9 words of candidates, \"u5\" a placed value", read: readSDX,
		write: writeSDX, rules: classic, multiLine: true},
	SSMarks: {name: "ssmarks", detect: "a 9x9 SS grid followed by a grid of values or of pencil marks", read: readSSMarks1,
		write: writeSSMarks, only9: "Simple Sudoku's grids are", rules: classic, multiLine: true},
	FPuzzles: {name: "fpuzzles", detect: "with Variants: a JSON object with \"size\", f-puzzles' keys", read: readV(FPuzzles),
		write: variantWriter(FPuzzles), rules: classic | variants},
	Link: {name: "link", detect: "with Variants: a line holding \"?load=\" or \"/fpuzzles\", or starting \"N4Ig\"", read: readV(Link),
		write: variantWriter(Link), rules: classic | variants},
	Rules: {name: "rules", detect: "with Variants: a JSON object with \"size\" and \"rules\"", read: readV(Rules),
		write: variantWriter(Rules), rules: classic | variants},
	Jigsaw: {name: "jigsaw", detect: "with Variants: side rows of givens, then side rows of region letters", read: readV(Jigsaw),
		write: variantWriter(Jigsaw), rules: classic | variants, multiLine: true},
	Killer: {name: "killer", detect: "with Variants: rows of cage letters, then lines of sums (\"A=10\")", read: readV(Killer),
		write: variantWriter(Killer), rules: classic | variants, multiLine: true},
}

// plain makes the read function of a format without state of its own.
func plain(read func(r *source, text []byte, s int) (*Puzzle, error)) func(*decoders, []byte, int) (*Puzzle, error) {
	return func(d *decoders, text []byte, s int) (*Puzzle, error) { return read(&d.in, text, s) }
}

// The read functions of the formats whose reading starts elsewhere than
// at their first line, or that need a family's state.

func readNumbers(d *decoders, _ []byte, _ int) (*Puzzle, error) {
	return rows(&d.in, kindNumbers, Numbers, d.in.curLine)
}

func readCount(d *decoders, text []byte, s int) (*Puzzle, error) {
	return d.count.record(&d.in, text, s)
}

func readBoxed(d *decoders, _ []byte, _ int) (*Puzzle, error) { return boxed(&d.in, &d.pm) }

func readSDK(d *decoders, _ []byte, _ int) (*Puzzle, error) { return d.sect.sdk(&d.in) }

func readSDX(d *decoders, _ []byte, _ int) (*Puzzle, error) {
	return d.sect.sdx(&d.in, d.in.curLine)
}

func readPencil(d *decoders, _ []byte, _ int) (*Puzzle, error) { return d.pm.read(&d.in) }

func readCSVHeader(d *decoders, text []byte, s int) (*Puzzle, error) {
	return d.csv.start(&d.in, text, s)
}

func readXMLStart(d *decoders, text []byte, s int) (*Puzzle, error) {
	return nil, d.xml.line(&d.in, text, s)
}

func readSSMarks1(d *decoders, _ []byte, _ int) (*Puzzle, error) {
	return readSSMarks(&d.in, &d.pm)
}

// readV makes the read function of variant format f.
func readV(f Format) func(*decoders, []byte, int) (*Puzzle, error) {
	return func(d *decoders, _ []byte, _ int) (*Puzzle, error) { return readVariant(&d.in, f) }
}

// spec returns the row of f, or Auto's for a value that is no format.
func (f Format) spec() *spec {
	if f < 0 || int(f) >= len(formats) {
		return &formats[Auto]
	}
	return &formats[f]
}

// String returns the name of the format, as accepted by Lookup.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formats) {
		return formats[f].name
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Lookup returns the format with the given name, as listed by
// Format.String.
func Lookup(name string) (Format, error) {
	names := make([]string, len(formats))
	for i := range formats {
		if strings.EqualFold(formats[i].name, name) {
			return Format(i), nil
		}
		names[i] = formats[i].name
	}
	return Auto, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(names, ", "))
}
