// Package literal works out, in one walk of a parsed RE2 pattern, the
// literal strings its matches are made of: the set one of which every
// match contains, which indexes a rule (its triggers), and the set one of
// which every match begins with, which anchors the search for it (its
// lead). Sets hold strings as the engine compares them, ASCII letters
// lowered and every other byte exact; how strong a set is, and whether it
// is worth indexing, is decided here too (score.go), once for every user.
package literal

import (
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"
)

// MaxSet bounds the literal sets built while analysing a pattern: beyond
// it, "any of these strings" stops being a cheap test.
const MaxSet = 64

// Node is what the walk knows of one subexpression, with the nodes of its
// subexpressions. A set is sorted and without repeats; nil means no set is
// known.
type Node struct {
	Re  *syntax.Regexp
	Sub []*Node // one per Re.Sub, in order

	// Exact is the finite set of strings the subexpression matches.
	Exact []string
	// Req is a set one of whose strings every match contains.
	Req []string
	// Lead is a set of non-empty strings one of which every match begins
	// with.
	Lead []string
	// Parts, for a concatenation, are the sets its parts require: the
	// strongest is in Req, the others are required as well.
	Parts [][]string
}

// Of simplifies re and walks it once. re itself is not changed.
func Of(re *syntax.Regexp) *Node { return walk(re.Simplify()) }

// Required is the strongest set one of whose strings every match
// contains, or nil when a match may contain none of them.
func (n *Node) Required() []string {
	set := n.Req
	if n.Exact != nil && Better(n.Exact, set) {
		set = n.Exact
	}
	for _, s := range set {
		if s == "" {
			return nil
		}
	}
	return set
}

// best is the stronger of a part's exact and required sets.
func (n *Node) best() []string {
	if n.Exact != nil && nonEmpty(n.Exact) && Better(n.Exact, n.Req) {
		return n.Exact
	}
	return n.Req
}

var emptyWidth = []string{""}

func walk(re *syntax.Regexp) *Node {
	n := &Node{Re: re}
	if len(re.Sub) > 0 {
		n.Sub = make([]*Node, len(re.Sub))
		for i, sub := range re.Sub {
			n.Sub[i] = walk(sub)
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		literalNode(n, re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		n.Exact = classSet(re.Rune)
		n.Req, n.Lead = n.Exact, nonEmptyOrNil(n.Exact)
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		n.Exact = emptyWidth
	case syntax.OpCapture:
		sub := n.Sub[0]
		n.Exact, n.Req, n.Lead = sub.Exact, sub.Req, sub.Lead
	case syntax.OpQuest:
		if sub := n.Sub[0]; sub.Exact != nil && len(sub.Exact) < MaxSet {
			n.Exact = Dedupe(append([]string{""}, sub.Exact...))
		}
	case syntax.OpPlus:
		n.Req, n.Lead = n.Sub[0].best(), n.Sub[0].Lead
	case syntax.OpRepeat:
		if re.Min == 0 {
			break
		}
		sub := n.Sub[0]
		if re.Min == 1 && re.Max == 1 {
			n.Exact, n.Req = sub.Exact, sub.Req
		} else {
			n.Req = sub.best()
		}
		n.Lead = sub.Lead
	case syntax.OpConcat:
		concatNode(n)
	case syntax.OpAlternate:
		alternateNode(n)
	}
	return n // any character, star: no set
}

// literalNode folds a literal to lower case. The engine folds ASCII only,
// so a case-folded literal spells out every case of its other letters:
// "již" under (?i) is the set {"již", "jiŽ"} (ASCII letters lowered).
// Where that would pass maxCases spellings the literal is cut into pieces
// of at most maxCases each: every piece is required, the strongest is
// kept as Req, and only the first can lead.
func literalNode(n *Node, runes []rune, fold bool) {
	if !fold {
		s := Lower(string(runes))
		n.Exact = []string{s}
		n.Req, n.Lead = n.Exact, nonEmptyOrNil(n.Exact)
		return
	}
	var pieces [][]string
	cur := []string{""}
	for _, r := range runes {
		cases := foldCases(r)
		if len(cur)*len(cases) > maxCases {
			pieces = append(pieces, cur)
			cur = []string{""}
		}
		if len(cases) == 1 {
			for i := range cur {
				cur[i] += cases[0]
			}
			continue
		}
		cur = product(cur, cases)
	}
	if pieces == nil {
		n.Exact = Dedupe(cur)
		n.Req, n.Lead = n.Exact, nonEmptyOrNil(n.Exact)
		return
	}
	pieces = append(pieces, cur)
	var best []string
	for _, p := range pieces {
		if p = Dedupe(p); nonEmpty(p) && Better(p, best) {
			best = p
		}
	}
	n.Req = best
	n.Lead = nonEmptyOrNil(Dedupe(pieces[0]))
}

// maxCases bounds the spellings of one folded literal: a few accented
// letters in a Latin phrase, not a word of a cased script (Cyrillic,
// Greek), whose every letter doubles the set; those are cut into pieces
// of three or four letters.
const maxCases = 16

// foldCases lists the strings r matches under case folding as the engine
// compares them: an ASCII letter lowered, and a rune of wider fold
// (wideFold) each member of its orbit. An orbit with an ASCII member is
// that of k or s with the Kelvin sign or the long s, which the engine maps
// to ASCII before it compares: there the lowered ASCII letter is all.
func foldCases(r rune) []string {
	if !wideFold(r) {
		return []string{string(lowerRune(r))}
	}
	cases := []string{string(r)}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < utf8.RuneSelf {
			return []string{string(lowerRune(f))}
		}
		cases = append(cases, string(f))
	}
	return cases
}

// wideFold reports whether r is a non-ASCII rune with a case, which the
// engine's ASCII folding does not fold. (k and s also fold with the Kelvin
// sign and the long s; the engine maps those two to ASCII before it looks
// for literals, so k and s stay usable, and foldCases reads the two signs
// as them.)
func wideFold(r rune) bool {
	return r >= utf8.RuneSelf && unicode.SimpleFold(r) != r
}

// classSet turns a small character class into its set of one-rune
// strings. RE2 has already listed every case a folded class matches, so
// ASCII letters are lowered (both cases collapse) and the rest kept.
func classSet(ranges []rune) []string {
	var set []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] > MaxSet {
			return nil
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			set = append(set, string(lowerRune(r)))
			if len(set) > 4*MaxSet {
				return nil
			}
		}
	}
	set = Dedupe(set)
	if len(set) > MaxSet {
		return nil
	}
	return set
}

