package records

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// Text is read as UTF-8. A stream that starts with a UTF-16 byte order
// mark, little- or big-endian, is UTF-16, as Windows PowerShell 5 writes
// a redirected file: it is decoded to UTF-8, and an unpaired surrogate or
// a lone last byte becomes U+FFFD. A stream that starts with the UTF-8
// byte order mark loses it (a JSON value after it is still read as one).
// Any other stream passes as it is. Read undecoded, UTF-16 text is a NUL
// after every ASCII letter, which no phrase matches.

// TextDecoder turns the bytes of one stream, given in pieces of any size,
// into text as the engine reads it. The zero value is ready to use.
type TextDecoder struct {
	state   uint8 // sniffing until the stream's first bytes are known
	head    [3]byte
	nhead   int
	odd     bool // a byte of a UTF-16 code unit is held in oddByte
	oddByte byte
	high    uint16 // a high surrogate waiting for its low half, or 0
	out     []byte
}

const (
	sniffing = iota
	plainText
	utf16LE
	utf16BE
)

// Decode returns the text of p, the stream's next bytes: p itself once
// the stream is known not to be UTF-16, else a buffer of d's that is
// valid until the next call.
func (d *TextDecoder) Decode(p []byte) []byte {
	switch d.state {
	case plainText:
		return p
	case utf16LE, utf16BE:
		return d.decode16(d.out[:0], p)
	}
	for len(p) > 0 && d.nhead < len(d.head) {
		d.head[d.nhead] = p[0]
		d.nhead++
		p = p[1:]
		if !d.sniff(false) {
			continue
		}
		head := d.head[:d.nhead]
		switch d.state {
		case utf16LE, utf16BE:
			return d.decode16(d.decode16(d.out[:0], head[2:]), p)
		}
		if len(head) == 3 && head[0] == 0xef && head[1] == 0xbb && head[2] == 0xbf {
			return p
		}
		return append(append(d.out[:0], head...), p...)
	}
	return nil
}

// sniff decides what the stream is from its first bytes, if they say
// enough (or the stream ends, atEOF), and reports whether it did.
func (d *TextDecoder) sniff(atEOF bool) bool {
	h := d.head[:d.nhead]
	switch {
	case len(h) >= 2 && h[0] == 0xff && h[1] == 0xfe:
		d.state = utf16LE
	case len(h) >= 2 && h[0] == 0xfe && h[1] == 0xff:
		d.state = utf16BE
	case len(h) == 3 || atEOF || h[0] != 0xff && h[0] != 0xfe && h[0] != 0xef,
		len(h) == 2 && h[0] == 0xef && h[1] != 0xbb, len(h) == 2 && h[0] != 0xef:
		d.state = plainText
	default:
		return false
	}
	return true
}

// Flush returns the text that the end of the stream completes: bytes
// held to tell what the stream is, or a U+FFFD for a lone last byte or a
// high surrogate without its low half. It does not reuse what Decode
// returned.
func (d *TextDecoder) Flush() []byte {
	var out []byte
	switch d.state {
	case sniffing:
		if d.nhead > 0 {
			d.sniff(true)
			out = append(out, d.head[:d.nhead]...)
		}
		d.state = plainText
	case utf16LE, utf16BE:
		if d.high != 0 || d.odd {
			out = utf8.AppendRune(out, utf8.RuneError)
			d.high, d.odd = 0, false
		}
	}
	return out
}

func (d *TextDecoder) decode16(out, p []byte) []byte {
	if d.odd && len(p) > 0 {
		out = d.unit(out, d.oddByte, p[0])
		d.odd, p = false, p[1:]
	}
	for ; len(p) >= 2; p = p[2:] {
		out = d.unit(out, p[0], p[1])
	}
	if len(p) == 1 {
		d.odd, d.oddByte = true, p[0]
	}
	d.out = out
	return out
}

// unit appends the text of the code unit made of bytes a and b, in the
// stream's byte order.
func (d *TextDecoder) unit(out []byte, a, b byte) []byte {
	u := uint16(a) | uint16(b)<<8
	if d.state == utf16BE {
		u = uint16(a)<<8 | uint16(b)
	}
	if h := d.high; h != 0 {
		d.high = 0
		if 0xdc00 <= u && u <= 0xdfff {
			return utf8.AppendRune(out, utf16.DecodeRune(rune(h), rune(u)))
		}
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	switch {
	case u < utf8.RuneSelf:
		return append(out, byte(u))
	case 0xd800 <= u && u <= 0xdbff:
		d.high = u
		return out
	case 0xdc00 <= u && u <= 0xdfff:
		return utf8.AppendRune(out, utf8.RuneError)
	}
	return utf8.AppendRune(out, rune(u))
}

// DecodeText returns s as the engine reads a stream of its bytes (see
// TextDecoder): s itself unless it starts with a byte order mark.
func DecodeText(s string) string {
	if len(s) < 2 || s[0] != 0xff && s[0] != 0xfe && s[0] != 0xef {
		return s
	}
	var d TextDecoder
	out := string(d.Decode([]byte(s)))
	return out + string(d.Flush())
}

// textReader is r read through a TextDecoder. Once the stream is known
// not to be UTF-16, reads go straight to r.
type textReader struct {
	r       io.Reader
	d       TextDecoder
	pending []byte // decoded, not yet read
	buf     []byte
	err     error // r's error, returned once pending is read
}

func newTextReader(r io.Reader) *textReader { return &textReader{r: r} }

func (t *textReader) Read(p []byte) (int, error) {
	if t.d.state == plainText && len(t.pending) == 0 && t.err == nil || len(p) == 0 {
		return t.r.Read(p)
	}
	for len(t.pending) == 0 {
		if t.err != nil {
			return 0, t.err
		}
		switch {
		case t.d.state == sniffing && t.buf == nil:
			t.buf = make([]byte, 512) // enough to tell: most streams are then read directly
		case t.d.state != sniffing && len(t.buf) < 32<<10:
			t.buf = make([]byte, 32<<10)
		}
		n, err := t.r.Read(t.buf)
		t.pending = t.d.Decode(t.buf[:n])
		if err != nil {
			if f := t.d.Flush(); len(f) > 0 {
				t.pending = append(t.pending[:len(t.pending):len(t.pending)], f...)
			}
			t.err = err
		}
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}
