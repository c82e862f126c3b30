package redact

import (
	"slices"
	"strings"
)

// Finding is one secret-shaped span in a text.
type Finding struct {
	Kind       string // one of the Kind constants, e.g. "api_key"
	Start, End int    // byte offsets into the text, half-open
}

// scanLimit bounds how far past its anchor a rule's expression may read.
// No expression matches across a newline, so an attempt also stops at the
// end of the line (the PEM rules, which read across lines, bound
// themselves). Without the limit, a long line full of anchors that almost
// match (a megabyte of "eyJ...") would make each attempt read to the end of
// the line, which is quadratic. A secret longer than this is still
// covered: a match that runs into the limit is extended to the end of its
// token (see tokenByte).
const scanLimit = 4096

// hit is a Finding plus the rank of the rule that produced it, used to pick
// a Kind when two findings of the same length overlap, and the extent
// [lo, hi) of the text its rule matched, keyword included.
type hit struct {
	Finding
	rank   int
	lo, hi int
}

// Find reports every secret-shaped span in s, sorted by Start and
// non-overlapping. Where findings overlap they are merged into one span
// covering all of them, so that no part of any secret is left outside a
// span; the merged span takes the Kind of the longest finding (or, for a
// tie, of the more specific rule).
//
// Redaction markers already in s, such as "[redacted:email]", are
// barriers: a match that overlaps one is not reported. Otherwise replacing
// one secret could give a neighbouring rule a new match (a marker is not a
// delimiter that the secret was), and sanitising sanitised text would
// change it. The cost is that a secret whose match would include a literal
// marker from the input (as in "password=[redacted:jwt]xyz") is not found.
func Find(s string) []Finding { return find(s, &anchorsByFirst, &anchorPairs, !anchorsInWords) }

// find is Find with the anchor index it stops by: pairs says which two
// bytes can begin an anchor, byFirst which anchors begin with a byte,
// and skipWords that none begins inside a word. A test runs it with an
// index that passes nothing over.
// stackRules is how many rules find keeps offsets for without allocating.
const stackRules = 128

func find(s string, byFirst *[256][]anchorRef, pairs *[65536 / 64]uint64, skipWords bool) []Finding {
	// One pass over s: at each byte that can start an anchor, try the
	// rules with an anchor there. A rule is not tried again inside its own
	// last match, so its findings do not overlap each other.
	// It keeps each rule's next offset on the stack while the rules fit:
	// an allocation per excerpt costs more than the search.
	var buf [stackRules]int
	next := buf[:min(len(rules), len(buf))]
	if len(rules) > len(buf) {
		next = make([]int, len(rules))
	}
	var hits []hit
	last := len(s) - 1
	for p := 0; p < len(s); p++ {
		// Letters begin most words and many anchors: the byte after
		// them settles most places without a look at the anchors. One
		// bit per pair of bytes says which pairs can begin one.
		for p < last {
			k := uint(s[p]) | uint(s[p+1])<<8
			if pairs[k>>6]&(1<<(k&63)) != 0 {
				break
			}
			p++
			if skipWords && isAlnum(s[p-1]) {
				// The rest of the word begins nothing: what can
				// begin inside one is a word rule's anchor, which
				// must not follow a letter or digit.
				for p < last && isAlnum(s[p]) {
					p++
				}
			}
		}
		c, d := s[p], byte(0)
		if p < last {
			d = lowerByte(s[p+1])
		}
		for _, ref := range byFirst[c] {
			if ref.second != 0 && ref.second != d || p < next[ref.rule] || !hasPrefixFold(s[p:], ref.anchor) {
				continue
			}
			r := &rules[ref.rule]
			if r.word && p > 0 && isAlnum(s[p-1]) {
				continue
			}
			f, lo, hi, ok := r.try(s, p, ref.anchor)
			if ok {
				hits = append(hits, hit{f, ref.rule, lo, hi})
				next[ref.rule] = hi
			}
		}
		if skipWords {
			for p < last && isAlnum(s[p]) && isAlnum(s[p+1]) {
				p++
			}
		}
	}
	return merge(hits, markers(s))
}

// anchorRef is an anchor of a rule. Most bytes that begin an anchor
// begin several (a dozen begin with 'a'), and at most one of them goes on
// with the next byte: second, the anchor's second byte (0 for an anchor
// of one byte), settles the rest without a look at the anchor itself.
type anchorRef struct {
	rule   int
	anchor string
	second byte
}

