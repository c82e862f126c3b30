package match

import (
	"io"
	"strings"

	"github.com/errcat/errcat/internal/redact"
)

// Feed reads every record of r into the scan, numbering lines after
// first, with the same answer as calling Record on each; it returns how
// many lines it read. It is the whole-input counterpart of Lines: text is
// read a region at a time and scanned for triggers at once, and a record
// holding none is only noted as text, not looked at, unless the scan
// still needs every record — a rule without a trigger is pending, a
// matched rule still reads records for its guard or timing hints, or an
// evidence-only match waits for its excerpt.
func (s *Scan) Feed(r io.Reader, first int) (int, error) {
	ch := newChunker(r)
	var marks []int
	for {
		reg, ok := ch.next()
		if !ok {
			return ch.line - 1, ch.err
		}
		marks = s.e.marks(reg.data, marks[:0])
		s.feedRegion(reg, first, marks)
	}
}

func (s *Scan) feedRegion(reg region, first int, marks []int) {
	data := reg.data
	line, m := first+reg.line, 0
	for pos := 0; pos < len(data); {
		end, next, n, _ := nextRecord(data[pos:], true)
		rec, recLine, start := data[pos:pos+end], line, pos
		line += n
		pos += next
		if next == 0 {
			pos = len(data)
		}
		for m < len(marks) && marks[m] < start {
			m++
		}
		marked := m < len(marks) && marks[m] < start+end
		if !marked && !s.needsEvery() {
			if reg.truncated || len(rec) > MaxRecord {
				s.truncated = true
			}
			if !s.sawText {
				s.sawText = strings.TrimSpace(foldSpecial(redact.StripEscapes(string(rec)))) != ""
			}
			continue
		}
		text, truncated := string(rec), reg.truncated
		if len(text) > MaxRecord {
			text, truncated = cutUTF8(text, MaxRecord), true
		}
		s.Record(trimCR(text), recLine, truncated)
	}
}

// needsEvery reports whether the next record must be read whatever it
// holds.
func (s *Scan) needsEvery() bool {
	return len(s.watch) > 0 || len(s.needExcerpt) > 0 || (s.pending > 0 && len(s.e.ix.unindexed)+len(s.e.ix.unindexedJSON) > 0)
}
