package records

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

// encode16 is s in UTF-16 with a byte order mark.
func encode16(s string, bigEndian bool) []byte {
	out := []byte{0xff, 0xfe}
	if bigEndian {
		out = []byte{0xfe, 0xff}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func TestTextDecoder(t *testing.T) {
	const text = "Error: rate limit exceeded\r\nnaïve 日本 😀 done\n"
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"utf-16le", encode16(text, false), text},
		{"utf-16be", encode16(text, true), text},
		{"utf-8 bom", append([]byte("\xef\xbb\xbf"), text...), text},
		{"plain", []byte(text), text},
		{"plain starting like a bom", []byte("\xef\xbbx \xff\xfd"), "\xef\xbbx \xff\xfd"},
		{"lone bytes", []byte("\xff"), "\xff"},
		{"bom alone", []byte("\xff\xfe"), ""},
		{"odd last byte", append(encode16("ab", false), 'c'), "ab\uFFFD"},
		{"lone high surrogate", append(encode16("a", false), 0x3d, 0xd8, 'b', 0), "a\uFFFDb"},
		{"lone low surrogate", append(encode16("a", true), 0xdc, 0x00), "a\uFFFD"},
		{"high surrogate at the end", append(encode16("a", false), 0x3d, 0xd8), "a\uFFFD"},
		{"nul", encode16("a\x00b", false), "a\x00b"},
		{"empty", nil, ""},
	}
	r := rand.New(rand.NewPCG(1, 1))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DecodeText(string(tt.in)); got != tt.want {
				t.Errorf("DecodeText = %q, want %q", got, tt.want)
			}
			// In pieces of every size, through the reader the chunker uses.
			for round := 0; round < 50; round++ {
				var d TextDecoder
				var got []byte
				for p := tt.in; len(p) > 0; {
					n := 1 + r.IntN(len(p))
					got = append(got, d.Decode(p[:n])...)
					p = p[n:]
				}
				got = append(got, d.Flush()...)
				if string(got) != tt.want {
					t.Fatalf("in pieces: %q, want %q", got, tt.want)
				}
			}
			for _, wrap := range []func(io.Reader) io.Reader{iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader} {
				got, err := io.ReadAll(newTextReader(wrap(bytes.NewReader(tt.in))))
				if err != nil || string(got) != tt.want {
					t.Fatalf("reader: %q, %v; want %q", got, err, tt.want)
				}
			}
		})
	}
}

// TestTextReaderPassesPlainReads: a stream that is not UTF-16 is read as
// it comes, a read for a read, so that each returns what a pipe has (tail
// -f), and after the first straight into the caller's buffer.
func TestTextReaderPassesPlainReads(t *testing.T) {
	src := &countingReader{r: iotest.OneByteReader(strings.NewReader(strings.Repeat("line\n", 100)))}
	tr := newTextReader(src)
	buf := make([]byte, 100)
	reads := 0
	for {
		n, err := tr.Read(buf)
		if err == io.EOF {
			break
		}
		reads++
		if n != 1 || err != nil {
			t.Fatalf("read %d: %d bytes, %v", reads, n, err)
		}
	}
	if reads != 500 || src.reads != 501 {
		t.Errorf("%d reads, %d beneath; want 500 and 501", reads, src.reads)
	}
}

type countingReader struct {
	r     io.Reader
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}
