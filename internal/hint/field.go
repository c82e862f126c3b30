package hint

import "strings"

// FirstMember returns the first member of a header field value that
// holds a list: a field sent twice reaches a reader joined with ", "
// (RFC 9110 §5.3), and of two Retry-After values the first is the one
// read, as HTTP clients read it. An HTTP-date holds a comma itself after
// its day name ("Wed, 21 Oct 2015 07:28:00 GMT"), so a value that begins
// with a word and a comma ends at the second comma.
func FirstMember(v string) string {
	i := strings.IndexByte(v, ',')
	if i < 0 {
		return v
	}
	if w := strings.TrimSpace(v[:i]); w != "" && isLetterASCII(w[0]) && isLetterASCII(w[len(w)-1]) {
		j := strings.IndexByte(v[i+1:], ',')
		if j < 0 {
			return v
		}
		i += 1 + j
	}
	return strings.TrimSpace(v[:i])
}

// splitOutsideQuotes yields the parts of s between seps that are not
// inside a quoted string (structured-field strings may hold commas).
func splitOutsideQuotes(s string, sep byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		start, quoted := 0, false
		for i := 0; i < len(s); i++ {
			switch c := s[i]; {
			case c == '\\' && quoted:
				i++
			case c == '"':
				quoted = !quoted
			case c == sep && !quoted:
				if !yield(s[start:i]) {
					return
				}
				start = i + 1
			}
		}
		yield(s[start:])
	}
}
