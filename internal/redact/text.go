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
	return maskRaw(out, s)
}

// maskRaw masks in out, made from raw by cleaning and redaction, the
// value of every secret found in raw itself. Secrets are found after
// cleaning, which joins what escapes split; but an escape can also take
// visible text with it (an 8-bit CSI takes the first letter of a key
// name as its final byte), and then the cleaned text no longer holds the
// key that marks its value. Only raw text that holds an escape or a C1
// byte can lose text so, and only it is searched again.
func maskRaw(out, raw string) string {
	if strings.IndexByte(raw, 0x1b) < 0 && !hasC1Byte(raw) {
		return out
	}
	for _, f := range Find(raw) {
		v := raw[f.Start:f.End]
		if i := strings.LastIndexAny(v, " \t:=\"'"); i >= 0 {
			v = v[i+1:]
		}
		if len(v) >= minShown {
			out = maskPieces(out, v, marker(f.Kind))
		}
	}
	return out
}

// minShown is the shortest piece of a secret's value worth masking on its
// own: an excerpt's window can cut a value, and what it keeps of it is
// still the secret.
const minShown = 8

// maskPieces replaces in out every run of minShown bytes or more that is
// also a run of v, longest first, with m: the whole value, or what an
// excerpt's edge left of it.
// Markers already in out are kept whole: a value can hold a marker's
// letters, and masking them would break the marker.
func maskPieces(out, v, m string) string {
	var b strings.Builder
	spans := markers(out)
	for i := 0; i < len(out); {
		next := len(out) // where the next marker begins
		if len(spans) > 0 {
			if spans[0][0] <= i {
				b.WriteString(out[i:spans[0][1]])
				i = spans[0][1]
				spans = spans[1:]
				continue
			}
			next = spans[0][0]
		}
		n := longestIn(out[i:next], v)
		if n >= minShown {
			b.WriteString(m)
			i += n
			continue
		}
		b.WriteByte(out[i])
		i++
	}
	return b.String()
}

// longestIn returns the length of the longest prefix of s that occurs in v.
func longestIn(s, v string) int {
	best := 0
	for j := 0; j < len(v); j++ {
		n := 0
		for n < len(s) && j+n < len(v) && s[n] == v[j+n] {
			n++
		}
		best = max(best, n)
	}
	return best
}

// hasC1Byte reports whether s holds a byte of the C1 range, raw or as the
// second byte of its UTF-8 form.
func hasC1Byte(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 && c <= 0x9f && (i == 0 || s[i-1] == 0xc2 || s[i-1] < 0x80) {
			return true
		}
	}
	return false
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
