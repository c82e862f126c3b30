package match

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/tables"
)

// Go's regexp has no literal prefix to skip to when a pattern begins with
// \b or is case-folded, and most rules' patterns are both: an unanchored
// search then costs tens of nanoseconds per byte of record, for every
// pattern whose triggers occur. A fastRegex runs the pattern anchored, only
// at the places where the compiler says a match can begin (Regex.Alts),
// which costs about as much as the match is long.
//
// The answer is the one FindStringIndex gives. Go's leftmost-first search
// returns the match that begins leftmost and, of those, the one its
// backtracking order prefers; a search anchored at that beginning prefers
// the same one. Every match begins at one of the places tried, and they
// are tried from the left, so the first that matches is the leftmost.
//
// An anchored search must see the byte before its start, for \b, \B and
// (?m)^. It therefore runs on the record from one rune before the place,
// as \A(?s:.)(?:pattern): the rune is consumed as context, and the pattern
// then sees exactly what it would see in the whole record. At the start of
// the record \A(?:pattern) runs instead. In practice runAt runs the
// pattern's own program (vm.go) and the anchored forms are a fallback.
// All are compiled on first use, so a pattern that never gets that far
// costs nothing at startup.
type fastRegex struct {
	alts []fastAlt
	src  string
	nsub int

	once  sync.Once
	ready atomic.Bool // once has run and the pattern parsed
	low   bool        // the variants run on the lowered record
	prog  *vmProg     // the program runAt runs; nil: regexp runs all

	onceAt sync.Once
	at0    *regexp.Regexp // \A(?:src), src lowered if low; nil if it did not compile
	ctx    *regexp.Regexp // \A(?s:.)(?:src), likewise
}

type fastAlt struct {
	tables.Alt         // a copy: next to the sets, not a cache miss away in the tables
	skip       byteSet // Alt.Skip
	first      byteSet // first bytes of Alt.Lead, in both cases
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (b *byteSet) add(c byte)      { b[c>>6] |= 1 << (c & 63) }
func (b *byteSet) has(c byte) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *byteSet) addFold(c byte)  { b.add(c); b.add(upperASCII(c)) }

// maxPlaces bounds how many places a search tries before it hands the
// record to the unanchored search: past a handful, that is no slower,
// and a bound keeps the places on the stack.
const maxPlaces = 16

func newFast(r *tables.Regex, nsub int) *fastRegex {
	f := &fastRegex{src: r.Src, nsub: nsub}
	for i := range r.Alts {
		a := fastAlt{Alt: r.Alts[i]}
		for j := 0; j < len(a.Skip); j++ {
			a.skip.add(a.Skip[j])
		}
		for _, l := range a.Lead {
			if l == "" {
				return nil // tables not from the compiler: trust nothing
			}
			a.first.addFold(l[0])
		}
		if !slices.IsSorted(a.Lead) {
			return nil // startsHere searches it
		}
		f.alts = append(f.alts, a)
	}
	return f
}

// variants readies the program runAt runs; it reports false if the
// pattern does not parse (it always should), and the caller then searches
// the usual way. A pattern that says nothing case-sensitive about ASCII
// letters is compiled without case folding, to run on the record's
// lowered copy (see caseFree). The anchored forms are compiled by
// anchored, only when they are needed: a program runAt runs settles
// nearly every place by itself, and two regexp compilations per rule
// were most of what a scan spent on the rules it met first.
func (f *fastRegex) variants() bool {
	if f.ready.Load() {
		return true
	}
	f.once.Do(func() {
		tree, err := syntax.Parse(f.src, syntax.Perl)
		if err != nil {
			return
		}
		if caseFree(tree) {
			f.low = true
		} else if tree, err = syntax.Parse(f.src, syntax.Perl); err != nil {
			return // caseFree may have changed the tree before it gave up
		}
		f.prog = compileVM(tree)
		if f.prog == nil && !f.anchored() {
			return
		}
		f.ready.Store(true)
	})
	return f.ready.Load()
}

// anchored compiles the anchored forms, once, and reports whether they
// compiled as the same pattern. The lowered pattern is printed from its
// tree only here: printing a folded class as large as \S folds every
// range of it again, milliseconds a pattern, which variants paid for
// every rule a scan met although few patterns ever get this far.
func (f *fastRegex) anchored() bool {
	f.onceAt.Do(func() {
		src := f.src
		if f.low {
			tree, err := syntax.Parse(f.src, syntax.Perl)
			if err != nil || !caseFree(tree) {
				return
			}
			src = tree.String()
		}
		at0, err0 := regexp.Compile(`\A(?:` + src + `)`)
		ctx, err1 := regexp.Compile(`\A(?s:.)(?:` + src + `)`)
		if err0 != nil || err1 != nil || at0.NumSubexp() != f.nsub || ctx.NumSubexp() != f.nsub {
			return
		}
		f.at0, f.ctx = at0, ctx
	})
	return f.at0 != nil
}

