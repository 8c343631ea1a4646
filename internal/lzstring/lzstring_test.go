package lzstring

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The vectors were worked out by hand from the bit layout in the package
// comment; "aa" uses a dictionary code, "€" a 16-bit literal.
var vectors = []struct{ text, base64, uri string }{
	{"", "Q===", "Q"},
	// 00 (literal, 2 bits) 10000110 ('a' = 97, LSB first) 010 (end, 3
	// bits) + padding: 001000 011001 0|00000 = I Z A.
	{"a", "IZA=", "IZA"},
	// literal 'a', then code 3 in 3 bits, then end: I b I.
	{"aa", "IbI=", "IbI"},
	// 10 (16-bit literal) 0x20AC LSB first, 010 (end): j U E Q.
	{"€", "jUEQ", "jUEQ"},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		if got := CompressToBase64(v.text); got != v.base64 {
			t.Errorf("CompressToBase64(%q) = %q, want %q", v.text, got, v.base64)
		}
		if got := CompressToEncodedURIComponent(v.text); got != v.uri {
			t.Errorf("CompressToEncodedURIComponent(%q) = %q, want %q", v.text, got, v.uri)
		}
		if got, err := DecompressFromBase64(v.base64); err != nil || got != v.text {
			t.Errorf("DecompressFromBase64(%q) = %q, %v; want %q", v.base64, got, err, v.text)
		}
		if got, err := DecompressFromEncodedURIComponent(v.uri); err != nil || got != v.text {
			t.Errorf("DecompressFromEncodedURIComponent(%q) = %q, %v; want %q", v.uri, got, err, v.text)
		}
	}
}

// TestFPuzzlesPrefix: every f-puzzles link to a 9x9 puzzle starts with the
// same characters, the compressed form of `{"size":9,"grid":[[{` ...
func TestFPuzzlesPrefix(t *testing.T) {
	got := CompressToBase64(`{"size":9,"grid":[[{},{},{}]]}`)
	if want := "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9"; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want the prefix %q", got, want)
	}
}

// refCompress is the algorithm as it is usually described: a dictionary
// of strings, a set of characters still to be written as literals, and a
// list of bits. Slow and plain, it checks the trie-based encoder.
func refCompress(s, alphabet string) string {
	units := utf16.Encode([]rune(s))
	dict := map[string]int{}
	toCreate := map[string]bool{}
	var bits []int
	put := func(v, n int) {
		for range n {
			bits = append(bits, v&1)
			v >>= 1
		}
	}
	size, numBits, enlargeIn := 3, 2, 2
	grow := func() {
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	out := func(w string) {
		if toCreate[w] {
			u := int(w[0])<<8 | int(w[1])
			if u < 256 {
				put(0, numBits)
				put(u, 8)
			} else {
				put(1, numBits)
				put(u, 16)
			}
			grow()
			delete(toCreate, w)
		} else {
			put(dict[w], numBits)
		}
		grow()
	}
	key := func(u []uint16) string {
		var b []byte
		for _, x := range u {
			b = append(b, byte(x>>8), byte(x))
		}
		return string(b)
	}
	var w []uint16
	for _, c := range units {
		ck := key([]uint16{c})
		if _, ok := dict[ck]; !ok {
			dict[ck] = size
			size++
			toCreate[ck] = true
		}
		wc := append(append([]uint16{}, w...), c)
		if _, ok := dict[key(wc)]; ok {
			w = wc
			continue
		}
		out(key(w))
		dict[key(wc)] = size
		size++
		w = []uint16{c}
	}
	if len(w) > 0 {
		out(key(w))
	}
	put(2, numBits)
	bits = append(bits, 0) // at least one padding bit
	for len(bits)%6 != 0 {
		bits = append(bits, 0)
	}
	var b strings.Builder
	for i := 0; i < len(bits); i += 6 {
		v := 0
		for _, bit := range bits[i : i+6] {
			v = v<<1 | bit
		}
		b.WriteByte(alphabet[v])
	}
	return b.String()
}

func randomText(r *rand.Rand) string {
	var b strings.Builder
	n := r.IntN(300)
	letters := []rune("ab{}[]\":,0123456789éR€😀")
	for range n {
		switch r.IntN(10) {
		case 0:
			b.WriteRune(rune(r.IntN(0x10FFFF)))
		default:
			b.WriteRune(letters[r.IntN(len(letters)-r.IntN(len(letters)))])
		}
	}
	return strings.ToValidUTF8(b.String(), "?")
}

func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		s := randomText(r)
		want := refCompress(s, uriAlphabet)
		if got := CompressToEncodedURIComponent(s); got != want {
			t.Fatalf("CompressToEncodedURIComponent(%q) = %q, reference %q", s, got, want)
		}
		if back, err := DecompressFromEncodedURIComponent(want); err != nil || back != string([]rune(s)) {
			t.Fatalf("round trip of %q: %q, %v", s, back, err)
		}
	}
}

