package compile

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/tables"
)

// MinTrigger is tables.MinTrigger, the shortest literal worth indexing.
const MinTrigger = tables.MinTrigger

// maxSet bounds the literal sets built while analysing a pattern: beyond
// it, "any of these strings" stops being a cheap test.
const maxSet = 64

// triggers computes a rule's prefilter: a set of lower-case literals at
// least one of which occurs (ASCII case folded) in every record the rule
// can match. The engine scans each record once for all rules' triggers and
// runs a rule's matchers only where one of its triggers occurs, which is
// what makes classification cost flat in the number of rules.
//
// Every record matcher must hold, so any one of them can supply the set:
// the strongest is chosen. A rule whose text matchers give no set of
// MinTrigger bytes or more gets none and runs on every record.
func triggers(c *tables.Cond) []string {
	var best []string
	consider := func(set []string) {
		if set != nil && better(set, best) {
			best = set
		}
	}
	if len(c.Exact) > 0 {
		consider(lowerAll(c.Exact))
	}
	if len(c.Contains) > 0 {
		consider(lowerAll(c.Contains))
	}
	if len(c.Regex) > 0 {
		var union []string
		for _, re := range c.Regex {
			if re.Triggers == nil {
				union = nil
				break
			}
			union = append(union, re.Triggers...)
		}
		consider(dedupe(union))
	}
	if !c.HasText() {
		// JSON read from a record: what a field test requires of the
		// decoded value must appear in the record's text, as written by
		// whatever encoder made it.
		for _, t := range c.JSON {
			switch t.Kind {
			case tables.Equal:
				consider(jsonVerbatim(lowerAll(t.Values)))
			case tables.Match:
				if tree, err := syntax.Parse(t.Re.Src, syntax.Perl); err == nil {
					consider(jsonVerbatim(triggersOf(tree)))
				}
			}
		}
		// A field's key is a weak trigger ("status" is in every JSON
		// log line): only for a rule that offers nothing better.
		for _, t := range c.JSON {
			if best == nil {
				consider(jsonKey(t.Name))
			}
		}
	}
	if best == nil || minScore(best) < MinTrigger {
		return nil
	}
	return best
}

func lowerAll(xs []string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, asciiLower(x))
	}
	return dedupe(out)
}

// asciiLower lowers ASCII letters only, as the engine folds: lowering "É"
// to "é" would make a literal that no longer matches its own text.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func lowerASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// triggersOf returns a required set for a parsed pattern, or nil. It
// leaves the tree as it was.
func triggersOf(re *syntax.Regexp) []string {
	in := analyse(re.Simplify())
	set := in.req
	if in.exact != nil && better(in.exact, set) {
		set = in.exact
	}
	for _, s := range set {
		if s == "" {
			return nil
		}
	}
	return set
}

// info is what analyse knows of a subexpression: exact, when non-nil, is
// the finite set of strings it matches; req, when non-nil, is a set one of
// whose strings every match contains.
type info struct {
	exact []string
	req   []string
}

var emptyWidth = info{exact: []string{""}}

