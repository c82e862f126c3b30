package match

import (
	"io"
	"strings"
)

// Lines classifies every record of r on its own, with the structured
// evidence ev (its Text is ignored) applying to each, and calls yield with
// the record's 1-based line number and its classification. Blank records
// are skipped. It stops early when yield returns false and returns the
// first read error. Memory stays bounded whatever the size of r.
func (e *Engine) Lines(r io.Reader, ev Evidence, opts Options, yield func(line int, c Classification) bool) error {
	ev.Text = ""
	sc := NewScanner(r)
	for sc.Scan() {
		rec := string(sc.Record())
		if strings.TrimSpace(rec) == "" {
			continue
		}
		s := e.pool.Get().(*Scan)
		s.begin(ev, opts)
		s.Record(rec, sc.Line(), sc.Truncated())
		c := s.Finish()
		s.release()
		e.pool.Put(s)
		if !yield(sc.Line(), c) {
			return nil
		}
	}
	return sc.Err()
}