// concatNode builds exact sets across adjacent parts for as long as they
// stay small, and keeps the strongest required set seen on the way: every
// part of a concatenation is required. A match begins with what its
// leading exact parts multiply out to, followed by what the first other
// part begins with.
func concatNode(n *Node) {
	cur := []string{""}
	exactAll := true
	for _, sub := range n.Sub {
		if cur != nil && sub.Exact != nil && len(cur)*len(sub.Exact) <= MaxSet {
			// What the product extends is required too, and may be the
			// better filter: "project service " rather than forty
			// spellings of "project service returned status 5x".
			if len(sub.Exact) > 1 && nonEmpty(cur) {
				n.Parts = append(n.Parts, cur)
			}
			cur = product(cur, sub.Exact)
			continue
		}
		exactAll = false
		if cur != nil {
			n.Parts = append(n.Parts, cur)
		}
		n.Parts = append(n.Parts, sub.best())
		cur = sub.Exact
		if cur == nil {
			cur = []string{""}
		}
	}
	n.Parts = append(n.Parts, cur)
	if w := bestWindow(n.Sub); w != nil && !slices.ContainsFunc(n.Parts, func(p []string) bool { return slices.Equal(p, w) }) {
		n.Parts = append(n.Parts, w)
	}
	if exactAll {
		n.Exact = cur
	}
	for _, c := range n.Parts {
		if c != nil && nonEmpty(c) && Better(c, n.Req) {
			n.Req = c
		}
	}
	n.Lead = SeqLead(n.Sub)
}

// bestWindow is the strongest product of consecutive exact parts within
// MaxSet. concatNode's products start where a run of exact parts starts
// and stop where they overflow, so an optional part early in a run buries
// what follows it: "rate limit" in `(hit|reached) (the |your )?((api|daily)
// )?rate[ _-]?limit`, "exceeded" in `\d+ ?(ms|s)? exceeded`. Each window's
// product is a set one of whose strings every match contains, so the
// strongest is a part.
func bestWindow(subs []*Node) []string {
	var best []string
	for i := range subs {
		cur := []string{""}
		for _, sub := range subs[i:] {
			if sub.Exact == nil || len(cur)*len(sub.Exact) > MaxSet {
				break
			}
			cur = product(cur, sub.Exact)
			if nonEmpty(cur) && Better(cur, best) {
				best = cur
			}
		}
	}
	return best
}

// SeqLead is the lead of a sequence of nodes matched one after the other:
// the product of the exact sets of its leading parts for as long as it
// stays small, extended by the lead of the first part without one.
func SeqLead(parts []*Node) []string {
	cur := []string{""}
	for _, sub := range parts {
		if sub.Exact != nil && len(cur)*len(sub.Exact) <= MaxSet {
			cur = product(cur, sub.Exact)
			continue
		}
		if l := sub.Lead; l != nil && len(cur)*len(l) <= MaxSet {
			cur = product(cur, l)
		}
		break
	}
	return nonEmptyOrNil(cur)
}

// alternateNode: a match of an alternation is a match of one branch, so
// the branches' sets are united; one branch without a set spoils it.
func alternateNode(n *Node) {
	var exact, req, lead []string
	exactOK, reqOK, leadOK := true, true, true
	for _, sub := range n.Sub {
		if sub.Exact == nil {
			exactOK = false
		} else {
			exact = append(exact, sub.Exact...)
		}
		if b := sub.best(); b == nil || !nonEmpty(b) {
			reqOK = false
		} else {
			req = append(req, b...)
		}
		if sub.Lead == nil {
			leadOK = false
		} else {
			lead = append(lead, sub.Lead...)
		}
	}
	if exactOK && len(exact) <= MaxSet {
		n.Exact = Dedupe(exact)
	}
	if reqOK {
		n.Req = Dedupe(req)
	}
	if leadOK {
		n.Lead = Dedupe(lead)
	}
}

func product(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return Dedupe(out)
}

func nonEmpty(set []string) bool {
	for _, s := range set {
		if s == "" {
			return false
		}
	}
	return len(set) > 0
}

func nonEmptyOrNil(set []string) []string {
	if !nonEmpty(set) {
		return nil
	}
	return set
}

// Lower lowers ASCII letters only, as the engine folds: lowering "É" to
// "é" would make a literal that no longer matches its own text.
func Lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func lowerRune(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// Dedupe sorts a set and drops repeats; nil stays nil ("no set").
func Dedupe(xs []string) []string {
	if xs == nil {
		return nil
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}
