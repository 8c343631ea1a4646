package format

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// Lines: the line splitter under Reader, and the UTF-16 decoding it
// applies to input that starts as UTF-16 does.

// lineScanner splits a stream into lines ending in "\n", "\r\n" or a
// lone "\r" (as old Mac files end them). It holds one buffer of 64 KiB,
// grown for a long line up to MaxLineLength.
type lineScanner struct {
	rd    io.Reader
	buf   []byte
	r, w  int   // unread data is buf[r:w]
	err   error // the error that ended reading (io.EOF at the end)
	begun bool  // the start of the input was looked at for UTF-16
}

// next returns the next line without its line end, valid until the next
// call. long reports a line longer than MaxLineLength (its text is then
// dropped). At the end of the input it returns io.EOF.
func (s *lineScanner) next() (line []byte, long bool, err error) {
	if !s.begun {
		s.begin()
	}
	scanned := 0 // bytes of buf[s.r:s.w] known to hold no line end
	for {
		data := s.buf[s.r:s.w]
		n := bytes.IndexByte(data[scanned:], '\n')
		lim := len(data)
		if n >= 0 {
			n += scanned
			lim = n
		}
		if c := bytes.IndexByte(data[scanned:lim], '\r'); c >= 0 {
			c += scanned
			switch {
			case c+1 < len(data):
				end := c + 1
				if data[c+1] == '\n' {
					end++
				}
				s.r += end
				return data[:c], long, nil
			case s.err != nil:
				s.r += c + 1
				return data[:c], long, nil
			}
			// A '\r' at the end of the data read so far: read on to see
			// whether '\n' follows.
			scanned = c
		} else if n >= 0 {
			s.r += n + 1
			return data[:n], long, nil
		} else {
			scanned = len(data)
		}
		if s.err != nil {
			if len(data) > 0 || long {
				s.r = s.w
				return data, long, nil
			}
			return nil, false, s.err
		}
		if s.w-s.r > MaxLineLength+1 {
			// Too long: drop what was read, but a final '\r'.
			long = true
			keep := 0
			if data[len(data)-1] == '\r' {
				keep = 1
			}
			s.r = s.w - keep
			scanned = 0
		}
		s.fill()
		if s.err != nil && s.err != io.EOF {
			return nil, false, s.err
		}
	}
}

// fill reads more data, first making room at the end of the buffer.
func (s *lineScanner) fill() {
	if s.r > 0 {
		copy(s.buf, s.buf[s.r:s.w])
		s.w -= s.r
		s.r = 0
	}
	if s.w == len(s.buf) {
		s.buf = append(s.buf, make([]byte, len(s.buf))...)
	}
	for range 100 {
		n, err := s.rd.Read(s.buf[s.w:])
		s.w += n
		if err != nil {
			s.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	s.err = io.ErrNoProgress
}

// begin looks at the first bytes of the input: a UTF-16 byte order mark,
// or an ASCII character followed or preceded by a zero byte, makes the
// scanner decode UTF-16 from then on.
func (s *lineScanner) begin() {
	s.begun = true
	if s.buf == nil {
		s.buf = make([]byte, 64<<10)
	}
	// Read on for the first four bytes only while they could still be
	// UTF-16, so that a short first line typed on a terminal is not held.
	for s.w < 4 && s.err == nil && (s.w < 2 || s.buf[0] == 0 || s.buf[1] == 0) {
		s.fill()
	}
	b := s.buf[s.r:s.w]
	big, skip, ok := utf16Start(b)
	if !ok {
		return
	}
	// Decode what was read and the rest of the input.
	head := append([]byte(nil), b[skip:]...)
	var rest io.Reader = eofReader{s.err}
	if s.err == nil {
		rest = s.rd
	}
	s.rd = &utf16Reader{src: io.MultiReader(bytes.NewReader(head), rest), big: big}
	s.r, s.w, s.err = 0, 0, nil
}

// utf16Start reports whether input that starts with b is UTF-16: b
// starts with a UTF-16 byte order mark (skip is its length), or with two
// ASCII characters each next to a zero byte; big tells the byte order.
// b holds the first 4 bytes, or fewer if the input is shorter or its first
// 2 bytes are not 0 (then it is not UTF-16 without a mark).
func utf16Start(b []byte) (big bool, skip int, ok bool) {
	switch {
	case len(b) >= 2 && b[0] == 0xff && b[1] == 0xfe:
		return false, 2, true
	case len(b) >= 2 && b[0] == 0xfe && b[1] == 0xff:
		return true, 2, true
	case len(b) >= 4 && b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0 && b[0] < 0x80 && b[2] < 0x80:
		return false, 0, true
	case len(b) >= 4 && b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0 && b[1] < 0x80 && b[3] < 0x80:
		return true, 0, true
	}
	return false, 0, false
}

// Decode returns a reader of the text of r in UTF-8, decoded as a Reader
// decodes its input (see Lines in the package documentation): UTF-16,
// with or without a byte order mark, is decoded, and a UTF-8 byte order
// mark is dropped. It is for programs that read a puzzle file their own
// way (sudoku check -yesno reads it number by number).
func Decode(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, 64<<10)
	// Wait for the first four bytes only while they could be UTF-16, so
	// that a short first line typed on a terminal is not held.
	b, _ := br.Peek(2)
	if len(b) == 2 && (b[0] == 0 || b[1] == 0) {
		b, _ = br.Peek(4)
	}
	if bytes.HasPrefix(b, []byte("\xef\xbb")) {
		if b, _ = br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
			br.Discard(3)
		}
		return br
	}
	big, skip, ok := utf16Start(b)
	if !ok {
		return br
	}
	br.Discard(skip)
	return &utf16Reader{src: br, big: big}
}

