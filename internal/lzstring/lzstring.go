// Package lzstring is the LZ-string compression that f-puzzles and
// SudokuPad links use for their puzzle JSON (the text after "?load=" or
// "/fpuzzles"): an LZW variant over the text's UTF-16 code units whose
// codes grow one bit at a time, written as 6-bit characters.
//
// The bit stream, as this package writes and reads it:
//
//   - Codes 0, 1 and 2 are reserved: 0 is followed by an 8-bit code unit
//     and 1 by a 16-bit one, each a code unit not seen before, which then
//     gets the next free code; 2 ends the stream. The first free code is 3.
//   - Every other code is a dictionary entry: a code unit seen before or a
//     string made of an earlier entry plus the first code unit of the
//     entry after it (classic LZW). Each code written adds one entry.
//   - A code is written in as many bits as the dictionary needs: 2 bits at
//     the start, one more each time the dictionary outgrows them. Values
//     are written least significant bit first; the bits fill each output
//     character from its most significant bit down, and the last
//     character is padded with zero bits (always at least one).
//   - [CompressToBase64] writes 6 bits per character from the alphabet
//     A-Z a-z 0-9 + / and pads with "=" to a multiple of 4;
//     [CompressToEncodedURIComponent] uses A-Z a-z 0-9 + - $ and no padding.
//
// Decompression checks the stream: a character outside the alphabet, a
// code that names no entry or a stream cut before its end code is an
// error, never a guess; its output is bounded by [MaxLen].
package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

