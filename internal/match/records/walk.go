package records

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"
)

// MaxRecord bounds one record. A longer line is classified on its first
// MaxRecord bytes and the result is flagged truncated: the start of a line
// carries the error, and a bound keeps memory flat on a 10 MB minified line.
const MaxRecord = 256 << 10

// maxJSONLines bounds how many lines a multi-line JSON value may join.
const maxJSONLines = 2000

// jsonState tracks the nesting of a JSON value across lines, so a
// pretty-printed error body is read as one record.
type jsonState struct {
	depth  int
	inStr  bool
	escape bool
}

// opensJSON reports whether line starts a JSON value that is still open
// at its end.
func opensJSON(line []byte) (jsonState, bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) || (line[i] != '{' && line[i] != '[') {
		return jsonState{}, false
	}
	var st jsonState
	st.feed(line[i:])
	return st, st.depth > 0
}

// feed advances the state over b. Log lines of JSON are mostly string
// contents, so a string is crossed eight bytes at a time, to its closing
// quote or an escape; only the bytes between strings are looked at one by
// one.
func (st *jsonState) feed(b []byte) {
	for i := 0; i < len(b); i++ {
		switch {
		case st.escape:
			st.escape = false
		case st.inStr:
			i += quoteOrEscape(b[i:])
			if i == len(b) {
				return
			}
			st.escape, st.inStr = b[i] == '\\', b[i] != '"'
		case b[i] == '"':
			st.inStr = true
		case b[i] == '{' || b[i] == '[':
			st.depth++
		case b[i] == '}' || b[i] == ']':
			st.depth--
		}
	}
}

// quoteOrEscape returns the offset of the first '"' or '\\' in b, or
// len(b). Each word of eight bytes is tested at once: a byte equal to c
// leaves a zero byte in w^c, and (x-0x01..)&^x&0x80.. sets the top bit of
// the lowest zero byte of x (higher ones may be false), so the lowest set
// bit of either test is the first match.
func quoteOrEscape(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		q, e := w^('"'*ones), w^('\\'*ones)
		if m := ((q-ones)&^q | (e-ones)&^e) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b) && b[i] != '"' && b[i] != '\\'; i++ {
	}
	return i
}

// nextRecord finds the record that starts s. It is the one definition of
// a record that every path uses: a line, or, when a line opens a JSON
// value, the lines up to the one that closes it (at most maxJSONLines
// lines and MaxRecord bytes; past that the first line stands alone). A
// line ends at a LF, a CRLF or a bare CR (see firstLineEnd).
//
// It returns the record's end, where the next record starts, and how many
// lines the record spans. With atEOF false, needMore reports that s ends
// before the record can be known (a line without its end, or a JSON
// value still open), and the caller should come back with more input.
//
// noCR says s holds no CR, so that a line ends at its LF alone: most text
// holds none, and looking for one on every line is then time lost.
func nextRecord(s []byte, atEOF, noCR bool) (end, next, lines int, needMore bool) {
	var lineEnd int
	if noCR {
		lineEnd = bytes.IndexByte(s, '\n') // lineEndIn, in line: every record starts here
	} else {
		lineEnd = firstLineEnd(s, 0, len(s), atEOF)
	}
	if lineEnd < 0 {
		if !atEOF {
			return 0, 0, 0, true
		}
		lineEnd = len(s)
	}
	if st, open := opensJSON(s[:lineEnd]); open {
		j, n := lineEnd, 1
		for st.depth > 0 && j < len(s) && n < maxJSONLines && j < MaxRecord {
			nl := lineEndIn(s, j+1, len(s), atEOF, noCR)
			if nl < 0 {
				if !atEOF {
					return 0, 0, 0, true
				}
				nl = len(s)
			}
			st.feed(s[j+1 : nl])
			j, n = nl, n+1
		}
		switch {
		case st.depth == 0:
			return j, min(j+1, len(s)), n, false
		case j >= len(s) && !atEOF && n < maxJSONLines && j < MaxRecord:
			return 0, 0, 0, true
		}
	}
	return lineEnd, min(lineEnd+1, len(s)), 1, false
}

// Lines end as a terminal shows them: at a LF, at a CRLF (whose CR the
// record walk drops), and at a CR that no LF follows, which returns the
// cursor to the start of the line. A progress meter's "10%\r20%\r" and
// an old Mac file are lines, not one record in which unrelated phrases
// add up. A CR that is the last byte of the data ends a line only at the
// end of input: more input may bring its LF.

// firstLineEnd returns the offset of the byte that ends the first line
// that ends in data[from:to] (the LF of a LF or CRLF, or a bare CR), or
// -1. It may look at data[to] to tell a bare CR from a CRLF.
func firstLineEnd(data []byte, from, to int, atEOF bool) int {
	lf := bytes.IndexByte(data[from:to], '\n')
	stop := to
	if lf >= 0 {
		lf += from
		stop = lf
	}
	cr := bytes.IndexByte(data[from:stop], '\r')
	if cr < 0 {
		return lf
	}
	cr += from
	switch {
	case cr+1 == len(data):
		if atEOF {
			return cr
		}
		return -1
	case data[cr+1] != '\n':
		return cr
	case cr+1 < to:
		return cr + 1
	}
	return -1 // the LF of this CRLF lies past to
}

