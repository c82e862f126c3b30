package regex

import (
	"regexp/syntax"
	"unicode/utf8"
)

// Even anchored, a call into regexp costs more than a short match before
// it reads a byte: a machine from a pool, a bitmap cleared for
// the whole rest of the record, a slice for the answer. Most of the
// catalogue's patterns are a phrase with a few alternatives between \b
// and \b, which take a dozen steps to confirm or refute at a place. The
// engine runs such steps itself, on the program regexp/syntax compiles
// for the pattern (the program regexp itself runs) laid out flat, with
// regexp's backtracking order, so it finds the same match; a search
// that would take more steps or deeper backtracking than a small budget
// is handed back to regexp, and so is a pattern with the one
// instruction run differently here (InstAltMatch).

const (
	vmSteps = 1024 // instructions one attempt may execute
	vmStack = 32   // alternatives and saved captures one attempt may hold
)

// Prog is a syntax.Prog with what each step needs in the instruction.
// An instruction is 16 bytes, what a class needs is apart in sets: with
// a thousand rules the programs are megabytes, a rule's comes from memory
// when a record first reaches it, and every cache line its steps touch
// is a miss.
type Prog struct {
	inst  []vmInst
	start uint32
	lits  string  // the literal runs (vmInst.n)
	sets  []vmSet // the classes of the InstRune instructions
}

type vmInst struct {
	op syntax.InstOp
	// n, for an InstRune1 of an ASCII rune, is the length of the run of
	// such instructions that begins with it, whose bytes are
	// lits[arg:arg+n]; out is then the instruction after the run. A
	// pattern is mostly words, and a step is a jump through the switch
	// that a word took for each letter: a run is compared in one.
	n   uint8
	out uint32
	// arg is, for InstAlt, the other branch; InstCapture, the slot;
	// InstEmptyWidth, the assertion; InstRune, the index of its set.
	arg uint32
	r   rune // InstRune1
}

// vmSet is the class of an InstRune: a bitmap for ASCII, the instruction
// itself for runes outside it.
type vmSet struct {
	ascii [2]uint64
	in    *syntax.Inst
}

// compileVM returns the program regexp runs for re, laid out for RunAt,
// or nil if RunAt cannot run it.
func compileVM(re *syntax.Regexp) *Prog {
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	vp := &Prog{inst: make([]vmInst, len(prog.Inst)), start: uint32(prog.Start)}
	for i := range prog.Inst {
		in := &prog.Inst[i]
		vi := vmInst{op: in.Op, out: in.Out, arg: in.Arg}
		switch in.Op {
		case syntax.InstAltMatch:
			return nil
		case syntax.InstRune1:
			vi.r = in.Rune[0]
		case syntax.InstRune:
			set := vmSet{in: in}
			for c := rune(0); c < utf8.RuneSelf; c++ {
				if in.MatchRune(c) {
					set.ascii[c>>6] |= 1 << (c & 63)
				}
			}
			vi.arg = uint32(len(vp.sets))
			vp.sets = append(vp.sets, set)
		}
		vp.inst[i] = vi
	}
	vp.fuseRuns(prog)
	return vp
}

// fuseRuns gives each ASCII InstRune1 its literal run (vmInst.n). The
// instructions are taken in order, so a run is found from its first
// letter, and those after it get the rest of it.
func (vp *Prog) fuseRuns(prog *syntax.Prog) {
	isLit := func(pc uint32) bool {
		in := &prog.Inst[pc]
		return in.Op == syntax.InstRune1 && in.Rune[0] < utf8.RuneSelf
	}
	var lits []byte
	for i := range prog.Inst {
		if !isLit(uint32(i)) || vp.inst[i].n > 0 {
			continue
		}
		var pcs []uint32
		for pc := uint32(i); isLit(pc) && len(pcs) < 255; pc = prog.Inst[pc].Out {
			pcs = append(pcs, pc)
		}
		at, end := len(lits), prog.Inst[pcs[len(pcs)-1]].Out
		for _, pc := range pcs {
			lits = append(lits, byte(prog.Inst[pc].Rune[0]))
		}
		for k, pc := range pcs {
			if in := &vp.inst[pc]; in.n == 0 {
				in.n, in.arg, in.out = uint8(len(pcs)-k), uint32(at+k), end
			}
		}
	}
	vp.lits = string(lits)
}

