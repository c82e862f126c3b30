package compile

import (
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/tables"
)

// maxLead bounds a lead set: the engine searches a record for each of its
// strings, so a long list costs more than it saves. An alternative
// anchored at the start of the record is only compared at one place, so
// its set may be as large as package literal builds them.
const maxLead = 16

// leadLen is how short a lead string may be cut to merge variants: four
// bytes already keep the places the engine tries to a handful in a
// record, and a longer string would multiply the set ("rate limit",
// "rate-limit", ... are all "rate"). Strings are kept longer where that
// does not multiply them, because a longer string is found in fewer
// places, and is more often a trigger the engine has already found.
const leadLen = 4

// altsOf computes a pattern's match.Alts: for each top-level alternative,
// where its matches can begin. Where a match begins is what lets the
// engine run a pattern anchored at a few places instead of searching the
// whole record, which for a (?i) pattern with \b RE2 does byte by byte.
//
// Alternatives are looked at one by one because they begin in different
// places: a guard's "^\s*(...)" begins at the start of the record while
// its "\bPASSED\b" begins at "passed". It returns nil when no alternative
// narrows anything.
//
// n is the pattern's literal analysis (literal.Of).
func altsOf(n *literal.Node) []tables.Alt {
	for n.Re.Op == syntax.OpCapture {
		n = n.Sub[0]
	}
	subs := []*literal.Node{n}
	if n.Re.Op == syntax.OpAlternate {
		subs = n.Sub
	}
	out := make([]tables.Alt, 0, len(subs))
	useful := false
	for _, sub := range subs {
		trig := literal.Indexable(sub.Required())
		a := altOf(sub, trig)
		if len(subs) > 1 {
			a.Triggers = fewer(trig)
		}
		a.Also = alsoOf(sub, trig, a.Lead)
		useful = useful || a.Start || a.Lead != nil || a.Triggers != nil || a.Also != nil
		out = append(out, a)
	}
	if !useful {
		return nil
	}
	return out
}

// altOf says where the matches of one alternative begin; trig are its
// triggers. When every lead string is a trigger ("rate_limit_error",
// "rate_limit_exceeded" for \bRATE_LIMIT_(ERROR|EXCEEDED)\b) the strings
// are kept whole: the engine already knows where a rule's triggers occur
// (match/confirm.go), and finds such leads without a search.
func altOf(n *literal.Node, trig []string) tables.Alt {
	parts := leading(n)
	if len(parts) == 0 || parts[0].Re.Op != syntax.OpBeginText {
		raw := n.Lead
		a := tables.Alt{Lead: trimLead(raw, maxLead)}
		if raw != nil && len(raw) <= maxLead && subset(raw, trig) {
			a.Lead = raw
		}
		a.Word = a.Lead != nil && parts[0].Re.Op == syntax.OpWordBoundary && allWordStart(a.Lead)
		return a
	}
	a := tables.Alt{Start: true}
	rest := parts[1:]
	if len(rest) > 0 && rest[0].Re.Op == syntax.OpStar && rest[0].Re.Sub[0].Op == syntax.OpCharClass {
		skip, ok := asciiBytes(rest[0].Re.Sub[0].Rune)
		l := trimLead(literal.SeqLead(rest[1:]), literal.MaxSet)
		if ok && l != nil && !startsWithAny(l, skip) {
			a.Skip, a.Lead = skip, l
		}
		return a
	}
	a.Lead = trimLead(literal.SeqLead(rest), literal.MaxSet)
	return a
}

// leading flattens the concatenation at the top of n, captures
// included, so that a \A inside a group is seen first.
func leading(n *literal.Node) []*literal.Node {
	switch n.Re.Op {
	case syntax.OpCapture:
		return leading(n.Sub[0])
	case syntax.OpConcat:
		if len(n.Sub) == 0 {
			return nil
		}
		return append(leading(n.Sub[0]), n.Sub[1:]...)
	}
	return []*literal.Node{n}
}

// trimLead cuts a lead set's strings as long as they can be without
// making more of them than cutting to leadLen bytes makes, which merges
// the variants that differ only further on. A set that stays larger than
// max is cut shorter, down to one byte, before it is given up.
func trimLead(set []string, max int) []string {
	if set == nil {
		return nil
	}
	longest := 0
	for _, s := range set {
		longest = maxInt(longest, len(s))
	}
	for n := leadLen; n >= 1; n-- {
		out := cutAll(set, n)
		if len(out) > max {
			continue
		}
		if n == leadLen {
			for m := n + 1; m <= longest; m++ {
				longer := cutAll(set, m)
				if len(longer) > len(out) {
					break
				}
				out = longer
			}
		}
		return out
	}
	return nil
}

func cutAll(set []string, n int) []string {
	out := make([]string, 0, len(set))
	for _, s := range set {
		out = append(out, cutBytes(s, n))
	}
	return literal.Dedupe(out)
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// cutBytes cuts s to at most n bytes without splitting a UTF-8 sequence
// (a lead string is compared bytewise, but one cut inside a rune could
// end in a byte the record has in another rune).
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	if n == 0 {
		return s // one rune longer than n: keep it whole
	}
	return s[:n]
}

// asciiBytes lists the bytes of a character class that holds only ASCII.
func asciiBytes(ranges []rune) (string, bool) {
	var b []byte
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1] >= 0x80 {
			return "", false
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			b = append(b, byte(r))
		}
	}
	slices.Sort(b)
	return string(slices.Compact(b)), len(b) > 0
}

// startsWithAny reports whether a lead string begins with a byte of skip,
// in either case: the engine could not tell where the run ends and the
// lead begins.
func startsWithAny(set []string, skip string) bool {
	for _, s := range set {
		c := s[0]
		if strings.IndexByte(skip, c) >= 0 {
			return true
		}
		if 'a' <= c && c <= 'z' && strings.IndexByte(skip, c-'a'+'A') >= 0 {
			return true
		}
	}
	return false
}

// fewer replaces a trigger set by the longest string all its members
// contain, when that is still worth looking for. The set package literal builds
// for ["']?(finish_?reason|stop_reason)["']?: multiplies out to dozens of
// spellings; the engine looks for an alternative's triggers one by one,
// and one search for "reason" costs what one for each spelling does.
func fewer(set []string) []string {
	if len(set) < 2 {
		return set
	}
	short := set[0]
	for _, s := range set {
		if len(s) < len(short) {
			short = s
		}
	}
	for n := len(short); n >= literal.MinTrigger; n-- {
		for i := 0; i+n <= len(short); i++ {
			sub := short[i : i+n]
			all := true
			for _, s := range set {
				if !strings.Contains(s, sub) {
					all = false
					break
				}
			}
			if all && literal.Indexable([]string{sub}) != nil {
				return []string{sub}
			}
		}
	}
	return set
}

// allWordStart reports whether every string begins with a byte \b counts
// as a word character.
func allWordStart(set []string) bool {
	for _, s := range set {
		c := s[0]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// subset reports whether every string of a is in b (both sorted).
func subset(a, b []string) bool {
	for _, s := range a {
		if _, ok := slices.BinarySearch(b, s); !ok {
			return false
		}
	}
	return true
}
