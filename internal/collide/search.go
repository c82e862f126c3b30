package collide

import "math/bits"

// search looks, breadth-first, for the shortest record in which every
// positive automaton matches somewhere (with overlap: the two matches
// share a rune) and no negative automaton matches anywhere.
//
// A state is a position in the record: the class of the rune before it,
// for each positive automaton whether its match has not begun (pre), is
// running (at a position of its program) or is over (post), and for each
// negative automaton the set of positions it can be in, because a
// negative one must fail on every path (an on-the-fly subset
// construction). Matches begin and end anywhere, which is Go's unanchored
// search; assertions see the runes actually around them in the record.
type search struct {
	alpha   *alphabet
	pos     []*nfa // 1 or 2
	overlap bool
	neg     []*nfa // up to maxNeg
	budget  int

	// cache holds the negative automata's memos; nil: a fresh one.
	cache negCache

	nodes []node
	index stateTable
	negs  []*negMemo
	parts [maxNeg]*negPart
	m     bitset // scratch atom set
	mn    [maxNeg]bitset
	cands []cand
}

const (
	maxNeg = 3
	phPre  = -1
	phPost = -2
)

type key struct {
	ctx  uint8
	flag bool
	ph   [2]int32
	neg  [maxNeg]int32
}

type node struct {
	k      key
	parent int32
	r      rune
	cons   uint8 // bit i: positive automaton i consumed r inside its match
}

// outcome is what a search found.
type outcome struct {
	found     bool
	exhausted bool // the budget ran out before an answer
	text      string
	spans     [2][2]int // rune offsets of each positive automaton's match
	states    int
}

// option is one way a positive automaton treats the next rune.
type option struct {
	cons bool   // consumed inside the match, by an instruction accepting mask
	mask bitset // when cons: the atoms of the closure's next class it accepts, trimmed
	low  int    // when cons: the lowest atom of mask, or -1
	next int32  // phase after the rune
}

// cand is one successor over the negative automata: the most readable
// atom that leads to the sets neg.
type cand struct {
	atom int
	neg  [maxNeg]int32
}

// postOnly is the options of an automaton whose match is over.
var postOnly = []option{{next: phPost}}

func (s *search) run() outcome {
	if s.cache == nil {
		s.cache = negCache{}
	}
	for j, n := range s.neg {
		s.negs = append(s.negs, s.cache.memo(s.alpha, n))
		s.mn[j] = s.alpha.newSet()
	}
	s.m = s.alpha.newSet()
	start := key{ctx: clsEdge, ph: [2]int32{phPre, phPre}}
	if len(s.pos) < 2 {
		start.ph[1] = phPost
	}
	// A pattern that can match the empty string claims a point that lies
	// inside any other match: the overlap requirement is then moot.
	start.flag = !s.overlap || s.pos[0].nulls || s.pos[1].nulls
	s.add(start, -1, 0, 0)
	for head := 0; head < len(s.nodes); head++ {
		if s.accepts(s.nodes[head].k) {
			return s.result(head)
		}
		if len(s.nodes) > s.budget {
			return outcome{exhausted: true, states: len(s.nodes)}
		}
		s.expand(head)
	}
	return outcome{states: len(s.nodes)}
}

func (s *search) add(k key, parent int32, r rune, cons uint8) {
	if !s.index.claim(s.nodes, k, len(s.nodes)) {
		return
	}
	s.nodes = append(s.nodes, node{k: k, parent: parent, r: r, cons: cons})
	s.index.fit(s.nodes)
}

// accepts reports whether the record may end in state k.
func (s *search) accepts(k key) bool {
	if !k.flag {
		return false
	}
	for i, n := range s.pos {
		switch ph := k.ph[i]; ph {
		case phPost:
		case phPre:
			if !n.closure(n.start(), int(k.ctx), clsEdge).match {
				return false
			}
		default:
			if !n.closure(uint32(ph), int(k.ctx), clsEdge).match {
				return false
			}
		}
	}
	return !s.negDead(k.neg, int(k.ctx), clsEdge)
}

// negDead looks up how the negative automata move between classes prev
// and next into s.parts, and reports whether one of them matches there.
func (s *search) negDead(neg [maxNeg]int32, prev, next int) bool {
	for j, m := range s.negs {
		if s.parts[j] = m.part(neg[j], prev, next); s.parts[j].dead {
			return true
		}
	}
	return false
}