const (
	base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	uriAlphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// MaxLen is the most UTF-16 code units a decompressed text may hold (16 Mi):
// far above any puzzle, low enough that a crafted link cannot exhaust memory.
const MaxLen = 1 << 24

// Errors that decompression wraps in an [*Error].
var (
	ErrChar      = errors.New("not a character of the alphabet")
	ErrTruncated = errors.New("the stream ends before its end code")
	ErrCode      = errors.New("a code that names no dictionary entry")
	ErrTooLong   = errors.New("the text is too long")
)

// An Error is a failed decompression: Offset is the index (from 0) of the
// input character where the bad character or code starts.
type Error struct {
	Offset int
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("lz-string: character %d: %v", e.Offset+1, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// CompressToBase64 compresses s and writes the result in base64 characters,
// padded with "=" to a multiple of 4, as LZString.compressToBase64 does.
// Invalid UTF-8 in s is read as U+FFFD.
func CompressToBase64(s string) string {
	out := compress(s, base64Alphabet)
	if n := len(out) % 4; n != 0 {
		out += strings.Repeat("=", 4-n)
	}
	return out
}

// CompressToEncodedURIComponent compresses s into characters that need no
// escaping in a URL, as LZString.compressToEncodedURIComponent does.
func CompressToEncodedURIComponent(s string) string {
	return compress(s, uriAlphabet)
}

// DecompressFromBase64 reverses [CompressToBase64]. Trailing "=" padding is
// optional; spaces and line breaks are not allowed.
func DecompressFromBase64(s string) (string, error) {
	return decompress(s, base64Alphabet, MaxLen)
}

// DecompressFromEncodedURIComponent reverses
// [CompressToEncodedURIComponent]. A space reads as "+" (what a form
// decoder makes of an unescaped "+").
func DecompressFromEncodedURIComponent(s string) (string, error) {
	return decompress(strings.ReplaceAll(s, " ", "+"), uriAlphabet, MaxLen)
}

// bitWriter packs values into 6-bit characters, most significant bit first.
type bitWriter struct {
	alphabet string
	out      []byte
	val, n   int // the bits of the character being filled, and how many
}

// write writes the low nbits of v, least significant first.
func (w *bitWriter) write(v, nbits int) {
	for range nbits {
		w.val = w.val<<1 | v&1
		v >>= 1
		if w.n++; w.n == 6 {
			w.out = append(w.out, w.alphabet[w.val])
			w.val, w.n = 0, 0
		}
	}
}

// flush pads the last character with zero bits; a full last character
// still gets a padding character of its own, as the format requires.
func (w *bitWriter) flush() {
	for {
		w.val <<= 1
		if w.n++; w.n == 6 {
			w.out = append(w.out, w.alphabet[w.val])
			return
		}
	}
}

// compressor is the encoder's state: the dictionary as a trie (an entry's
// code and a following code unit give the longer entry's code), the code
// of each code unit, and the code units not yet written as literals.
type compressor struct {
	bw        bitWriter
	trie      map[uint64]int
	single    map[uint16]int
	pending   map[uint16]bool
	next      int // the code the next entry gets
	numBits   int // bits per code
	enlargeIn int // codes left before numBits grows
}

func (c *compressor) grow() {
	if c.enlargeIn--; c.enlargeIn == 0 {
		c.enlargeIn = 1 << c.numBits
		c.numBits++
	}
}

// emit writes the entry w (a code; unit is its code unit when it is a
// single one): as a literal the first time a code unit is written, as its
// code afterwards.
func (c *compressor) emit(w int, unit uint16, isSingle bool) {
	if isSingle && c.pending[unit] {
		if unit < 256 {
			c.bw.write(0, c.numBits)
			c.bw.write(int(unit), 8)
		} else {
			c.bw.write(1, c.numBits)
			c.bw.write(int(unit), 16)
		}
		c.grow()
		delete(c.pending, unit)
	} else {
		c.bw.write(w, c.numBits)
	}
	c.grow()
}

func compress(s string, alphabet string) string {
	units := utf16.Encode([]rune(s))
	c := compressor{
		bw:        bitWriter{alphabet: alphabet},
		trie:      map[uint64]int{},
		single:    map[uint16]int{},
		pending:   map[uint16]bool{},
		next:      3,
		numBits:   2,
		enlargeIn: 2,
	}
	w, wUnit, wSingle, have := 0, uint16(0), false, false
	for _, u := range units {
		code, seen := c.single[u]
		if !seen {
			code = c.next
			c.single[u] = code
			c.pending[u] = true
			c.next++
		}
		if !have {
			w, wUnit, wSingle, have = code, u, true, true
			continue
		}
		key := uint64(w)<<16 | uint64(u)
		if longer, ok := c.trie[key]; ok {
			w, wSingle = longer, false
			continue
		}
		c.emit(w, wUnit, wSingle)
		c.trie[key] = c.next
		c.next++
		w, wUnit, wSingle = code, u, true
	}
	if have {
		c.emit(w, wUnit, wSingle)
	}
	c.bw.write(2, c.numBits)
	c.bw.flush()
	return string(c.bw.out)
}

// bitReader reads 6-bit characters back, most significant bit first.
type bitReader struct {
	index [256]int8 // character -> value, -1 outside the alphabet
	in    string
	pos   int // the next input character
	val   int // the character being read
	mask  int // the next bit of val to read; 0 when a new one is needed
}

func newBitReader(in, alphabet string) *bitReader {
	r := &bitReader{in: in}
	for i := range r.index {
		r.index[i] = -1
	}
	for i := range len(alphabet) {
		r.index[alphabet[i]] = int8(i)
	}
	if alphabet == base64Alphabet {
		r.index['='] = 0 // padding
	}
	return r
}

// at is the index of the input character holding the next bit.
func (r *bitReader) at() int {
	if r.mask != 0 {
		return r.pos - 1
	}
	return r.pos
}

// read reads an nbits value, least significant bit first.
func (r *bitReader) read(nbits int) (int, error) {
	v := 0
	for i := range nbits {
		if r.mask == 0 {
			if r.pos >= len(r.in) {
				return 0, &Error{Offset: r.pos, Err: ErrTruncated}
			}
			x := r.index[r.in[r.pos]]
			if x < 0 {
				return 0, &Error{Offset: r.pos, Err: ErrChar}
			}
			r.val, r.mask = int(x), 32
			r.pos++
		}
		if r.val&r.mask != 0 {
			v |= 1 << i
		}
		r.mask >>= 1
	}
	return v, nil
}

// span is a dictionary entry in the decompressed text: entries are always
// substrings of the text written so far.
type span struct{ start, n int }

// decompress reads s in alphabet, into at most limit code units.
func decompress(s, alphabet string, limit int) (string, error) {
	if s == "" {
		return "", &Error{Offset: 0, Err: ErrTruncated}
	}
	r := newBitReader(s, alphabet)
	var out []uint16
	dict := []span{{}, {}, {}} // codes 0-2 are reserved
	numBits, enlargeIn := 2, 4
	// literal reads the code unit after code 0 or 1 and adds its entry.
	literal := func(code int) (int, error) {
		nbits := 8
		if code == 1 {
			nbits = 16
		}
		at := r.at()
		u, err := r.read(nbits)
		if err != nil {
			return 0, err
		}
		if len(out) == limit {
			return 0, &Error{Offset: at, Err: ErrTooLong}
		}
		out = append(out, uint16(u))
		dict = append(dict, span{len(out) - 1, 1})
		return len(dict) - 1, nil
	}
	code, err := r.read(numBits)
	if err != nil {
		return "", err
	}
	switch code {
	case 0, 1:
		if _, err := literal(code); err != nil {
			return "", err
		}
	case 2:
		return "", nil
	default:
		return "", &Error{Offset: 0, Err: ErrCode}
	}
	numBits = 3
	w := span{0, 1}
	for {
		at := r.at()
		code, err := r.read(numBits)
		if err != nil {
			return "", err
		}
		var entry span
		switch {
		case code == 2:
			return string(utf16.Decode(out)), nil
		case code < 2:
			c, err := literal(code)
			if err != nil {
				return "", err
			}
			enlargeIn--
			entry = dict[c]
			// The literal is already in the text: the entry is written.
			if enlargeIn == 0 {
				enlargeIn = 1 << numBits
				numBits++
			}
			dict = append(dict, span{w.start, w.n + 1})
			enlargeIn--
			w = entry
			if enlargeIn == 0 {
				enlargeIn = 1 << numBits
				numBits++
			}
			continue
		case code < len(dict):
			entry = dict[code]
		case code == len(dict):
			// The entry being defined: w plus its own first code unit.
			entry = span{len(out), w.n + 1}
		default:
			return "", &Error{Offset: at, Err: ErrCode}
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		if len(out)+entry.n > limit {
			return "", &Error{Offset: at, Err: ErrTooLong}
		}
		start := len(out)
		if code == len(dict) {
			out = append(out, out[w.start:w.start+w.n]...)
			out = append(out, out[w.start])
		} else {
			out = append(out, out[entry.start:entry.start+entry.n]...)
		}
		entry.start = start
		dict = append(dict, span{w.start, w.n + 1})
		enlargeIn--
		w = entry
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}
