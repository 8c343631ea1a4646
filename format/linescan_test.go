package format

import (
	"io"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestDecode checks Decode against what the Reader reads: the same text
// from UTF-8 with and without a byte order mark and from UTF-16 of either
// byte order, with and without one.
func TestDecode(t *testing.T) {
	const text = "1\n1 2 3 4\n3 4 1 2\n"
	le := func(s string, bom bool) string {
		var b []byte
		if bom {
			b = append(b, 0xff, 0xfe)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	be := func(s string, bom bool) string {
		var b []byte
		if bom {
			b = append(b, 0xfe, 0xff)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return string(b)
	}
	for name, in := range map[string]string{
		"utf8": text, "utf8 bom": "\xef\xbb\xbf" + text, "utf16le": le(text, false), "utf16le bom": le(text, true),
		"utf16be": be(text, false), "utf16be bom": be(text, true),
	} {
		b, err := io.ReadAll(Decode(strings.NewReader(in)))
		if err != nil || string(b) != text {
			t.Errorf("%s: %q, %v; want %q", name, b, err, text)
		}
	}
	for _, in := range []string{"", "1", "\xef\xbb", "\xef", "x\x00"} {
		if b, err := io.ReadAll(Decode(strings.NewReader(in))); err != nil || string(b) != in {
			t.Errorf("%q: %q, %v", in, b, err)
		}
	}
}