// lineEndIn is firstLineEnd, told by noCR that data holds no CR.
func lineEndIn(data []byte, from, to int, atEOF, noCR bool) int {
	if !noCR {
		return firstLineEnd(data, from, to, atEOF)
	}
	if i := bytes.IndexByte(data[from:to], '\n'); i >= 0 {
		return from + i
	}
	return -1
}

// lastLineEnd returns the offset of the byte that ends the last line
// that ends in data[from:to], as firstLineEnd would find it, or -1. Only
// the bytes after the last LF are searched for a CR.
func lastLineEnd(data []byte, from, to int, atEOF bool) int {
	lf := bytes.LastIndexByte(data[from:to], '\n')
	if lf >= 0 {
		lf += from
	}
	for to > lf+1 && to > from {
		cr := bytes.LastIndexByte(data[max(from, lf+1):to], '\r')
		if cr < 0 {
			break
		}
		cr += max(from, lf+1)
		if cr+1 < len(data) && data[cr+1] != '\n' || cr+1 == len(data) && atEOF {
			return cr
		}
		to = cr // a CRLF whose LF lies past to, or a CR whose LF may come
	}
	return lf
}

// countLineEnds returns how many lines end in b, a run of whole lines:
// its LFs, and its CRs that no LF follows (one last in b is bare: b was
// cut after a line end).
func countLineEnds(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	for i := bytes.IndexByte(b, '\r'); i >= 0; {
		if i+1 == len(b) || b[i+1] != '\n' {
			n++
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

// Walk steps through the records of a region: Lines, Feed and
// Scanner share it, so a record is cut, numbered and marked alike on
// every path.
type Walk struct {
	data            []byte
	noCR            bool  // data holds no CR (region.noCR)
	marks           []int // sorted offsets where a record must be looked at
	spans           []jsonSpan
	pos, line, m, s int
	regionTruncated bool
	start, end      int // the offsets in data of the record next returned last
}

// NewWalk walks reg, numbering lines after first; marks may be nil.
func NewWalk(reg Region, first int, marks []int) Walk {
	return Walk{data: reg.data, noCR: reg.noCR, marks: marks, spans: reg.spans, line: first + reg.line, regionTruncated: reg.truncated}
}

// Next returns the next record, cut to MaxRecord and without the CR of a
// CRLF, with the line it starts on; truncated says it or its region was
// cut, and marked that a mark falls inside it. ok is false at the end.
func (w *Walk) Next() (rec []byte, line int, truncated, marked, ok bool) {
	if w.pos >= len(w.data) {
		return nil, 0, false, false, false
	}
	start := w.pos
	for w.s < len(w.spans) && int(w.spans[w.s].off) < start {
		w.s++
	}
	var end, next, n int
	if w.s < len(w.spans) && int(w.spans[w.s].off) == start {
		sp := w.spans[w.s] // read when the Region was cut
		end, next, n = int(sp.end)-start, int(sp.next)-start, int(sp.lines)
	} else {
		end, next, n, _ = nextRecord(w.data[start:], true, w.noCR)
	}
	rec, line = w.data[start:start+end], w.line
	w.start, w.end = start, start+end
	w.line += n
	w.pos += next
	if next == 0 {
		w.pos = len(w.data)
	}
	for w.m < len(w.marks) && w.marks[w.m] < start {
		w.m++
	}
	marked = w.m < len(w.marks) && w.marks[w.m] < start+end
	truncated = w.regionTruncated
	if len(rec) > MaxRecord {
		rec, truncated = rec[:len(CutUTF8(BytesString(rec[:MaxRecord+1]), MaxRecord))], true
	}
	if len(rec) > 0 && rec[len(rec)-1] == '\r' {
		rec = rec[:len(rec)-1]
	}
	return rec, line, truncated, marked, true
}

// Each calls fn on every record of s with its 1-based line number,
// until fn returns false. It reports whether a record was cut at
// MaxRecord. It walks s as the bulk path walks a region, slicing s, and
// never allocates.
func Each(s string, fn func(rec string, line int) bool) (truncated bool) {
	w := WalkString(s)
	for {
		rec, line, cut, _, ok := w.Next()
		if !ok {
			return truncated
		}
		truncated = truncated || cut
		if !fn(BytesString(rec), line) {
			return truncated
		}
	}
}

// BytesString views b as a string without copying, for reading only: the
// bulk path scans a chunk with the same code as a record.
func BytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// stringBytes views s as bytes without copying, for reading only: a
// string's records are walked as the bulk path walks a region.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// CutUTF8 cuts s to at most n bytes without splitting a rune.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !startsRune(s[n]) {
		n--
	}
	return s[:n]
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }

// WalkString walks the records of s, numbering lines from 1, slicing s.
func WalkString(s string) Walk {
	return NewWalk(Region{data: stringBytes(s), line: 1, noCR: strings.IndexByte(s, '\r') < 0}, 0, nil)
}

// Start returns the offset in the region of the record Next returned last.
func (w *Walk) Start() int { return w.start }

// End returns the offset in the region just past the record Next returned
// last, before it was cut to MaxRecord or lost a CR.
func (w *Walk) End() int { return w.end }