// eofReader returns err (io.EOF or the error that ended reading).
type eofReader struct{ err error }

func (e eofReader) Read([]byte) (int, error) { return 0, e.err }

// utf16Reader decodes UTF-16 from src into UTF-8. Invalid code units
// become U+FFFD.
type utf16Reader struct {
	src  io.Reader
	big  bool
	in   [4096]byte
	nin  int    // bytes of in not yet decoded (0 or 1)
	out  []byte // decoded bytes; out[pos:] not yet returned
	pos  int
	high rune // a high surrogate waiting for its low half, or 0
	err  error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for u.pos == len(u.out) {
		u.out, u.pos = u.out[:0], 0
		if u.err != nil {
			if u.nin > 0 || u.high != 0 {
				u.nin, u.high = 0, 0
				u.out = utf8.AppendRune(u.out, utf8.RuneError)
				break
			}
			return 0, u.err
		}
		n, err := u.src.Read(u.in[u.nin:])
		u.err = err
		n += u.nin
		k := 0
		for ; k+1 < n; k += 2 {
			c := rune(u.in[k]) | rune(u.in[k+1])<<8
			if u.big {
				c = rune(u.in[k])<<8 | rune(u.in[k+1])
			}
			switch {
			case u.high != 0 && utf16.IsSurrogate(c) && c >= 0xdc00:
				u.out = utf8.AppendRune(u.out, utf16.DecodeRune(u.high, c))
				u.high = 0
				continue
			case u.high != 0:
				u.out = utf8.AppendRune(u.out, utf8.RuneError)
				u.high = 0
			}
			switch {
			case c >= 0xd800 && c < 0xdc00:
				u.high = c
			case utf16.IsSurrogate(c):
				u.out = utf8.AppendRune(u.out, utf8.RuneError)
			default:
				u.out = utf8.AppendRune(u.out, c)
			}
		}
		u.nin = copy(u.in[:], u.in[k:n])
	}
	n := copy(p, u.out[u.pos:])
	u.pos += n
	return n, nil
}

// readByte returns the next byte of the input, after the lines returned
// so far: a reader of a format that is not made of lines (XML) takes its
// bytes from here and leaves the rest to next.
func (s *lineScanner) readByte() (byte, error) {
	if err := s.more(1); err != nil {
		return 0, err
	}
	c := s.buf[s.r]
	s.r++
	return c, nil
}

// peekByte returns the next byte of the input without taking it.
func (s *lineScanner) peekByte() (byte, error) {
	if err := s.more(1); err != nil {
		return 0, err
	}
	return s.buf[s.r], nil
}

// more reads until n bytes are buffered, or returns the error that ended
// the input first.
func (s *lineScanner) more(n int) error {
	if !s.begun {
		s.begin()
	}
	for s.w-s.r < n {
		if s.err != nil {
			return s.err
		}
		s.fill()
		if s.err != nil && s.err != io.EOF {
			return s.err
		}
	}
	return nil
}

// head returns the start of the next line, without taking it: at least
// n bytes unless the line (or the input) ends first. It is valid until
// the next call of a scanner method.
func (s *lineScanner) head(n int) []byte {
	if !s.begun {
		s.begin()
	}
	for s.w-s.r < n && s.err == nil && !bytes.ContainsAny(s.buf[s.r:s.w], "\r\n") {
		s.fill()
	}
	return s.buf[s.r:s.w]
}

// MaxLineLength is the longest line, in bytes, that a Reader accepts.
// A longer line is an error wrapping ErrLineTooLong, and reading goes on
// after it.
const MaxLineLength = 1 << 20
