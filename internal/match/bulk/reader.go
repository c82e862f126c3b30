package bulk

import (
	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
)

// Reader is what one goroutine of the bulk path reads regions with: the
// tables, whether every record is read, and buffers kept from one region
// to the next. Grown afresh for every region, the marks would cost a
// share of the bulk path's time with a catalogue whose short triggers
// mark many lines.
type Reader struct {
	t      *Tables
	every  bool
	marks  []int
	needed []needMark
	low    []byte
}

// NewReader returns a reader of regions; with every, each record that
// is not blank is handed on, triggers or not.
func (t *Tables) NewReader(every bool) *Reader {
	return &Reader{t: t, every: every}
}

// Region calls read with each record of reg the record engine must
// read, in order: one that holds a trigger of lits (the tables' literal
// set, perhaps tuned) and meets its need, or bytes the scan cannot judge;
// and skip, unless it is nil, with each record it passes over, in the
// same order. rec is the record in place, valid until reg's buffer is
// reused. It returns how many records of reg are not blank, and how many
// of those it passed over.
func (r *Reader) Region(reg records.Region, lits *litscan.Set, read func(rec []byte, line int, truncated bool), skip func(rec []byte, line int)) (nonBlank, skipped int) {
	t := r.t
	marks, needed := r.marks[:0], r.needed[:0]
	if !r.every {
		marks, needed = marksOf(lits, t.needs, reg.Data(), marks, needed)
		r.marks, r.needed = marks, needed
	}
	w := records.NewWalk(reg, 0, marks)
	for {
		rec, line, truncated, marked, ok := w.Next()
		if !ok {
			return nonBlank, skipped
		}
		if blank(rec) {
			continue
		}
		nonBlank++
		if !r.every && !marked {
			// Only triggers with needs, if any: the record is handed on
			// if it meets one of theirs.
			var met bool
			if needed, met = metIn(needed, t.needs, w.Start(), w.End(), records.BytesString(rec), &r.low); !met {
				skipped++
				if skip != nil {
					skip(rec, line)
				}
				continue
			}
		}
		read(rec, line, truncated)
	}
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}
