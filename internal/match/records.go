package match

import (
	"bufio"
	"bytes"
	"io"
	"strings"
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

// opens reports whether line starts a JSON value that is still open at its
// end.
func opensJSON[T string | []byte](line T) (jsonState, bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) || (line[i] != '{' && line[i] != '[') {
		return jsonState{}, false
	}
	var st jsonState
	feed(&st, line[i:])
	return st, st.depth > 0
}

func feed[T string | []byte](st *jsonState, b T) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case st.escape:
			st.escape = false
		case st.inStr:
			if c == '\\' {
				st.escape = true
			} else if c == '"' {
				st.inStr = false
			}
		case c == '"':
			st.inStr = true
		case c == '{' || c == '[':
			st.depth++
		case c == '}' || c == ']':
			st.depth--
		}
	}
}

// eachRecord calls fn on every record of s with its 1-based line number,
// until fn returns false. It reports whether a record was cut at MaxRecord.
// It slices s and never allocates.
func eachRecord(s string, fn func(rec string, line int) bool) (truncated bool) {
	line := 0
	for len(s) > 0 {
		line++
		end := strings.IndexByte(s, '\n')
		if end < 0 {
			end = len(s)
		}
		first := s[:end]
		recEnd, lines := end, 1
		if st, open := opensJSON(first); open {
			// Join following lines while the value stays open.
			j := end
			for st.depth > 0 && j < len(s) && lines < maxJSONLines && j < MaxRecord {
				k := strings.IndexByte(s[j+1:], '\n')
				next := len(s)
				if k >= 0 {
					next = j + 1 + k
				}
				feed(&st, s[j+1:next])
				j = next
				lines++
			}
			if st.depth == 0 {
				recEnd = j
			} else {
				lines = 1
			}
		}
		rec := s[:recEnd]
		if len(rec) > MaxRecord {
			rec, truncated = cutUTF8(rec, MaxRecord), true
		}
		if !fn(strings.TrimSuffix(rec, "\r"), line) {
			return truncated
		}
		line += lines - 1
		if recEnd >= len(s) {
			break
		}
		s = s[recEnd+1:]
	}
	return truncated
}

// cutUTF8 cuts s to at most n bytes without splitting a rune.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n > len(s)-4 && !startsRune(s[n]) {
		n--
	}
	for n > 0 && !startsRune(s[n]) {
		n--
	}
	return s[:n]
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }

// Scanner reads records from a stream with bounded memory: lines, with a
// JSON value spread over lines joined into one record. It is what
// `errcat classify` runs over stdin and files of any size.
type Scanner struct {
	r         *bufio.Reader
	rec       []byte
	line      int // line of the current record
	next      int // line number of the next line to read
	truncated bool
	lbuf      []byte // reused line buffer
	err       error
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(r, 64<<10), next: 1}
}

// Scan advances to the next record and reports whether there is one.
func (s *Scanner) Scan() bool {
	s.truncated = false
	first, ok := s.readLine()
	if !ok {
		return false
	}
	s.line = s.next - 1
	s.rec = append(s.rec[:0], first...)
	st, open := opensJSON(s.rec)
	if !open {
		return true
	}
	// Read ahead while the JSON value is open. If it never closes within
	// bounds, the first line stands alone and the others are replayed.
	var extra [][]byte
	for st.depth > 0 && len(extra) < maxJSONLines && len(s.rec) < MaxRecord {
		l, ok := s.readLine()
		if !ok {
			break
		}
		cp := append([]byte(nil), l...)
		extra = append(extra, cp)
		feed(&st, cp)
		s.rec = append(s.rec, '\n')
		s.rec = append(s.rec, cp...)
	}
	if st.depth == 0 {
		if len(s.rec) > MaxRecord {
			s.rec, s.truncated = []byte(cutUTF8(string(s.rec), MaxRecord)), true
		}
		return true
	}
	s.rec = append(s.rec[:0], first...)
	s.pushBack(extra)
	return true
}

// pending holds lines read ahead for a JSON value that never closed.
func (s *Scanner) pushBack(lines [][]byte) {
	if len(lines) == 0 {
		return
	}
	s.next -= len(lines)
	if s.err == io.EOF {
		s.err = nil // the pushed-back lines are still to be read
	}
	var b bytes.Buffer
	for _, l := range lines {
		b.Write(l)
		b.WriteByte('\n')
	}
	s.r = bufio.NewReaderSize(io.MultiReader(&b, s.r), 64<<10)
}

// readLine returns the next line without its newline, cut at MaxRecord.
// The slice is valid until the next call.
func (s *Scanner) readLine() ([]byte, bool) {
	if s.err != nil {
		return nil, false
	}
	line := s.lbuf[:0]
	cut := false
	for {
		chunk, err := s.r.ReadSlice('\n')
		if !cut {
			room := MaxRecord - len(line)
			if len(chunk) > room {
				line = append(line, chunk[:room]...)
				cut = true
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			s.err = err
			if len(line) == 0 {
				return nil, false
			}
		}
		break
	}
	s.lbuf = line
	s.next++
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if cut {
		s.truncated = true
		line = line[:len(cutUTF8(string(line), MaxRecord))]
	}
	return line, true
}

// Record returns the current record; it is valid until the next Scan.
func (s *Scanner) Record() []byte { return s.rec }

// Line returns the 1-based line number where the current record starts.
func (s *Scanner) Line() int { return s.line }

// Truncated reports whether the current record was cut at MaxRecord.
func (s *Scanner) Truncated() bool { return s.truncated }

// Err returns the first read error other than io.EOF.
func (s *Scanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}
