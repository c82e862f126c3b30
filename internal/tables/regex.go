package tables

import (
	"regexp/syntax"
	"slices"
)

// Regex is an RE2 pattern kept with its source, so tables can be printed,
// hashed and emitted as Go code. The engine compiles it, and keeps what
// it compiles by ID.
type Regex struct {
	// ID numbers the catalogue's distinct patterns densely from 0, in the
	// order the compiler first meets them (Number). Patterns written alike
	// (the same Src and Alts) share one, wherever they occur and however
	// many copies of them the tables hold (tables decoded from the
	// compiled-catalogue cache hold a copy per use): an engine keeps one
	// compiled pattern, and one set of answers per record, for each ID.
	// Like Triggers, it is derived, so not part of the digest.
	ID int `json:"-"`
	// Src is the pattern as the catalogue wrote it.
	Src string
	// Triggers, when set, are lower-case literals one of which occurs in
	// any text the pattern matches: without one, it is not run. Like a
	// rule's, they are derived, so not part of the digest.
	Triggers []string `json:"-"`
	// Alts say where the pattern's matches can begin, one entry per
	// top-level alternative; nil when nothing is known. The compiler
	// derives them from Src, so they add nothing to what the catalogue
	// means and stay out of its digest: a better analysis in a later
	// errcat must not re-version every catalogue.
	Alts []Alt `json:"-"`
	// Parsed is what an engine would parse Src for, filled in by
	// ParseRegex, which the compiler checks every pattern with: the engine
	// then takes it rather than parsing Src again, since parsing is much
	// of what building an engine costs. Tables built by hand leave it nil,
	// and the engine checks their patterns.
	Parsed *Parsed `json:"-"`
}

// Alt is what the compiler knows about where the matches of one top-level
// alternative of a pattern begin. The engine looks for these places first
// and runs the pattern only there, because RE2 runs an unanchored (?i)
// search with \b byte by byte over the whole record. Everything here
// assumes ASCII case folding of the record, and records from which the
// engine has removed the two non-ASCII runes that fold to ASCII letters.
type Alt struct {
	// Triggers, when set, are lower-case literals one of which occurs in
	// every match of the alternative; without one, it cannot match. Set
	// only when a pattern has several alternatives: a single one has the
	// pattern's own Triggers.
	Triggers []string
	// Start: every match begins at the start of the record (\A or a
	// non-multiline ^).
	Start bool
	// Skip, with Start, lists the bytes of a leading run (such as \s*)
	// that Lead applies after: Lead then applies at the first byte of the
	// record not in Skip. No Lead string begins with a Skip byte.
	Skip string
	// Lead, when set, are lower-case literals one of which every match
	// begins with (ASCII case folded). Without Lead and Start, a match may
	// begin anywhere.
	Lead []string
	// Word: every match begins with \b, and every Lead string with an
	// ASCII letter, digit or underscore, so no match begins inside a word.
	Word bool
	// Also are more lower-case literal sets every match contains one of
	// each of (ASCII case folded), besides Triggers: where one is
	// missing from a record, the alternative is not run there.
	Also [][]string
}

// Parsed is what parsing a pattern tells the engine: its groups.
type Parsed struct {
	Groups int      // the number of capturing groups
	Names  []string // as regexp.SubexpNames; nil when no group is named
}

// ParsedOf reads tree's groups.
func ParsedOf(tree *syntax.Regexp) *Parsed {
	p := &Parsed{Groups: tree.MaxCap()}
	if names := tree.CapNames(); slices.ContainsFunc(names, func(n string) bool { return n != "" }) {
		p.Names = names
	}
	return p
}

// ParseRegex checks src as RE2 and returns it as a Regex, with its syntax
// tree for callers that analyse the pattern: parsing it once serves all
// three. The engine takes what it needs from Parsed. An error is
// regexp.Compile's own.
func ParseRegex(src string) (*Regex, *syntax.Regexp, error) {
	tree, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, nil, err
	}
	return &Regex{Src: src, Parsed: ParsedOf(tree)}, tree, nil
}

// SamePattern reports whether a and b are written alike: the same source
// and the same Alts, so that one compiled form serves both.
func SamePattern(a, b *Regex) bool {
	return a.Src == b.Src && slices.EqualFunc(a.Alts, b.Alts, func(x, y Alt) bool {
		return x.Start == y.Start && x.Skip == y.Skip && x.Word == y.Word &&
			slices.Equal(x.Triggers, y.Triggers) && slices.Equal(x.Lead, y.Lead) &&
			slices.EqualFunc(x.Also, y.Also, slices.Equal)
	})
}

// EachRegex calls fn with every pattern of the catalogue, rule by rule
// (Rule.EachRegex). A pattern the tables hold in several places is met
// once for each.
func (c *Catalogue) EachRegex(fn func(*Regex)) {
	for i := range c.Rules {
		c.Rules[i].EachRegex(fn)
	}
}

// EachRegex calls fn with every pattern of the rule: its Match's regexes,
// then the patterns of its header and JSON tests, its Not likewise, then
// its hints' patterns.
func (r *Rule) EachRegex(fn func(*Regex)) {
	cond := func(c *Cond) {
		for _, re := range c.Regex {
			fn(re)
		}
		for _, set := range [][]FieldTest{c.Headers, c.JSON} {
			for i := range set {
				if set[i].Re != nil {
					fn(set[i].Re)
				}
			}
		}
	}
	cond(&r.Match)
	if r.Not != nil {
		cond(r.Not)
	}
	for i := range r.Hints {
		if r.Hints[i].Re != nil {
			fn(r.Hints[i].Re)
		}
	}
}

// EachRecordRegex calls fn with each pattern of the rule that reads
// records: its Match's regexes, its Not's, then its hints' patterns.
func (r *Rule) EachRecordRegex(fn func(*Regex)) {
	for _, re := range r.Match.Regex {
		fn(re)
	}
	if r.Not != nil {
		for _, re := range r.Not.Regex {
			fn(re)
		}
	}
	for i := range r.Hints {
		if r.Hints[i].Re != nil {
			fn(r.Hints[i].Re)
		}
	}
}

// EachLiteral calls fn with every literal the engine looks for in a
// record on behalf of re: its Triggers, and its Alts' Triggers, Lead (not
// the Lead of an alternative anchored at the start, which is compared in
// place) and Also.
func (re *Regex) EachLiteral(fn func(string)) {
	for _, t := range re.Triggers {
		fn(t)
	}
	for _, a := range re.Alts {
		for _, t := range a.Triggers {
			fn(t)
		}
		if !a.Start {
			for _, l := range a.Lead {
				fn(l)
			}
		}
		for _, set := range a.Also {
			for _, l := range set {
				fn(l)
			}
		}
	}
}

// Number gives every pattern of the catalogue its ID: patterns written
// alike (SamePattern) share one, and IDs are dense from 0 in the order
// EachRegex meets them, so equal tables are numbered the same. The
// compiler calls it last, before anyone reads the tables; it returns the
// number of IDs.
func (c *Catalogue) Number() int {
	var first []*Regex // by ID
	bySrc := map[string][]int{}
	c.EachRegex(func(re *Regex) {
		for _, id := range bySrc[re.Src] {
			if SamePattern(first[id], re) {
				re.ID = id
				return
			}
		}
		re.ID = len(first)
		bySrc[re.Src] = append(bySrc[re.Src], re.ID)
		first = append(first, re)
	})
	return len(first)
}