func analyse(re *syntax.Regexp) info {
	switch re.Op {
	case syntax.OpLiteral:
		return literalInfo(re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCharClass:
		return classInfo(re.Rune)
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return emptyWidth
	case syntax.OpCapture:
		return analyse(re.Sub[0])
	case syntax.OpQuest:
		sub := analyse(re.Sub[0])
		if sub.exact != nil && len(sub.exact) < maxSet {
			return info{exact: dedupe(append([]string{""}, sub.exact...))}
		}
		return info{}
	case syntax.OpPlus:
		sub := analyse(re.Sub[0])
		return info{req: sub.best()}
	case syntax.OpRepeat:
		if re.Min == 0 {
			return info{}
		}
		sub := analyse(re.Sub[0])
		if re.Min == 1 && re.Max == 1 {
			return sub
		}
		return info{req: sub.best()}
	case syntax.OpConcat:
		return concatInfo(re.Sub)
	case syntax.OpAlternate:
		return alternateInfo(re.Sub)
	}
	return info{} // any char, star: no requirement
}

// literalInfo folds a literal to lower case. A case-folded literal is
// split at non-ASCII runes with a case: the engine folds ASCII only, so
// those runes cannot be part of a trigger.
func literalInfo(runes []rune, fold bool) info {
	if !fold {
		s := asciiLower(string(runes))
		return info{exact: []string{s}, req: []string{s}}
	}
	var pieces []string
	var cur strings.Builder
	split := false
	for _, r := range runes {
		if wideFold(r) {
			pieces = append(pieces, cur.String())
			cur.Reset()
			split = true
			continue
		}
		cur.WriteRune(lowerASCII(r))
	}
	pieces = append(pieces, cur.String())
	if !split {
		return info{exact: pieces, req: pieces}
	}
	var best []string
	for _, p := range pieces {
		if p != "" && better([]string{p}, best) {
			best = []string{p}
		}
	}
	return info{req: best}
}

// wideFold reports whether r's case-fold orbit has a member the engine's
// ASCII folding does not know: a non-ASCII rune with a case. (k and s also
// fold with the Kelvin sign and the long s; the engine maps those two to
// ASCII before it looks for triggers, so k and s stay usable.)
func wideFold(r rune) bool {
	return r >= utf8.RuneSelf && unicode.SimpleFold(r) != r
}

// classInfo turns a small character class into its set of one-rune
// strings. RE2 has already listed every case a folded class matches, so
// ASCII letters are lowered (both cases collapse) and the rest kept.
func classInfo(ranges []rune) info {
	var set []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] > maxSet {
			return info{}
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			set = append(set, string(lowerASCII(r)))
			if len(set) > 4*maxSet {
				return info{}
			}
		}
	}
	set = dedupe(set)
	if len(set) > maxSet {
		return info{}
	}
	return info{exact: set, req: set}
}

// concatInfo builds exact sets across adjacent parts for as long as they
// stay small, and keeps the strongest required set seen on the way: every
// part of a concatenation is required.
func concatInfo(subs []*syntax.Regexp) info {
	cands, exact := concatParts(subs)
	out := info{exact: exact}
	for _, c := range cands {
		if c != nil && nonEmpty(c) && better(c, out.req) {
			out.req = c
		}
	}
	return out
}

// concatParts returns the required sets of a concatenation's parts, and
// the concatenation's exact set when every part has one.
func concatParts(subs []*syntax.Regexp) (cands [][]string, exact []string) {
	cur := []string{""}
	exactAll := true
	for _, sub := range subs {
		in := analyse(sub)
		if cur != nil && in.exact != nil && len(cur)*len(in.exact) <= maxSet {
			// What the product extends is required too, and may be the
			// better filter: "project service " rather than forty
			// spellings of "project service returned status 5x".
			if len(in.exact) > 1 && nonEmpty(cur) {
				cands = append(cands, cur)
			}
			cur = product(cur, in.exact)
			continue
		}
		exactAll = false
		if cur != nil {
			cands = append(cands, cur)
		}
		cands = append(cands, in.best())
		cur = in.exact
		if cur == nil {
			cur = []string{""}
		}
	}
	cands = append(cands, cur)
	if exactAll {
		exact = cur
	}
	return cands, exact
}

// alternateInfo: a match of an alternation is a match of one branch, so
// the branches' sets are united; one branch without a set spoils it.
func alternateInfo(subs []*syntax.Regexp) info {
	var exact, req []string
	exactOK, reqOK := true, true
	for _, sub := range subs {
		in := analyse(sub)
		if in.exact == nil {
			exactOK = false
		} else {
			exact = append(exact, in.exact...)
		}
		b := in.best()
		if b == nil || !nonEmpty(b) {
			reqOK = false
		} else {
			req = append(req, b...)
		}
	}
	var out info
	if exactOK && len(exact) <= maxSet {
		out.exact = dedupe(exact)
	}
	if reqOK {
		out.req = dedupe(req)
	}
	return out
}

// best is the stronger of a part's exact and required sets.
func (in info) best() []string {
	if in.exact != nil && nonEmpty(in.exact) && better(in.exact, in.req) {
		return in.exact
	}
	return in.req
}

func product(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return dedupe(out)
}

func nonEmpty(set []string) bool {
	for _, s := range set {
		if s == "" {
			return false
		}
	}
	return len(set) > 0
}

