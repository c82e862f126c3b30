package match

import (
	"strings"
	"unsafe"

	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/match/regex"
)

// Rules ask the same questions of a record: several branches begin with
// "rate", several guards look for "passed", and rules that share a hint
// extractor run it on the same record. A scan keeps the answers for the
// record it is reading, in small direct-mapped tables stamped with the
// record's number (Scan.recGen), so a new record needs no clearing; a
// collision only costs the search again.

const memoSlots = 64

type memo struct {
	lits  [memoSlots]litAnswer
	subs  [memoSlots]subAnswer
	parse parseAnswer
}

// parseAnswer is the last hint parsed: rules that share an extractor
// read the same value from a record.
type parseAnswer struct {
	ok   bool
	unit hint.Unit
	raw  string
	v    hint.Value
	err  error
}

type litAnswer struct {
	gen uint32
	pos int32
	lit string
}

type subAnswer struct {
	gen uint32
	re  *regex.Lazy
	m   []int
	buf [12]int // m's array when the pattern has few enough groups
}

// nextRecord starts a record: answers kept for the last one expire.
func (s *Scan) nextRecord() {
	s.recGen++
	if s.recGen == 0 { // wrapped: an old answer could look current
		clear(s.guardRec)
		s.memo = memo{}
		s.lowBuf.gen = 0
		s.lits.rec = 0
		s.recGen = 1
	}
}

// index returns strings.Index(low, lit), asked once per record.
func (m *memo) index(gen uint32, low, lit string) int {
	if m == nil || lit == "" {
		return strings.Index(low, lit)
	}
	a := &m.lits[(len(lit)*31+int(lit[0])*7+int(lit[len(lit)-1])*3+int(lit[len(lit)/2]))%memoSlots]
	if a.gen == gen && a.lit == lit {
		return int(a.pos)
	}
	pos := strings.Index(low, lit)
	*a = litAnswer{gen, int32(pos), lit}
	return pos
}

func uintptrOf(c *regex.Lazy) uintptr { return uintptr(unsafe.Pointer(c)) }

// submatch returns r.findSubmatch(t), asked once per record and pattern.
// Patterns of one ID share one *regex.Lazy (engine.go). The
// answer is kept by t's record number, so a record read again after
// others (a hint read late) is never given another record's answer; a
// record without a number is not kept. The result is shared, and valid
// until the next submatch: callers must use it at once and not change it.
func (s *Scan) submatch(r *pattern, t *recText, lk *lookup) []int {
	a := &s.memo.subs[(uintptrOf(r.c)>>4)%memoSlots]
	if t.gen == 0 {
		a.gen, a.re = 0, nil
		a.m = r.findSubmatch(t, lk, a.buf[:0])
		return a.m
	}
	if a.gen == t.gen && a.re == r.c {
		return a.m
	}
	a.gen, a.re = t.gen, r.c
	a.m = r.findSubmatch(t, lk, a.buf[:0])
	return a.m
}

// parseHint is hint.Parse, which depends on nothing else, remembered for
// the last value.
func (s *Scan) parseHint(raw string, unit hint.Unit) (hint.Value, error) {
	a := &s.memo.parse
	if a.ok && a.unit == unit && a.raw == raw {
		return a.v, a.err
	}
	v, err := hint.Parse(raw, unit)
	*a = parseAnswer{true, unit, raw, v, err}
	return v, err
}
