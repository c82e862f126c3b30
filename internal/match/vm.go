package match

import (
	"regexp/syntax"
	"unicode/utf8"
)

// Even anchored, a call into regexp costs one to two hundred nanoseconds
// before it reads a byte: a machine from a pool, a bitmap cleared for
// the whole rest of the record, a slice for the answer. Most of the
// catalogue's patterns are a phrase with a few alternatives between \b
// and \b, which take a dozen steps to confirm or refute at a place. The
// engine runs such steps itself on the program regexp/syntax compiles
// for the pattern (the program regexp itself runs), with the same
// backtracking order, so it finds the same match; a pattern whose search
// would take more steps or deeper backtracking than a small budget, or
// that uses the one instruction run differently here (InstAltMatch), is
// handed back to regexp.

const (
	vmSteps = 1024 // instructions one attempt may execute
	vmStack = 32   // alternatives one attempt may have pending
)

// compileVM returns the program regexp runs for re, if runAt can run it.
func compileVM(re *syntax.Regexp) *syntax.Prog {
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	for i := range prog.Inst {
		if prog.Inst[i].Op == syntax.InstAltMatch {
			return nil
		}
	}
	return prog
}

// runAt returns the end of the match the program prefers beginning at
// offset p of x: what a regexp search anchored at p finds. It runs the
// backtracking search regexp's backtracker runs, without its memory of
// failed states, which changes how long a search takes but not what it
// finds; the budget bounds the difference. done is false when the budget
// ran out, and the caller must ask regexp. caps, if not nil, has a slot
// for each capture (-1 on entry) and receives the match's submatches.
func runAt(prog *syntax.Prog, x string, p int, caps []int) (end int, matched, done bool) {
	type alt struct {
		pc   uint32
		pos  int
		undo bool // a capture's old value (in pos) to put back in slot pc
	}
	var stack [vmStack]alt
	n := 0
	pc, pos := uint32(prog.Start), p
	for steps := 0; ; steps++ {
		if steps == vmSteps {
			return 0, false, false
		}
		inst := &prog.Inst[pc]
		ok := true
		switch inst.Op {
		case syntax.InstMatch:
			return pos, true, true
		case syntax.InstFail:
			ok = false
		case syntax.InstAlt:
			if n == vmStack {
				return 0, false, false
			}
			stack[n] = alt{inst.Arg, pos, false}
			n++
			pc = inst.Out
		case syntax.InstCapture:
			if int(inst.Arg) < len(caps) {
				if n == vmStack {
					return 0, false, false
				}
				stack[n] = alt{inst.Arg, caps[inst.Arg], true}
				n++
				caps[inst.Arg] = pos
			}
			pc = inst.Out
		case syntax.InstNop:
			pc = inst.Out
		case syntax.InstEmptyWidth:
			r1, r2 := rune(-1), rune(-1)
			if pos > 0 {
				r1, _ = utf8.DecodeLastRuneInString(x[:pos])
			}
			if pos < len(x) {
				r2, _ = utf8.DecodeRuneInString(x[pos:])
			}
			if syntax.EmptyOp(inst.Arg)&^syntax.EmptyOpContext(r1, r2) != 0 {
				ok = false
			} else {
				pc = inst.Out
			}
		default: // the rune instructions
			r, w := rune(-1), 0
			if pos < len(x) {
				if c := x[pos]; c < utf8.RuneSelf {
					r, w = rune(c), 1
				} else {
					r, w = utf8.DecodeRuneInString(x[pos:])
				}
			}
			switch inst.Op {
			case syntax.InstRune1:
				ok = r == inst.Rune[0]
			case syntax.InstRune:
				ok = r >= 0 && inst.MatchRune(r)
			case syntax.InstRuneAny:
				ok = r >= 0
			case syntax.InstRuneAnyNotNL:
				ok = r >= 0 && r != '\n'
			default:
				return 0, false, false
			}
			if ok {
				pos += w
				pc = inst.Out
			}
		}
		for !ok {
			if n == 0 {
				return 0, false, true
			}
			n--
			if a := stack[n]; a.undo {
				caps[a.pc] = a.pos
			} else {
				pc, pos, ok = a.pc, a.pos, true
			}
		}
	}
}