// Choosing a trigger weighs two costs. A set that occurs often makes the
// engine confirm its rule on records the rule does not match; a set of many
// strings adds anchors to the literal set that every rule shares, and past
// a few dozen a rule they slow the scan of every byte. worth trades them:
// rarity counts up to enoughRarity (about four words), past which a set
// keeps its rule off nearly every record anyway, and each string past the
// first costs perString. So two spellings of a phrase with its verb beat
// the phrase alone, which a log also says when nothing failed ("upstream
// account refused" against "upstream account retrying"); eight spellings
// of a two-word phrase beat one word; and one word beats forty spellings.
const (
	enoughRarity = 32
	perString    = 0.5
)

// worth is how good a filter a set is (see above).
func worth(set []string) float64 {
	return min(minScore(set), enoughRarity) - perString*float64(len(set)-1)
}

// better reports whether set a is a better filter than b: worth more, or
// as much with fewer strings.
func better(a, b []string) bool {
	if b == nil {
		return a != nil
	}
	if wa, wb := worth(a), worth(b); wa != wb {
		return wa > wb
	}
	return len(a) < len(b)
}

// minScore is the rarity of a set's weakest member. A string's rarity is
// the sum of its bytes' weights: letters common in English and logs weigh
// less than one, rare letters, digits and punctuation more, so "zq_" beats
// "the" at equal length. A space between two letters adds joinWeight: a
// phrase is far rarer than its words, which each occur on their own. For
// a set to be worth indexing its score must reach MinTrigger, which three
// ordinary letters do.
func minScore(set []string) float64 {
	if len(set) == 0 {
		return 0
	}
	m := -1.0
	for _, s := range set {
		w := 0.0
		for i := 0; i < len(s); i++ {
			w += byteWeights[s[i]]
			if s[i] == ' ' && i > 0 && i+1 < len(s) && isLetter(s[i-1]) && isLetter(s[i+1]) {
				w += joinWeight
			}
		}
		if len(s) < MinTrigger {
			w = min(w, float64(len(s))) // a short string is weak whatever its bytes
		}
		if m < 0 || w < m {
			m = w
		}
	}
	return m
}

// joinWeight is what a space between two words adds to a string's rarity.
const joinWeight = 4

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// byteWeights tabulates byteWeight: minScore weighs every byte of every
// candidate set, many times over while sets are compared.
var byteWeights = func() (t [256]float64) {
	for c := range t {
		t[c] = byteWeight(byte(c))
	}
	return t
}()

func byteWeight(c byte) float64 {
	switch {
	case c == ' ':
		return 0.3
	case strings.IndexByte("etaoinsr", c) >= 0:
		return 1
	case strings.IndexByte("hldcumfpgwyb", c) >= 0:
		return 1.3
	case c >= 'a' && c <= 'z':
		return 1.8
	case c >= '0' && c <= '9':
		return 2 // a status or errno: "404" says more than "http"
	}
	return 1.5
}

// jsonVerbatim turns literals of a decoded JSON string into literals of
// its encoded text. Encoders escape different bytes: all escape quotes,
// backslashes and control bytes; Go escapes < > &, Gson also = and ',
// PHP escapes /, many escape everything outside ASCII as \uXXXX. No
// encoder escapes the other printable ASCII bytes, so a run of them in the
// value is written as it is: each literal is cut to its longest such run.
// nil when a literal has none.
func jsonVerbatim(set []string) []string {
	if set == nil {
		return nil
	}
	out := make([]string, 0, len(set))
	for _, s := range set {
		best, start := "", 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || !jsonPlain(s[i]) {
				if i-start > len(best) {
					best = s[start:i]
				}
				start = i + 1
			}
		}
		if best == "" {
			return nil
		}
		out = append(out, best)
	}
	return dedupe(out)
}

// jsonKey is the trigger a field's name gives: its last key, quoted as
// JSON writes it, unless it may be an array index or may be escaped.
func jsonKey(path string) []string {
	key := path[strings.LastIndexByte(path, '.')+1:]
	if key == "" || strings.Trim(key, "0123456789") == "" {
		return nil
	}
	for i := 0; i < len(key); i++ {
		if !jsonPlain(key[i]) {
			return nil
		}
	}
	return []string{`"` + asciiLower(key) + `"`}
}

func jsonPlain(c byte) bool {
	return c >= 0x20 && c < 0x7f && strings.IndexByte(`"\/<>&='`, c) < 0
}

// dedupe sorts a set and drops repeats; nil stays nil ("no set").
func dedupe(xs []string) []string {
	if xs == nil {
		return nil
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}
