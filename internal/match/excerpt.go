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
func (h *hit) cut() string {
	if h.exLazy {
		h.excerpt = redact.Excerpt(h.exRec, h.exStart, h.exEnd, ExcerptBytes)
		h.exRec, h.exLazy = "", false
	}
	return h.excerpt
}