// RunAt returns the end of the match the program prefers beginning at
// offset p of x: what a regexp search anchored at p finds. It runs the
// backtracking search regexp's backtracker runs, without its memory of
// failed states, which changes how long a search takes but not what it
// finds; the budget bounds the difference. done is false when the budget
// ran out, and the caller must ask regexp. caps, if not nil, has a slot
// for each capture (-1 on entry) and receives the match's submatches.
func RunAt(prog *Prog, x string, p int, caps []int) (end int, matched, done bool) {
	type alt struct {
		pc   uint32
		pos  int32
		undo bool // a capture's old value (in pos) to put back in slot pc
	}
	var stack [vmStack]alt
	n := 0
	pc, pos := prog.start, p
	for steps := 0; ; steps++ {
		if steps >= vmSteps {
			return 0, false, false
		}
		inst := &prog.inst[pc]
		ok := true
		switch inst.op {
		case syntax.InstRune1:
			if run := int(inst.n); run > 0 {
				lit := prog.lits[inst.arg:][:run]
				steps += run - 1 // the steps the run stands for
				ok = len(x)-pos >= run
				for k := 0; ok && k < run; k++ {
					ok = x[pos+k] == lit[k]
				}
				pos += run
			} else if pos < len(x) && x[pos] < utf8.RuneSelf {
				ok = rune(x[pos]) == inst.r
				pos++
			} else {
				r, w := decodeAt(x, pos)
				ok = r == inst.r
				pos += w
			}
			pc = inst.out
		case syntax.InstRune:
			if pos < len(x) && x[pos] < utf8.RuneSelf {
				c := x[pos]
				ok = prog.sets[inst.arg].ascii[c>>6]&(1<<(c&63)) != 0
				pos++
			} else {
				r, w := decodeAt(x, pos)
				ok = r >= 0 && prog.sets[inst.arg].in.MatchRune(r)
				pos += w
			}
			pc = inst.out
		case syntax.InstAlt:
			if n == vmStack {
				return 0, false, false
			}
			stack[n] = alt{inst.arg, int32(pos), false}
			n++
			pc = inst.out
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(inst.arg)&^emptyContext(x, pos) != 0 {
				ok = false
			}
			pc = inst.out
		case syntax.InstCapture:
			if int(inst.arg) < len(caps) {
				if n == vmStack {
					return 0, false, false
				}
				stack[n] = alt{inst.arg, int32(caps[inst.arg]), true}
				n++
				caps[inst.arg] = pos
			}
			pc = inst.out
		case syntax.InstNop:
			pc = inst.out
		case syntax.InstMatch:
			return pos, true, true
		case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			r, w := decodeAt(x, pos)
			ok = r >= 0 && (inst.op == syntax.InstRuneAny || r != '\n')
			pos += w
			pc = inst.out
		default: // InstFail
			ok = false
		}
		for !ok {
			if n == 0 {
				return 0, false, true
			}
			n--
			if a := stack[n]; a.undo {
				caps[a.pc] = int(a.pos)
			} else {
				pc, pos, ok = a.pc, int(a.pos), true
			}
		}
	}
}

// decodeAt returns the rune at pos of x as regexp reads it, -1 at the end.
func decodeAt(x string, pos int) (rune, int) {
	if pos >= len(x) {
		return -1, 0
	}
	if c := x[pos]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(x[pos:])
}

// emptyContext returns the empty-width assertions that hold at pos of x.
func emptyContext(x string, pos int) syntax.EmptyOp {
	r1, r2 := rune(-1), rune(-1)
	if pos > 0 {
		if c := x[pos-1]; c < utf8.RuneSelf {
			r1 = rune(c)
		} else {
			r1, _ = utf8.DecodeLastRuneInString(x[:pos])
		}
	}
	if pos < len(x) {
		r2, _ = decodeAt(x, pos)
	}
	return syntax.EmptyOpContext(r1, r2)
}
