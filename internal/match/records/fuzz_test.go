package records

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// refRecord is a record as refRecords spells the definition out.
type refRecord struct {
	Text      string
	Line      int
	Truncated bool
}

// refRecords splits s into records the slow way, for the fuzz target to
// hold every path to: lines end at a LF, a CRLF or a CR that no LF
// follows; a line that opens a JSON value is joined with the lines up to
// the one that closes it (within maxJSONLines lines and MaxRecord bytes),
// or else stands alone; a record loses the CR of a final CRLF and is cut
// at MaxRecord.
func refRecords(s string) (recs []refRecord, lines int) {
	type line struct{ start, end int } // end: the offset of its line end, or len(s)
	var ls []line
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\n':
		case s[i] == '\r' && (i+1 == len(s) || s[i+1] != '\n'):
		default:
			continue
		}
		ls = append(ls, line{start, i})
		start = i + 1
	}
	if start < len(s) {
		ls = append(ls, line{start, len(s)})
	}
	for i := 0; i < len(ls); {
		first, n := ls[i], 1
		end := first.end
		body := strings.TrimLeft(s[first.start:first.end], " \t")
		if body != "" && (body[0] == '{' || body[0] == '[') {
			var st jsonState
			st.feed([]byte(body))
			j := i
			for st.depth > 0 && ls[j].end < len(s) && n < maxJSONLines && ls[j].end-first.start < MaxRecord && j+1 < len(ls) {
				j++
				st.feed([]byte(s[ls[j-1].end+1 : ls[j].end]))
				n++
			}
			if st.depth == 0 {
				end = ls[j].end
			} else {
				n = 1
			}
		}
		text := strings.TrimSuffix(s[first.start:end], "\r")
		cut := false
		if len(text) > MaxRecord {
			text, cut = CutUTF8(text, MaxRecord), true
		}
		recs = append(recs, refRecord{text, i + 1, cut})
		i += n
	}
	return recs, len(ls)
}

// FuzzRecords holds the record splitter to refRecords: on every path
// (Each, and the chunker's regions walked as the bulk path walks
// them, read in pieces of any size and decoded if UTF-16), records are
// the same, with the same line numbers; no record holds a line end unless it is a JSON value
// spread over lines; none is longer than MaxRecord; and the regions
// cover the input, each record and its line end after the one before.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{
		"plain\nlines\n",
		"Downloading 10%\rDownloading 55%\rDownloading 100%\rError: could not resolve host\n",
		"old\rmac\rfile\r",
		"crlf\r\nline\r\n\r\n",
		"cr cr lf\r\r\nx",
		"{\r  \"error\": \"a\"\r}\rnext\r",
		"{\r\n  \"error\": {\"type\": \"x\"}\r\n}\r\nafter",
		"  [\n1,\r2\r\n]\n{ never closed\rrest\n",
		"\r",
		"\r\n\r",
		"tail without end",
		"\xff\xfea\x00\r\x00b\x00\r\x00\n\x00{\x00\r\x00}\x00",
		"\xef\xbb\xbf{\r\n  \"a\": 1\r\n}\r\n",
	} {
		f.Add(s, uint8(7))
	}
	f.Fuzz(func(t *testing.T, in string, size uint8) {
		raw := in
		want, lines := refRecords(in)
		for _, r := range want {
			if len(r.Text) > MaxRecord {
				t.Fatalf("reference record of %d bytes", len(r.Text))
			}
			if strings.ContainsAny(r.Text, "\r\n") {
				if b := strings.TrimLeft(r.Text, " \t"); b == "" || b[0] != '{' && b[0] != '[' {
					t.Fatalf("record %q holds a line end", r.Text)
				}
			}
		}
		var got []refRecord
		truncated := Each(in, func(rec string, line int) bool {
			got = append(got, refRecord{Text: rec, Line: line})
			return true
		})
		var wantText []refRecord
		anyCut := false
		for _, r := range want {
			wantText = append(wantText, refRecord{Text: r.Text, Line: r.Line})
			anyCut = anyCut || r.Truncated
		}
		if diff := cmp.Diff(wantText, got); diff != "" || truncated != anyCut {
			t.Fatalf("Each(%q) (-want +got), truncated %v:\n%s", in, truncated, diff)
		}

		// The chunker reads through a textReader: a stream that starts
		// with a byte order mark is split once decoded.
		if dec := DecodeText(in); dec != in {
			in = dec
			want, lines = refRecords(in)
		}
		readers := []func(io.Reader) io.Reader{iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader, func(r io.Reader) io.Reader { return r }}
		c := newChunkerSize(readers[int(size)%len(readers)](strings.NewReader(raw)), 1+int(size)%64)
		var walked []refRecord
		var joined bytes.Buffer
		for {
			reg, ok := c.Next()
			if !ok {
				break
			}
			joined.Write(reg.data)
			w := NewWalk(reg, 0, nil)
			last := 0
			for {
				rec, line, cut, _, ok := w.Next()
				if !ok {
					break
				}
				if w.start != last {
					t.Fatalf("input %q: a record starts at %d of its Region, the one before ended at %d", in, w.start, last)
				}
				last = w.end + 1
				walked = append(walked, refRecord{string(rec), line, cut})
			}
			if last < len(reg.data) || last > len(reg.data)+1 {
				t.Fatalf("input %q: records of a Region of %d bytes end at %d", in, len(reg.data), last)
			}
		}
		if diff := cmp.Diff(want, walked); diff != "" {
			t.Fatalf("input %q, size %d: walked regions (-want +got):\n%s", in, 1+int(size)%64, diff)
		}
		if joined.String() != in {
			t.Fatalf("input %q: regions hold %q", in, joined.String())
		}
		if c.line-1 != lines {
			t.Fatalf("input %q: the Chunker counted %d lines, want %d", in, c.line-1, lines)
		}
	})
}
