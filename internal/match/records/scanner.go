package records

import (
	"io"
)

// Scanner reads records from a stream with bounded memory: lines, with a
// JSON value spread over lines joined into one record. It is what
// `errcat classify` runs over stdin and files of any size.
type Scanner struct {
	c         *Chunker
	w         Walk
	rec       []byte
	cur       int
	truncated bool
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner { return &Scanner{c: NewChunker(r)} }

// Scan advances to the next record and reports whether there is one.
func (s *Scanner) Scan() bool {
	for {
		if rec, line, truncated, _, ok := s.w.Next(); ok {
			s.rec, s.cur, s.truncated = rec, line, truncated
			return true
		}
		reg, ok := s.c.Next()
		if !ok {
			return false
		}
		s.w = NewWalk(reg, 0, nil)
	}
}

// Record returns the current record; it is valid until the next Scan.
func (s *Scanner) Record() []byte { return s.rec }

// Line returns the 1-based line number where the current record starts.
func (s *Scanner) Line() int { return s.cur }

// Truncated reports whether the current record was cut at MaxRecord.
func (s *Scanner) Truncated() bool { return s.truncated }

// Err returns the first read error.
func (s *Scanner) Err() error { return s.c.err }
