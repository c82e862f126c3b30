package match

import (
	"io"
)

// Scanner reads records from a stream with bounded memory: lines, with a
// JSON value spread over lines joined into one record. It is what
// `errcat classify` runs over stdin and files of any size.
type Scanner struct {
	c         *chunker
	reg       region
	pos, line int
	cur       int
	rec       []byte
	truncated bool
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner { return &Scanner{c: newChunker(r)} }

// Scan advances to the next record and reports whether there is one.
func (s *Scanner) Scan() bool {
	for s.pos >= len(s.reg.data) {
		reg, ok := s.c.next()
		if !ok {
			return false
		}
		s.reg, s.pos, s.line = reg, 0, reg.line
	}
	end, next, n, _ := nextRecord(s.reg.data[s.pos:], true)
	s.rec = s.reg.data[s.pos : s.pos+end]
	s.truncated = s.reg.truncated
	if len(s.rec) > MaxRecord {
		s.rec, s.truncated = s.rec[:len(cutUTF8(string(s.rec[:MaxRecord+1]), MaxRecord))], true
	}
	if len(s.rec) > 0 && s.rec[len(s.rec)-1] == '\r' {
		s.rec = s.rec[:len(s.rec)-1]
	}
	line := s.line
	s.line += n
	s.pos += next
	s.cur = line
	return true
}

// Record returns the current record; it is valid until the next Scan.
func (s *Scanner) Record() []byte { return s.rec }

// Line returns the 1-based line number where the current record starts.
func (s *Scanner) Line() int { return s.cur }

// Truncated reports whether the current record was cut at MaxRecord.
func (s *Scanner) Truncated() bool { return s.truncated }

// Err returns the first read error.
func (s *Scanner) Err() error { return s.c.err }
