package match

import (
	"io"
	"strings"

	"github.com/errcat/errcat/internal/match/records"
)

// Feed reads every record of r into the scan, numbering lines after
// first, with the same answer as calling Record on each; it returns how
// many lines it read. It is the whole-input counterpart of Lines: text is
// read a region at a time and scanned for triggers at once, and a record
// holding none is only noted as text, not looked at, unless the scan
// still needs every record — a rule without a trigger reads records, a
// matched rule still reads records for its guard or timing hints, or an
// evidence-only match waits for its excerpt. Like every stream the engine
// reads, r is decoded if it is UTF-16 (see records.TextDecoder).
func (s *Scan) Feed(r io.Reader, first int) (int, error) {
	ch := records.NewChunker(r)
	var marks []int
	bt := s.e.bulk()
	tn := bt.Tuning(false)
	for {
		reg, ok := ch.Next()
		if !ok {
			return ch.Line() - 1, ch.Err()
		}
		marks = bt.Marks(tn.For(reg.Data()), reg.Data(), marks[:0])
		if !s.settled() {
			s.countText(records.BytesString(reg.Data()))
		}
		s.feedRegion(reg, first, marks)
	}
}

func (s *Scan) feedRegion(reg records.Region, first int, marks []int) {
	w := records.NewWalk(reg, first, marks)
	for {
		rec, line, truncated, marked, ok := w.Next()
		if !ok {
			return
		}
		if !marked && !s.needsEvery() {
			s.truncated = s.truncated || truncated
			if !s.sawText {
				s.sawText = strings.TrimSpace(normalise(records.BytesString(rec))) != ""
			}
		} else {
			s.feedRecord(string(rec), line, truncated)
		}
		s.gather(records.BytesString(rec), line)
	}
}

// needsEvery reports whether the next record must be read whatever it
// holds.
func (s *Scan) needsEvery() bool {
	return len(s.watch) > 0 || len(s.needExcerpt) > 0 || (s.pending+s.recorded > 0 && s.e.ix.readsEveryRecord())
}