// caseFree rewrites re to run on a lowered record, and reports whether
// that gives the answers re gives on the record itself. It does when
// every test re makes of an ASCII letter ignores its case: a folded
// literal then tests for the lower-case letter alone (a record has no
// upper-case letters once lowered, and no Kelvin sign or long s once
// through foldSpecial), and a character class must hold both cases of
// each ASCII letter it holds, so that it takes a letter exactly when it
// takes the letter lowered. A case-sensitive letter ("(?-i:PASSED)",
// "[A-Z]") makes it false, and re is then not to be used. Folding stays
// on for runes outside ASCII, which lowering leaves alone.
func caseFree(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		keepFold := false
		for i, r := range re.Rune {
			switch {
			case 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z':
				if !fold {
					return false
				}
				re.Rune[i] = r | 0x20
			case r >= utf8.RuneSelf && unicode.SimpleFold(r) != r:
				keepFold = true
			}
		}
		if !keepFold {
			re.Flags &^= syntax.FoldCase
		}
		return true
	case syntax.OpCharClass:
		return closedUnderCase(re.Rune)
	}
	for _, sub := range re.Sub {
		if !caseFree(sub) {
			return false
		}
	}
	return true
}

// closedUnderCase reports whether a class (sorted ranges) holds the other
// case of every ASCII letter it holds.
func closedUnderCase(ranges []rune) bool {
	in := func(r rune) bool {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= r && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	for c := 'a'; c <= 'z'; c++ {
		if in(c) != in(c-'a'+'A') {
			return false
		}
	}
	return true
}

// places appends to buf, in increasing order, every offset of rec where a
// match can begin. all reports that a match may begin anywhere, or at too
// many places to try one by one.
func (f *fastRegex) places(t *recText, buf []int, lk *lookup) (pos []int, all bool) {
	rec := t.s
	pos = buf
	startOnly := lk.gateShut()
	for i := range f.alts {
		a := &f.alts[i]
		if startOnly && !a.Start {
			continue
		}
		ap := lk.alt(i)
		if len(a.Triggers) > 0 && !lk.anyOf(t, a.Triggers, ap.triggers()) || !a.hasAlso(t, ap, lk) {
			continue
		}
		switch {
		case a.Start:
			if a.startsHere(rec) {
				if len(pos) == cap(pos) {
					return nil, true
				}
				pos = append(pos, 0)
			}
		case a.Lead == nil:
			return nil, true
		default:
			for k, l := range a.Lead {
				var ok bool
				if pos, ok = a.leadPlaces(t, l, ap.leadPattern(k), lk, pos); !ok {
					return nil, true
				}
			}
		}
	}
	// Insertion sort: a few places, mostly in order already.
	for i := 1; i < len(pos); i++ {
		for j := i; j > 0 && pos[j] < pos[j-1]; j-- {
			pos[j], pos[j-1] = pos[j-1], pos[j]
		}
	}
	out := pos[:0]
	for i, p := range pos {
		if i == 0 || p != pos[i-1] {
			out = append(out, p)
		}
	}
	return out, false
}

// hasAlso reports whether one literal of each of the alternative's Also
// sets occurs in t.
func (a *fastAlt) hasAlso(t *recText, ap *altPats, lk *lookup) bool {
	for k, set := range a.Also {
		if !lk.anyOf(t, set, ap.alsoPatterns(k)) {
			return false
		}
	}
	return true
}

// leadPlaces appends where lead string l occurs in rec, found through the
// automaton's hits when p is its pattern; ok is false when pos is full.
// With Word, an occurrence inside a word is no place: the match begins
// with \b.
func (a *fastAlt) leadPlaces(t *recText, l string, p int32, lk *lookup, pos []int) (_ []int, ok bool) {
	rec := t.s
	add := func(at int) bool {
		if a.Word && at > 0 && isWordByte(rec[at-1]) {
			return true
		}
		if len(pos) == cap(pos) {
			return false
		}
		pos = append(pos, at)
		return true
	}
	if p >= 0 {
		h := lk.hits
		if h.stamp[p] != h.gen {
			return pos, true
		}
		for i := h.head[p]; i >= 0; i = h.ends[i].prev {
			e := int(h.ends[i].end)
			if h.endsAt(rec, l, p, e) && !add(e-len(l)) {
				return nil, false
			}
		}
		return pos, true
	}
	low := t.lower()
	for from := 0; ; {
		j := strings.Index(low[from:], l)
		if j < 0 {
			return pos, true
		}
		if !add(from + j) {
			return nil, false
		}
		from += j + 1
	}
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// startsHere reports whether an alternative anchored at the start of the
// record can match rec.
func (a *fastAlt) startsHere(rec string) bool {
	k := 0
	if a.Skip != "" {
		for k < len(rec) && a.skip.has(rec[k]) {
			k++
		}
	}
	if a.Lead == nil {
		return true
	}
	if k == len(rec) || !a.first.has(rec[k]) {
		return false
	}
	// Lead is sorted: only the strings that begin with this byte need a
	// look (a guard's start-of-line alternative has dozens). The search
	// is written out: slices.BinarySearchFunc called its comparison
	// through a pointer at every step.
	c := lowerByte(rec[k])
	i, j := 0, len(a.Lead)
	for i < j {
		if m := int(uint(i+j) >> 1); a.Lead[m][0] < c {
			i = m + 1
		} else {
			j = m
		}
	}
	for ; i < len(a.Lead) && a.Lead[i][0] == c; i++ {
		if l := a.Lead[i]; len(rec)-k >= len(l) && equalFoldASCII(rec[k:k+len(l)], l) {
			return true
		}
	}
	return false
}

// at returns the anchored form to run at offset p of t (a place where a
// rune begins), the slice of the record (or of its lowered copy) to run
// it on, and that slice's offset. ok is false when p is not where the
// context rune ends, which a place never is, or when the anchored forms
// did not compile.
func (f *fastRegex) at(t *recText, p int) (re *regexp.Regexp, sub string, off int, ok bool) {
	if !f.anchored() {
		return nil, "", 0, false
	}
	s := t.s
	if f.low {
		s = t.lower()
	}
	if p == 0 {
		return f.at0, s, 0, true
	}
	r, w := utf8.DecodeLastRuneInString(s[:p])
	q := p - w
	if r2, w2 := utf8.DecodeRuneInString(s[q:]); w2 != w || r2 != r {
		return nil, "", 0, false
	}
	return f.ctx, s[q:], q, true
}

// find returns the leftmost match of r in t, as r.re.FindStringIndex
// would, if it begins before offset before: a caller that already has a
// match there needs none that begins later. The record must have been
// through foldSpecial. lk, if not nil, finds the lead strings of a rule's
// branch.
func (r *pattern) find(t *recText, lk *lookup, before int) (start, end int, found bool) {
	if f := r.fast; f != nil && f.variants() {
		var buf [maxPlaces]int
		pos, all := f.places(t, buf[:0], lk)
		if !all {
			for _, p := range pos {
				if p >= before {
					break
				}
				if f.prog != nil {
					x := t.s
					if f.low {
						x = t.lower()
					}
					if end, matched, done := runAt(f.prog, x, p, nil); done {
						if matched {
							return p, end, true
						}
						continue
					}
				}
				re, sub, off, ok := f.at(t, p)
				if !ok {
					goto slow
				}
				if loc := re.FindStringIndex(sub); loc != nil {
					return p, off + loc[1], true
				}
			}
			return 0, 0, false
		}
	}
slow:
	if loc := r.c.regexp().FindStringIndex(t.s); loc != nil && loc[0] < before {
		return loc[0], loc[1], true
	}
	return 0, 0, false
}

// submatchAt runs the program at p for the submatches, laid out as
// FindStringSubmatchIndex lays them out.
func (f *fastRegex) submatchAt(t *recText, p int, dst []int) (m []int, matched, done bool) {
	x := t.s
	if f.low {
		x = t.lower()
	}
	var caps []int
	if n := 2 * (1 + f.nsub); n <= cap(dst) {
		caps = dst[:n]
	} else {
		caps = make([]int, n)
	}
	for i := range caps {
		caps[i] = -1
	}
	// The program has no instructions for the whole match (regexp sets
	// its bounds itself): slots 0 and 1 are the place and the end.
	end, matched, done := runAt(f.prog, x, p, caps)
	caps[0], caps[1] = p, end
	return caps, matched, done
}

// findSubmatch is FindStringSubmatchIndex, found as find finds. What the
// engine finds itself goes in dst when it is large enough.
func (r *pattern) findSubmatch(t *recText, lk *lookup, dst []int) []int {
	if f := r.fast; f != nil && f.variants() {
		var buf [maxPlaces]int
		pos, all := f.places(t, buf[:0], lk)
		if !all {
			for _, p := range pos {
				if f.prog != nil {
					if m, matched, done := f.submatchAt(t, p, dst); done {
						if matched {
							return m
						}
						continue
					}
				}
				re, sub, off, ok := f.at(t, p)
				if !ok {
					goto slow
				}
				if m := re.FindStringSubmatchIndex(sub); m != nil {
					m[0] = p
					m[1] += off
					for i := 2; i < len(m); i++ {
						if m[i] >= 0 {
							m[i] += off
						}
					}
					return m
				}
			}
			return nil
		}
	}
slow:
	return r.c.regexp().FindStringSubmatchIndex(t.s)
}
