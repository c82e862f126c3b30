package collide

import (
	"bytes"
	"crypto/sha256"
)

// A Memo remembers what earlier analyses proved of pairs of rules, so
// that the next analysis of a catalogue that still holds them (the same
// catalogue after one rule is edited, say) settles them without running
// their automata. A key stands for a fact (this pair is disjoint) and
// for what the fact depends on and nothing else: the two
// rules' text matchers and modelled guards, as automaton sources. Ranks,
// codes and structured matchers decide only which pairs are searched, and
// are not in the key. Only disjoint pairs are remembered: a collision is
// searched again, for its witness, and so is a pair the budget did not
// decide, for its reason. The override check (stale.go) asks another
// question and is not remembered.
//
// Methods may be called from several goroutines at once.
type Memo interface {
	Known(key [32]byte) bool
	Learn(key [32]byte)
}

// memoFormat changes whenever what the automata prove of a pair of
// sources changes (the alphabet, the record model, how guards are
// applied), so that no remembered verdict outlives its meaning.
const memoFormat = "errcat collide pair fact 1"

// signature is the digest of the part of a rule's model a verdict
// depends on.
func (m *ruleModel) signature() [32]byte {
	h := sha256.New()
	for _, g := range m.groups {
		h.Write([]byte(g.kind))
		h.Write([]byte{':'})
		h.Write([]byte(g.src))
		h.Write([]byte{0})
	}
	h.Write([]byte{1})
	if m.guard != nil {
		h.Write([]byte(m.guard.src))
	}
	var d [32]byte
	h.Sum(d[:0])
	return d
}

// A fact is what a memo key says of its pair.
type fact string

const factDisjoint fact = "disjoint"

// pairKey is the memo key of a fact about an unordered pair.
func (a *analyzer) pairKey(f fact, x, y *ruleModel) [32]byte {
	sx, sy := a.sigs[x.idx], a.sigs[y.idx]
	if bytes.Compare(sy[:], sx[:]) < 0 {
		sx, sy = sy, sx
	}
	h := sha256.New()
	h.Write([]byte(memoFormat))
	h.Write([]byte{0})
	h.Write([]byte(f))
	h.Write([]byte{0})
	h.Write(sx[:])
	h.Write(sy[:])
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// decideMemo is decide, answered from the memo when it remembers the
// pair as disjoint and recorded in it when the automata prove it so.
func (a *analyzer) decideMemo(wk *worker, x, y *ruleModel, w evidenceWitness) (v verdict, remembered bool) {
	if a.opts.Memo == nil {
		return a.decide(wk, x, y, w), false
	}
	key := a.pairKey(factDisjoint, x, y)
	if a.opts.Memo.Known(key) {
		return verdict{state: vDisjoint}, true
	}
	v = a.decide(wk, x, y, w)
	if v.state == vDisjoint {
		a.opts.Memo.Learn(key)
	}
	return v, false
}
