package collide

import (
	"math/bits"
	"sort"
	"sync"
	"unicode"

	"github.com/errcat/errcat/internal/redact"
)

// The analysis reads text as runes, as Go's regexp does. Runes are grouped
// into atoms: maximal intervals that no pattern of the catalogue tells
// apart, so a transition is a bit set over a few hundred atoms instead of
// a list of ranges over a million runes.

// Context classes of a rune, as the empty-width assertions (^ $ \A \z \b
// \B) see it: text edge, newline, ASCII word character, anything else.
const (
	clsEdge = iota // before the first or after the last rune
	clsNL
	clsWord
	clsOther
	nClasses
)

// bitset is a set of atoms.
type bitset []uint64

func (b bitset) set(i int) { b[i>>6] |= 1 << (uint(i) & 63) }

// and stores a&b in dst and reports whether it is non-empty.
func and(dst, a, b bitset) bool {
	var any uint64
	for i := range dst {
		dst[i] = a[i] & b[i]
		any |= dst[i]
	}
	return any != 0
}

// trimmed returns b without its trailing empty words. Atoms are numbered
// most readable first, so a mask of ASCII runes ends in its first words
// while an alphabet of many scripts is many words long: meet over a
// trimmed mask touches only the words it can hold.
func (b bitset) trimmed() bitset {
	n := len(b)
	for n > 0 && b[n-1] == 0 {
		n--
	}
	return b[:n]
}

