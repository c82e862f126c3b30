package collide

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"sync"
	"sync/atomic"
	"unicode"
)

// nfa is one pattern as a Thompson automaton: the regexp/syntax program
// Go's own regexp runs, read as a graph. Its states are the program's
// instructions; a "position" is an instruction reached after consuming a
// rune (or the start). Empty-width instructions (^ $ \A \z \b \B) are
// decided while taking the closure, from the classes of the runes on
// either side of the position, exactly as syntax.EmptyOpContext does at
// run time.
type nfa struct {
	src    string
	syntax *syntax.Regexp // the simplified expression prog was compiled from
	prog   *syntax.Prog
	ranges [][]rune // per consuming instruction: inclusive pairs
	mask   []bitset // per consuming instruction, once bound to an alphabet
	// inClass is mask by the class of the rune consumed, trimmed: what a
	// positive automaton's option may consume where the class is known.
	inClass [][nClasses]bitset
	nulls   bool // some context lets it match the empty string
	// consumed is every atom some instruction consumes, trimmed, once
	// bound: the literal prune asks it of every pair.
	consumed bitset

	// clo holds the closures by position and context, computed lazily;
	// pairs are decided concurrently, so a closure is published
	// atomically and computed under mu (with the DFS scratch below).
	clo   []atomic.Pointer[clos]
	mu    sync.Mutex
	seen  []uint32 // DFS marks, stamped with gen
	gen   uint32
	stack []uint32

	// re is src for Go's regexp, compiled on first use: only a witness
	// needs it, and most analyses find none.
	reOnce sync.Once
	re     *regexp.Regexp
}

// regexp returns src compiled by Go's regexp, which checks witnesses.
func (n *nfa) regexp() *regexp.Regexp {
	n.reOnce.Do(func() { n.re = regexp.MustCompile(n.src) })
	return n.re
}

// clos is the epsilon closure of a position in one context: the consuming
// instructions reachable, and whether a match is. opts is the same as the
// moves a running positive automaton has over the next rune, built once
// here so that a search step does no work per instruction beyond a
// bitset intersection.
type clos struct {
	cons  []uint32
	match bool
	opts  []option
	// pre is, at the start position, the moves of an automaton whose
	// match has not begun: stay before it, or begin with one of opts.
	// Built once, since every search step of such an automaton asks.
	pre []option
}

// compileNFA parses src as Go's regexp does (Perl syntax) and compiles
// the simplified expression; {n,m} repetitions are expanded by Simplify.
func compileNFA(src string) (*nfa, error) {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, err
	}
	simple := re.Simplify()
	prog, err := syntax.Compile(simple)
	if err != nil {
		return nil, err
	}
	n := &nfa{src: src, syntax: simple, prog: prog, ranges: make([][]rune, len(prog.Inst))}
	for i := range prog.Inst {
		in := &prog.Inst[i]
		switch in.Op {
		case syntax.InstRune1:
			n.ranges[i] = []rune{in.Rune[0], in.Rune[0]}
		case syntax.InstRune:
			if len(in.Rune) == 1 {
				// A single rune with FoldCase: its whole fold orbit
				// ('k' also matches 'K' and the Kelvin sign).
				r0 := in.Rune[0]
				rs := []rune{r0, r0}
				if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
					for r := unicode.SimpleFold(r0); r != r0; r = unicode.SimpleFold(r) {
						rs = append(rs, r, r)
					}
				}
				n.ranges[i] = rs
			} else {
				n.ranges[i] = append([]rune(nil), in.Rune...)
			}
		case syntax.InstRuneAny:
			n.ranges[i] = []rune{0, unicode.MaxRune}
		case syntax.InstRuneAnyNotNL:
			n.ranges[i] = []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}
		}
	}
	return n, nil
}

func mustNFA(src string) *nfa {
	n, err := compileNFA(src)
	if err != nil {
		panic(fmt.Sprintf("collide: %q: %v", src, err))
	}
	return n
}

