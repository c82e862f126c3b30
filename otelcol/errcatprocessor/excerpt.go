package errcatprocessor

import (
	"strings"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/redact"
)

// recordOf is line n (1-based) of text; line 0, or a line past the end,
// is the text's first line.
func recordOf(text string, n int) string {
	for i := 1; ; i++ {
		line, rest, more := strings.Cut(text, "\n")
		if i >= n || !more {
			return strings.TrimSuffix(line, "\r")
		}
		text = rest
	}
}

// rawWindow is at most limit bytes of rec around offset, cut on rune
// boundaries: the raw counterpart of the safe excerpt, with secrets left in
// but terminal escapes taken out, since attributes end up on screens.
func rawWindow(rec string, offset, limit int) string {
	if len(rec) > limit {
		offset = min(max(offset, 0), len(rec))
		start := max(0, offset-limit/2)
		end := min(len(rec), start+limit)
		start = max(0, end-limit)
		for start < end && !utf8.RuneStart(rec[start]) {
			start++
		}
		for end < len(rec) && end > start && !utf8.RuneStart(rec[end]) {
			end--
		}
		rec = rec[start:end]
	}
	return redact.StripEscapes(rec)
}
