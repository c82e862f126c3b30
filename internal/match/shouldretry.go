package match

import "strings"

// shouldRetry reads the server's own word on retrying: x-should-retry,
// which Anthropic's and OpenAI's APIs send and their SDKs obey before
// anything else. The response's header is read first; without one, when
// the evidence's text is at hand (Classify), the last such header line
// printed in it ("< x-should-retry: false" from curl -v, a logged header
// map), as the response that ended the run comes last. Any other value
// says nothing. The answer is nil when nothing is said: a class is never
// made retryable by it (see docs/semantics.md).
func (s *Scan) shouldRetry() *bool {
	if v, ok := s.ev.HTTP.Header("x-should-retry"); ok {
		return boolWord(strings.TrimSpace(v))
	}
	if s.keepRecords && s.ev.Text != "" {
		return shouldRetryInText(s.ev.Text)
	}
	return nil
}

// shouldRetryInText finds the last "x-should-retry" in text followed by
// a separator (":" or "=", with quotes and spaces around it) and true or
// false.
func shouldRetryInText(text string) *bool {
	const name = "x-should-retry"
	for end := len(text); ; {
		// "hould-" is in lower case however the name is capitalised
		// (x-should-retry, X-Should-Retry).
		i := strings.LastIndex(text[:end], "hould-")
		if i < 3 {
			return nil
		}
		end = i
		start := i - 3
		if start+len(name) > len(text) || !strings.EqualFold(text[start:start+len(name)], name) {
			continue
		}
		if v := valueAfterName(text[start+len(name):]); v != nil {
			return v
		}
	}
}

// valueAfterName reads `": "false"`, `: false` or `=true` after a
// header's name.
func valueAfterName(s string) *bool {
	s = strings.TrimLeft(s, `"' `)
	if s == "" || s[0] != ':' && s[0] != '=' {
		return nil
	}
	s = strings.TrimLeft(s[1:], `"' `)
	for _, w := range [...]string{"true", "false"} {
		if len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) {
			if len(s) > len(w) && isWordByte(s[len(w)]) {
				return nil
			}
			return boolWord(s[:len(w)])
		}
	}
	return nil
}

// boolWord reads true or false in any case; anything else says nothing.
func boolWord(v string) *bool {
	var b bool
	switch {
	case strings.EqualFold(v, "true"):
		b = true
	case strings.EqualFold(v, "false"):
	default:
		return nil
	}
	return &b
}