// bounds appends the interval boundaries the alphabet must respect.
func (n *nfa) bounds(dst []rune) []rune {
	for _, rs := range n.ranges {
		for j := 0; j+1 < len(rs); j += 2 {
			dst = append(dst, rs[j], rs[j+1]+1)
		}
	}
	return dst
}

// bind computes the transition sets over the alphabet's atoms. The masks
// are full sets (a negative step ORs them word by word), cut from one
// block; the per-class sets are stored trimmed in a second block, since
// most hold only the first words of an alphabet that orders ASCII first.
func (n *nfa) bind(a *alphabet) {
	n.mask = make([]bitset, len(n.ranges))
	cons := 0
	for _, rs := range n.ranges {
		if rs != nil {
			cons++
		}
	}
	block := make(bitset, cons*a.words)
	for i, rs := range n.ranges {
		if rs == nil {
			continue
		}
		m := block[:a.words:a.words]
		block = block[a.words:]
		for j := 0; j+1 < len(rs); j += 2 {
			a.addRange(m, rs[j], rs[j+1])
		}
		and(m, m, a.all)
		n.mask[i] = m
	}
	consumed := a.newSet()
	for _, m := range n.mask {
		if m != nil {
			for i := range consumed {
				consumed[i] |= m[i]
			}
		}
	}
	n.consumed = append(bitset(nil), consumed.trimmed()...)
	n.inClass = make([][nClasses]bitset, len(n.mask))
	in := a.newSet()
	words := 0
	for pass := range 2 {
		for i, m := range n.mask {
			if m == nil {
				continue
			}
			for c := range nClasses {
				and(in, m, a.class[c])
				t := in.trimmed()
				if pass == 0 {
					words += len(t)
					continue
				}
				n.inClass[i][c] = block[:len(t):len(t)]
				copy(block, t)
				block = block[len(t):]
			}
		}
		if pass == 0 {
			block = make(bitset, words)
		}
	}
	n.clo = make([]atomic.Pointer[clos], len(n.prog.Inst)*nClasses*nClasses)
	n.seen = make([]uint32, len(n.prog.Inst))
	for p := 0; p < nClasses; p++ {
		for q := 0; q < nClasses; q++ {
			if n.closure(uint32(n.prog.Start), p, q).match {
				n.nulls = true
			}
		}
	}
}

func (n *nfa) start() uint32 { return uint32(n.prog.Start) }

// closure returns what is reachable from position pos without consuming,
// between a rune of class prev and one of class next.
func (n *nfa) closure(pos uint32, prev, next int) *clos {
	slot := &n.clo[(int(pos)*nClasses+prev)*nClasses+next]
	if c := slot.Load(); c != nil {
		return c
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if c := slot.Load(); c != nil {
		return c
	}
	ctx := syntax.EmptyOpContext(classRune[prev], classRune[next])
	c := &clos{}
	n.gen++
	n.stack = append(n.stack[:0], pos)
	for len(n.stack) > 0 {
		i := n.stack[len(n.stack)-1]
		n.stack = n.stack[:len(n.stack)-1]
		if n.seen[i] == n.gen {
			continue
		}
		n.seen[i] = n.gen
		in := &n.prog.Inst[i]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			n.stack = append(n.stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			n.stack = append(n.stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^ctx == 0 {
				n.stack = append(n.stack, in.Out)
			}
		case syntax.InstMatch:
			c.match = true
		case syntax.InstFail:
		default:
			c.cons = append(c.cons, i)
		}
	}
	for _, i := range c.cons {
		m := n.inClass[i][next]
		c.opts = append(c.opts, option{cons: true, mask: m, low: m.first(), next: int32(n.prog.Inst[i].Out)})
	}
	if c.match {
		c.opts = append(c.opts, option{next: phPost})
	}
	if pos == n.start() {
		c.pre = append([]option{{next: phPre}}, c.opts...)
	}
	slot.Store(c)
	return c
}
