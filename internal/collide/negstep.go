package collide

import "sort"

// Negative automata run as an on-the-fly subset construction: a search
// state holds, for each, the interned set of positions it can be in. How
// such a set moves over the next rune depends only on the automaton, the
// set, the context classes around the position and the rune's atom; and
// atoms fall into a few blocks that move it alike. negMemo works each
// (set, context) out once as such a partition of the next rune's class,
// so a search step costs one intersection per block instead of one set
// construction and one lookup per atom. The memo belongs to the
// automaton, not to one search: a guard meets the same sets in every pair
// its rule is part of.
type negMemo struct {
	alpha *alphabet
	n     *nfa
	sets  [][]uint32
	ids   map[string]int32
	parts []*[nClasses * nClasses]*negPart // by set, then context
	moves []move
	bytes []byte
}

// negPart is how one negative automaton's position set moves: dead when
// it matches between the two classes (the record is then excluded),
// otherwise the atoms of the next class in blocks, by the set they lead
// to, blocks ordered by their lowest atom.
type negPart struct {
	dead   bool
	blocks []negBlock
}

type negBlock struct {
	atoms bitset
	next  int32
}

// negCache holds the memos of the negative automata of an analysis.
type negCache map[*nfa]*negMemo

func (c negCache) memo(a *alphabet, n *nfa) *negMemo {
	if m, ok := c[n]; ok {
		return m
	}
	m := &negMemo{alpha: a, n: n, sets: [][]uint32{nil}, ids: map[string]int32{"": 0}}
	c[n] = m
	return m
}

// part returns how set moves between classes prev and next.
func (s *negMemo) part(set int32, prev, next int) *negPart {
	for int(set) >= len(s.parts) {
		s.parts = append(s.parts, nil)
	}
	memo := s.parts[set]
	if memo == nil {
		memo = new([nClasses * nClasses]*negPart)
		s.parts[set] = memo
	}
	ctx := prev*nClasses + next
	if p := memo[ctx]; p != nil {
		return p
	}
	p := s.compute(set, prev, next)
	memo[ctx] = p
	return p
}

// compute takes the closure of the set plus the start (a negative
// automaton may begin matching anywhere) and splits the next class by
// where its consuming instructions lead: by partition refinement over the
// instructions' targets, so the work grows with the number of targets and
// blocks, not of atoms.
func (s *negMemo) compute(set int32, prev, next int) *negPart {
	n := s.n
	p := &negPart{}
	s.moves = s.moves[:0]
	for _, pos := range append([]uint32{n.start()}, s.sets[set]...) {
		c := n.closure(pos, prev, next)
		if c.match {
			p.dead = true
			return p
		}
		for _, i := range c.cons {
			s.moves = append(s.moves, move{to: n.prog.Inst[i].Out, mask: n.mask[i]})
		}
	}
	sort.Slice(s.moves, func(x, y int) bool { return s.moves[x].to < s.moves[y].to })
	var blocks []refBlock
	if class := s.alpha.class[next]; !class.empty() {
		blocks = append(blocks, refBlock{atoms: s.clone(class)})
	}
	for x := 0; x < len(s.moves); {
		// The atoms that lead to target to: the union of its masks.
		to, m := s.moves[x].to, s.moves[x].mask
		y := x + 1
		if y < len(s.moves) && s.moves[y].to == to {
			m = s.clone(m)
			for ; y < len(s.moves) && s.moves[y].to == to; y++ {
				or(m, s.moves[y].mask)
			}
		}
		x = y
		// m holds no atom past its last word, so only that prefix of a
		// block can meet it; most blocks do not, and cost no set.
		mt := m.trimmed()
		for b := range len(blocks) {
			if !meets(blocks[b].atoms, mt) {
				continue
			}
			in := s.alpha.newSet()
			and(in[:len(mt)], blocks[b].atoms, mt)
			if andNot(blocks[b].atoms, m) {
				// Split: the atoms outside stay, those inside move on.
				tos := append(blocks[b].to[:len(blocks[b].to):len(blocks[b].to)], to)
				blocks = append(blocks, refBlock{atoms: in, to: tos})
			} else {
				copy(blocks[b].atoms, in)
				blocks[b].to = append(blocks[b].to, to)
			}
		}
	}
	sort.Slice(blocks, func(x, y int) bool { return blocks[x].atoms.first() < blocks[y].atoms.first() })
	p.blocks = make([]negBlock, len(blocks))
	for i, b := range blocks {
		p.blocks[i] = negBlock{atoms: b.atoms, next: s.intern(b.to)}
	}
	return p
}

// move is a consuming instruction seen as an edge: atoms in mask lead to
// position to.
type move struct {
	to   uint32
	mask bitset
}

// refBlock is a block under refinement: its atoms and the targets (in
// increasing order) every one of them leads to.
type refBlock struct {
	atoms bitset
	to    []uint32
}

func (s *negMemo) clone(b bitset) bitset {
	c := s.alpha.newSet()
	copy(c, b)
	return c
}

// intern returns the id of a sorted position set without duplicates.
func (s *negMemo) intern(set []uint32) int32 {
	buf := s.bytes[:0]
	for _, p := range set {
		buf = append(buf, byte(p>>24), byte(p>>16), byte(p>>8), byte(p))
	}
	s.bytes = buf
	id, ok := s.ids[string(buf)]
	if !ok {
		id = int32(len(s.sets))
		s.ids[string(buf)] = id
		s.sets = append(s.sets, append([]uint32(nil), set...))
	}
	return id
}
