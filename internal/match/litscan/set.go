package litscan

import (
	"math"
	"math/bits"
	"slices"
)

// Set finds every occurrence of a set of literals (the rules'
// triggers) in ASCII-folded text. One pass over a record or a whole chunk
// finds every trigger of every rule, so the cost of a record does not grow
// with the number of rules; only rules whose trigger occurs are then tried.
//
// Each literal is anchored on a run of grams (its bytes at some offsets,
// gramLen long, up to eight), chosen to be rare: shared by few other
// literals and made of uncommon bytes. The scan tests, at every stride-th
// position, whether the gram there is an anchor — an eight-byte load, a
// multiply and two bit tests in 16 KB sets, with no dependency on the
// previous position, so the processor overlaps positions — and only where
// one is does it compare the literals anchored on that gram with the text
// around it.
//
// An Automaton over a thousand rules' literals walks a table of several
// megabytes (a cache miss per byte in the walk), and since almost every
// letter begins some literal it leaves its start state on most words of
// ordinary text. Anchoring on a rare gram rather than the first byte is
// what keeps the scan flat in the number of literals.
type Set struct {
	pats []string // lower case, non-empty
	// gramLen is the length of the anchors: eight bytes, or the length of
	// the shortest literal when that is shorter.
	gramLen  int
	gramMask uint64
	// stride is how far apart the positions tested are. Each literal is
	// anchored on stride consecutive grams, so whatever the alignment of
	// an occurrence, one of its anchors falls on a tested position: a
	// catalogue of long literals is scanned testing every fourth byte.
	stride int
	// For every anchor g, with h1, h2 = gramHash(g), set has bit h1 and
	// set2 bit h2: two bits make a filter that a gram of ordinary text
	// passes far less often than one bit would.
	// rank[k] is the number of bits in set[:k], which numbers set's bits
	// densely so each owns a run of anchors without a table of an entry per bit.
	set, set2 *[gramWords]uint64
	rank      *[gramWords]uint32
	// dense: set has so many bits that the scan tests both at once.
	dense bool
	// at[r]:at[r+1] are the anchors of the r-th bit of set.
	at      []int32
	anchors []anchor
	// short, when not nil, anchors the literals too short for this set's
	// grams and stride, and is scanned after it (see buildLiteralSet).
	// Both number literals by their place in pats.
	short *Set
}

// anchor is a literal, the offset of an anchor gram within it, and the
// folded gram itself: grams that merely share a bit are told apart
// without reading the literal.
//
// check is eight more bytes of the literal, folded, at offset co from its
// start (the end of the literal farthest from the anchor), or co is -1 for
// a literal shorter than eight bytes. Text that shares the anchor gram
// but is not the literal (the "request service" of "request service
// retrying") is then turned away by one load of text next to the gram,
// without reading the literal, which for thousands of literals is far
// from the cache.
type anchor struct {
	gram, check uint64
	pat, plen   int32
	off, co     int32
}

// MaxStride bounds the stride: every literal adds stride anchors to the
// set, and past four the set fills faster than the scan saves.
const MaxStride = 4

// gramBits is the width of a gram's bits, and gramWords the size of each
// gram set in 64-bit words: 2^17 bits, 16 KB, small enough that both sets
// stay in the first-level cache, sparse enough that the shipped
// catalogue's anchors, four per literal, leave most bits clear.
const (
	gramBits  = 17
	gramWords = 1 << (gramBits - 6)
)

// gramHash gives the two bits of a folded gram: gramBits-bit pieces of a
// Fibonacci hash.
func gramHash(g uint64) (h1, h2 uint32) {
	p := g * 0x9E3779B97F4A7C15
	return uint32(p >> (64 - gramBits)), uint32(p>>(64-2*gramBits)) & (1<<gramBits - 1)
}

// foldGram folds a little-endian word of text or literal bytes the way the
// scan does. |0x20 maps 'A' to 'a' (and a few punctuation bytes onto
// others), so it is coarser than ASCII lower-casing: a gram of text that
// lower-cases to an anchor always finds the anchor's bits, and the
// comparison that follows tells the few false ones apart.
func foldGram(w, mask uint64) uint64 { return (w | 0x2020202020202020) & mask }

