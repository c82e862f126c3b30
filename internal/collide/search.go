package collide

import "sort"

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

	nodes   []node
	index   map[key]int32
	subsets map[string]int32
	sets    [][]uint32
	scratch bitset
	tmp     []uint32
	stamp   []uint32 // per atom: gen when negNext was computed
	negNext [][maxNeg]int32
	gen     uint32
	opts0   []option
	opts1   []option
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
	cons bool   // consumed inside the match, by instruction inst
	inst uint32 // when cons
	next int32  // phase after the rune
}

func (s *search) run() outcome {
	s.index = map[key]int32{}
	s.subsets = map[string]int32{"": 0}
	s.sets = [][]uint32{nil}
	s.scratch = s.alpha.newSet()
	s.stamp = make([]uint32, len(s.alpha.lo))
	s.negNext = make([][maxNeg]int32, len(s.alpha.lo))
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
	if _, ok := s.index[k]; ok {
		return
	}
	s.index[k] = int32(len(s.nodes))
	s.nodes = append(s.nodes, node{k: k, parent: parent, r: r, cons: cons})
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
	for j, n := range s.neg {
		if _, hit := s.negClosure(n, k.neg[j], int(k.ctx), clsEdge); hit {
			return false
		}
	}
	return true
}

// negClosure is the closure of a negative automaton's position set plus
// its start (it may begin matching anywhere): the consuming instructions,
// and whether it matches here.
func (s *search) negClosure(n *nfa, set int32, prev, next int) ([]uint32, bool) {
	s.tmp = s.tmp[:0]
	c := n.closure(n.start(), prev, next)
	if c.match {
		return nil, true
	}
	s.tmp = append(s.tmp, c.cons...)
	for _, p := range s.sets[set] {
		c := n.closure(p, prev, next)
		if c.match {
			return nil, true
		}
		s.tmp = append(s.tmp, c.cons...)
	}
	return append([]uint32(nil), s.tmp...), false
}

func (s *search) options(out []option, n *nfa, ph int32, prev, next int) []option {
	out = out[:0]
	from := ph
	switch ph {
	case phPost:
		return append(out, option{next: phPost})
	case phPre:
		out = append(out, option{next: phPre})
		from = int32(n.start())
	}
	c := n.closure(uint32(from), prev, next)
	for _, i := range c.cons {
		out = append(out, option{cons: true, inst: i, next: int32(n.prog.Inst[i].Out)})
	}
	if c.match {
		out = append(out, option{next: phPost})
	}
	return out
}

// classOrder puts word runes first, so witnesses read as words, and
// newlines last: a newline would split a line into two records.
var classOrder = [...]int{clsWord, clsOther, clsNL}

func (s *search) expand(at int) {
	k := s.nodes[at].k
	prev := int(k.ctx)
	for _, nc := range classOrder {
		var negCons [maxNeg][]uint32
		dead := false
		for j, n := range s.neg {
			cons, hit := s.negClosure(n, k.neg[j], prev, nc)
			if hit {
				dead = true
				break
			}
			negCons[j] = cons
		}
		if dead {
			continue
		}
		s.gen++
		s.opts0 = s.options(s.opts0, s.pos[0], k.ph[0], prev, nc)
		opts0 := s.opts0
		opts1 := append(s.opts1[:0], option{next: phPost})
		if len(s.pos) > 1 {
			s.opts1 = s.options(s.opts1, s.pos[1], k.ph[1], prev, nc)
			opts1 = s.opts1
		}
		for _, o0 := range opts0 {
			for _, o1 := range opts1 {
				m := s.scratch
				copy(m, s.alpha.class[nc])
				if o0.cons && !and(m, m, s.pos[0].mask[o0.inst]) {
					continue
				}
				if o1.cons && !and(m, m, s.pos[1].mask[o1.inst]) {
					continue
				}
				if m.empty() {
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
				if len(s.neg) == 0 {
					s.add(nk, int32(at), s.alpha.rep[s.alpha.best(m)], cons)
					continue
				}
				// Negative automata step on the rune itself: one
				// successor per atom (deduplicated by state).
				for _, atom := range s.atomsByRank(m) {
					if s.stamp[atom] != s.gen {
						s.stamp[atom] = s.gen
						for j, n := range s.neg {
							s.negNext[atom][j] = s.step(n, negCons[j], atom)
						}
					}
					nk.neg = s.negNext[atom]
					s.add(nk, int32(at), s.alpha.rep[atom], cons)
				}
			}
		}
	}
}

func (s *search) atomsByRank(m bitset) []int {
	var out []int
	m.each(func(i int) { out = append(out, i) })
	sort.Slice(out, func(x, y int) bool { return s.alpha.rank[out[x]] < s.alpha.rank[out[y]] })
	return out
}

// step moves a negative automaton's consuming instructions over one atom
// and interns the resulting position set.
func (s *search) step(n *nfa, cons []uint32, atom int) int32 {
	var next []uint32
	for _, i := range cons {
		if n.mask[i].has(atom) {
			next = append(next, n.prog.Inst[i].Out)
		}
	}
	sort.Slice(next, func(x, y int) bool { return next[x] < next[y] })
	w := 0
	for i, p := range next {
		if i == 0 || p != next[i-1] {
			next[w] = p
			w++
		}
	}
	next = next[:w]
	buf := make([]byte, 0, 4*len(next))
	for _, p := range next {
		buf = append(buf, byte(p>>24), byte(p>>16), byte(p>>8), byte(p))
	}
	id, ok := s.subsets[string(buf)]
	if !ok {
		id = int32(len(s.sets))
		s.subsets[string(buf)] = id
		s.sets = append(s.sets, next)
	}
	return id
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
