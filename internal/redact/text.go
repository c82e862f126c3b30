package redact

import "strings"

// Text returns s made safe to print in full: terminal escape sequences
// and control characters other than '\n' and '\t' are removed, invalid
// UTF-8 is replaced by U+FFFD (see clean for the exact rules), and every
// secret-shaped span is replaced by "[redacted:KIND]".
//
// Cleaning happens before detection, so a secret split by a colour code
// ("sk-abc\x1b[0mdef...") is still found. Text does not shorten its
// input; use Excerpt for a bounded piece.
//
// Text is idempotent: Text(Text(s)) == Text(s).
func Text(s string) string {
	c := clean(s, false, nil)
	out, _ := redact(c, Find(c), nil)
	return out
}

// marker is the replacement for a secret of the given kind.
func marker(kind string) string { return markerPrefix + kind + "]" }

// redact replaces each finding (sorted, non-overlapping) with its marker
// and returns the result and the output spans of the markers.
func redact(s string, fs []Finding, t *track) (string, [][2]int) {
	if len(fs) == 0 {
		t.kept(0, len(s)+1, 0)
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	spans := make([][2]int, 0, len(fs))
	last := 0
	for _, f := range fs {
		t.kept(last, f.Start, b.Len())
		b.WriteString(s[last:f.Start])
		lo := b.Len()
		b.WriteString(marker(f.Kind))
		t.replaced(f.Start, f.End, lo, b.Len())
		spans = append(spans, [2]int{lo, b.Len()})
		last = f.End
	}
	t.kept(last, len(s)+1, b.Len())
	b.WriteString(s[last:])
	return b.String(), spans
}