// meets reports whether a and b share an atom; either may be trimmed.
func meets(a, b bitset) bool {
	n := min(len(a), len(b))
	for i := range n {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// meet stores a&b in dst and returns dst cut to the shorter of a and b
// (a set holds no atom past its last word), and its lowest atom, or -1
// when it is empty.
func meet(dst, a, b bitset) (bitset, int) {
	n := min(len(a), len(b))
	dst, a, b = dst[:n], a[:n], b[:n]
	first := -1
	for i := range dst {
		dst[i] = a[i] & b[i]
		if first < 0 && dst[i] != 0 {
			first = i*64 + bits.TrailingZeros64(dst[i])
		}
	}
	return dst, first
}

// or adds the atoms of x to b.
func or(b, x bitset) {
	for i := range b {
		b[i] |= x[i]
	}
}

// andNot removes the atoms of x from b and reports whether any remain.
func andNot(b, x bitset) bool {
	var any uint64
	for i := range b {
		b[i] &^= x[i]
		any |= b[i]
	}
	return any != 0
}

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// first returns the lowest atom of the set, or -1 when it is empty.
func (b bitset) first() int {
	for i, w := range b {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// alphabet partitions the runes into atoms. Atoms are numbered by
// readability (the order witnesses prefer them in), not by rune: the most
// readable atom of a set is then its lowest bit, found without sorting.
type alphabet struct {
	lo    []rune    // interval i is [lo[i], lo[i+1]-1]; the last ends at MaxRune
	atom  []int     // the atom of interval i
	words int       // len of a bitset
	all   bitset    // every atom a record can contain
	class [4]bitset // atoms by context class (clsEdge is empty)
	first [4]int    // the lowest atom of each class, or -1
	rep   []rune    // a readable rune of each atom
}

// newAlphabet builds the atoms from interval boundaries (the first rune of
// a range and the rune after its end).
func newAlphabet(bounds []rune) *alphabet {
	// Class boundaries, so that every atom lies in one context class, and
	// runes a record never contains at match time get atoms of their own.
	bounds = append(bounds, 0, '\n', '\n'+1, '0', '9'+1, 'A', 'Z'+1, '_', '_'+1, 'a', 'z'+1,
		0x1b, 0x1b+1, 0xD800, 0xDFFF+1, 0x80,
		longS, longS+1, kelvin, kelvin+1)
	bounds = append(bounds, normalisedBounds()...)
	sort.Slice(bounds, func(i, j int) bool { return bounds[i] < bounds[j] })
	a := &alphabet{}
	for i, b := range bounds {
		if b < 0 || b > unicode.MaxRune || (i > 0 && b == bounds[i-1]) {
			continue
		}
		a.lo = append(a.lo, b)
	}
	n := len(a.lo)
	a.words = (n + 63) / 64
	a.all = a.newSet()
	for c := range a.class {
		a.class[c] = a.newSet()
	}
	reps := make([]rune, n)
	order := make([]int, n) // intervals, most readable first; ties by rune
	for i := range a.lo {
		reps[i] = a.pick(i)
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		return readability(reps[order[x]]) < readability(reps[order[y]])
	})
	a.atom = make([]int, n)
	a.rep = make([]rune, n)
	for at, i := range order {
		a.atom[i] = at
		a.rep[at] = reps[i]
	}
	for i, lo := range a.lo {
		// Terminal escapes are stripped before matching and surrogates
		// never come out of UTF-8 decoding: no record holds them. Nor
		// does any record hold the long s or the Kelvin sign: the engine
		// maps them to 's' and 'k' before matching (see foldedAway); nor
		// C1 controls, invisible characters or spaces other than ' ',
		// which it removes or makes ' ' (redact.NormalizesRune).
		if lo == 0x1b || (lo >= 0xD800 && lo <= 0xDFFF) || foldedAway(lo) || redact.NormalizesRune(lo) {
			continue
		}
		a.all.set(a.atom[i])
		a.class[classOf(reps[i])].set(a.atom[i])
	}
	for c := range a.class {
		a.first[c] = a.class[c].first()
	}
	return a
}

// The two non-ASCII runes that Unicode case folding puts in the orbit of
// an ASCII letter: U+017F (long s) folds with 's' and U+212A (Kelvin sign)
// with 'k', so RE2's (?i)s and (?i)k match them. The engine replaces them
// with 's' and 'k' in every record before matching, so a record never
// contains them at match time; a witness built from them ("unknown model
// ſ…") would be a collision no input can produce. They get atoms of their
// own, left out of the alphabet like ESC.
const (
	longS  = 0x017F
	kelvin = 0x212A
)

// foldedAway reports whether the engine maps r away before matching.
func foldedAway(r rune) bool { return r == longS || r == kelvin }

// normalisedBounds returns the interval boundaries of the runes that the
// engine removes or replaces before matching (redact.NormalizesRune), so
// that each of them lies in atoms of its own, left out of the alphabet.
// A witness holding one would be a collision no input can produce.
var normalisedBounds = sync.OnceValue(func() []rune {
	var out []rune
	in := false
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		if now := r <= unicode.MaxRune && redact.NormalizesRune(r); now != in {
			out = append(out, r)
			in = now
		}
	}
	return out
})

func (a *alphabet) newSet() bitset { return make(bitset, a.words) }

func (a *alphabet) hi(i int) rune {
	if i+1 < len(a.lo) {
		return a.lo[i+1] - 1
	}
	return unicode.MaxRune
}

// pick chooses the rune of atom i a person would rather read in a witness.
func (a *alphabet) pick(i int) rune {
	lo, hi := a.lo[i], a.hi(i)
	for _, r := range []rune{'e', 'a', 'x', 'E', 'A', 'X', '1', '0', ' ', '-', '.'} {
		if lo <= r && r <= hi {
			return r
		}
	}
	for r := lo; r <= hi && r < 0x7f; r++ {
		if r >= 0x20 {
			return r
		}
	}
	return lo
}

// readability orders runes for witnesses: lower-case letters, then other
// letters and digits, then printable ASCII, then the rest.
func readability(r rune) int {
	switch {
	case 'a' <= r && r <= 'z':
		return 0
	case 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return 1
	case r == ' ':
		return 2
	case 0x20 < r && r < 0x7f:
		return 3
	case r == '\t':
		return 4
	case r >= 0x80 && unicode.IsPrint(r):
		return 5
	case r == '\n':
		return 7 // splits a line into two records: last resort
	}
	return 6
}

// interval returns the index of the interval holding r.
func (a *alphabet) interval(r rune) int {
	return sort.Search(len(a.lo), func(i int) bool { return a.lo[i] > r }) - 1
}

// addRange adds the atoms covered by the inclusive range [lo, hi]; the
// range's ends must be interval boundaries (they are: the alphabet was
// built from them).
func (a *alphabet) addRange(s bitset, lo, hi rune) {
	for i := a.interval(lo); i < len(a.lo) && a.lo[i] <= hi; i++ {
		s.set(a.atom[i])
	}
}

func classOf(r rune) int {
	switch {
	case r < 0:
		return clsEdge
	case r == '\n':
		return clsNL
	case r < 0x80 && (r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'):
		return clsWord
	}
	return clsOther
}

// classRune is a rune standing for a context class when evaluating
// assertions with syntax.EmptyOpContext.
var classRune = [nClasses]rune{clsEdge: -1, clsNL: '\n', clsWord: 'a', clsOther: ' '}
