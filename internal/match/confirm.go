package match

import (
	"slices"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/tables"
)

// A rule's branches each have triggers of their own, and the rule is only
// a candidate because one of them (or a shorter form of it) occurred.
// Searching the record again for every branch's triggers is a search per
// literal, and a rule like llm.quota_text has dozens: on a record that
// names a rate limit, nearly all of them look for literals that are not
// there, and would cost more than everything else together. So would the
// searches for where a pattern can begin (Alt.Lead), the guards' and the
// hint extractors'.
//
// The automaton already reads every byte of a record for the rules'
// triggers, each by its last maxPattern bytes, and when a rule's patterns
// supply its triggers they are its branches' triggers, the union of
// them. The index adds the other literals
// the matchers look for, or a suffix of each, as patterns that select no
// rule; the scan keeps where each pattern ended, and a literal is
// confirmed by comparing the bytes before those ends: no search at all
// when its pattern did not occur. A branch's triggers are confirmed as
// their patterns are found, so that asking whether one occurred is one
// comparison, however many the branch has, and a rule none of whose
// branches' triggers occurred is passed over at once (index.byBranch).

// litHits records where each automaton pattern ended in the current
// record. Arrays are indexed by pattern and stamped with the record's
// generation, so nothing is cleared between records.
type litHits struct {
	gen   uint32   // the scan generation in which they were recorded
	rec   uint32   // the record they describe (Scan.recGen)
	stamp []uint32 // pattern -> generation of its last occurrence
	head  []int32  // pattern -> its last occurrence in ends
	ends  []hitEnd
	live  []uint32 // branch -> generation in which one of its triggers occurred
	rules []uint32 // rule -> generation in which one of its branches' did
	// patLen is the index's pattern -> its length.
	patLen []int32
}

// trigRef is a branch trigger that a pattern reveals: it occurs where the
// pattern ends and the bytes before are the rest of it. Branches with the
// same trigger share one trigRef, so it is compared once.
type trigRef struct {
	lit      string
	branches []int32
	rules    []int32
}

// refTable holds the trigRefs of every pattern: those of pattern p are
// [at[p], at[p+1]), with each one's length and first byte also apart.
//
// A trigger's pattern is a suffix of it, and the automaton has compared
// those bytes already where it reports the pattern: only the head, the
// bytes before, are left to compare (endsAt). Most triggers are their
// own pattern, and are confirmed without a look at the record.
type refTable struct {
	at    []int32
	lens  []int32
	first []byte
	refs  []trigRef
}

// confirm marks the branches whose triggers end where pattern p ended,
// and makes candidates of their rules.
func (h *litHits) confirm(rec string, t *refTable, p int32, end int, s *Scan) {
	for i := t.at[p]; i < t.at[p+1]; i++ {
		r := &t.refs[i]
		if n := t.lens[i]; n > h.patLen[p] {
			start := end - int(n)
			if start < 0 || litscan.LowerByte(rec[start]) != t.first[i] || !h.endsAt(rec, r.lit, p, end) {
				continue
			}
		}
		for _, b := range r.branches {
			h.live[b] = h.gen
		}
		for _, ri := range r.rules {
			h.rules[ri] = h.gen
			s.addCand(ri)
		}
	}
}

type hitEnd struct {
	end  int32 // offset just past the occurrence
	prev int32 // the pattern's previous occurrence, -1 for none
}

// endsAt reports whether lit, which pattern p is a suffix of, ends at
// offset end of rec, where p ended: only the bytes before the pattern's
// are compared, the automaton having compared those.
func (h *litHits) endsAt(rec, lit string, p int32, end int) bool {
	return end >= len(lit) && litscan.HasFoldPrefix(rec[end-len(lit):], lit[:len(lit)-int(h.patLen[p])])
}

func (h *litHits) add(gen uint32, p int32, end int) {
	if h.stamp[p] != gen {
		h.stamp[p], h.head[p] = gen, -1
	}
	h.ends = append(h.ends, hitEnd{int32(end), h.head[p]})
	h.head[p] = int32(len(h.ends) - 1)
}

// lookup finds a pattern's literals in a record: through the automaton's
// hits where a literal has a pattern among its suffixes, by a search
// otherwise. A nil lookup always searches.
type lookup struct {
	hits *litHits
	pats *regexPats
}

// regexPats gives, for each literal a pattern's matchers look for, the
// automaton pattern that is its longest suffix, or -1: for the Regex's
// Triggers, and for each Alt's Triggers and Lead.
type regexPats struct {
	trig []int32
	alts []altPats
	// For a rule's branch: its number in litHits.live, whether it has
	// triggers, and those no pattern reveals, which are searched for.
	branch   int32
	trigs    bool
	unmapped []string
	// gate holds, for every alternative not anchored at the start, the
	// patterns of its triggers or of its lead strings, when gated says
	// that each has one or the other, all with patterns: where none of
	// gate occurred, only the anchored ones can place a match. A guard
	// has a dozen alternatives, and a record almost never holds any.
	gate  []int32
	gated bool
}

// dead reports that the scan's hits show none of a rule branch's
// triggers in the record: it cannot match.
func (rp *regexPats) dead(h *litHits) bool {
	return rp.trigs && rp.branch >= 0 && len(rp.unmapped) == 0 && h.live[rp.branch] != h.gen
}

