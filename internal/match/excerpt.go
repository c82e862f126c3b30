package match

import "github.com/errcat/errcat/internal/redact"

// Cutting an excerpt cleans and redacts the text around a match, which
// costs more than finding the match. Only the winner's excerpt is shown
// (every match's with Explain), and a record usually matches several
// rules, so a scan that may keep its records (Classify, and the bulk path,
// own immutable copies until Finish) notes where to cut and cuts only
// what the answer shows. A scan fed by Record cuts at once: its records
// are the caller's, and are not retained.

// excerptAt gives h the excerpt of rec around [start, end), now or when
// asked for. A body is kept by the scan's evidence anyway.
func (s *Scan) excerptAt(h *hit, rec string, start, end int, kept bool) {
	if s.keepRecords || kept {
		h.exRec, h.exStart, h.exEnd, h.exLazy = rec, start, end, true
		return
	}
	h.excerpt = redact.Excerpt(rec, start, end, ExcerptBytes)
}

// cut returns h's excerpt, cutting it if that was put off.
//
// A hit matched with anySpan (scan.go) knows some match, not the leftmost
// its rule's patterns have, which is where the excerpt is centred and
// what --explain reports. Most records are shorter than an excerpt, and
// their excerpt is the whole record wherever the match is: that is cut
// without the span. Otherwise the rule's matchers are run again on the
// record to place it.
func (s *Scan) cut(h *hit) string {
	if !h.exLazy {
		return h.excerpt
	}
	if h.spanLater {
		if ex, ok := redact.ExcerptAll(h.exRec, ExcerptBytes); ok {
			h.excerpt, h.exRec, h.exLazy = ex, "", false
			return h.excerpt
		}
		t := newText(h.exRec, &s.lowBuf, nil, h.recGen)
		var doc lazyJSON
		_, h.sp, _ = s.e.recordHolds(&s.e.cat.Rules[h.rule].Match, &t, s.jsonInRecord, &doc, nil, nil, false)
		h.exStart, h.exEnd, h.spanLater = h.sp.start, h.sp.end, false
	}
	h.excerpt = redact.Excerpt(h.exRec, h.exStart, h.exEnd, ExcerptBytes)
	h.exRec, h.exLazy = "", false
	return h.excerpt
}
