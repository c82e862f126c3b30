package redact

import "strings"

// StripEscapes removes terminal escape sequences from s and leaves every
// other byte alone. The engine matches what a person saw on the terminal:
// colour codes between words would otherwise defeat literal phrases and \b.
// It returns s itself when s holds no ESC, so the usual case costs one
// IndexByte and no allocation.
func StripEscapes(s string) string {
	i := strings.IndexByte(s, 0x1b)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[skipEscape(s, i):]
		i = strings.IndexByte(s, 0x1b)
	}
	b.WriteString(s)
	return b.String()
}