type altPats struct {
	trig []int32
	lead []int32
	also [][]int32 // Alt.Also's
}

func newLookup(hits *litHits, pats *regexPats) *lookup {
	if hits == nil || pats == nil {
		return nil
	}
	return &lookup{hits, pats}
}

// anyOf reports whether one of lits occurs in t; pats are their patterns.
func (lk *lookup) anyOf(t *recText, lits []string, pats []int32) bool {
	if lk == nil || len(pats) != len(lits) {
		return t.any(lits)
	}
	for i, l := range lits {
		if lk.has(t, l, pats[i]) {
			return true
		}
	}
	return false
}

// branchTriggers reports whether one of a rule branch's triggers, lits,
// occurs in t.
func (lk *lookup) branchTriggers(t *recText, lits []string) bool {
	if lk == nil || lk.pats.branch < 0 {
		return t.any(lits)
	}
	if lk.hits.live[lk.pats.branch] == lk.hits.gen {
		return true
	}
	return t.any(lk.pats.unmapped)
}

// alt returns the patterns of the literals of Alt k.
func (lk *lookup) alt(k int) *altPats {
	if lk == nil || k >= len(lk.pats.alts) {
		return nil
	}
	return &lk.pats.alts[k]
}

// has reports whether lit occurs in rec; p is its pattern or -1.
func (lk *lookup) has(t *recText, lit string, p int32) bool {
	if p < 0 {
		return t.index(lit) >= 0
	}
	rec := t.s
	h := lk.hits
	if h.stamp[p] != h.gen {
		return false
	}
	for i := h.head[p]; i >= 0; i = h.ends[i].prev {
		if h.endsAt(rec, lit, p, int(h.ends[i].end)) {
			return true
		}
	}
	return false
}

// leadPattern returns the pattern of lead string k of ap, or -1.
func (ap *altPats) leadPattern(k int) int32 {
	if ap == nil || k >= len(ap.lead) {
		return -1
	}
	return ap.lead[k]
}

// alsoPatterns returns the patterns of ap's k-th Also set, nil if none
// are known.
func (ap *altPats) alsoPatterns(k int) []int32 {
	if ap == nil || k >= len(ap.also) {
		return nil
	}
	return ap.also[k]
}

// triggers returns the patterns of ap's triggers, nil if none are known.
func (ap *altPats) triggers() []int32 {
	if ap == nil {
		return nil
	}
	return ap.trig
}

// suffixPattern returns the longest suffix of s that is an automaton
// pattern, or -1. No pattern is longer than maxPattern, so no longer
// suffix is looked up: building an engine hashes at most maxPattern
// suffixes of a literal, not all of them.
func suffixPattern(patID map[string]int32, s string) int32 {
	for j := max(0, len(s)-maxPattern); j < len(s); j++ {
		if id, ok := patID[s[j:]]; ok {
			return id
		}
	}
	return -1
}

// extraPattern is the pattern the index adds for a literal no rule
// trigger ends: its last maxExtra bytes, which keeps the automaton small
// (the literal itself is compared where one of them occurs).
func extraPattern(lit string) string {
	const maxExtra = 8 // no more than maxPattern
	if len(lit) <= maxExtra {
		return lit
	}
	return lit[len(lit)-maxExtra:]
}

// patternsOf maps re's literals to their patterns.
func patternsOf(patID map[string]int32, re *tables.Regex) regexPats {
	rp := regexPats{branch: -1}
	for _, t := range re.Triggers {
		rp.trig = append(rp.trig, suffixPattern(patID, t))
	}
	for _, a := range re.Alts {
		var ap altPats
		for _, t := range a.Triggers {
			ap.trig = append(ap.trig, suffixPattern(patID, t))
		}
		if !a.Start {
			for _, l := range a.Lead {
				ap.lead = append(ap.lead, suffixPattern(patID, l))
			}
		}
		for _, set := range a.Also {
			ps := make([]int32, len(set))
			for i, l := range set {
				ps[i] = suffixPattern(patID, l)
			}
			ap.also = append(ap.also, ps)
		}
		rp.alts = append(rp.alts, ap)
	}
	rp.gated = true
	for k, a := range re.Alts {
		ap := &rp.alts[k]
		switch {
		case a.Start:
		case len(ap.trig) > 0 && !slices.Contains(ap.trig, -1):
			rp.gate = append(rp.gate, ap.trig...)
		case len(ap.lead) > 0 && !slices.Contains(ap.lead, -1):
			rp.gate = append(rp.gate, ap.lead...)
		default:
			rp.gated = false
		}
	}
	slices.Sort(rp.gate)
	rp.gate = slices.Compact(rp.gate)
	return rp
}

// gateShut reports that none of rp's gate patterns occurred in the
// record (regexPats.gate): only alternatives anchored at the start can
// place a match there.
func (lk *lookup) gateShut() bool {
	if lk == nil || !lk.pats.gated {
		return false
	}
	h := lk.hits
	for _, p := range lk.pats.gate {
		if h.stamp[p] == h.gen {
			return false
		}
	}
	return true
}
