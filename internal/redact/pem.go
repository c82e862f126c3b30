package redact

import (
	"regexp"
	"strings"
)

// PEM private keys ("-----BEGIN RSA PRIVATE KEY-----", OPENSSH, EC,
// ENCRYPTED, "PGP PRIVATE KEY BLOCK", ...). The body is the secret, and it
// spans lines: written out, one line per 64 characters; flattened into an
// excerpt, one word per line; inside a JSON string, lines joined by the
// escape "\n". So the PEM rules, unlike the others, read across lines.
//
// A key is redacted whole, armour included, from either end: from its
// BEGIN line to its END line, or as far as the body goes when the END is
// not in the text (the tail of a log cut it off); and back from an END
// line as far as the body goes, for an excerpt whose context starts after
// the BEGIN line.
var (
	pemBeginRule = rule{name: "pem_private_key", kind: KindPrivateKey, anchors: []string{"-----begin"}, custom: pemBegin}
	pemEndRule   = rule{name: "pem_private_key_end", kind: KindPrivateKey, anchors: []string{"-----end"}, custom: pemEnd}
)

var (
	pemHeader = regexp.MustCompile(`^-----BEGIN[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----`)
	pemFooter = regexp.MustCompile(`^-----END[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----`)
)

const (
	// pemLimit bounds how far a PEM rule reads: an RSA key of 8192 bits
	// takes about 6.5 KB.
	pemLimit = 16 << 10
	// pemLine is the length from which a word counts as a line of a PEM
	// body; a body's lines are full (64 characters, 70 for OpenSSH)
	// except its last.
	pemLine = 40
)

func pemBegin(s string, p int) (f Finding, lo, hi int, ok bool) {
	loc := pemHeader.FindStringIndex(s[p:min(len(s), p+128)])
	if loc == nil {
		return
	}
	h := p + loc[1]
	lim := min(len(s), h+pemLimit)
	if e := strings.Index(s[h:lim], "-----END"); e >= 0 && armoured(s[h:h+e]) {
		e += h
		end := e + len("-----END")
		if m := pemFooter.FindStringIndex(s[e:min(len(s), e+128)]); m != nil {
			end = e + m[1]
		}
		return Finding{KindPrivateKey, p, end}, p, end, true
	}
	// No footer: the armour's headers, then the body's words as far as
	// they go, up to a short one (the body's last line).
	end, long := h, false
	for i, headers := h, 0; i < lim; {
		i = skipSeparators(s, i)
		j := i
		for j < lim && b64Char(s[j]) {
			j++
		}
		k := j // the end of the word
		for k < lim && !isBlank(s[k]) && !escapeAt(s, k) {
			k++
		}
		w := s[i:k]
		if w != "" && !long && headers < 8 && strings.ContainsAny(w, ":,") && armoured(w) {
			headers++
			end, i = k, k
			continue
		}
		if j == i {
			break // not base64
		}
		end = j
		long = long || j-i >= pemLine
		if k != j || j-i < pemLine {
			break // glued to other text, or the body's last line
		}
		i = j
	}
	if !long {
		return // a header alone, or with prose after it, holds no secret
	}
	return Finding{KindPrivateKey, p, end}, p, end, true
}

func pemEnd(s string, p int) (f Finding, lo, hi int, ok bool) {
	loc := pemFooter.FindStringIndex(s[p:min(len(s), p+128)])
	if loc == nil {
		return
	}
	end := p + loc[1]
	lim := max(0, p-pemLimit)
	start, long := p, false
	for i, words := p, 0; i > lim; words++ {
		// Back over separators: blanks and the escapes \n, \r, \t.
		for i > lim {
			if isBlank(s[i-1]) {
				i--
			} else if i-2 >= lim && escapeAt(s, i-2) {
				i -= 2
			} else {
				break
			}
		}
		j := i
		for j > lim && b64Char(s[j-1]) && !(j-2 >= lim && escapeAt(s, j-2)) {
			j--
		}
		if j == i {
			break // not base64: the armour, or prose
		}
		if words > 0 && i-j < pemLine {
			break // a short word before the body's last line is prose
		}
		long = long || i-j >= pemLine
		start, i = j, j
		if j > lim && !isBlank(s[j-1]) && !(j-2 >= lim && escapeAt(s, j-2)) {
			break // glued to other text
		}
	}
	if !long {
		return
	}
	return Finding{KindPrivateKey, start, end}, start, end, true
}

// armoured reports whether b can lie between a PEM header and footer:
// base64, blanks, the escapes of a JSON string and the headers of an
// encrypted key ("Proc-Type: 4,ENCRYPTED", "DEK-Info: ...").
func armoured(b string) bool {
	for i := 0; i < len(b); i++ {
		if c := b[i]; !b64Char(c) && !isBlank(c) && strings.IndexByte(`\:,.-`, c) < 0 {
			return false
		}
	}
	return true
}

// b64Char reports whether c is of the standard base64 alphabet.
func b64Char(c byte) bool { return isAlnum(c) || c == '+' || c == '/' || c == '=' }

// escapeAt reports whether s has the escape \n, \r or \t at i.
func escapeAt(s string, i int) bool {
	return i+1 < len(s) && s[i] == '\\' && (s[i+1] == 'n' || s[i+1] == 'r' || s[i+1] == 't')
}

// skipSeparators skips blanks and escapes from i.
func skipSeparators(s string, i int) int {
	for i < len(s) {
		switch {
		case isBlank(s[i]):
			i++
		case escapeAt(s, i):
			i += 2
		default:
			return i
		}
	}
	return i
}