// load8 reads s[i:i+8] as a little-endian word (one load once compiled).
func load8(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// loadN reads the n <= 8 bytes s[i:i+n] as a little-endian word.
func loadN(s string, i, n int) uint64 {
	w := uint64(0)
	for k := n - 1; k >= 0; k-- {
		w = w<<8 | uint64(s[i+k])
	}
	return w
}

// NewSet indexes patterns, which must be lower case and non-empty.
func NewSet(patterns []string) *Set { return buildLiteralSet(patterns, nil) }

// longLiteral is the length from which a literal can be anchored on
// eight-byte grams at stride four.
const longLiteral = 8 + MaxStride - 1

// buildLiteralSet indexes patterns. seen, when not nil, counts how often
// each of their grams occurred in a sample of the text to be scanned, and
// anchors are then chosen first by that count.
//
// The shortest literal decides the grams of a set (gramShape): one
// eight-byte trigger makes every literal anchor on five-byte grams, which
// ordinary text holds far more often than eight-byte ones. With a
// thousand rules' anchors in the set, checking the grams that pass is
// most of what the scan spends, and nearly all of them are false. So
// when the set is dense and the short literals can still stride four,
// they get a set of their own, scanned in a second pass that meets far
// fewer grams. A sparse set is left whole: few grams pass it, and
// a second pass costs more than it spares. Nor is a set split when its
// short literals would scan every position: the second pass would cost
// as much as the one it spares.
func buildLiteralSet(patterns []string, seen *gramCounts) *Set {
	var long, short []int32
	for i, p := range patterns {
		if len(p) >= longLiteral {
			long = append(long, int32(i))
		} else {
			short = append(short, int32(i))
		}
	}
	if len(long) == 0 || len(short) == 0 {
		return buildPart(patterns, nil, seen)
	}
	if _, stride := gramShape(patterns, short); stride < MaxStride || len(patterns)*MaxStride <= gramWords*64/denseShare {
		return buildPart(patterns, nil, seen)
	}
	l := buildPart(patterns, long, seen)
	l.short = buildPart(patterns, short, seen.shortPart())
	return l
}

// buildPart anchors the literals of patterns numbered in ids, or all of
// them when ids is nil.
func buildPart(patterns []string, ids []int32, seen *gramCounts) *Set {
	if ids == nil {
		ids = make([]int32, len(patterns))
		for i := range ids {
			ids[i] = int32(i)
		}
	}
	l := &Set{pats: patterns}
	l.gramLen, l.stride = gramShape(patterns, ids)
	l.gramMask = ^uint64(0) >> (64 - 8*l.gramLen)
	l.set, l.set2, l.rank = new([gramWords]uint64), new([gramWords]uint64), new([gramWords]uint32)
	// How many literals contain each gram: a gram many literals share is
	// a common word of the catalogue's domain, likely common in text too.
	// Grams are counted by their first bit, as the scan tells them apart:
	// literals whose anchors share a bit cost as if they shared the gram.
	// last[h] is the literal (plus one) that last counted bit h, so a
	// literal counts each bit once.
	shared, last := make([]uint16, 1<<gramBits), make([]int32, 1<<gramBits)
	for _, pi := range ids {
		p := patterns[pi]
		for off := 0; off+l.gramLen <= len(p); off++ {
			h, _ := gramHash(l.gramOf(p, off))
			if last[h] != int32(pi+1) {
				last[h] = int32(pi + 1)
				shared[h] = min(shared[h], math.MaxUint16-1) + 1
			}
		}
	}
	all := make([]anchor, 0, len(ids)*l.stride)
	var ranks []gramRank
	var rarity []float64
	for _, id := range ids {
		pi, p := int(id), patterns[id]
		// rarity[k] sums the rarity of p[:k], so a gram's is a difference.
		rarity = append(rarity[:0], 0)
		for k := 0; k < len(p); k++ {
			rarity = append(rarity, rarity[k]+byteRarity(p[k]))
		}
		ranks = ranks[:0]
		for off := 0; off+l.gramLen <= len(p); off++ {
			g := l.gramOf(p, off)
			h, _ := gramHash(g)
			score := gramScore(rarity[off+l.gramLen]-rarity[off], int(shared[h]))
			ranks = append(ranks, gramRank{seen.rank(g), score})
		}
		start := l.bestRun(ranks)
		for off := start; off < start+l.stride; off++ {
			g := l.gramOf(p, off)
			h1, h2 := gramHash(g)
			all = append(all, checkedAnchor(p, pi, off, g))
			l.set[h1>>6] |= 1 << (h1 & 63)
			l.set2[h2>>6] |= 1 << (h2 & 63)
		}
	}
	n := uint32(0)
	for k := range l.set {
		l.rank[k] = n
		n += uint32(bits.OnesCount64(l.set[k]))
	}
	// Runs in bit order, so a bit's rank indexes its run; within a run,
	// in pattern order: a counting sort by rank, which keeps the order
	// anchors were made in.
	l.at = make([]int32, n+1)
	for _, a := range all {
		h, _ := gramHash(a.gram)
		l.at[l.bitRank(h)+1]++
	}
	for r := range n {
		l.at[r+1] += l.at[r]
	}
	next := slices.Clone(l.at[:n])
	l.anchors = make([]anchor, len(all))
	for _, a := range all {
		h, _ := gramHash(a.gram)
		r := l.bitRank(h)
		l.anchors[next[r]] = a
		next[r]++
	}
	l.dense = n > gramWords*64/denseShare
	return l
}

// gramShape picks the anchors' length and the stride for a set. A literal
// of n bytes holds n-g+1 grams of g bytes, and the stride can be no more
// than that for every literal, so the shortest literal decides. Eight-byte
// grams are the most selective; but one literal of eight bytes ("step
// job") would make them scan every position, four times the work, while
// grams of five bytes still let the scan stride four. So the stride is
// kept at MaxStride as long as the grams stay at least minStrideGram long,
// and only below that do grams shrink to the shortest literal at stride 1.
func gramShape(patterns []string, ids []int32) (gramLen, stride int) {
	shortest := longLiteral
	for _, pi := range ids {
		shortest = min(shortest, len(patterns[pi]))
	}
	if g := shortest - MaxStride + 1; g >= minStrideGram {
		return g, MaxStride
	}
	gramLen = min(8, shortest)
	return gramLen, shortest - gramLen + 1
}

// minStrideGram is the shortest gram given a stride of four: grams of
// five bytes at stride four scan a quarter of the positions that grams of
// eight at every position do, for somewhat more false passes. Shorter
// grams, which most words of ordinary text hold, would pass too often.
const minStrideGram = 5

// bitRank numbers h, the first bit of an anchor gram, among the set's
// bits.
func (l *Set) bitRank(h uint32) uint32 {
	k := h >> 6
	return l.rank[k] + uint32(bits.OnesCount64(l.set[k]&(1<<(h&63)-1)))
}

// gramOf is the folded gram of p at off.
func (l *Set) gramOf(p string, off int) uint64 {
	if off+8 <= len(p) {
		return foldGram(load8(p, off), l.gramMask) // one load; the mask keeps the gram
	}
	return foldGram(loadN(p, off, l.gramLen), l.gramMask)
}

// denseShare: a set is dense when more than one bit in denseShare is set,
// which a few thousand anchors make it. A dense set passes most grams, so
// one test with no early exit costs less; a sparse set rejects most grams
// at its first test, so two branches cost less. bench/README.md has the
// figures.
const denseShare = 16

// checkedAnchor is the anchor of literal pi, p, on gram g at off.
func checkedAnchor(p string, pi, off int, g uint64) anchor {
	a := anchor{gram: g, pat: int32(pi), off: int32(off), co: -1, plen: int32(len(p))}
	if len(p) >= 8 {
		a.co = 0
		if off < len(p)-8-off {
			a.co = int32(len(p) - 8)
		}
		a.check = foldGram(load8(p, int(a.co)), ^uint64(0))
	}
	return a
}

// gramRank is what makes a gram a good anchor: how often it was seen in
// a sample of the text (fewer is better), then its score (higher is
// better).
type gramRank struct {
	seen  int32
	score float64
}

// worse reports whether r makes a worse anchor than o.
func (r gramRank) worse(o gramRank) bool {
	return r.seen > o.seen || r.seen == o.seen && r.score < o.score
}

// bestRun picks where a literal's run of l.stride anchors starts, given
// the rank of the gram at each offset: the run whose weakest gram is best.
func (l *Set) bestRun(ranks []gramRank) int {
	start, best := 0, gramRank{math.MaxInt32, math.Inf(-1)}
	for off := 0; off+l.stride <= len(ranks); off++ {
		weakest := ranks[off]
		for _, g := range ranks[off+1 : off+l.stride] {
			if g.worse(weakest) {
				weakest = g
			}
		}
		if best.worse(weakest) {
			start, best = off, weakest
		}
	}
	return start
}

// gramScore is how good an anchor a gram is. What text will be scanned is
// not known, but the catalogue says which words its domain is made of: a
// gram many literals share ("ploy" of every "deployment ...") is a common
// word wherever such literals are looked for, so sharing weighs most;
// among grams shared alike, rarer bytes win. rarity is the sum of the
// gram's byteRarity.
func gramScore(rarity float64, shared int) float64 {
	if shared <= 1 { // most grams: no logarithm to take
		return rarity
	}
	return rarity - 2*math.Log2(float64(shared))
}

// byteRarity weighs a byte by how seldom it occurs in logs and error
// text: spaces and the commonest letters least, rare letters, digits and
// bytes outside ASCII most.
func byteRarity(c byte) float64 {
	switch {
	case c == ' ':
		return 0.3
	case c >= 0x80:
		return 2
	case 'a' <= c && c <= 'z':
		switch c {
		case 'e', 't', 'a', 'o', 'i', 'n', 's', 'r':
			return 1
		case 'q', 'z', 'j', 'x', 'v', 'k':
			return 1.8
		}
		return 1.3
	case '0' <= c && c <= '9':
		return 1.6
	}
	return 1.5
}

// FindEnds calls hit with each pattern that occurs in s and the offset
// just past the occurrence, until hit returns false. Occurrences come in
// the order of their anchors, so ends are only nearly sorted.
func (l *Set) FindEnds(s string, hit func(pattern int32, end int) bool) {
	set, set2, mask, k := l.set, l.set2, l.gramMask, l.stride
	i := 0
	// The loops below that take four positions a step are unrolled by
	// hand and alike on purpose: Go does not unroll, a loop over the four
	// costs more than one position a step, and a helper for the four
	// tests is past the inliner's budget, a call per step.
	if k == 1 && l.gramLen <= 5 && !l.dense {
		// Short grams at every position (a catalogue with a literal
		// such as "429"): one load gives four positions' grams, which
		// the loop below would load and fold one by one.
		for ; i+8 <= len(s); i += 4 {
			w := foldGram(load8(s, i), ^uint64(0))
			g0, g1, g2, g3 := w&mask, w>>8&mask, w>>16&mask, w>>24&mask
			a0, b0 := gramHash(g0)
			a1, b1 := gramHash(g1)
			a2, b2 := gramHash(g2)
			a3, b3 := gramHash(g3)
			if set[a0>>6]&(1<<(a0&63)) != 0 && set2[b0>>6]&(1<<(b0&63)) != 0 && !l.confirm(s, i, g0, a0, hit) {
				return
			}
			if set[a1>>6]&(1<<(a1&63)) != 0 && set2[b1>>6]&(1<<(b1&63)) != 0 && !l.confirm(s, i+1, g1, a1, hit) {
				return
			}
			if set[a2>>6]&(1<<(a2&63)) != 0 && set2[b2>>6]&(1<<(b2&63)) != 0 && !l.confirm(s, i+2, g2, a2, hit) {
				return
			}
			if set[a3>>6]&(1<<(a3&63)) != 0 && set2[b3>>6]&(1<<(b3&63)) != 0 && !l.confirm(s, i+3, g3, a3, hit) {
				return
			}
		}
	}
	if l.dense {
		// Both bits at once, with one branch: with many anchors the
		// first alone is set often enough that a branch on it would be
		// mispredicted often. At stride four, four
		// positions a step, as below.
		if k == 4 {
			for ; i+20 <= len(s); i += 16 {
				w := s[i : i+20]
				g0, g1 := foldGram(load8(w, 0), mask), foldGram(load8(w, 4), mask)
				g2, g3 := foldGram(load8(w, 8), mask), foldGram(load8(w, 12), mask)
				a0, b0 := gramHash(g0)
				a1, b1 := gramHash(g1)
				a2, b2 := gramHash(g2)
				a3, b3 := gramHash(g3)
				if (set[a0>>6]>>(a0&63))&(set2[b0>>6]>>(b0&63))&1 != 0 && !l.confirm(s, i, g0, a0, hit) {
					return
				}
				if (set[a1>>6]>>(a1&63))&(set2[b1>>6]>>(b1&63))&1 != 0 && !l.confirm(s, i+4, g1, a1, hit) {
					return
				}
				if (set[a2>>6]>>(a2&63))&(set2[b2>>6]>>(b2&63))&1 != 0 && !l.confirm(s, i+8, g2, a2, hit) {
					return
				}
				if (set[a3>>6]>>(a3&63))&(set2[b3>>6]>>(b3&63))&1 != 0 && !l.confirm(s, i+12, g3, a3, hit) {
					return
				}
			}
		}
		for ; i+8 <= len(s); i += k {
			g := foldGram(load8(s, i), mask)
			h, h2 := gramHash(g)
			if (set[h>>6]>>(h&63))&(set2[h2>>6]>>(h2&63))&1 != 0 && !l.confirm(s, i, g, h, hit) {
				return
			}
		}
	} else {
		// With few, the first bit is nearly always clear: testing it
		// alone saves the second load.
		if k == 4 {
			// The usual stride, four positions a step: one bounds
			// check for the four loads, and four hashes in flight.
			for ; i+20 <= len(s); i += 16 {
				w := s[i : i+20]
				g0, g1 := foldGram(load8(w, 0), mask), foldGram(load8(w, 4), mask)
				g2, g3 := foldGram(load8(w, 8), mask), foldGram(load8(w, 12), mask)
				a0, b0 := gramHash(g0)
				a1, b1 := gramHash(g1)
				a2, b2 := gramHash(g2)
				a3, b3 := gramHash(g3)
				if set[a0>>6]&(1<<(a0&63)) != 0 && set2[b0>>6]&(1<<(b0&63)) != 0 && !l.confirm(s, i, g0, a0, hit) {
					return
				}
				if set[a1>>6]&(1<<(a1&63)) != 0 && set2[b1>>6]&(1<<(b1&63)) != 0 && !l.confirm(s, i+4, g1, a1, hit) {
					return
				}
				if set[a2>>6]&(1<<(a2&63)) != 0 && set2[b2>>6]&(1<<(b2&63)) != 0 && !l.confirm(s, i+8, g2, a2, hit) {
					return
				}
				if set[a3>>6]&(1<<(a3&63)) != 0 && set2[b3>>6]&(1<<(b3&63)) != 0 && !l.confirm(s, i+12, g3, a3, hit) {
					return
				}
			}
		}
		for ; i+8 <= len(s); i += k {
			g := foldGram(load8(s, i), mask)
			h, h2 := gramHash(g)
			if set[h>>6]&(1<<(h&63)) != 0 && set2[h2>>6]&(1<<(h2&63)) != 0 && !l.confirm(s, i, g, h, hit) {
				return
			}
		}
	}
	// The last few positions, where eight bytes are not there to load
	// but a gram may be.
	for ; i+l.gramLen <= len(s); i += k {
		g := foldGram(loadN(s, i, l.gramLen), mask)
		h, h2 := gramHash(g)
		if (set[h>>6]>>(h&63))&(set2[h2>>6]>>(h2&63))&1 != 0 && !l.confirm(s, i, g, h, hit) {
			return
		}
	}
	if l.short != nil {
		l.short.FindEnds(s, hit)
	}
}

// confirm compares the literals anchored on gram g, whose first bit is h,
// with s, the gram being at i, and reports those that occur; it returns
// false when hit does. It is kept out of FindEnds' loop so the loop stays
// small.
func (l *Set) confirm(s string, i int, g uint64, h uint32, hit func(int32, int) bool) bool {
	r := l.bitRank(h)
	for _, a := range l.anchors[l.at[r]:l.at[r+1]] {
		if a.gram != g {
			continue
		}
		start := i - int(a.off)
		end := start + int(a.plen)
		if start < 0 || end > len(s) || (a.co >= 0 && foldGram(load8(s, start+int(a.co)), ^uint64(0)) != a.check) {
			continue
		}
		if !hasFoldAt(s, start, l.pats[a.pat]) {
			continue
		}
		if !hit(a.pat, end) {
			return false
		}
	}
	return true
}

// hasFoldAt reports whether s[start:] begins with the lower-case p, ASCII
// case folded.
func hasFoldAt(s string, start int, p string) bool {
	t := s[start : start+len(p)]
	for j := 0; j < len(p); j++ {
		c := t[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[j] {
			return false
		}
	}
	return true
}

// Stride is how far apart the positions the scan tests are.
func (l *Set) Stride() int { return l.stride }

// Pattern returns the literal numbered p.
func (l *Set) Pattern(p int32) string { return l.pats[p] }