// lowerByte lowers an ASCII letter, as hasPrefixFold compares it.
func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s begins with the lower-case ASCII anchor
// a, ignoring ASCII case in s.
func hasPrefixFold(s, a string) bool {
	if len(s) < len(a) {
		return false
	}
	for i := 0; i < len(a); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != a[i] {
			return false
		}
	}
	return true
}

// merge drops hits that touch a marker, sorts the rest and joins
// overlapping ones.
func merge(hits []hit, marks [][2]int) []Finding {
	hits = slices.DeleteFunc(hits, func(h hit) bool {
		lo, hi := min(h.lo, h.Start), max(h.hi, h.End)
		// The first marker ending after lo must start at or after hi.
		i, _ := slices.BinarySearchFunc(marks, lo, func(m [2]int, lo int) int { return cmpInt(m[1], lo+1) })
		return h.End <= h.Start || i < len(marks) && marks[i][0] < hi
	})
	if len(hits) == 0 {
		return nil
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	var out []Finding
	cur, best := hits[0].Finding, hits[0]
	for _, h := range hits[1:] {
		if h.Start >= cur.End {
			out = append(out, cur)
			cur, best = h.Finding, h
			continue
		}
		cur.End = max(cur.End, h.End)
		if n, m := h.End-h.Start, best.End-best.Start; n > m || (n == m && h.rank < best.rank) {
			best = h
		}
		cur.Kind = best.Kind
	}
	return append(out, cur)
}

const markerPrefix = "[redacted:"

// markers returns the spans of the redaction markers in s, in order.
func markers(s string) [][2]int {
	var out [][2]int
	for from := 0; ; {
		i := strings.Index(s[from:], markerPrefix)
		if i < 0 {
			return out
		}
		lo := from + i
		j := lo + len(markerPrefix)
		for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || s[j] == '_') {
			j++
		}
		if j > lo+len(markerPrefix) && j < len(s) && s[j] == ']' {
			out = append(out, [2]int{lo, j + 1})
			from = j + 1
		} else {
			from = lo + 1
		}
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// tokenByte reports whether c can continue a credential-like token. It is
// used only to extend a match that reached scanLimit, and is a superset of
// every rule's value alphabet so that the extension over-redacts rather
// than under-redacts.
func tokenByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '<', '>', '&', ',', ';', '`', '(', ')', '{', '}', '[', ']':
		return false
	}
	return c > ' ' && c != 0x7f
}

// anchorsInWords says that an anchor of a rule without word, where
// anchors may follow a letter or digit, begins with one itself: it can
// begin inside a word, which Find then does not pass over.
var anchorsInWords = func() bool {
	for _, r := range rules {
		for _, a := range r.anchors {
			if !r.word && isAlnum(a[0]) {
				return true
			}
		}
	}
	return false
}()

// anchorsByFirst indexes the rules' anchors by their first byte (in both
// cases), built once: Find runs for every excerpt, and rebuilding it each
// time would cost more than the search.
var anchorsByFirst = indexAnchors()

// anchorPairs has bit c|d<<8 set when an anchor can begin with byte c
// followed by d, in either case; every d when an anchor is c alone.
var anchorPairs = indexPairs()

func indexPairs() (pairs [65536 / 64]uint64) {
	set := func(c, d byte) {
		k := uint(c) | uint(d)<<8
		pairs[k>>6] |= 1 << (k & 63)
	}
	both := func(c byte) []byte {
		if 'a' <= c && c <= 'z' {
			return []byte{c, c - 'a' + 'A'}
		}
		return []byte{c}
	}
	for ri := range rules {
		for _, a := range rules[ri].anchors {
			for _, c := range both(a[0]) {
				if len(a) == 1 {
					for d := 0; d < 256; d++ {
						set(c, byte(d))
					}
					continue
				}
				for _, d := range both(a[1]) {
					set(c, d)
				}
			}
		}
	}
	return pairs
}

func indexAnchors() (byFirst [256][]anchorRef) {
	for ri := range rules {
		for _, a := range rules[ri].anchors {
			c, ref := a[0], anchorRef{rule: ri, anchor: a}
			if len(a) > 1 {
				ref.second = a[1]
			}
			byFirst[c] = append(byFirst[c], ref)
			if 'a' <= c && c <= 'z' {
				byFirst[c-'a'+'A'] = append(byFirst[c-'a'+'A'], ref)
			}
		}
	}
	return byFirst
}
