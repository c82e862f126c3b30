package match

import (
	"unsafe"

	"github.com/errcat/errcat/internal/match/litscan"
)

// recText is a record as its matchers read it, with a copy whose ASCII
// letters are lowered, made the first time a matcher needs it. Rules'
// literals are lower case, and on the copy they are found by strings.Index,
// which compares many bytes at a time, rather than by a search that folds
// the record as it goes and must look for each byte in both cases; and
// patterns without case-sensitive parts run on the copy without (?i)
// (regex.Fast), which spares a unicode.SimpleFold for every letter compared.
// Lowering ASCII keeps every offset, so what is found in the copy is
// found at the same place in the record.
//
// The copy lives in a buffer of the scan, reused from record to record:
// nothing may keep it, or a string made from it, past the record.
type recText struct {
	s    string
	low  string
	buf  *lowBuf
	ok   bool
	memo *memo  // answers for this record; nil: none kept
	gen  uint32 // the record's number in the scan, 0 if unknown
}

// lowBuf is a scan's buffer for lowered copies, and the record whose copy
// it holds, by its number in the scan (Scan.recGen; 0 for none): Finish,
// which may read the winner's record again, finds the copy made while
// matching if no record came after.
type lowBuf struct {
	b   []byte
	gen uint32
}

func newText(s string, buf *lowBuf, m *memo, gen uint32) recText {
	return recText{s: s, buf: buf, memo: m, gen: gen}
}

// lower returns the lowered copy.
func (t *recText) lower() string {
	if !t.ok {
		lb := t.buf
		if t.gen == 0 || lb.gen != t.gen || len(lb.b) != len(t.s) {
			lb.b = append(lb.b[:0], t.s...)
			litscan.LowerASCII(lb.b)
			lb.gen = t.gen
		}
		t.low, t.ok = unsafe.String(unsafe.SliceData(lb.b), len(lb.b)), true
	}
	return t.low
}

// index returns the first offset of lit, which is lower case, in the
// record, ASCII letters compared without case; -1 if there is none.
func (t *recText) index(lit string) int { return t.memo.index(t.gen, t.lower(), lit) }

// any reports whether one of the lower-case lits occurs.
func (t *recText) any(lits []string) bool {
	for _, l := range lits {
		if t.index(l) >= 0 {
			return true
		}
	}
	return false
}