func TestRoundTripLong(t *testing.T) {
	// A text long enough for codes of 14+ bits, with much repetition (as
	// f-puzzles JSON has) and some noise.
	var b strings.Builder
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		b.WriteString(`{"value":`)
		b.WriteByte(byte('1' + i%9))
		if r.IntN(7) == 0 {
			b.WriteString(`,"given":true`)
		}
		b.WriteString("},")
	}
	s := b.String()
	c := CompressToBase64(s)
	if len(c) > len(s)/5 {
		t.Errorf("%d characters compress to %d: no better than 5:1", len(s), len(c))
	}
	back, err := DecompressFromBase64(c)
	if err != nil || back != s {
		t.Fatalf("round trip failed: %v (%d characters back of %d)", err, len(back), len(s))
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		uri    bool
		err    error
		offset int
	}{
		{"", false, ErrTruncated, 0},
		{"I", false, ErrTruncated, 1},  // 'a' needs more bits than one character
		{"IZ", false, ErrTruncated, 2}, // the end code is missing
		{"IZ A", false, ErrChar, 2},    // a space inside
		{"IZ\xffA", false, ErrChar, 2}, // not ASCII
		{"IZ/A", true, ErrChar, 2},     // '/' is not in the URI alphabet
		{"IZ$A", false, ErrChar, 2},    // '$' is not in the base64 alphabet
		{"w", false, ErrCode, 0},       // first code 3: no entry yet
		{"IY/", false, ErrCode, 2},     // 'a', code 4 (the entry being made: "aa"), code 7 of 5
	}
	for _, tt := range tests {
		var err error
		if tt.uri {
			_, err = DecompressFromEncodedURIComponent(tt.in)
		} else {
			_, err = DecompressFromBase64(tt.in)
		}
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || e.Offset != tt.offset {
			t.Errorf("decompress(%q) = %v, want %v at character %d", tt.in, err, tt.err, tt.offset+1)
		}
	}
}

func TestTooLong(t *testing.T) {
	c := CompressToBase64(strings.Repeat("a", 2000))
	if got, err := decompress(c, base64Alphabet, 2000); err != nil || len(got) != 2000 {
		t.Fatalf("decompress with a limit of 2000: %d characters, %v", len(got), err)
	}
	if _, err := decompress(c, base64Alphabet, 1999); !errors.Is(err, ErrTooLong) {
		t.Errorf("decompress with a limit of 1999: %v, want ErrTooLong", err)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.text)
	}
	f.Add(`{"size":9,"grid":[[{"value":5,"given":true},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"10"}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		want := string([]rune(s)) // invalid UTF-8 reads as U+FFFD
		for _, enc := range []struct {
			c func(string) string
			d func(string) (string, error)
		}{
			{CompressToBase64, DecompressFromBase64},
			{CompressToEncodedURIComponent, DecompressFromEncodedURIComponent},
		} {
			got, err := enc.d(enc.c(s))
			if err != nil || got != want {
				t.Fatalf("round trip of %q: %q, %v", s, got, err)
			}
		}
	})
}

func FuzzDecompress(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.base64)
	}
	f.Add(CompressToBase64(`{"size":9,"grid":[[{},{},{}]]}`))
	f.Fuzz(func(t *testing.T, in string) {
		out, err := DecompressFromBase64(in)
		if err != nil {
			return
		}
		if !utf8.ValidString(out) {
			t.Fatalf("DecompressFromBase64(%q) = invalid UTF-8 %q", in, out)
		}
	})
}
