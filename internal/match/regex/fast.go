package regex

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// Go's regexp has no literal prefix to skip to when a pattern begins with
// \b or is case-folded, and most rules' patterns are both: an unanchored
// search then steps through every byte of the record, for every pattern
// whose triggers occur. A Fast runs the pattern anchored, only
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
// the record \A(?:pattern) runs instead. In practice RunAt runs the
// pattern's own program (Prog) and the anchored forms are a fallback.
// All are compiled on first use, so a pattern that never gets that far
// costs nothing at startup.
type Fast struct {
	alts []Alt
	src  string
	nsub int

	once  sync.Once
	ready atomic.Bool // once has run and the pattern parsed
	low   bool        // the Ready run on the lowered record
	prog  *Prog       // the program RunAt runs; nil: regexp runs all

	onceAt sync.Once
	at0    *regexp.Regexp // \A(?:src), src lowered if low; nil if it did not compile
	ctx    *regexp.Regexp // \A(?s:.)(?:src), likewise
}

type Alt struct {
	tables.Alt         // a copy: next to the sets, not a cache miss away in the tables
	skip       byteSet // Alt.Skip
	first      byteSet // first bytes of Alt.Lead, in both cases
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (b *byteSet) add(c byte)      { b[c>>6] |= 1 << (c & 63) }
func (b *byteSet) has(c byte) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *byteSet) addFold(c byte)  { b.add(c); b.add(litscan.UpperASCII(c)) }

// MaxPlaces bounds how many places a search tries before it hands the
// record to the unanchored search: past a handful, that is no slower,
// and a bound keeps the places on the stack.
const MaxPlaces = 16

func NewFast(r *tables.Regex, nsub int) *Fast {
	f := &Fast{src: r.Src, nsub: nsub}
	for i := range r.Alts {
		a := Alt{Alt: r.Alts[i]}
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
			return nil // StartsHere searches it
		}
		f.alts = append(f.alts, a)
	}
	return f
}

// Ready readies the program RunAt runs; it reports false if the
// pattern does not parse (it always should), and the caller then searches
// the usual way. A pattern that says nothing case-sensitive about ASCII
// letters is compiled without case folding, to run on the record's
// lowered copy (see caseFree). The anchored forms are compiled by
// anchored, only when they are needed: a program RunAt runs settles
// nearly every place by itself, and two regexp compilations per rule
// would be most of what a scan spends on the rules it meets first.
func (f *Fast) Ready() bool {
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
// range of it again, which is slow, and few patterns ever get this far,
// while Ready runs for every rule a scan meets.
func (f *Fast) anchored() bool {
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

// StartsHere reports whether an alternative anchored at the start of the
// record can match rec.
func (a *Alt) StartsHere(rec string) bool {
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
	c := litscan.LowerByte(rec[k])
	i, j := 0, len(a.Lead)
	for i < j {
		if m := int(uint(i+j) >> 1); a.Lead[m][0] < c {
			i = m + 1
		} else {
			j = m
		}
	}
	for ; i < len(a.Lead) && a.Lead[i][0] == c; i++ {
		if l := a.Lead[i]; len(rec)-k >= len(l) && litscan.HasFoldPrefix(rec[k:k+len(l)], l) {
			return true
		}
	}
	return false
}

// At returns the anchored form to run at offset p of s (a place where a
// rune begins), the slice of s to run it on, and that slice's offset. s is
// the record, or its lowered copy when Low says so. ok is false when p is
// not where the context rune ends, which a place never is, or when the
// anchored forms did not compile.
func (f *Fast) At(s string, p int) (re *regexp.Regexp, sub string, off int, ok bool) {
	if !f.anchored() {
		return nil, "", 0, false
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

// SubmatchAt runs the program at offset p of x (the record, or its
// lowered copy when Low says so) for the submatches, laid out as
// FindStringSubmatchIndex lays them out.
func (f *Fast) SubmatchAt(x string, p int, dst []int) (m []int, matched, done bool) {
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
	end, matched, done := RunAt(f.prog, x, p, caps)
	caps[0], caps[1] = p, end
	return caps, matched, done
}

// Alts are the pattern's alternatives, each with the places a match of
// it can begin.
func (f *Fast) Alts() []Alt { return f.alts }

// Low reports whether the program and the anchored forms run on the
// record's lowered copy rather than on the record.
func (f *Fast) Low() bool { return f.low }

// Prog returns the program RunAt runs; nil when regexp runs every search.
func (f *Fast) Prog() *Prog { return f.prog }

// AnchoredCompiled reports whether the anchored forms have been compiled.
func (f *Fast) AnchoredCompiled() bool { return f.at0 != nil }