// options lists how a positive automaton in phase ph may treat a rune of
// class next after one of class prev: before its match it may stay
// before it or begin; running, it consumes by one of the closure's
// instructions or ends; after it, it stays after.
func (s *search) options(i int, ph int32, prev, next int) []option {
	n := s.pos[i]
	switch ph {
	case phPost:
		return postOnly
	case phPre:
		return n.closure(n.start(), prev, next).pre
	}
	return n.closure(uint32(ph), prev, next).opts
}

// classOrder puts word runes first, so witnesses read as words, and
// newlines last: a newline would split a line into two records.
var classOrder = [...]int{clsWord, clsOther, clsNL}

// expand adds the successors of node at, in the order that makes the
// breadth-first search find the most readable shortest record: by class,
// then by option of each positive automaton, then by atom.
func (s *search) expand(at int) {
	k := s.nodes[at].k
	prev := int(k.ctx)
	for _, nc := range classOrder {
		if s.negDead(k.neg, prev, nc) {
			continue
		}
		class := s.alpha.class[nc]
		opts0 := s.options(0, k.ph[0], prev, nc)
		opts1 := postOnly
		if len(s.pos) > 1 {
			opts1 = s.options(1, k.ph[1], prev, nc)
		}
		for _, o0 := range opts0 {
			// An option's mask holds only atoms of class nc already.
			m0, low0 := class, s.alpha.first[nc]
			if o0.cons {
				m0, low0 = o0.mask, o0.low
			}
			if low0 < 0 {
				continue
			}
			for _, o1 := range opts1 {
				m, low := m0, low0
				switch {
				case o1.cons && !o0.cons:
					m, low = o1.mask, o1.low
				case o1.cons:
					m, low = meet(s.m, m0, o1.mask)
				}
				if low < 0 {
					continue
				}
				nk := key{ctx: uint8(nc), flag: k.flag || (o0.cons && o1.cons), ph: [2]int32{o0.next, o1.next}}
				var cons uint8
				if o0.cons {
					cons |= 1
				}
				if o1.cons {
					cons |= 2
				}
				if len(s.negs) == 0 {
					s.add(nk, int32(at), s.alpha.rep[low], cons)
					continue
				}
				// Negative automata step on the rune itself: one
				// successor per block of atoms they treat alike, by
				// its most readable atom, most readable first.
				s.cands = s.cands[:0]
				s.blocks(0, m, [maxNeg]int32{})
				for _, c := range s.cands {
					nk.neg = c.neg
					s.add(nk, int32(at), s.alpha.rep[c.atom], cons)
				}
			}
		}
	}
}

// blocks adds to s.cands, for every combination of blocks of the negative
// automata j and on that shares atoms with m, the lowest such atom.
func (s *search) blocks(j int, m bitset, neg [maxNeg]int32) {
	last := j == len(s.negs)-1
	for _, b := range s.parts[j].blocks {
		neg[j] = b.next
		if last {
			if a := firstShared(m, b.atoms); a >= 0 {
				s.cands = insertCand(s.cands, cand{atom: a, neg: neg})
			}
		} else if mn, low := meet(s.mn[j], m, b.atoms); low >= 0 {
			s.blocks(j+1, mn, neg)
		}
	}
}

// firstShared returns the lowest atom of x∩y, or -1.
func firstShared(x, y bitset) int {
	n := min(len(x), len(y))
	x, y = x[:n], y[:n]
	for i := range x {
		if w := x[i] & y[i]; w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// insertCand adds c to cs, kept sorted by atom (there are a few).
func insertCand(cs []cand, c cand) []cand {
	cs = append(cs, c)
	i := len(cs) - 1
	for ; i > 0 && cs[i-1].atom > c.atom; i-- {
		cs[i] = cs[i-1]
	}
	cs[i] = c
	return cs
}

func (s *search) result(at int) outcome {
	var runes []rune
	var cons []uint8
	for i := at; s.nodes[i].parent >= 0; i = int(s.nodes[i].parent) {
		runes = append(runes, s.nodes[i].r)
		cons = append(cons, s.nodes[i].cons)
	}
	for i, j := 0, len(runes)-1; i < j; i, j = i+1, j-1 {
		runes[i], runes[j] = runes[j], runes[i]
		cons[i], cons[j] = cons[j], cons[i]
	}
	out := outcome{found: true, text: string(runes), states: len(s.nodes)}
	for c := 0; c < 2; c++ {
		first, last := -1, -1
		for i, b := range cons {
			if b&(1<<c) != 0 {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if first < 0 {
			out.spans[c] = [2]int{-1, -1} // an empty match
		} else {
			out.spans[c] = [2]int{first, last + 1}
		}
	}
	return out
}
