package redact

import "strings"

// Kinds reported by FindIDs.
const (
	KindHexID    = "hex_id"
	KindBase64ID = "base64_id"
)

// Lengths from which a run of characters counts as an opaque identifier.
const (
	hexIDDigits = 32 // a 128-bit value: UUIDs, request and trace ids, digests
	b64IDLength = 24 // 144 bits of base64, or about as much base62
)

// FindIDs reports long opaque identifiers in s: request, trace, account
// and organisation ids, digests and encoded blobs. They are not
// credentials, so Text and Excerpt leave them alone (a reader of an error
// often needs its request id); but they tie a sample to one account or one
// request, so fixtures, which are published, must not hold them.
//
//   - hex_id: at least 32 hex digits, optionally in dash-separated groups
//     (a UUID), with both digits and letters, not inside a longer word.
//   - base64_id: a run of at least 24 characters of [A-Za-z0-9_+-] (and
//     trailing '=' padding), not inside a longer one, that mixes digits,
//     upper and lower case, changes character class (digit, upper, lower,
//     punctuation) at no fewer than a third of its adjacent pairs, and has
//     less than two fifths of its characters in runs of five or more
//     letters of one case. Random ids change class at about 60% of pairs
//     and seldom run five letters of one case; CamelCase names
//     (AnthropicOverloadedError529), model names and dates fail one test
//     or the other. The test catches about 95% of random base62 ids of 24
//     characters, 98% of 32 and over 99% of 48 (TestFindIDsCatchesRandomIDs).
//
// Findings are sorted by Start and do not overlap; redaction markers are
// never reported.
func FindIDs(s string) []Finding {
	var out []Finding
	marks := markers(s)
	inMarker := func(lo, hi int) bool {
		for _, m := range marks {
			if m[0] < hi && lo < m[1] {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(s); {
		if !b64Byte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && b64Byte(s[j]) {
			j++
		}
		for j < len(s) && s[j] == '=' {
			j++
		}
		tok := s[i:j]
		switch {
		case inMarker(i, j):
		case base64ID(tok):
			out = append(out, Finding{KindBase64ID, i, j})
		default:
			// A hex id may sit inside a token of other characters
			// ("req_<hex>", "sha256-<hex>"): look for hex runs bounded by
			// anything but letters and digits.
			for _, f := range hexIDs(tok) {
				out = append(out, Finding{KindHexID, i + f[0], i + f[1]})
			}
		}
		i = j
	}
	return out
}

func b64Byte(c byte) bool { return isAlnum(c) || c == '_' || c == '+' || c == '-' }

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// hexIDs returns the spans of hex ids in a token.
func hexIDs(tok string) [][2]int {
	var out [][2]int
	for i := 0; i < len(tok); {
		if !isHex(tok[i]) || i > 0 && isAlnum(tok[i-1]) {
			i++
			continue
		}
		j, digits := i, 0
		var num, alpha bool
		for j < len(tok) && (isHex(tok[j]) || tok[j] == '-' && j+1 < len(tok) && isHex(tok[j+1])) {
			if tok[j] != '-' {
				digits++
				num = num || tok[j] <= '9'
				alpha = alpha || tok[j] > '9'
			}
			j++
		}
		if digits >= hexIDDigits && num && alpha && (j == len(tok) || !isAlnum(tok[j])) {
			out = append(out, [2]int{i, j})
		}
		i = max(j, i+1)
	}
	return out
}

// base64ID applies the base64_id test to a whole token.
func base64ID(tok string) bool {
	body := strings.TrimRight(tok, "=")
	if len(body) < b64IDLength || !mixed(body) {
		return false
	}
	switches, wordy := 0, 0
	for i, run := 1, 1; i <= len(body); i++ {
		if i < len(body) && charClass(body[i]) == charClass(body[i-1]) {
			run++
			continue
		}
		if i < len(body) {
			switches++
		}
		if c := charClass(body[i-1]); run >= 5 && (c == 1 || c == 2) {
			wordy += run
		}
		run = 1
	}
	return 3*switches >= len(body)-1 && 5*wordy < 2*len(body)
}

func charClass(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return 0
	case 'A' <= c && c <= 'Z':
		return 1
	case 'a' <= c && c <= 'z':
		return 2
	}
	return 3
}

// RedactIDs replaces every id FindIDs reports, except placeholders, with
// its "[redacted:KIND]" marker. Text(RedactIDs(x)) is what a published
// sample should hold.
func RedactIDs(s string) string {
	var b strings.Builder
	last := 0
	for _, f := range FindIDs(s) {
		if Placeholder(f.Kind, s[f.Start:f.End]) {
			continue
		}
		b.WriteString(s[last:f.Start])
		b.WriteString(marker(f.Kind))
		last = f.End
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// placeholderWords mark a value as written to be fake. AWS documents its
// example keys with EXAMPLE in them; the rest are what people type.
var placeholderWords = []string{"example", "placeholder", "redacted", "dummy", "fake", "your_", "your-"}

// reservedDomains are the e-mail domains reserved for documentation (RFC
// 2606 and RFC 6761): no one receives mail there.
var reservedDomains = []string{"example.com", "example.net", "example.org"}
var reservedTLDs = []string{".example", ".test", ".invalid", ".localhost"}

// Placeholder reports whether a secret-shaped value found by Find or
// FindIDs (kind is its Kind) is an obvious stand-in rather than a real
// value, so that a fixture may keep the shape a rule needs:
//
//   - it holds a run of six or more of the same character
//     (sk-proj-XXXXXXXXXXXXXXXXXXXXXXXX, 00000000-0000-0000-0000-000000000000),
//     which a generated value all but never does;
//   - other than an e-mail address, it contains one of the words example,
//     placeholder, redacted, dummy, fake, your_ or your- in any case
//     (AKIAIOSFODNN7EXAMPLE, sk-your-key-here);
//   - an e-mail address is at a domain reserved for documentation:
//     example.com, example.net, example.org, or a name under .example,
//     .test, .invalid or .localhost.
func Placeholder(kind, value string) bool {
	run := 1
	for i := 1; i < len(value); i++ {
		if value[i] == value[i-1] {
			run++
			if run >= 6 {
				return true
			}
		} else {
			run = 1
		}
	}
	lower := strings.ToLower(value)
	if kind != KindEmail {
		for _, w := range placeholderWords {
			if strings.Contains(lower, w) {
				return true
			}
		}
	} else {
		_, domain, _ := strings.Cut(lower, "@")
		for _, d := range reservedDomains {
			if domain == d || strings.HasSuffix(domain, "."+d) {
				return true
			}
		}
		for _, t := range reservedTLDs {
			if strings.HasSuffix(domain, t) {
				return true
			}
		}
	}
	return false
}
